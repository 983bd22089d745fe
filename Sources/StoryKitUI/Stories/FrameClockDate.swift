// MARK: - FrameClockDate

/// Dates on the frame clock: the one reading of the wall clock that ties the ``FrameDriver``'s
/// time (seconds of system uptime, `CACurrentMediaTime()`) to seconds since 1970, so a front-end
/// keeps a single clock and still shows a post's age ("2h").
///
/// Read the wall clock once, when the front-end is made; every later date is the frame time plus
/// that offset, so a frame's ages and its progress come from the same instant.
package struct FrameClockDate: Sendable, Hashable {
    /// Seconds since 1970 minus seconds on the frame clock, at the moment both were read.
    package var offset: Double

    /// The tie between `secondsSince1970` (`Date().timeIntervalSince1970`) and `frameTime`
    /// (the driver's ``FrameDriver/currentTime``), read together.
    package init(secondsSince1970: Double, frameTime: Double) {
        let offset = secondsSince1970 - frameTime
        self.offset = offset.isFinite ? offset : 0
    }

    /// Seconds since 1970 at `frameTime` seconds on the frame clock.
    package func secondsSince1970(atFrameTime frameTime: Double) -> Double {
        frameTime + offset
    }
}
