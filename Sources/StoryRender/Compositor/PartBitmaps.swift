import Foundation
import MotionCore
import StoryKit

/// The bitmaps ``LayerContentRenderer`` painted for a renderer's recent frames (a layer's gradient,
/// shape, rounded background, border, clip mask, shadow path), with the textures made from them,
/// kept so that a part that has not changed since an earlier frame is not painted again.
///
/// A part is found by everything its painting reads (``Key``: the part, the resolution, the
/// bounds and the layer properties of that part), so a hit hands back exactly the bitmap that
/// painting it again would make, byte for byte: what is drawn never depends on the cache. This is
/// Core Animation's backing store: the loading ring's gradient and the avatar's rounded clip stay
/// the same from frame to frame while its segments turn.
///
/// A part is kept from the second time it is asked for (among the last 128 parts asked for and
/// not kept), so parts that change every frame cost a hash each and hold no memory. Memory: at
/// most ``maximumCount`` parts and ``maximumBytes`` bytes (bitmaps and textures) are kept; the
/// part used longest ago goes first.
///
/// Thread safety: every call takes the cache's lock (painting a missing part happens outside it),
/// so renderers used from several threads share it safely.
package final class PartBitmaps: @unchecked Sendable {
    /// The most parts kept.
    package static let maximumCount = 64
    /// The most bytes kept: 16 MiB.
    package static let maximumBytes = 16 << 20
    /// The largest part kept, in bytes: a bigger one is painted every time.
    package static let maximumPartBytes = 4 << 20

    /// What painting a part reads: equal keys paint equal bitmaps.
    ///
    /// Its hash is taken once, when it is made (a shape's path and a gradient's colours are
    /// long): every look-up then hashes one integer, and unequal keys differ at it first.
    package struct Key: Hashable, Sendable {
        /// The hash of the fields below, taken by ``init(_:part:pixelsPerPoint:)``.
        private var hashCode = 0
        private(set) var part: LayerPart
        private(set) var pixelsPerPoint: Double
        private(set) var bounds: Rect
        private(set) var cornerRadius = 0.0
        private(set) var cornerCurve = Layer.CornerCurve.circular
        private(set) var maskedCorners = Layer.Corners.all
        private(set) var color: RGBAColor?
        private(set) var borderWidth = 0.0
        private(set) var gradient: ColorGradient?
        private(set) var shape: ShapeContents?
        private(set) var shadowPath: ShapePath?

        /// The key of `part` of `layer` at `pixelsPerPoint`: the fields ``LayerContentRenderer``
        /// reads for that part, the others left at their defaults.
        package init(_ layer: Layer, part: LayerPart, pixelsPerPoint: Double) {
            self.part = part
            self.pixelsPerPoint = pixelsPerPoint
            bounds = layer.bounds
            switch part {
            case .background, .border, .clipMask:
                cornerRadius = layer.cornerRadius
                cornerCurve = layer.cornerCurve
                maskedCorners = layer.maskedCorners
                if part == .background { color = layer.backgroundColor }
                if part == .border { color = layer.borderColor; borderWidth = layer.borderWidth }
            case .drawing:
                gradient = layer.gradient
                shape = layer.shape
            case .shadowPath:
                shadowPath = layer.shadowPath
            }
            var hasher = Hasher()
            hasher.combine(part)
            hasher.combine(pixelsPerPoint)
            hasher.combine(bounds)
            hasher.combine(cornerRadius)
            hasher.combine(cornerCurve)
            hasher.combine(maskedCorners)
            hasher.combine(color)
            hasher.combine(borderWidth)
            hasher.combine(gradient)
            hasher.combine(shape)
            hasher.combine(shadowPath)
            hashCode = hasher.finalize()
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(hashCode)
        }
    }

    /// A kept part: its bitmap (`nil` when the part paints nothing) and the texture made from it.
    private struct Entry {
        var bitmap: LayerBitmap?
        var texture: Texture?
        var lastUse: UInt64
        var bytes: Int
    }

    // Guarded by `lock`.
    let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    var clock: UInt64 = 0
    private var bytes = 0
    /// The hashes of the keys last asked for and not kept, oldest overwritten first.
    private var recent = [Int](repeating: 0, count: 128)
    private var next = 0
    /// Placed parts (``Placement``) with their last use, and the hashes of those last asked for
    /// and not kept.
    private var placed: [Placement: (image: RGBAImage, lastUse: UInt64)] = [:]
    private var placedBytes = 0
    private var recentPlaced = [Int](repeating: 0, count: 16)
    private var nextPlaced = 0
    /// Finished groups and masks (``GroupKey``) with their last use, and the keys of those last
    /// asked for and not kept, oldest first (``PartBitmaps+Groups``).
    var groups: [(key: GroupKey, image: RGBAImage, lastUse: UInt64)] = []
    var groupBytes = 0
    var recentGroups = [Int](repeating: 0, count: 16)
    var nextRecentGroup = 0

    /// The gradient ramps painted parts used, kept for the parts painted again.
    package let tables = GradientTables()

    /// An empty cache.
    package init() {}

    /// The number of parts and bytes kept, for tests.
    package var kept: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (entries.count, bytes)
    }

    /// `part` of `layer` painted at `pixelsPerPoint` (``LayerContentRenderer/render(_:part:pixelsPerPoint:)``),
    /// from the cache when an equal part was painted before, and its key for ``texture(for:bitmap:map:polygon:)``.
    package func bitmap(of layer: Layer, part: LayerPart, pixelsPerPoint: Double) -> (bitmap: LayerBitmap?, key: Key) {
        let key = Key(layer, part: part, pixelsPerPoint: pixelsPerPoint)
        return (bitmap(key, of: layer) { false }.bitmap, key)
    }

    /// The part `key` of `layer` (``bitmap(of:part:pixelsPerPoint:)``), unless `inPlace` painted
    /// it somewhere else: it is called (outside the lock) when the part would be painted now and
    /// not kept (not kept, not asked for before among the last 128: a growing arc), and returns
    /// whether it painted the part itself (straight into a frame), which then counts as asked for.
    package func bitmap(_ key: Key, of layer: Layer, orInPlace inPlace: () -> Bool) -> (bitmap: LayerBitmap?, inPlace: Bool) {
        lock.lock()
        clock &+= 1
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUse = clock
            let found = entries.values[index].bitmap
            lock.unlock()
            return (found, false)
        }
        // Kept only when asked for a second time: a part that changes every frame (a growing
        // arc, a turning segment) is painted as before, without holding its memory.
        let again = noteUnlessRecent(key.hashValue)
        lock.unlock()
        if !again, inPlace() { return (nil, true) }
        let bitmap = LayerContentRenderer.render(layer, part: key.part, pixelsPerPoint: key.pixelsPerPoint, tables: tables)
        if again { keep(Entry(bitmap: bitmap, texture: nil, lastUse: 0, bytes: bitmap?.image.pixels.count ?? 0), for: key) }
        return (bitmap, false)
    }

    /// Whether `hash` is among the last 128 parts asked for and not kept; if not, it is noted
    /// (the oldest forgotten). The caller holds ``lock``.
    private func noteUnlessRecent(_ hash: Int) -> Bool {
        guard !recent.contains(hash) else { return true }
        recent[next] = hash
        next = (next + 1) % recent.count
        return false
    }

    /// The texture for drawing the part `key` (whose bitmap is `bitmap`) through `map` over
    /// `polygon`: the kept one when it has the mip levels that draw samples, else a new one
    /// (``Texture/init(_:for:polygon:)``), kept for the next frame.
    package func texture(for key: Key, bitmap: LayerBitmap, map: Homography, polygon: ConvexPolygon) -> Texture {
        let minified = TextureChunks.isMinified(map: map, polygon: polygon)
        lock.lock()
        if let texture = entries[key]?.texture, texture.levelCount > 1 || !minified {
            lock.unlock()
            return texture
        }
        lock.unlock()
        let texture = Texture(bitmap.image, mipLevels: minified)
        lock.lock()
        defer { lock.unlock() }
        if var entry = entries[key], entry.texture == nil || !(entry.texture?.levelCount ?? 1 > 1) {
            let added = texture.texels.count * 4 - (entry.texture.map { $0.texels.count * 4 } ?? 0)
            if bytes + added <= Self.maximumBytes, entry.bytes + added <= Self.maximumPartBytes {
                entry.texture = texture
                entry.bytes += added
                bytes += added
                entries[key] = entry
            }
        }
        return texture
    }

    /// Keeps `entry` under `key`, letting the parts used longest ago go to stay within the bounds.
    private func keep(_ entry: Entry, for key: Key) {
        guard entry.bytes <= Self.maximumPartBytes else { return }
        lock.lock()
        defer { lock.unlock() }
        var entry = entry
        clock &+= 1
        entry.lastUse = clock
        if let old = entries.updateValue(entry, forKey: key) { bytes -= old.bytes }
        bytes += entry.bytes
        // Let go by index, not by key: a key holding a NaN (a colour's component) equals nothing,
        // itself included, so removing it by key would leave it, and this loop would never end.
        while entries.count > Self.maximumCount || bytes > Self.maximumBytes {
            guard let oldest = entries.indices.min(by: { entries[$0].value.lastUse < entries[$1].value.lastUse }) else { break }
            bytes -= entries[oldest].value.bytes
            entries.remove(at: oldest)
        }
    }
}

