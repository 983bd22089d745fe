// MARK: - Texture + Levels

extension TextureChunks {
    /// Whether drawing `polygon` through `map` samples a mip level other than the full image:
    /// some vertex is minified by √2 or more, exactly the test ``init(map:levelCount:polygon:)``
    /// makes for ``mipmapped``.
    ///
    /// When it is `false` every sample comes from level 0, so a texture made for that one draw can
    /// skip building its levels (``Texture/init(_:mipLevels:)``) without changing a pixel.
    static func isMinified(map: Homography, polygon: ConvexPolygon) -> Bool {
        for p in polygon {
            let h = map.applyHomogeneous(p)
            let rho2 = minificationSquared(map, u: h.u / h.w, v: h.v / h.w, inverseW: 1 / h.w)
            if !(rho2 < 2) { return true }
        }
        return false
    }
}

extension Texture {
    /// Prepares `image` for one draw through `map` over `polygon`: with its mip levels only when
    /// that draw samples them (``TextureChunks/isMinified(map:polygon:)``), so the bitmaps the
    /// compositor makes every frame (a layer's gradient or shape, a clipped group) cost a copy
    /// instead of a copy and a mip chain when they land at their own resolution or larger.
    package init(_ image: RGBAImage, for map: Homography, polygon: ConvexPolygon) {
        self.init(image, mipLevels: TextureChunks.isMinified(map: map, polygon: polygon))
    }
}
