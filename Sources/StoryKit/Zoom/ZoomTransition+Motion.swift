import MotionCore
import RealModule

// MARK: - ZoomTransition + Motion

extension ZoomTransition {
    /// Seconds a fade (Reduce Motion's cross-fade, a close without a source) takes.
    public static let fadeDuration = 0.25
    /// The distance (points) and speed (points per second) within which a settling mask counts
    /// as at rest.
    public static let settleTolerance = 0.01
    /// The longest a settle runs, in seconds, before the model calls it at rest.
    public static let settleLimit = 10.0

    /// Seconds from the start of an open (`presenting`) or of a close from rest until the model
    /// reports it finished with ``Event/finished(presented:)``: the spring's settling time from
    /// one end of ``geometry`` to the other (within ``settleTolerance``, at most
    /// ``settleLimit``), or ``fadeDuration`` for a cross-fade (Reduce Motion) or a close without a
    /// source. What a host tells an animation running beside the zoom (UIKit's
    /// `transitionDuration(using:)`, which moves the navigation bar).
    ///
    /// - Parameter presenting: `true` for the open, `false` for the close into
    ///   ``Geometry/source``.
    /// - Returns: Seconds, ≥ 0.
    public func settlingDuration(presenting: Bool) -> Double {
        var model = ZoomTransition(geometry: geometry, configuration: configuration, presented: !presenting, time: 0)
        if presenting { model.open(time: 0) } else { model.close(time: 0, source: geometry.source) }
        switch model.phase {
        case let .settling(motion, _, _, _): return Swift.min(motion.settlingDuration(tolerance: Self.settleTolerance), Self.settleLimit)
        case .fading, .crossFading: return Self.fadeDuration
        case .rest, .dragging: return 0
        }
    }

    /// The mask at `time` in the current phase, in the container's points.
    public func mask(at time: Double) -> Rect {
        let time = time.isFinite ? time : self.time
        switch phase {
        case .rest(let presented):
            return presented ? geometry.destination : geometry.source
        case let .settling(motion, start, _, _):
            return Self.boundedOvershoot(motion.value(at: Swift.max(time - start, 0)), from: motion.from, to: motion.to)
        case let .dragging(_, _, _, mask, _):
            return mask
        case let .fading(from, start):
            return Self.shrunk(from, by: 1 - 0.4 * Self.fade(time - start))
        case .crossFading:
            return geometry.destination
        }
    }

    /// The mask's velocity at `time`, per second (x, y, width, height).
    public func maskVelocity(at time: Double) -> Rect {
        switch phase {
        case let .settling(motion, start, _, _): motion.velocity(at: Swift.max(time - start, 0))
        case .dragging: dragVelocity()
        default: .zero
        }
    }

    /// The eased fraction of a fade `elapsed` seconds in, 0…1.
    static func fade(_ elapsed: Double) -> Double {
        guard elapsed.isFinite else { return elapsed > 0 ? 1 : 0 }
        return TimingCurve.easeOut.value(at: Swift.min(Swift.max(elapsed / fadeDuration, 0), 1))
    }

    /// A mask sampled from a bouncy spring, its size kept positive and its aspect near the
    /// target's: where a side shrinking onto its target would overshoot below it, the overshoot
    /// is taken in proportion instead of in points.
    ///
    /// A side going from `f` to `t < f` is `f + (t − f)·p` for the spring's progress `p`; past
    /// the target (`p > 1`) it becomes `t·(t / f)^(p − 1)`, which is `t` at `p = 1`, shrinks by
    /// the same ratio per unit of overshoot as the whole travel did, and never reaches 0. Both
    /// sides of a rect closing into a small cell then dip by nearly the same factor (a 390 × 844
    /// detail into a 10 × 10 cell with damping 0.5: about 5.6 × 4.9 pt at the deepest, where the
    /// linear overshoot gave −52 pt). The centre is the spring's. Sides growing, or without a
    /// usable start or target, are only kept at 0 or above.
    static func boundedOvershoot(_ rect: Rect, from: Rect, to: Rect) -> Rect {
        func side(_ value: Double, from f: Double, to t: Double) -> Double {
            guard value.isFinite else { return Swift.max(t, 0) }
            guard f.isFinite, t.isFinite, t > 0, f > t, value < t else { return Swift.max(value, 0) }
            let p = (value - f) / (t - f)   // > 1 here
            let bounded = t * Double.pow(t / f, p - 1)
            return bounded.isFinite ? Swift.max(bounded, 0) : 0
        }
        // The signed sides: `Rect.width` folds a negative overshoot back to positive.
        let width = side(rect.size.width, from: from.width, to: to.width)
        let height = side(rect.size.height, from: from.height, to: to.height)
        let midX = rect.midX.isFinite ? rect.midX : to.midX, midY = rect.midY.isFinite ? rect.midY : to.midY
        return Rect(x: midX - width / 2, y: midY - height / 2, width: width, height: height)
    }

