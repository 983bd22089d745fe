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
    /// Only a layer without sublayers or a mask gets one (and only a mask whose sublayers have
    /// none), so that comparing it never recurses through a deep tree.
    package struct GroupKey: Hashable, Sendable {
        // Compared in this order: the cheap fields first.
        var origin: SIMD2<Int>
        var size: SIMD2<Int>
        var scale: Double
        var layerToPixels: Transform3D
        /// Whether this is a layer's ``Layer/mask`` drawn alone (``init(maskOf:origin:width:height:scale:)``).
        var isMask = false
        /// The masked layer's depth in the tree, for a mask (deeper masks are not drawn).
        var depth = 0
        /// The layer, or the mask layer with its sublayers.
        var layer: Layer

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

        /// The key of `node`'s ``Layer/mask`` drawn alone into a transparent `width` × `height`
        /// bitmap whose top-left corner is at `origin` in scene pixels, at `scale` (a loading
        /// ring's segments): the mask layer and its sublayers, the masked layer's matrix and
        /// depth. `nil` when the mask has a mask, sublayers with sublayers or masks, text, or more
        /// than ``PartBitmaps/maximumMaskLayers`` layers, so that hashing it never recurses deeper
        /// than its sublayers.
        package init?(maskOf node: RenderNode, origin: (x: Int, y: Int), width: Int, height: Int, scale: Double) {
            guard let mask = node.layer.mask, mask.mask == nil, mask.text == nil,
                  mask.sublayers.count < PartBitmaps.maximumMaskLayers, width > 0, height > 0,
                  mask.sublayers.allSatisfy({ $0.sublayers.isEmpty && $0.mask == nil && $0.text == nil }) else { return nil }
            layer = mask
            layerToPixels = node.layerToPixels
            self.scale = scale
            self.origin = SIMD2(origin.x, origin.y)
            size = SIMD2(width, height)
            isMask = true
            depth = node.depth
        }

        /// A hash of the fields that tell the frames of an animation apart (place, matrices,
        /// geometry, paths, colours, image), much cheaper than hashing the whole tree: it only
        /// decides when a group is seen again and worth a copy; what is drawn from a kept group
        /// is decided by `==`.
        var fingerprint: Int {
            var hasher = Hasher()
            hasher.combine(origin)
            hasher.combine(size)
            hasher.combine(scale)
            hasher.combine(isMask)
            hasher.combine(layerToPixels)
            func add(_ layer: Layer) {
                hasher.combine(layer.position)
                hasher.combine(layer.bounds)
                hasher.combine(layer.transform)
                hasher.combine(layer.opacity)
                hasher.combine(layer.backgroundColor)
                hasher.combine(layer.contents?.image)
                hasher.combine(layer.shape?.path)
                hasher.combine(layer.shape?.strokeStart)
                hasher.combine(layer.shape?.strokeEnd)
            }
            add(layer)
            for sublayer in layer.sublayers { add(sublayer) }
            return hasher.finalize()
        }
    }

    /// Whether a finished group or mask of `width` × `height` pixels (four bytes each) can be
    /// kept at all: within ``maximumGroupBytes``. Larger ones are drawn every frame, and their keys
    /// are not built.
    package static func keepsGroups(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumGroupBytes / 4 / height
    }

    /// The most layers a kept mask holds (its own and its sublayers).
    package static let maximumMaskLayers = 64

    /// The finished pixels kept for `key` (shared, not copied), or `nil`; when there are none,
    /// whether the key was asked for before among the last 16 asked for and not kept (so that
    /// ``keepGroup(_:for:)`` should be called with the pixels drawn now).
    ///
    /// The kept keys are compared, not hashed (a key that differs, a turning segment, differs
    /// early); the keys asked for before are remembered by their ``GroupKey/fingerprint``.
    package func keptGroup(_ key: GroupKey) -> (image: RGBAImage?, seenBefore: Bool) {
        lock.lock()
        defer { lock.unlock() }
        clock &+= 1
        if let i = groups.firstIndex(where: { $0.key == key }) {
            groups[i].lastUse = clock
            return (groups[i].image, true)
        }
        let hash = key.fingerprint
        guard recentGroups.contains(hash) else {
            recentGroups[nextRecentGroup] = hash
            nextRecentGroup = (nextRecentGroup + 1) % recentGroups.count
            return (nil, false)
        }
        return (nil, true)
    }

    /// Keeps a copy of `image`, the finished pixels of the group `key`, letting the groups used
    /// longest ago go to stay within ``maximumGroupCount`` and ``maximumGroupBytes``.
    package func keepGroup(_ image: RGBAImage, for key: GroupKey) {
        let bytes = image.pixels.count
        guard bytes <= Self.maximumGroupBytes,
              let copy = RGBAImage(width: image.width, height: image.height,
                                   pixels: image.pixels.withUnsafeBufferPointer { Array($0) }) else { return }
        lock.lock()
        defer { lock.unlock() }
        clock &+= 1
        if let i = groups.firstIndex(where: { $0.key == key }) {
            groupBytes -= groups[i].image.pixels.count
            groups.remove(at: i)
        }
        groups.append((key, copy, clock))
        groupBytes += bytes
        while groups.count > Self.maximumGroupCount || groupBytes > Self.maximumGroupBytes {
            guard let oldest = groups.indices.min(by: { groups[$0].lastUse < groups[$1].lastUse }) else { break }
            groupBytes -= groups[oldest].image.pixels.count
            groups.remove(at: oldest)
        }
    }

    /// The number of finished groups and their bytes kept, for tests.
    package var keptGroups: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (groups.count, groupBytes)
    }
}
