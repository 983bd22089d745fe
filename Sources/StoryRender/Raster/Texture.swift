import CPrefetch
/// An image prepared for sampling by the rasteriser: premultiplied texels and a chain of mip levels.
///
/// The levels are built eagerly when the texture is created, by averaging 2 × 2 blocks of the level
/// above (a box filter; an odd last row or column is repeated), down to 1 × 1. Level `k` has
/// `⌈width / 2ᵏ⌉ × ⌈height / 2ᵏ⌉` texels. Each level is stored with one extra column and row that
/// repeat its edge, so the bilinear taps of a sample clamped to the edge never leave the buffer.
/// Memory: about 4/3 of the image (`(w + 1)(h + 1) · 4 · 4/3` bytes, 11 MB for a 1080 × 1920
/// photo), and creation costs a few milliseconds for such a photo, so create a texture once per
/// image and reuse it for every frame (it is an immutable value and can be shared across threads).
/// Source: Williams, *Pyramidal Parametrics* (SIGGRAPH 1983) for the mip-map idea.
package struct Texture: Sendable {
    /// The width of the full-resolution image, in texels (≥ 0).
    package let width: Int
    /// The height of the full-resolution image, in texels (≥ 0).
    package let height: Int
    /// `true` when every texel has alpha 255, which lets opaque draws store instead of blend.
    package let isOpaque: Bool

    let levels: [MipLevel]
    /// Every level's texels, level 0 first, in memory-order RGBA (see ``PremultipliedColor/packed``).
    let texels: [UInt32]

    /// Prepares `image` for sampling and builds its mip levels.
    ///
    /// - Parameters:
    ///   - image: Premultiplied RGBA8; an empty image gives an empty texture that draws nothing.
    ///   - mipLevels: `false` keeps level 0 only (``levelCount`` 1), for a texture drawn once
    ///     where it is not shrunk (see ``init(_:for:polygon:)``).
    package init(_ image: RGBAImage, mipLevels: Bool = true) {
        width = image.width
        height = image.height
        var levels: [MipLevel] = []
        var w = image.width, h = image.height, total = 0
        while true {
            levels.append(MipLevel(width: w, height: h, stride: w + 1, offset: total))
            total += (w + 1) * (h + 1)
            if (w <= 1 && h <= 1) || !mipLevels { break }
            w = (w + 1) / 2
            h = (h + 1) / 2
        }
        self.levels = levels
        var opaque = true
        texels = [UInt32](unsafeUninitializedCapacity: total) { buffer, count in
            guard let base = buffer.baseAddress else {
                count = 0
                return
            }
            // Huge pages where the system gives them (Linux): a face's slanted rows of taps cross
            // many 4 KiB pages, and the cube frame measured 4–6 % faster with them.
            storykit_advise_huge_pages(base, UInt(total * 4))
            image.pixels.withUnsafeBytes { raw in
                let level = levels[0]
                for y in 0..<level.height {
                    let row = base + level.offset + y * level.stride
                    var allOpaque: UInt32 = 0xFF00_0000
                    for x in 0..<level.width {
                        let p = raw.loadUnaligned(fromByteOffset: (y * level.width + x) * 4, as: UInt32.self)
                        row[x] = p
                        allOpaque &= p
                    }
                    if allOpaque != 0xFF00_0000 { opaque = false }
                }
            }
            Texture.padEdges(base, levels[0])
            for k in 1..<levels.count {
                Texture.downsample(base, from: levels[k - 1], to: levels[k])
                Texture.padEdges(base, levels[k])
            }
            count = total
        }
        isOpaque = opaque && width > 0 && height > 0
    }

    /// The number of mip levels, level 0 (full resolution) included; 1 for a 1 × 1 image.
    package var levelCount: Int { levels.count }

    /// Every texel of the full-resolution image, `0 ..< width` by `0 ..< height`.
    package var bounds: PixelRect { PixelRect(width: width, height: height) }

    /// A copy of mip level `index` as a bitmap, for tests and debugging.
    ///
    /// - Parameter index: The level, clamped to `0 ..< levelCount`.
    /// - Returns: The level's `⌈width / 2ⁱ⌉ × ⌈height / 2ⁱ⌉` premultiplied texels.
    package func levelImage(_ index: Int) -> RGBAImage {
        let level = levels[Swift.min(Swift.max(index, 0), levels.count - 1)]
        var bytes = [UInt8](repeating: 0, count: level.width * level.height * 4)
        for y in 0..<level.height {
            for x in 0..<level.width {
                let p = texels[level.offset + y * level.stride + x]
                let i = (y * level.width + x) * 4
                bytes[i] = UInt8(truncatingIfNeeded: p); bytes[i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                bytes[i + 2] = UInt8(truncatingIfNeeded: p >> 16); bytes[i + 3] = UInt8(truncatingIfNeeded: p >> 24)
            }
        }
        return RGBAImage(width: level.width, height: level.height, pixels: bytes)!
    }
}

/// Where one mip level lives in ``Texture/texels``.
struct MipLevel: Sendable {
    /// Texels per row of the level's image.
    let width: Int
    /// Rows of the level's image.
    let height: Int
    /// Texels from one row to the next in storage (`width + 1`: one padding column).
    let stride: Int
    /// Index of the level's first texel in the shared storage.
    let offset: Int
}

// MARK: - Texture + Mip building

extension Texture {
    /// Copies the last column into the padding column and the last row into the padding row.
    static func padEdges(_ base: UnsafeMutablePointer<UInt32>, _ level: MipLevel) {
        let p = base + level.offset
        for y in 0..<level.height {
            p[y * level.stride + level.width] = level.width > 0 ? p[y * level.stride + level.width - 1] : 0
        }
        let last = p + level.height * level.stride
        if level.height > 0 {
            (last).update(from: last - level.stride, count: level.stride)
        } else {
            last.update(repeating: 0, count: level.stride)
        }
    }

    /// Fills `to` with the rounded mean of each 2 × 2 block of `from` (per premultiplied channel).
    static func downsample(_ base: UnsafeMutablePointer<UInt32>, from: MipLevel, to: MipLevel) {
        let src = UnsafePointer(base + from.offset), dst = base + to.offset
        let m: UInt32 = 0x00FF_00FF
        for y in 0..<to.height {
            // Row 2y + 1 is the padding row (a copy of the last row) when `from.height` is odd.
            let r0 = src + 2 * y * from.stride, r1 = r0 + from.stride
            let out = dst + y * to.stride
            for x in 0..<to.width {
                let a = r0[2 * x], b = r0[2 * x + 1], c = r1[2 * x], d = r1[2 * x + 1]
                let rb = ((a & m) &+ (b & m) &+ (c & m) &+ (d & m) &+ 0x0002_0002) >> 2
                let ga = (((a >> 8) & m) &+ ((b >> 8) & m) &+ ((c >> 8) & m) &+ ((d >> 8) & m) &+ 0x0002_0002) >> 2
                out[x] = (rb & m) | ((ga & m) << 8)
            }
        }
    }
}
