/// Estimates a finger's velocity from timestamped touch samples, for handing to a spring or a
/// decay when the finger lifts.
///
/// Feed it every touch sample of a drag with ``add(time:position:)``; when the finger lifts, ask
/// ``velocity(at:)`` for the velocity in points per second (a ``Point`` used as a 2D vector). This
/// is the number `UIPanGestureRecognizer.velocity(in:)` gives a UIKit front-end, computed here from
/// the model's own samples so that it is deterministic and the same on every platform.
///
/// The estimate follows Android's `VelocityTracker` (the default `LSQ2` strategy in
/// `frameworks/native/libs/input/VelocityTracker.cpp`) and Flutter's `VelocityTracker`
/// (`packages/flutter/lib/src/gestures/velocity_tracker.dart` with its `LeastSquaresSolver`):
/// a least-squares polynomial is fitted, per axis, to the samples of the last 100 ms of
/// continuous motion (at most 20), and the velocity is that polynomial's derivative at the newest
/// sample. A gap of more than 40 ms between samples, or between the newest sample and the release,
/// means the finger stopped. See ``Configuration`` for each number and why it is the default.
///
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.add(time: 0.000, position: Point(x: 100, y: 400))
/// tracker.add(time: 0.008, position: Point(x: 110, y: 400))
/// tracker.add(time: 0.016, position: Point(x: 120, y: 400))
/// let velocity = tracker.velocity(at: 0.020)   // ≈ Point(x: 1250, y: 0) points per second
/// ```
///
/// Bad input never crashes and never makes the velocity NaN: samples with a NaN or infinite time
/// or coordinate are ignored, repeated times keep the latest position, late samples are put in
/// time order, and a time far in the past starts a new gesture (see ``add(_:)``).
///
/// The tracker is a value with a fixed inline history of 20 samples: neither ``add(_:)`` nor
/// ``velocity(at:)`` allocates, so both can run on every touch event.
public struct VelocityTracker: Sendable, Hashable {
    /// The numbers that shape the estimate.
    public let configuration: Configuration
    /// The samples, oldest first, at most ``sampleCapacity``.
    var samples = TouchSampleBuffer()

    /// Creates an empty tracker.
    ///
    /// - Parameter configuration: The horizon, stop gap, sample count, polynomial and speed
    ///   limit; the defaults match Android and Flutter.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The most samples a tracker holds, 20 (Android's `HISTORY_SIZE`, Flutter's `_historySize`);
    /// when another arrives, the oldest is dropped.
    public static let sampleCapacity = TouchSampleBuffer.capacity

    /// The number of samples held, `0...20` (samples beyond the horizon included).
    public var sampleCount: Int { samples.count }

    /// The most recent sample in time, or `nil` when the tracker is empty.
    public var newestSample: TouchSample? { samples.withSamples(\.newest) }

    /// Records where the finger was at `time`.
    ///
    /// - Parameters:
    ///   - time: The instant of the sample, in seconds on a monotonic clock.
    ///   - position: The finger's location at that instant, in points.
    public mutating func add(time: Double, position: Point) {
        add(TouchSample(time: time, position: position))
    }

    /// Records a touch sample.
    ///
    /// Samples normally arrive in time order and are simply appended; the oldest of 20 is dropped.
    /// Other input is handled so that the estimate stays meaningful:
    /// - A sample with a NaN or infinite time or coordinate is ignored.
    /// - A sample within a nanosecond of a stored one replaces it: the latest report for an instant
    ///   wins, as in Android, which rewrites a movement reported twice for the same event time.
    /// - A late sample (older than the newest) within ``Configuration/horizon`` of the newest is
    ///   inserted in time order, so out-of-order delivery gives the same velocity as in-order
    ///   delivery; if the history is full and the late sample would be its oldest, it is dropped.
    /// - A sample older than the newest by more than the horizon cannot belong to this motion: the
    ///   clock was reset or a new gesture began with the tracker reused, so the history is cleared
    ///   and the sample starts it again.
    ///
    /// - Parameter sample: The time (seconds) and position (points) of the finger.
    public mutating func add(_ sample: TouchSample) {
        guard sample.isFinite else { return }
        guard samples.count > 0 else {
            samples.append(sample)
            return
        }
        let newest = samples.sample(at: samples.count - 1)
        let tolerance = Self.sameInstantTolerance
        if sample.time > newest.time + tolerance {
            samples.append(sample)
        } else if sample.time >= newest.time - tolerance {
            samples.replace(at: samples.count - 1, with: sample)
        } else if newest.time - sample.time > configuration.horizon {
            samples.removeAll()
            samples.append(sample)
        } else {
            insertLate(sample)
        }
    }

    /// Forgets every sample, as at the start of a new gesture.
    public mutating func reset() {
        samples.removeAll()
    }

    /// Times closer than this, in seconds, are the same instant (one nanosecond: far below any
    /// touch sampling interval, far above the rounding of a `CACurrentMediaTime()` value).
    static let sameInstantTolerance = 1e-9

    /// Puts a sample older than the newest one at its place in time.
    private mutating func insertLate(_ sample: TouchSample) {
        let tolerance = Self.sameInstantTolerance
        var index = samples.count - 1
        while index >= 0 {
            let time = samples.sample(at: index).time
            if time < sample.time - tolerance { break }
            if time <= sample.time + tolerance {
                samples.replace(at: index, with: sample)
                return
            }
            index -= 1
        }
        samples.insert(sample, at: index + 1)
    }
}

