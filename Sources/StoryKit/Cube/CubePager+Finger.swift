import MotionCore

// MARK: - CubePager + Finger

extension CubePager {
    /// The track the finger turns the cube along, made from the current page width, page count
    /// and rubber-band constant (so a resize mid-drag takes effect at the next move).
    var dragTrack: DragTrack {
        var track = DragTrack(pageWidth: pageSize.width, lastIndex: lastIndex, rubberBandConstant: configuration.rubberBandConstant)
        track.forward = configuration.layoutDirection.sign
        return track
    }

    /// The finger's horizontal velocity as cube velocity, in pages per second (unscaled by the
    /// rubber band): moving left turns toward later pages (moving right under right to left).
    func fingerVelocity(at time: Double?) -> Double {
        (-configuration.layoutDirection.sign * tracker.velocity(at: time).x / pageSize.width).finite(or: 0)
    }

    /// The time of a release: `time` when finite, else the newest sample's, else 0.
    func lastTime(_ time: Double) -> Double {
        time.isFinite ? time : (tracker.newestSample?.time ?? 0)
    }
}
