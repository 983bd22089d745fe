import Foundation
import StoryKit

/// The colour ramps ``GradientPainter`` tabulated for a renderer's recent frames, kept so that a
/// gradient painted again (a growing arc's stroke gradient, painted anew every frame as the arc
/// grows) does not compute its ramp again.
///
/// A ramp depends only on the gradient's colours, their locations and the number of entries
/// (``Key``), so a kept ramp is exactly the one computing it again would give. At most
/// ``maximumCount`` ramps are kept (each at most 4,096 entries, 16 KiB); when full, the ramp used
/// longest ago goes first. It also keeps a few conic gradients' colours over their rectangles
/// (``ConicField``, at most ``maximumFieldCount`` of at most 512 × 512 pixels, 1 MiB each), from
/// the second time a rectangle is painted.
///
/// Thread safety: every call takes the lock (a missing ramp is computed outside it).
package final class GradientTables: @unchecked Sendable {
    /// The most ramps kept.
    package static let maximumCount = 32

    /// What a ramp is computed from.
    package struct Key: Hashable, Sendable {
        var colors: [RGBAColor]
        var locations: [Double]?
        var count: Int
    }

    // Guarded by `lock`.
    let lock = NSLock()
    private var tables: [Key: (table: [UInt32], lastUse: UInt64)] = [:]
    var clock: UInt64 = 0
    /// Conic colour fields (``GradientTables+ConicFields``) with their last use, and the hashes
    /// of the keys last asked for and not kept.
    var fields: [ConicFieldKey: (field: ConicField, lastUse: UInt64)] = [:]
    var recentFields = [Int](repeating: 0, count: 8)
    var nextRecentField = 0

    /// An empty cache.
    package init() {}

    /// The number of ramps kept, for tests.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return tables.count
    }

    /// The ramp of `count` entries for `gradient`: the kept one, or `make()`'s, then kept.
    func table(for gradient: ColorGradient, count: Int, make: () -> [UInt32]) -> [UInt32] {
        let key = Key(colors: gradient.colors, locations: gradient.locations, count: count)
        lock.lock()
        clock &+= 1
        if let found = tables[key] {
            tables[key]?.lastUse = clock
            lock.unlock()
            return found.table
        }
        lock.unlock()
        let table = make()
        lock.lock()
        defer { lock.unlock() }
        clock &+= 1
        tables[key] = (table, clock)
        // By index, not by key: a key holding a NaN colour equals nothing, itself included.
        if tables.count > Self.maximumCount,
           let oldest = tables.indices.min(by: { tables[$0].value.lastUse < tables[$1].value.lastUse }) {
            tables.remove(at: oldest)
        }
        return table
    }
}
