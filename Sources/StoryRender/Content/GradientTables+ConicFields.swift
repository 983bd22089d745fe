import StoryKit

// MARK: - GradientTables + Conic colour fields

extension GradientTables {
    /// The most conic colour fields kept.
    package static let maximumFieldCount = 4

    /// What a conic gradient's colours over a rectangle of pixels are computed from: the ramp
    /// (the gradient's colours, locations and entry count), the centre and start angle, and the
    /// rectangle (``GradientPainter/ConicPlace``). Equal keys give equal colours.
    package struct ConicFieldKey: Hashable, Sendable {
        var colors: [RGBAColor]
        var locations: [Double]?
        var count: Int
        var cx: Double, cy: Double, startAngle: Double
        var x0: Int, y0: Int, width: Int, height: Int

        /// Whether every number in the key is finite, so that the key equals itself (a NaN
        /// would not, and could be neither found nor let go).
        var isFinite: Bool {
            cx.isFinite && cy.isFinite && startAngle.isFinite && (locations?.allSatisfy(\.isFinite) ?? true)
                && colors.allSatisfy { $0.red.isFinite && $0.green.isFinite && $0.blue.isFinite && $0.alpha.isFinite }
        }
    }

    /// A conic gradient's colour at every pixel of a rectangle (``ConicFieldKey``), premultiplied
    /// and packed as the ramp's entries, row by row: a growing arc's stroke gradient painted
    /// every frame looks its colours up instead of taking an angle per pixel.
    package struct ConicField: Sendable {
        /// The rectangle's top-left pixel and size, in the pixels of the key.
        var x0: Int, y0: Int, width: Int, height: Int
        /// `width × height` colours.
        var colors: [UInt32]
    }

    /// The colours kept for `key`, or `make()`'s when the key was asked for before among the
    /// last 8 asked for and not kept (then kept, the field used longest ago going first beyond
    /// ``maximumFieldCount``); `nil` the first time (a gradient painted once is painted as before,
    /// without the cost of the whole rectangle's colours), and always for a key with a number that
    /// is not finite.
    func conicField(_ key: ConicFieldKey, make: () -> ConicField?) -> ConicField? {
        guard key.isFinite else { return nil }
        lock.lock()
        clock &+= 1
        if let index = fields.index(forKey: key) {
            fields.values[index].lastUse = clock
            let found = fields.values[index].field
            lock.unlock()
            return found
        }
        let hash = key.hashValue
        guard recentFields.contains(hash) else {
            recentFields[nextRecentField] = hash
            nextRecentField = (nextRecentField + 1) % recentFields.count
            lock.unlock()
            return nil
        }
        lock.unlock()
        guard let field = make() else { return nil }
        lock.lock()
        defer { lock.unlock() }
        clock &+= 1
        fields[key] = (field, clock)
        // Let go by index, not by key: bounded whatever the keys compare like.
        while fields.count > Self.maximumFieldCount,
              let oldest = fields.indices.min(by: { fields[$0].value.lastUse < fields[$1].value.lastUse }) {
            fields.remove(at: oldest)
        }
        return field
    }

    /// The number of conic colour fields kept, for tests.
    package var fieldCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return fields.count
    }
}