// MARK: - PartBitmaps + Placed parts

extension PartBitmaps {
    /// The most placed parts kept.
    package static let maximumPlacedCount = 8
    /// The most bytes of placed parts kept: 4 MiB.
    package static let maximumPlacedBytes = 4 << 20

    /// Everything drawing a part alone into a transparent bitmap reads (a rounded clip projected
    /// into its group's bitmap): the part, the layer's matrices and hard edges, and the bitmap's
    /// place and size. Equal placements draw equal bitmaps.
    package struct Placement: Hashable, Sendable {
        var part: Key
        var layerToPixels: Transform3D
        var pixelsToLayer: Homography?
        var antialiasedEdges: Layer.Edges
        var origin: SIMD2<Int>
        var size: SIMD2<Int>

        /// The placement of `part` of the node's layer into a transparent `size` bitmap whose
        /// top-left corner is at `origin` in scene pixels.
        package init(_ part: Key, of node: RenderNode, origin: (x: Int, y: Int), width: Int, height: Int) {
            self.part = part
            layerToPixels = node.layerToPixels
            pixelsToLayer = node.pixelsToLayer
            antialiasedEdges = node.layer.antialiasedEdges
            self.origin = SIMD2(origin.x, origin.y)
            size = SIMD2(width, height)
        }
    }

