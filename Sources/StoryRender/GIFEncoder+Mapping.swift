// MARK: - GIFEncoder + Mapping

extension GIFEncoder {
    /// Finds the nearest palette colour under the weighted distance of ``GIFEncoder/weights``.
    ///
    /// Colour space is cut into 32 × 32 × 32 cells of 8 levels. The first time a colour falls
    /// in a cell, the cell gets the list of palette entries that can be nearest to any point in
    /// it: those whose distance to the cell is at most the smallest farthest-point distance of
    /// any entry (Heckbert's locally sorted search, SIGGRAPH 1982). A lookup then checks only
    /// that short list, in order of distance to the cell, and stops as soon as no remaining
    /// entry can be nearer, so the answer is the exact nearest colour.
    struct ColorMapper {
        /// Palette entries: r, g, b.
        private let palette: [Int32]
        /// Per cell: offset of its candidate list in `candidates`, or -1 before it is built.
        private var offsets = [Int32](repeating: -1, count: 1 << 15)
        private var counts = [UInt16](repeating: 0, count: 1 << 15)
        private var candidates: [UInt8] = []
        /// For each candidate, its distance to the nearest point of the cell; lists are sorted
        /// by it, so a lookup stops once it exceeds the best distance found.
        private var candidateBounds: [Int32] = []
        /// See ``distanceTerms(_:)``.
        private let terms: [Int32]

        /// - Parameter palette: RGB triples, at most 256 of them.
        init(palette: [UInt8]) {
            self.palette = palette.map(Int32.init)
            terms = Self.distanceTerms(self.palette)
        }

        /// The palette index nearest to the colour `(r, g, b)`, each 0…255.
        mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
            let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
            if offsets[cell] < 0 { buildCell(cell) }
            let offset = Int(offsets[cell]), count = Int(counts[cell])
            let r32 = Int32(r), g32 = Int32(g), b32 = Int32(b)
            return palette.withUnsafeBufferPointer { p in
                candidates.withUnsafeBufferPointer { list in
                    candidateBounds.withUnsafeBufferPointer { bounds -> UInt8 in
                        var best = Int32.max, bestIndex: UInt8 = 0
                        for k in offset..<offset + count {
                            if bounds[k] >= best { break }
                            let index = list[k], i = Int(index) * 3
                            let dr = p[i] &- r32, dg = p[i + 1] &- g32, db = p[i + 2] &- b32
                            let d = 2 &* dr &* dr &+ 4 &* dg &* dg &+ 3 &* db &* db
                            if d < best { best = d; bestIndex = index }
                        }
                        return bestIndex
                    }
                }
            }
        }

        /// Lists the palette entries that can be nearest to some colour in `cell`.
        private mutating func buildCell(_ cell: Int) {
            let count = palette.count / 3
            let rows = (cell >> 10, (cell >> 5) & 31, cell & 31)
            offsets[cell] = Int32(candidates.count)
            terms.withUnsafeBufferPointer { t in
                // Terms are laid out [channel][cell coordinate][near, far][entry].
                let r = t.baseAddress! + (0 * 32 + rows.0) * 512
                let g = t.baseAddress! + (1 * 32 + rows.1) * 512
                let b = t.baseAddress! + (2 * 32 + rows.2) * 512
                var bound = Int32.max
                for entry in 0..<count {
                    bound = Swift.min(bound, r[256 + entry] &+ g[256 + entry] &+ b[256 + entry])
                }
                var list: [(bound: Int32, entry: UInt8)] = []
                for entry in 0..<count {
                    let near = r[entry] &+ g[entry] &+ b[entry]
                    if near <= bound { list.append((near, UInt8(entry))) }
                }
                list.sort { $0.bound < $1.bound }
                for item in list {
                    candidates.append(item.entry)
                    candidateBounds.append(item.bound)
                }
            }
            counts[cell] = UInt16(candidates.count - Int(offsets[cell]))
        }

