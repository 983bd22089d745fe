// MARK: - GIFEncoder + Mapping

extension GIFEncoder {
    /// Finds the nearest palette colour under the weighted distance of ``GIFEncoder/weights``.
    ///
    /// The palette is sorted by green, the heaviest channel, and searched outwards from the
    /// entry nearest in green until the green term alone exceeds the best distance; a
    /// direct-mapped cache keyed by the exact colour answers repeated colours at once.
    struct ColorMapper {
        /// Palette entries sorted by green: r, g, b, palette index.
        private var sorted: [Int32] = []
        /// For each green value, the first sorted entry with at least that green.
        private var start = [Int32](repeating: 0, count: 257)
        /// Cache keys (`0x1RRGGBB`, 0 = empty) and the palette index found for them.
        private var cacheKeys = [UInt32](repeating: 0, count: 1 << 16)
        private var cacheValues = [UInt8](repeating: 0, count: 1 << 16)

        /// - Parameter palette: RGB triples, at most 256 of them.
        init(palette: [UInt8]) {
            let count = palette.count / 3
            let order = (0..<count).sorted { palette[$0 * 3 + 1] < palette[$1 * 3 + 1] }
            for index in order {
                sorted += [Int32(palette[index * 3]), Int32(palette[index * 3 + 1]), Int32(palette[index * 3 + 2]),
                           Int32(index)]
            }
            var entry = 0
            for green in 0...256 {
                while entry < count, Int(sorted[entry * 4 + 1]) < green { entry += 1 }
                start[green] = Int32(entry)
            }
        }

        /// The palette index nearest to the colour `(r, g, b)`, each 0…255.
        mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
            let key = UInt32(0x100_0000 | r << 16 | g << 8 | b)
            let slot = Int((key &* 0x9E37_79B1) >> 16)
            if cacheKeys[slot] == key { return cacheValues[slot] }
            let found = sorted.withUnsafeBufferPointer { p -> UInt8 in
                let count = p.count / 4
                var best = Int32.max, bestIndex: Int32 = 0
                let g32 = Int32(g), r32 = Int32(r), b32 = Int32(b)
                var i = Int(start[g])
                while i < count {  // upwards in green
                    let dg = p[i * 4 + 1] - g32
                    if 4 * dg * dg >= best { break }
                    let dr = p[i * 4] - r32, db = p[i * 4 + 2] - b32
                    let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                    if d < best { best = d; bestIndex = p[i * 4 + 3] }
                    i += 1
                }
                i = Int(start[g]) - 1
                while i >= 0 {  // downwards in green
                    let dg = p[i * 4 + 1] - g32
                    if 4 * dg * dg >= best { break }
                    let dr = p[i * 4] - r32, db = p[i * 4 + 2] - b32
                    let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                    if d < best { best = d; bestIndex = p[i * 4 + 3] }
                    i -= 1
                }
                return UInt8(truncatingIfNeeded: bestIndex)
            }
            cacheKeys[slot] = key
            cacheValues[slot] = found
            return found
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
        // Errors in sixteenths, three channels, one pixel of padding at each end of a row.
        var current = [Int32](repeating: 0, count: (width + 2) * 3)
        var next = current
        pixels.withUnsafeBufferPointer { p in
            indices.withUnsafeMutableBufferPointer { out in
                palette.withUnsafeBufferPointer { colors in
                    for y in 0..<height {
                        let leftToRight = y % 2 == 0
                        let step = leftToRight ? 1 : -1
                        var x = leftToRight ? 0 : width - 1
                        for _ in 0..<width {
                            let i = y * width + x, e = (x + 1) * 3
                            if p[i * 4 + 3] < 128 {
                                x += step
                                continue
                            }
                            let r = clamp(Int32(p[i * 4]) + (current[e] + 8) >> 4)
                            let g = clamp(Int32(p[i * 4 + 1]) + (current[e + 1] + 8) >> 4)
                            let b = clamp(Int32(p[i * 4 + 2]) + (current[e + 2] + 8) >> 4)
                            let index = mapper.nearest(Int(r), Int(g), Int(b))
                            out[i] = index
                            let c = Int(index) * 3
                            let ahead = e + step * 3, behind = e - step * 3
                            for k in 0..<3 {
                                let error = (k == 0 ? r : k == 1 ? g : b) - Int32(colors[c + k])
                                current[ahead + k] &+= error &* 7
                                next[behind + k] &+= error &* 3
                                next[e + k] &+= error &* 5
                                next[ahead + k] &+= error
                            }
                            x += step
                        }
                        swap(&current, &next)
                        for k in next.indices { next[k] = 0 }
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
