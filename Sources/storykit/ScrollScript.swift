import Foundation
import StoryKit

/// A scroll offset over time: keyframes `(time, offset)` with an easing into each, played by the
/// same ``ScrollKeyframes`` the header's model is made of (keyed by time here). What
/// `storykit render profile --scroll FILE` reads and the reel's profile clip plays.
///
/// ```json
/// {"keyframes": [{"time": 0, "offset": 0}, {"time": 0.6, "offset": -140, "curve": "easeOut"},
///                {"time": 1.2, "offset": 0, "curve": "easeInEaseOut"}, {"time": 3, "offset": 600}]}
/// ```
struct ScrollScript: Codable, Sendable, Hashable {
    /// One offset at one time.
    struct Keyframe: Codable, Sendable, Hashable {
        /// Seconds from the start.
        var time: Double
        /// The scroll offset from rest, in points (negative: pulled down).
        var offset: Double
        /// The easing from the previous keyframe: linear, easeIn, easeOut or easeInEaseOut.
        var curve: String?
    }

    /// The keyframes, in increasing time.
    var keyframes: [Keyframe]

    /// The easing names a keyframe may give.
    static let curves: [String: TimingCurve] = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut]

    /// A linear sweep from `from` to `to` over `duration` seconds (`--offsets "-120...600"`).
    static func sweep(from: Double, to: Double, duration: Double) -> ScrollScript {
        ScrollScript(keyframes: [Keyframe(time: 0, offset: from), Keyframe(time: duration, offset: to)])
    }

    /// `--offsets A...B`: two finite numbers of points.
    static func range(_ text: String) throws -> (Double, Double) {
        let parts = text.components(separatedBy: "...")
        guard parts.count == 2, let a = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let b = Double(parts[1].trimmingCharacters(in: .whitespaces)), a.isFinite, b.isFinite,
              abs(a) <= 1e6, abs(b) <= 1e6 else {
            throw CLIError("--offsets must be FROM...TO in points within ±1000000 (e.g. -120...600), got \"\(text)\"")
        }
        return (a, b)
    }

    /// Checks the script: at least one keyframe, finite values, times from 0 increasing, known curves.
    ///
    /// - Throws: ``CLIError`` naming the keyframe.
    func validated(source: String) throws -> ScrollScript {
        guard !keyframes.isEmpty else { throw CLIError("\(source): a scroll script needs at least one keyframe") }
        var last = -Double.infinity
        for (index, key) in keyframes.enumerated() {
            guard key.time.isFinite, key.offset.isFinite, key.time >= 0, key.time <= 600, abs(key.offset) <= 1e6 else {
                throw CLIError("\(source): keyframe \(index): time must be 0…600 s and offset within ±1000000 pt, got \(key.time), \(key.offset)")
            }
            guard key.time >= last else { throw CLIError("\(source): keyframe \(index): time \(key.time) goes back from \(last)") }
            if let curve = key.curve, Self.curves[curve] == nil {
                throw CLIError("\(source): keyframe \(index): unknown curve \"\(curve)\" (linear, easeIn, easeOut, easeInEaseOut)")
            }
            last = key.time
        }
        return self
    }

    /// The track: offset by time.
    var track: ScrollKeyframes<Double> {
        ScrollKeyframes(keyframes.map { .init(offset: $0.time, value: $0.offset, curve: $0.curve.flatMap { Self.curves[$0] } ?? .linear) },
                        fallback: 0)
    }

    /// The last keyframe's time, in seconds.
    var duration: Double { keyframes.last?.time ?? 0 }
}