        /// Per channel, cell coordinate and palette entry, the weighted squared distance from
        /// the entry to the nearest and to the farthest level of the cell's range in that
        /// channel; a cell's near and far distances are sums of three of them.
        private static func distanceTerms(_ palette: [Int32]) -> [Int32] {
            var terms = [Int32](repeating: 0, count: 3 * 32 * 512)
            let weights: [Int32] = [2, 4, 3]
            for channel in 0..<3 {
                for row in 0..<32 {
                    let lo = Int32(row * 8), hi = lo + 7, base = (channel * 32 + row) * 512
                    for entry in 0..<palette.count / 3 {
                        let value = palette[entry * 3 + channel]
                        let inside = value < lo ? lo - value : value > hi ? value - hi : 0
                        let outside = Swift.max(value - lo, hi - value)
                        terms[base + entry] = weights[channel] * inside * inside
                        terms[base + 256 + entry] = weights[channel] * outside * outside
                    }
                }
            }
            return terms
        }
    }

    /// Palette indices for straight RGBA8 `pixels`: `transparentIndex` where alpha < 128, the
    /// nearest palette colour elsewhere, with Floyd–Steinberg error diffusion when `dithering`.
    ///
    /// Dithering runs serpentine (alternate rows right-to-left), which avoids the diagonal
    /// "worm" artefacts of one-way scanning, and no error flows into or out of transparent
    /// pixels, so shapes keep clean edges. Weights 7/16, 3/16, 5/16, 1/16 (Floyd and Steinberg,
    /// "An adaptive algorithm for spatial greyscale", 1976).
    static func indices(pixels: [UInt8], width: Int, height: Int, palette: [UInt8], transparentIndex: Int?,
                        dithering: Bool) -> [UInt8] {
        var mapper = ColorMapper(palette: palette)
        let transparent = UInt8(truncatingIfNeeded: transparentIndex ?? 0)
        var indices = [UInt8](repeating: transparent, count: width * height)
        guard !palette.isEmpty else { return indices }
        guard dithering else {
            for i in 0..<width * height where pixels[i * 4 + 3] >= 128 {
                indices[i] = mapper.nearest(Int(pixels[i * 4]), Int(pixels[i * 4 + 1]), Int(pixels[i * 4 + 2]))
            }
            return indices
        }
        // Errors in sixteenths, three channels, one pixel of padding at each end of a row; the
        // two rows live in one buffer and trade places every row.
        let rowLength = (width + 2) * 3
        var errors = [Int32](repeating: 0, count: rowLength * 2)
        pixels.withUnsafeBufferPointer { p in
            indices.withUnsafeMutableBufferPointer { out in
                palette.withUnsafeBufferPointer { colors in
                    errors.withUnsafeMutableBufferPointer { errorRows in
                        var current = errorRows.baseAddress!, next = current + rowLength
                        for y in 0..<height {
                            let leftToRight = y % 2 == 0
                            let step = leftToRight ? 1 : -1
                            var x = leftToRight ? 0 : width - 1
                            for _ in 0..<width {
                                let i = y &* width &+ x, e = (x &+ 1) &* 3
                                x &+= step
                                if p[i &* 4 &+ 3] < 128 { continue }
                                let r = clamp(Int32(p[i &* 4]) &+ (current[e] &+ 8) >> 4)
                                let g = clamp(Int32(p[i &* 4 &+ 1]) &+ (current[e &+ 1] &+ 8) >> 4)
                                let b = clamp(Int32(p[i &* 4 &+ 2]) &+ (current[e &+ 2] &+ 8) >> 4)
                                let index = mapper.nearest(Int(r), Int(g), Int(b))
                                out[i] = index
                                let c = Int(index) &* 3
                                let ahead = e &+ step &* 3, behind = e &- step &* 3
                                let errorR = r &- Int32(colors[c])
                                let errorG = g &- Int32(colors[c &+ 1])
                                let errorB = b &- Int32(colors[c &+ 2])
                                current[ahead] &+= errorR &* 7
                                current[ahead &+ 1] &+= errorG &* 7
                                current[ahead &+ 2] &+= errorB &* 7
                                next[behind] &+= errorR &* 3
                                next[behind &+ 1] &+= errorG &* 3
                                next[behind &+ 2] &+= errorB &* 3
                                next[e] &+= errorR &* 5
                                next[e &+ 1] &+= errorG &* 5
                                next[e &+ 2] &+= errorB &* 5
                                next[ahead] &+= errorR
                                next[ahead &+ 1] &+= errorG
                                next[ahead &+ 2] &+= errorB
                            }
                            swap(&current, &next)
                            next.update(repeating: 0, count: rowLength)
                        }
                    }
                }
            }
        }
        return indices
    }

    /// `value` clamped to 0…255.
    private static func clamp(_ value: Int32) -> Int32 {
        Swift.min(255, Swift.max(0, value))
    }
}
