// MARK: - GIFEncoder + Palette

extension GIFEncoder {
    /// Channel weights of the colour distance `2·Δr² + 4·Δg² + 3·Δb²`, the usual cheap weighted
    /// Euclidean sRGB distance (Wikipedia, "Color difference", for r̄ < 128): the eye tells
    /// greens apart best and reds least.
    static let weights = (r: 2.0, g: 4.0, b: 3.0)

    /// A colour histogram on a 6-bit-per-channel grid that keeps exact sums per cell, so the
    /// palette colours are true means (a flat colour comes out exactly) while the work stays
    /// bounded by 2¹⁸ cells.
    struct Histogram {
        /// Per cell: pixel count, then the sums of red, green and blue.
        private(set) var cells = [Int](repeating: 0, count: (1 << 18) * 4)
        /// The cells with at least one pixel, in the order they were first hit.
        private(set) var occupied: [Int32] = []

        /// Adds every `step`-th pixel of straight RGBA8 `pixels` whose alpha is ≥ 128.
        mutating func add(_ pixels: [UInt8], step: Int = 1) {
            let stride = Swift.max(1, step) * 4
            cells.withUnsafeMutableBufferPointer { cells in
                pixels.withUnsafeBufferPointer { p in
                    var i = 0
                    while i < p.count {
                        if p[i + 3] >= 128 {
                            let r = Int(p[i]), g = Int(p[i + 1]), b = Int(p[i + 2])
                            let cell = ((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)) &* 4
                            if cells[cell] == 0 { occupied.append(Int32(cell / 4)) }
                            cells[cell] &+= 1; cells[cell + 1] &+= r; cells[cell + 2] &+= g; cells[cell + 3] &+= b
                        }
                        i &+= stride
                    }
                }
            }
        }

        /// Up to `maximumCount` colours by median cut (Heckbert, "Color image quantization for
        /// frame buffer display", SIGGRAPH 1982), as RGB triples.
        ///
        /// Boxes of histogram cells are split one at a time: always the box with the largest
        /// weighted squared error, along its channel of largest weighted variance, at the level
        /// that minimises the squared error of the two halves (rather than at the median count,
        /// so that a small distinct colour gets its own box, as in Wu's quantiser). Each palette colour is the mean of
        /// the pixels in its box, rounded.
        func medianCut(maximumCount: Int) -> [UInt8] {
            var entries = occupied.map { cell -> Entry in
                let base = Int(cell) * 4, n = Double(cells[base])
                return Entry(r: Double(cells[base + 1]) / n, g: Double(cells[base + 2]) / n,
                             b: Double(cells[base + 3]) / n, n: n)
            }
            guard !entries.isEmpty, maximumCount > 0 else { return [] }
            var boxes = [Box(entries, 0, entries.count)]
            while boxes.count < maximumCount {
                guard let worst = boxes.indices.filter({ boxes[$0].isSplittable }).max(by: {
                    boxes[$0].error < boxes[$1].error
                }) else { break }
                let box = boxes[worst]
                guard let cut = Self.split(&entries, box) else {
                    boxes[worst].error = 0  // its colours differ by less than one level
                    continue
                }
                boxes[worst] = Box(entries, box.lower, cut)
                boxes.append(Box(entries, cut, box.upper))
            }
            return boxes.flatMap { box in
                [box.sum.r, box.sum.g, box.sum.b].map { UInt8(Swift.min(255, Swift.max(0, ($0 / box.count).rounded()))) }
            }
        }

        /// Partitions `box`'s entries along its widest channel at the level that minimises the
        /// squared error of the two halves, and returns the first index of the upper half (nil
        /// when all entries share one level of that channel).
        ///
        /// A counting pass over the 256 levels replaces a sort, so a split costs O(entries).
        private static func split(_ entries: inout [Entry], _ box: Box) -> Int? {
            let axis = box.axis
            func level(_ entry: Entry) -> Int {
                Int(axis == 0 ? entry.r : axis == 1 ? entry.g : entry.b)
            }
            var counts = [Double](repeating: 0, count: 256), sums = counts
            for entry in entries[box.lower..<box.upper] {
                let l = level(entry)
                counts[l] += entry.n
                sums[l] += entry.n * (axis == 0 ? entry.r : axis == 1 ? entry.g : entry.b)
            }
            let total = axis == 0 ? box.sum.r : axis == 1 ? box.sum.g : box.sum.b
            var countBelow = 0.0, sumBelow = 0.0, best = -Double.infinity, threshold = -1
            for l in 0..<255 {
                countBelow += counts[l]
                sumBelow += sums[l]
                let countAbove = box.count - countBelow
                guard countBelow > 0, countAbove > 0 else { continue }
                // Maximising Σ² / n of both halves minimises their squared error along the axis.
                let sumAbove = total - sumBelow
                let score = sumBelow * sumBelow / countBelow + sumAbove * sumAbove / countAbove
                if score > best { best = score; threshold = l }
            }
            guard threshold >= 0 else { return nil }
            var low = box.lower, high = box.upper - 1
            while low <= high {
                if level(entries[low]) <= threshold {
                    low += 1
                } else {
                    entries.swapAt(low, high)
                    high -= 1
                }
            }
            return low
        }
    }

    /// One histogram cell: the mean colour of its pixels and their count.
    private struct Entry {
        var r, g, b, n: Double
    }

    /// A range of entries with its pixel count, colour sums and weighted squared error.
    private struct Box {
        let lower, upper: Int
        var count = 0.0
        var sum = (r: 0.0, g: 0.0, b: 0.0)
        var error = 0.0
        var axis = 0

        var isSplittable: Bool { upper - lower >= 2 && error > 0 }

        init(_ entries: [Entry], _ lower: Int, _ upper: Int) {
            self.lower = lower
            self.upper = upper
            var squares = (r: 0.0, g: 0.0, b: 0.0)
            for entry in entries[lower..<upper] {
                count += entry.n
                sum.r += entry.n * entry.r; sum.g += entry.n * entry.g; sum.b += entry.n * entry.b
                squares.r += entry.n * entry.r * entry.r
                squares.g += entry.n * entry.g * entry.g
                squares.b += entry.n * entry.b * entry.b
            }
            let w = GIFEncoder.weights
            let er = w.r * Swift.max(0, squares.r - sum.r * sum.r / count)
            let eg = w.g * Swift.max(0, squares.g - sum.g * sum.g / count)
            let eb = w.b * Swift.max(0, squares.b - sum.b * sum.b / count)
            error = er + eg + eb
            axis = er >= eg && er >= eb ? 0 : eg >= eb ? 1 : 2
        }
    }
}
