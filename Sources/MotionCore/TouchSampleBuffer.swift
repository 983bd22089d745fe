/// A fixed-capacity ring of touch samples kept in time order, stored inline (no heap).
///
/// ``VelocityTracker`` keeps its history here. The twenty slots live in a homogeneous tuple, which
/// Swift lays out contiguously like a C array, so the buffer is a plain value: copying the tracker
/// copies the samples, and neither adding a sample nor estimating a velocity allocates.
/// (`InlineArray` would say this more directly but needs iOS 26 / macOS 26.)
///
/// Logical index 0 is the oldest sample and `count - 1` the newest; the caller keeps the order.
struct TouchSampleBuffer: Sendable {
    /// How many samples the buffer holds: Android's and Flutter's history size.
    static let capacity = 20

    private typealias Slots = (
        TouchSample, TouchSample, TouchSample, TouchSample, TouchSample,
        TouchSample, TouchSample, TouchSample, TouchSample, TouchSample,
        TouchSample, TouchSample, TouchSample, TouchSample, TouchSample,
        TouchSample, TouchSample, TouchSample, TouchSample, TouchSample
    )

    private static let empty = TouchSample(time: 0, position: .zero)

    private var slots: Slots = (
        empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
        empty, empty, empty, empty, empty, empty, empty, empty, empty, empty
    )
    /// The physical slot of the oldest sample.
    private var head = 0
    /// How many slots hold samples, `0...capacity`.
    private(set) var count = 0

    /// Creates an empty buffer.
    init() {}

    /// `true` when every slot holds a sample.
    var isFull: Bool { count == Self.capacity }

    /// A read-only view of the samples in time order, valid inside ``withSamples(_:)``.
    struct Samples {
        fileprivate let base: UnsafePointer<TouchSample>
        fileprivate let head: Int
        /// How many samples there are.
        let count: Int

        /// The sample at logical position `index` (0 is the oldest), `0..<count`.
        subscript(index: Int) -> TouchSample {
            precondition(index >= 0 && index < count, "TouchSampleBuffer index out of range")
            return base[TouchSampleBuffer.slot(head: head, index: index)]
        }

        /// The most recent sample, or `nil` when there is none.
        var newest: TouchSample? { count == 0 ? nil : self[count - 1] }
    }

    /// Calls `body` with the samples in time order.
    ///
    /// Reading a tuple through a pointer copies it once (a non-mutating method has no address for
    /// it), so bulk reads come here: one 480-byte copy, then plain loads. Reading each sample
    /// through its own pointer access would copy the storage once per sample.
    func withSamples<Result>(_ body: (Samples) -> Result) -> Result {
        withUnsafePointer(to: slots) { tuple in
            tuple.withMemoryRebound(to: TouchSample.self, capacity: Self.capacity) {
                body(Samples(base: $0, head: head, count: count))
            }
        }
    }

    /// The sample at logical position `index` (0 is the oldest), `0..<count`, read in place.
    ///
    /// Mutating only so that the read has the storage's address and copies nothing.
    mutating func sample(at index: Int) -> TouchSample {
        let slot = physicalSlot(index)
        return withUnsafeMutablePointer(to: &slots) {
            $0.withMemoryRebound(to: TouchSample.self, capacity: Self.capacity) { $0[slot] }
        }
    }

    /// Overwrites the sample at logical position `index`, `0..<count`.
    mutating func replace(at index: Int, with sample: TouchSample) {
        let slot = physicalSlot(index)
        withUnsafeMutablePointer(to: &slots) {
            $0.withMemoryRebound(to: TouchSample.self, capacity: Self.capacity) { $0[slot] = sample }
        }
    }

    /// Adds `sample` after the newest one, dropping the oldest when the buffer is full.
    mutating func append(_ sample: TouchSample) {
        if isFull { removeOldest() }
        count += 1
        replace(at: count - 1, with: sample)
    }

    /// Inserts `sample` at logical position `index` (`0...count`), shifting newer samples up.
    ///
    /// When the buffer is full the oldest sample makes room; a sample that would itself be the
    /// oldest of a full buffer is dropped instead.
    mutating func insert(_ sample: TouchSample, at index: Int) {
        var index = index
        if isFull {
            guard index > 0 else { return }
            removeOldest()
            index -= 1
        }
        count += 1
        var i = count - 1
        while i > index {
            replace(at: i, with: self.sample(at: i - 1))
            i -= 1
        }
        replace(at: index, with: sample)
    }

    /// Empties the buffer (the slots keep their stale bytes; nothing reads them).
    mutating func removeAll() {
        head = 0
        count = 0
    }

    private mutating func removeOldest() {
        head = Self.slot(head: head, index: 1)
        count -= 1
    }

    private func physicalSlot(_ index: Int) -> Int {
        precondition(index >= 0 && index < count, "TouchSampleBuffer index out of range")
        return Self.slot(head: head, index: index)
    }

    /// The physical slot of logical position `index` when the oldest sample is in slot `head`.
    fileprivate static func slot(head: Int, index: Int) -> Int {
        let slot = head + index
        return slot < capacity ? slot : slot - capacity
    }
}

// MARK: - TouchSampleBuffer + Hashable

extension TouchSampleBuffer: Hashable {
    /// Two buffers are equal when they hold the same samples in the same order, wherever in the
    /// ring those samples sit.
    static func == (lhs: TouchSampleBuffer, rhs: TouchSampleBuffer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withSamples { l in
            rhs.withSamples { r in (0..<l.count).allSatisfy { l[$0] == r[$0] } }
        }
    }

    func hash(into hasher: inout Hasher) {
        withSamples { samples in
            hasher.combine(samples.count)
            for i in 0..<samples.count { hasher.combine(samples[i]) }
        }
    }
}
