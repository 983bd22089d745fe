import MotionCore

// MARK: - CubePager + Drag geometry

extension CubePager {
    /// The finger's horizontal velocity as cube velocity, in pages per second (unscaled by the
    /// rubber band): moving left turns toward later pages.
    func fingerVelocity(at time: Double?) -> Double {
        (-tracker.velocity(at: time).x / pageSize.width).finite(or: 0)
    }

    /// The time of a release: `time` when finite, else the newest sample's, else 0.
    func lastTime(_ time: Double) -> Double {
        time.isFinite ? time : (tracker.newestSample?.time ?? 0)
    }

    /// The position the finger asks for, before stops and rubber band, in pages.
    func rawPosition(of touch: Touch) -> Double {
        (touch.startRawPosition - (touch.latest.x - touch.anchorX) / pageSize.width).finite(or: touch.startRawPosition)
    }

    /// The range a gesture from `startPage` may turn through without resistance: one page either
    /// way, unbounded toward a missing page (the rubber band limits it there).
    func freeRange(startPage: Int) -> ClosedRange<Double> {
        (startPage > 0 ? Double(startPage - 1) : -Double.infinity)
            ... (startPage < lastIndex ? Double(startPage + 1) : Double.infinity)
    }

    /// The visible position for a raw one: clamped to start page ± 1, rubber-banded past the ends.
    func visiblePosition(raw: Double, startPage: Int) -> Double {
        let range = freeRange(startPage: startPage)
        let r = Swift.min(Swift.max(raw, range.lowerBound), range.upperBound)
        let width = pageSize.width, last = Double(lastIndex), c = configuration.rubberBandConstant
        if r < 0 { return -RubberBand.offset(-r * width, dimension: width, constant: c) / width }
        if r > last { return last + RubberBand.offset((r - last) * width, dimension: width, constant: c) / width }
        return r
    }

    /// d(visible)/d(raw) at `raw`: 1 inside, the rubber band's slope past an end, 0 at a stop.
    func slope(raw: Double, startPage: Int) -> Double {
        let range = freeRange(startPage: startPage)
        guard range.contains(raw) else { return 0 }
        let width = pageSize.width, last = Double(lastIndex), c = configuration.rubberBandConstant
        if raw < 0 { return RubberBand.slope(atOvershoot: -raw * width, dimension: width, constant: c) }
        if raw > last { return RubberBand.slope(atOvershoot: (raw - last) * width, dimension: width, constant: c) }
        return 1
    }

    /// The raw position that shows `visible`: the rubber band undone past the ends.
    func rawPosition(forVisible visible: Double) -> Double {
        let width = pageSize.width, last = Double(lastIndex), c = configuration.rubberBandConstant
        if visible < 0 { return -RubberBand.overshoot(forOffset: -visible * width, dimension: width, constant: c) / width }
        if visible > last { return last + RubberBand.overshoot(forOffset: (visible - last) * width, dimension: width, constant: c) / width }
        return visible
    }
}
