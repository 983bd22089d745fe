/// Core Animation's `CAMediaTiming` model as a value: when an animation (or a group, or a layer's
/// time base) plays, how fast, how often, and what it shows outside its active period.
///
/// Time is an input, never a clock: ``localTime(forParentTime:)`` maps a time of the parent (the
/// enclosing group, or the layer) to this object's local time, so an effect can be evaluated frame
/// by frame and a scene can be told exactly what Core Animation would show. The conversion has the
/// two stages Apple's `CAMediaTiming` reference describes:
///
/// 1. **Active local time** — where the object sits on its parent's timeline and how fast it plays:
///    `t = (tParent − beginTime) · speed + timeOffset` (the formula in `CAMediaTiming.h`).
/// 2. **Basic local time** — the active duration repeats the basic ``duration``
///    (``repeatCount`` or ``repeatDuration`` times), each repetition optionally played forward then
///    backward (``autoreverses``); the result lies in `0…duration`.
///
/// Outside its active period, ``fillMode`` decides whether the object holds its first or last
/// frame or is removed from the presentation.
///
/// The behaviour pinned here, with its sources:
/// - `beginTime`, `speed`, `timeOffset`: the header formula above, Apple's `CAMediaTiming` docs.
///   `speed = 0` pauses, and the local time is then `timeOffset` whatever the parent time — the
///   "pause by speed 0, scrub by time offset" technique of Apple's Technical Q&A QA1673
///   ("How to pause the animation of a layer tree"), which an interactive transition uses to
///   drive a layer's animations from a gesture.
/// - `timeOffset` moves the playhead, not the active period: an animation of 1 s with
///   `timeOffset = 0.5` still plays for 1 s from `beginTime`, starting halfway, wrapping around to
///   the start and finishing at 0.5 (Nick Lockwood, *iOS Core Animation: Advanced Techniques*,
///   ch. 9 "Layer Time"; David Rönnqvist, "Controlling Animation Timing", ronnqvi.st).
/// - Active duration = `duration × repeatCount`, doubled when `autoreverses`; `repeatCount` 0 means
///   once, `.infinity` means forever; ``repeatDuration`` > 0 instead gives the active duration
///   directly (SMIL's `repeatDur`, on which `CAMediaTiming` is modelled). Apple calls setting both
///   undefined; here `repeatCount` wins.
/// - Fill modes: `.backwards`/`.both` show the first frame before the active period,
///   `.forwards`/`.both` the last frame after it (the end of the last iteration — 0 for a timing
///   that autoreversed); `.removed` shows nothing (`CAMediaTimingFillMode` reference; objc.io
///   issue #12, "Animations Explained").
///
/// Choices where Core Animation is silent or type-dependent, made explicit here:
/// - **Zero duration means instant**, not Core Animation's implicit 0.25 s for animations (which a
///   layer does not get — a layer's duration 0 is open-ended). Use ``defaultAnimationDuration`` to
///   ask for CA's default explicitly, and `.infinity` for an open-ended time base such as a layer.
/// - **Negative speed** plays the same active period backwards: from the parent's point of view
///   the object is active from `beginTime` for `activeDuration / |speed|` seconds, and the playhead
///   runs from the end of the active duration back to its start (with `timeOffset` still added, as
///   the header formula says). Fill follows parent time: `.backwards` fills before `beginTime`,
///   `.forwards` after the end.
///
/// Bad input never produces NaN: a NaN or infinite `speed` is 1, a NaN or infinite `timeOffset`
/// is 0, a NaN `beginTime` is 0 (±infinity is allowed: "never begins" / "always began"), a NaN or
/// negative `duration` is 0 (instant) and one beyond ``timeLimit`` is open-ended, a NaN or
/// negative `repeatCount`/`repeatDuration` is unset, and elapsed times are limited to
/// ±``timeLimit`` seconds.
///
/// ```swift
/// let pulse = MediaTiming(duration: 1, autoreverses: true)
/// pulse.localTime(forParentTime: 1.25)?.time   // 0.75: forward to 1, then 0.25 back
/// ```
public struct MediaTiming: Sendable, Hashable, Codable {
    /// When the object begins, in seconds of its parent's time (the enclosing group's local time,
    /// or the layer's). Default 0.
    public var beginTime: Double
    /// The basic duration of one iteration, in local seconds; 0 is instant and `.infinity` is
    /// open-ended (a layer's time base).
    public var duration: Double
    /// How fast local time runs relative to parent time: 2 plays twice as fast, 0 pauses, negative
    /// values play backwards. Default 1.
    public var speed: Double
    /// An offset added to the active local time, in local seconds; with `speed == 0` it *is* the
    /// local time (scrubbing). Default 0.
    public var timeOffset: Double
    /// How many times the basic duration plays; fractional values stop part-way, 0 means once,
    /// `.infinity` forever. Default 0.
    public var repeatCount: Double
    /// The active duration in local seconds when `repeatCount` is 0; 0 means unset. Default 0.
    public var repeatDuration: Double
    /// Whether each iteration plays forward and then backward. Default `false`.
    public var autoreverses: Bool
    /// What the object shows outside its active period. Default ``FillMode/removed``.
    public var fillMode: FillMode