    /// `rect` scaled by `scale` about its centre.
    static func shrunk(_ rect: Rect, by scale: Double) -> Rect {
        let width = rect.width * scale, height = rect.height * scale
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }

    /// Opens (grid → detail) from wherever the mask is, keeping its velocity.
    ///
    /// - Returns: ``Event/began`` (or nothing if already presented or opening).
    @discardableResult
    public mutating func open(time: Double) -> [Event] {
        let now = accept(time)
        var events = advance(to: now)
        switch phase {
        case .rest(true), .settling(_, _, true, _), .crossFading(_, true, _): return events
        default: break
        }
        if case .rest(false) = phase { events.append(.began) }
        settle(presenting: true, cancelling: false, at: now)
        return events
    }

    /// Closes (detail → grid) into `source`, the cell's frame asked for again now (the grid may
    /// have scrolled); `nil` — the cell is gone — closes with a fade and shrink in place.
    ///
    /// - Returns: ``Event/began`` (or nothing if already closed or closing).
    @discardableResult
    public mutating func close(time: Double, source: Rect?) -> [Event] {
        let now = accept(time)
        var events = advance(to: now)
        switch phase {
        case .rest(false), .settling(_, _, false, _), .fading, .crossFading(_, false, _): return events
        default: break
        }
        if case .rest(true) = phase { events.append(.began) }
        closeOrFade(source, at: now)
        return events
    }

    /// Moves the clock to `time`.
    ///
    /// - Returns: ``Event/finished(presented:)`` or ``Event/cancelled`` when a move ends.
    @discardableResult
    public mutating func advance(to time: Double) -> [Event] {
        let now = accept(time)
        switch phase {
        case let .settling(motion, start, presenting, cancelling)
            where motion.isSettled(at: now - start, tolerance: Self.settleTolerance) || now - start > Self.settleLimit:
            phase = .rest(presented: presenting)
            return [cancelling ? .cancelled : .finished(presented: presenting)]
        case let .fading(_, start) where now - start >= Self.fadeDuration:
            phase = .rest(presented: false)
            return [.finished(presented: false)]
        case let .crossFading(start, presenting, _) where now - start >= Self.fadeDuration:
            phase = .rest(presented: presenting)
            return [.finished(presented: presenting)]
        default:
            return []
        }
    }

    /// Starts the spring (or the cross-fade) towards the detail or the cell from the mask's
    /// current frame and velocity.
    mutating func settle(presenting: Bool, cancelling: Bool, at time: Double, velocity: Rect? = nil) {
        if configuration.reduceMotion {
            phase = .crossFading(start: time, presenting: presenting, from: frame(at: time).openness)
            return
        }
        let from = mask(at: time), speed = velocity ?? maskVelocity(at: time)
        let target = presenting ? geometry.destination : geometry.source
        phase = .settling(SpringMotion(spring: configuration.spring, from: from, to: target, initialVelocity: speed),
                          start: time, presenting: presenting, cancelling: cancelling)
    }

    /// Closes into `source`, or fades if it is nil or empty.
    mutating func closeOrFade(_ source: Rect?, at time: Double, velocity: Rect? = nil) {
        guard let source, source.width > 0, source.height > 0, source.minX.isFinite, source.minY.isFinite else {
            phase = configuration.reduceMotion ? .crossFading(start: time, presenting: false, from: frame(at: time).openness)
                : .fading(from: mask(at: time), start: time)
            return
        }
        geometry.source = Geometry.clean(source)
        settle(presenting: false, cancelling: false, at: time, velocity: velocity)
    }
}
