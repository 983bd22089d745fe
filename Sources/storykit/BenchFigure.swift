import Foundation

/// One line of `storykit bench`: a measured time beside a `memcpy` of the same frame, measured in
/// the same run, and beside the figure's goal (issue 28), so figures from noisy machines compare.
///
/// `cube frame (…): 5.10 ms  23.2× memcpy  goal 4.20 ms (1.21× goal)`: a ratio to the goal above
/// 1 is a miss. A figure may also be compared with another figure of the run (the shadow frame
/// with the cube frame).
struct BenchFigure {
    /// What was measured, with its size and parameters.
    var name: String
    /// The median time, in seconds.
    var seconds: Double
    /// The median time of a `memcpy` of the figure's frame (or image), in seconds.
    var memcpySeconds: Double
    /// The time to reach, in seconds; `nil` for figures without one.
    var goalSeconds: Double?
    /// Another figure of the same run to give a ratio to: its short name and time in seconds.
    var compared: (name: String, seconds: Double)?

    /// The figure as one line: the time in ms (µs below 1 ms), the ratios to the memcpy, the
    /// goal and the compared figure; a ratio whose denominator is not positive is left out.
    var line: String {
        var text = "\(name): \(Self.duration(seconds))"
        if memcpySeconds > 0 { text += "  \(Self.number(seconds / memcpySeconds))× memcpy" }
        if let goal = goalSeconds, goal > 0 {
            text += "  goal \(Self.duration(goal)) (\(Self.number(seconds / goal, decimals: 2))× goal)"
        }
        if let other = compared, other.seconds > 0 {
            text += "  \(Self.number(seconds / other.seconds))× the \(other.name)"
        }
        return text
    }

    /// A duration in ms with two to three significant digits, or in µs below a millisecond.
    static func duration(_ seconds: Double) -> String {
        seconds < 1e-3 ? "\(number(seconds * 1e6)) µs" : "\(number(seconds * 1e3)) ms"
    }

    /// A positive number with three significant digits (`0.123`, `4.56`, `45.6`, `456`), or
    /// `decimals` decimals when given.
    static func number(_ value: Double, decimals: Int? = nil) -> String {
        guard value.isFinite else { return "\(value)" }
        if let decimals { return String(format: "%.\(decimals)f", value) }
        return String(format: value >= 100 ? "%.0f" : (value >= 10 ? "%.1f" : "%.2f"), value)
    }
}

/// Timing helpers for the benchmarks: monotonic clock, medians.
enum Stopwatch {
    /// The median duration of `body` in seconds over `runs` runs.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The median time of one `memcpy` of `bytes` bytes between two buffers, in seconds: `runs`
    /// samples of `repeats` copies each (many copies per sample for small frames, whose copy is
    /// shorter than reading the clock).
    static func memcpy(bytes: Int, runs: Int, repeats: Int = 1) -> Double {
        let count = Swift.max(1, bytes), repeats = Swift.max(1, repeats)
        let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: count)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        defer { source.deallocate(); target.deallocate() }
        let time = median(runs: runs) {
            for _ in 0..<repeats { target.copyMemory(from: source, byteCount: count) }
        }
        precondition(target.load(fromByteOffset: count - 1, as: UInt8.self) == 0x5A)  // the copies happened
        return time / Double(repeats)
    }
}