    /// The bitmap kept for `placement`, copied into `image` (which must have its size); `false`
    /// when none is kept.
    package func copyPlaced(_ placement: Placement, into image: inout RGBAImage) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let found = placed[placement], found.image.pixels.count == image.pixels.count else { return false }
        clock &+= 1
        placed[placement]?.lastUse = clock
        image.pixels.withUnsafeMutableBytes { out in
            found.image.pixels.withUnsafeBytes { kept in
                if let to = out.baseAddress, let from = kept.baseAddress { memcpy(to, from, kept.count) }
            }
        }
        return true
    }

    /// The bitmap kept for `placement`, shared (not copied: not to be drawn into), or `nil`.
    package func placedImage(_ placement: Placement) -> RGBAImage? {
        lock.lock()
        defer { lock.unlock() }
        guard let found = placed[placement] else { return nil }
        clock &+= 1
        placed[placement]?.lastUse = clock
        return found.image
    }

    /// Keeps `image`, drawn for `placement`, from the second time it is offered (among the last
    /// 16 offered and not kept): a part that moves every frame holds no memory.
    package func offerPlaced(_ image: RGBAImage, for placement: Placement) {
        let bytes = image.pixels.count
        guard bytes <= Self.maximumPlacedBytes else { return }
        lock.lock()
        defer { lock.unlock() }
        guard wasOfferedBefore(placement) else { return }
        clock &+= 1
        if let old = placed.updateValue((image, clock), forKey: placement) { placedBytes -= old.image.pixels.count }
        placedBytes += bytes
        while placed.count > Self.maximumPlacedCount || placedBytes > Self.maximumPlacedBytes {
            guard let oldest = placed.indices.min(by: { placed[$0].value.lastUse < placed[$1].value.lastUse }) else { break }
            placedBytes -= placed[oldest].value.image.pixels.count
            placed.remove(at: oldest)  // by index: see keep(_:for:)
        }
    }

    /// Whether `placement` was offered before among the last 16 offered and not kept (so that
    /// ``offerPlaced(_:for:)`` would keep it now); if not, it is noted as offered.
    package func notePlaced(_ placement: Placement) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return wasOfferedBefore(placement)
    }

    /// Whether `placement` is among the last 16 offered and not kept; if not, it is noted as
    /// offered (the oldest noted one forgotten). The caller holds ``lock``.
    private func wasOfferedBefore(_ placement: Placement) -> Bool {
        let hash = placement.hashValue
        guard recentPlaced.contains(hash) else {
            recentPlaced[nextPlaced] = hash
            nextPlaced = (nextPlaced + 1) % recentPlaced.count
            return false
        }
        return true
    }

    /// The number of placed parts and their bytes kept, for tests.
    package var keptPlaced: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (placed.count, placedBytes)
    }
}