    /// Core Animation's duration for an animation whose `duration` is 0: 0.25 seconds.
    ///
    /// `MediaTiming` treats a zero duration as instant; pass this constant to get CA's implicit
    /// default explicitly (and a bridge to `CAAnimation` must not send 0 for an instant timing).
    public static let defaultAnimationDuration: Double = 0.25

    /// The largest elapsed or offset time, in seconds, that the model computes with (about 31.7
    /// million years); larger magnitudes are clamped so arithmetic stays finite.
    public static let timeLimit: Double = 1e15

    /// Creates a timing; every parameter but `duration` defaults to Core Animation's default.
    ///
    /// - Parameters:
    ///   - beginTime: Start in parent seconds.
    ///   - duration: One iteration in local seconds (0 instant, `.infinity` open-ended).
    ///   - speed: Local seconds per parent second (0 pauses, negative plays backwards).
    ///   - timeOffset: Playhead offset in local seconds.
    ///   - repeatCount: Iterations (0 means once, `.infinity` forever).
    ///   - repeatDuration: Active duration in local seconds, used when `repeatCount` is 0.
    ///   - autoreverses: Whether each iteration plays forward then backward.
    ///   - fillMode: What shows outside the active period.
    public init(beginTime: Double = 0, duration: Double, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// What a timed object shows outside its active period, as `CAMediaTimingFillMode`.
    ///
    /// The raw values are Core Animation's constants' string values, so a bridge can write
    /// `CAMediaTimingFillMode(rawValue: fillMode.rawValue)`.
    public enum FillMode: String, Sendable, Hashable, Codable, CaseIterable {
        /// Shown only while active; removed before and after (CA's default).
        case removed
        /// Holds the last frame after the active period ends.
        case forwards
        /// Shows the first frame before the active period begins.
        case backwards
        /// Both: first frame before, last frame after.
        case both

        /// Whether the first frame is shown before the active period.
        @inlinable public var fillsBackwards: Bool { self == .backwards || self == .both }
        /// Whether the last frame is held after the active period.
        @inlinable public var fillsForwards: Bool { self == .forwards || self == .both }
    }

    // MARK: - Derived durations

    /// The length of the active period in local seconds: one iteration times the repeat count,
    /// doubled when autoreversing, or ``repeatDuration``; `.infinity` when it repeats forever or
    /// the duration is open-ended; 0 for an instant timing.
    @inlinable
    public var activeDuration: Double {
        let d = sanitizedDuration
        guard d > 0 else { return 0 }
        let count = repeatCount > 0 ? repeatCount : 1  // NaN and ≤ 0 mean once
        if !(repeatCount > 0), repeatDuration > 0 { return repeatDuration }
        return d * count * (autoreverses ? 2 : 1)
    }

    /// When the active period ends, in parent seconds: `beginTime + activeDuration / |speed|`.
    ///
    /// `.infinity` for a paused (speed 0) or never-ending timing; equal to `beginTime` for an
    /// instant one. This is where the next timing of a back-to-back sequence begins.
    @inlinable
    public var endTime: Double {
        let a = activeDuration
        let b = sanitizedBeginTime
        guard a > 0 else { return b }
        let s = Swift.abs(sanitizedSpeed)
        guard s > 0 else { return .infinity }
        let end = b + a / s
        return end.isNaN ? .infinity : end
    }

    // MARK: - Sanitised fields

    @usableFromInline var sanitizedBeginTime: Double { beginTime.isNaN ? 0 : beginTime }
    @usableFromInline var sanitizedDuration: Double {
        guard duration > 0 else { return 0 }
        return duration > Self.timeLimit ? .infinity : duration
    }
    @usableFromInline var sanitizedSpeed: Double { speed.finite(or: 1) }
    @usableFromInline var sanitizedTimeOffset: Double {
        timeOffset.finite(or: 0).clamped(to: -Self.timeLimit...Self.timeLimit)
    }
}
