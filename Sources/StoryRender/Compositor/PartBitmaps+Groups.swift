import MotionCore
import StoryKit

// MARK: - PartBitmaps + Finished groups

extension PartBitmaps {
    /// The most finished groups kept.
    package static let maximumGroupCount = 8
    /// The most bytes of finished groups kept: 4 MiB.
    package static let maximumGroupBytes = 4 << 20

    /// Everything drawing a leaf group (a layer with no sublayers and no mask, drawn offscreen:
    /// a photo avatar in its rounded clip) reads, up to the pixels it composites: the layer, its
    /// matrix, the frame's scale and the group bitmap's place and size. Equal keys finish equal
    /// bitmaps (within one renderer, whose images do not change).
    ///
    /// Only a layer without sublayers or a mask gets one, so that hashing and comparing it never
    /// recurses through a deep tree.
    package struct GroupKey: Hashable, Sendable {
        var layer: Layer
        var layerToPixels: Transform3D
        var scale: Double
        var origin: SIMD2<Int>
        var size: SIMD2<Int>

        /// The key of `node`'s group drawn into a `width` × `height` bitmap whose top-left corner
        /// is at `origin` in scene pixels, at `scale` pixels per point; `nil` when the group
        /// reads more than the key holds: sublayers, a mask, text (fonts), a blur or a shadow
        /// (which spread it), or a clip.
        package init?(_ node: RenderNode, origin: (x: Int, y: Int), width: Int, height: Int, scale: Double) {
            guard let group = node.group, group.blurSigma == 0, group.shadow == nil, !group.isMasked,
                  group.compositeClip == nil, node.clip == nil, node.contentClip == nil,
                  node.layer.sublayers.isEmpty, node.layer.mask == nil, node.layer.text == nil,
                  width > 0, height > 0 else { return nil }
            layer = node.layer
            layerToPixels = node.layerToPixels
            self.scale = scale
            self.origin = SIMD2(origin.x, origin.y)
            size = SIMD2(width, height)
        }
    }

    /// The finished pixels kept for `key` (shared, not copied), or `nil`; when there are none,
    /// whether the key was asked for before among the last 16 asked for and not kept (so that
    /// ``keepGroup(_:for:)`` should be called with the pixels drawn now).
    package func keptGroup(_ key: GroupKey) -> (image: RGBAImage?, seenBefore: Bool) {
        lock.lock()
        defer { lock.unlock() }
        clock &+= 1
        if let found = groups[key] {
            groups[key]?.lastUse = clock
            return (found.image, true)
        }
        let hash = key.hashValue
        guard recentGroups.contains(hash) else {
            recentGroups[nextGroup] = hash
            nextGroup = (nextGroup + 1) % recentGroups.count
            return (nil, false)
        }
        return (nil, true)
    }

    /// Keeps a copy of `image`, the finished pixels of the group `key`, letting the groups used
    /// longest ago go to stay within ``maximumGroupCount`` and ``maximumGroupBytes``.
    package func keepGroup(_ image: RGBAImage, for key: GroupKey) {
        let bytes = image.pixels.count
        guard bytes <= Self.maximumGroupBytes,
              let copy = RGBAImage(width: image.width, height: image.height, pixels: image.pixels.withUnsafeBufferPointer { Array($0) }) else { return }
        lock.lock()
        defer { lock.unlock() }
        clock &+= 1
        if let old = groups.updateValue((copy, clock), forKey: key) { groupBytes -= old.image.pixels.count }
        groupBytes += bytes
        while groups.count > Self.maximumGroupCount || groupBytes > Self.maximumGroupBytes {
            guard let oldest = groups.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
            groupBytes -= oldest.value.image.pixels.count
            groups[oldest.key] = nil
        }
    }

    /// The number of finished groups and their bytes kept, for tests.
    package var keptGroups: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (groups.count, groupBytes)
    }
}
