import StoryKit

// MARK: - Raster + Texture

extension Raster {
    /// Fills a convex polygon with a texture mapped through a projective map, bilinearly filtered,
    /// composited source-over.
    ///
    /// For every destination pixel centre `p` the texture is sampled at `destinationToTexture(p)`
    /// (perspective-correct: the divide is exact every 8–128 pixels as the map's curvature allows,
    /// down to every pixel near a horizon, and u, v are interpolated linearly in 16.16 fixed point
    /// in between, off by at most about 1/8 texel mid-span). Samples are bilinear (7-bit weights)
    /// on premultiplied texels, with clamp-to-edge at `sourceClamp`. Where the map shrinks the
    /// texture by 2× or more (the larger
    /// of the lengths of `∂(u,v)/∂x` and `∂(u,v)/∂y`, evaluated at every divide), the sample comes
    /// from mip level
    /// `⌊log₂ minification⌋` instead, so shrunk photos average instead of aliasing (like OpenGL's
    /// `GL_LINEAR_MIPMAP_NEAREST`, which switches at √2 rather than 2×; Khronos, *OpenGL 4.6 Core
    /// Profile*, §8.14). The result is
    /// multiplied by coverage (see ``fill(_:polygon:color:opacity:clip:antialiased:)``) and
    /// `opacity`, then composited over `dst`; an opaque texture at full coverage and opacity is
    /// stored without blending.
    ///
    /// - Parameters:
    ///   - dst: The bitmap to draw into.
    ///   - polygon: The region, in destination pixels (pixel centres at `+0.5`).
    ///   - texture: The image and its mip levels.
    ///   - destinationToTexture: Maps a destination pixel-space point to texture pixel space (texel
    ///     centres at `+0.5`), usually the inverse of the layer's projection scaled to pixels. A
    ///     map with a non-finite entry draws nothing.
    ///   - sourceClamp: The texels samples may read, in full-resolution texels (e.g. the pixels of a
    ///     `contentsRect`); intersected with the texture's bounds, empty draws nothing.
    ///   - opacity: Multiplies the texture, 0…1 (clamped; NaN draws nothing).
    ///   - clip: The only pixels that may change (intersected with the bitmap's bounds).
    ///   - antialiased: Exact area coverage at the edges, or hard pixel-centre edges.
    ///   - filter: How texels are sampled: ``TextureFilter/mipmapped`` (the default, described
    ///     above), ``TextureFilter/linear`` (bilinear from the full-size image only, so a large
    ///     downscale aliases) or ``TextureFilter/nearest`` (the texel under the sample point).
    ///   - need: A bitmap of `dst`'s size whose transparent pixels need not be drawn (a group's
    ///     mask, drawn before the group's content, which it will multiply): those pixels are
    ///     skipped, every other pixel gets exactly the bytes it gets without `need`. `nil` (or
    ///     another size) draws every pixel.
    package static func draw(_ dst: inout RGBAImage, polygon: ConvexPolygon, texture: Texture,
                             destinationToTexture: Homography, sourceClamp: PixelRect, opacity: Double = 1,
                             clip: PixelRect, antialiased: Bool = true, filter: TextureFilter = .mipmapped,
                             only need: RGBAImage? = nil) {
        if let need, need.width == dst.width, need.height == dst.height, need.pixels.count == dst.pixels.count {
            need.pixels.withUnsafeBytes { raw in
                raw.withMemoryRebound(to: UInt32.self) { mask in
                    draw(&dst, polygon: polygon, texture: texture, destinationToTexture: destinationToTexture,
                         sourceClamp: sourceClamp, opacity: opacity, clip: clip, antialiased: antialiased, filter: filter,
                         need: mask.baseAddress)
                }
            }
            return
        }
        draw(&dst, polygon: polygon, texture: texture, destinationToTexture: destinationToTexture, sourceClamp: sourceClamp,
             opacity: opacity, clip: clip, antialiased: antialiased, filter: filter, need: nil)
    }

    /// ``draw(_:polygon:texture:destinationToTexture:sourceClamp:opacity:clip:antialiased:filter:only:)``
    /// with the needed pixels' mask as a pointer to `dst.width` × `dst.height` pixels (or `nil`).
    private static func draw(_ dst: inout RGBAImage, polygon: ConvexPolygon, texture: Texture,
                             destinationToTexture: Homography, sourceClamp: PixelRect, opacity: Double,
                             clip: PixelRect, antialiased: Bool, filter: TextureFilter, need: UnsafePointer<UInt32>?) {
        let region = clip.intersection(dst.bounds)
        let source = sourceClamp.intersection(texture.bounds)
        let k = PixelMath.unit(opacity)
        guard !region.isEmpty, !source.isEmpty, k > 0, destinationToTexture.isFinite else { return }
        let width = dst.width
        texture.texels.withUnsafeBufferPointer { texels in
            texture.levels.withUnsafeBufferPointer { levels in
                guard let firstTexel = texels.baseAddress, let firstLevel = levels.baseAddress else { return }
                withPixels(&dst) { pixels in
                    var sink = TextureSink(pixels: pixels, width: width, texels: firstTexel,
                                           levels: firstLevel,
                                           levelCount: filter == .mipmapped ? levels.count : 1,
                                           nearest: filter == .nearest,
                                           map: destinationToTexture, clamp: source, opacity: k,
                                           opaqueTexture: texture.isOpaque, polygon: polygon, need: need)
                    scan(polygon, clip: region, antialiased: antialiased, into: &sink)
                }
            }
        }
    }
}


/// How ``Raster/draw(_:polygon:texture:destinationToTexture:sourceClamp:opacity:clip:antialiased:filter:)``
/// samples a texture (Core Animation's `nearest`, `linear` and `trilinear` contents filters).
package enum TextureFilter: Sendable, Hashable {
    /// The texel under the sample point, from the full-size image: hard texel edges.
    case nearest
    /// Bilinear, from the full-size image only.
    case linear
    /// Bilinear in the mip level `⌊log₂ minification⌋` where the texture is shrunk 2× or more.
    case mipmapped
}
