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

    /// The most recent sample, or `nil` when the buffer is empty.
    var newest: TouchSample? { count == 0 ? nil : self[count - 1] }

    /// The sample at logical position `index` (0 is the oldest), `0..<count`.
    subscript(index: Int) -> TouchSample {
        get {
            let slot = physical(index)
            return withUnsafeBytes(of: slots) {
                $0.load(fromByteOffset: slot * MemoryLayout<TouchSample>.stride, as: TouchSample.self)
            }
        }
        set {
            let slot = physical(index)
            withUnsafeMutableBytes(of: &slots) {
                $0.storeBytes(of: newValue, toByteOffset: slot * MemoryLayout<TouchSample>.stride,
                              as: TouchSample.self)
            }
        }
    }

    /// Adds `sample` after the newest one, dropping the oldest when the buffer is full.
    mutating func append(_ sample: TouchSample) {
        if isFull { removeOldest() }
        count += 1
        self[count - 1] = sample
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
            self[i] = self[i - 1]
            i -= 1
        }
        self[index] = sample
    }

    /// Empties the buffer (the slots keep their stale bytes; nothing reads them).
    mutating func removeAll() {
        head = 0
        count = 0
    }

    private mutating func removeOldest() {
        head = (head + 1) % Self.capacity
        count -= 1
    }

    private func physical(_ index: Int) -> Int {
        precondition(index >= 0 && index < count, "TouchSampleBuffer index out of range")
        let slot = head + index
        return slot < Self.capacity ? slot : slot - Self.capacity
    }
}

// MARK: - TouchSampleBuffer + Hashable

extension TouchSampleBuffer: Hashable {
    /// Two buffers are equal when they hold the same samples in the same order, wherever in the
    /// ring those samples sit.
    static func == (lhs: TouchSampleBuffer, rhs: TouchSampleBuffer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for i in 0..<lhs.count where lhs[i] != rhs[i] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for i in 0..<count { hasher.combine(self[i]) }
    }
}