// MARK: - VelocityTracker + Configuration

extension VelocityTracker {
    /// The polynomial fitted to the recent samples of each axis.
    public enum Fit: String, Sendable, Hashable, Codable, CaseIterable {
        /// A straight line: the average velocity over the samples used (Android `LSQ1`).
        ///
        /// Least noisy (±2 pt of jitter at 60 Hz gives a spread of about 1.3 % on a 1000 pt/s
        /// drag), but it lags a flick that accelerates into the release by half the acceleration
        /// times the span of the samples: `a · 0.05 s` with the default horizon.
        case linear
        /// A parabola: follows the acceleration of a flick, so its derivative at the newest
        /// sample is the speed at release, exactly for constant acceleration.
        ///
        /// The default, as in Android (`LSQ2`) and Flutter (`LeastSquaresSolver.solve(2)`), whose
        /// flicks people's hands are trained on: a flick speeds up until the finger lifts, and a
        /// line would report it slower than it felt. The price is noise: ±2 pt of jitter at 60 Hz
        /// spreads the estimate by about 4.7 % (3.9 % at 120 Hz).
        case quadratic
    }

    /// The numbers that shape a ``VelocityTracker``'s estimate, each defaulting to Android's and
    /// Flutter's value.
    ///
    /// Invalid values never reach the estimate: a NaN or non-positive duration or speed takes the
    /// default, and the sample count is clamped to `2...20`. Infinite durations and speeds are
    /// allowed and switch the corresponding rule off.
    public struct Configuration: Sendable, Hashable, Codable {
        /// How far back from the newest sample the fit looks, in seconds; default 0.1 (100 ms,
        /// Android's `HORIZON` and Flutter's `_horizonMilliseconds`).
        public let horizon: Double
        /// The longest pause between samples, in seconds, that still counts as continuous motion;
        /// default 0.04 (40 ms, Android's `ASSUME_POINTER_STOPPED_TIME`, Flutter's
        /// `_assumePointerMoveStoppedMilliseconds`).
        ///
        /// Samples before a longer pause are ignored, and a release later than this after the
        /// newest sample gives zero velocity: touch hardware reports every 4–17 ms while the
        /// finger moves, so silence means it stopped.
        public let assumeStoppedGap: Double
        /// The most samples the fit uses, newest first, `2...20`; default 20 (Android's
        /// `HISTORY_SIZE`, Flutter's `_historySize`).
        public let maximumSampleCount: Int
        /// The polynomial fitted to each axis; default ``Fit/quadratic``.
        public let fit: Fit
        /// The largest speed reported, in points per second; default 8000 (Flutter's
        /// `kMaxFlingVelocity`, in logical pixels, which are points).
        ///
        /// A faster estimate keeps its direction and is scaled down to this length, so a diagonal
        /// flick stays diagonal (Flutter's `Velocity.clampMagnitude`; Android clamps each axis).
        public let maximumSpeed: Double

        /// The default horizon, 0.1 s.
        public static let defaultHorizon = 0.1
        /// The default stop gap, 0.04 s.
        public static let defaultAssumeStoppedGap = 0.04
        /// The default speed limit, 8000 points per second.
        public static let defaultMaximumSpeed = 8000.0

        /// Creates a configuration, replacing invalid values by the defaults.
        ///
        /// - Parameters:
        ///   - horizon: Seconds of history used, > 0 (NaN or ≤ 0 → 0.1; infinity uses every sample).
        ///   - assumeStoppedGap: Seconds of silence meaning the finger stopped, > 0 (NaN or ≤ 0 →
        ///     0.04; infinity never assumes a stop).
        ///   - maximumSampleCount: Samples used at most, clamped to `2...20`.
        ///   - fit: The polynomial fitted per axis.
        ///   - maximumSpeed: The speed limit in points per second, > 0 (NaN or ≤ 0 → 8000;
        ///     infinity does not clamp).
        public init(
            horizon: Double = defaultHorizon,
            assumeStoppedGap: Double = defaultAssumeStoppedGap,
            maximumSampleCount: Int = VelocityTracker.sampleCapacity,
            fit: Fit = .quadratic,
            maximumSpeed: Double = defaultMaximumSpeed
        ) {
            self.horizon = horizon > 0 ? horizon : Self.defaultHorizon
            self.assumeStoppedGap = assumeStoppedGap > 0 ? assumeStoppedGap : Self.defaultAssumeStoppedGap
            self.maximumSampleCount = Swift.min(Swift.max(maximumSampleCount, 2), VelocityTracker.sampleCapacity)
            self.fit = fit
            self.maximumSpeed = maximumSpeed > 0 ? maximumSpeed : Self.defaultMaximumSpeed
        }

        private enum CodingKeys: String, CodingKey {
            case horizon, assumeStoppedGap, maximumSampleCount, fit, maximumSpeed
        }

        /// Decodes a configuration, replacing invalid values by the defaults as ``init(horizon:assumeStoppedGap:maximumSampleCount:fit:maximumSpeed:)`` does.
        ///
        /// - Parameter decoder: The decoder to read from.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                horizon: try c.decode(Double.self, forKey: .horizon),
                assumeStoppedGap: try c.decode(Double.self, forKey: .assumeStoppedGap),
                maximumSampleCount: try c.decode(Int.self, forKey: .maximumSampleCount),
                fit: try c.decode(Fit.self, forKey: .fit),
                maximumSpeed: try c.decode(Double.self, forKey: .maximumSpeed)
            )
        }
    }
}
