/// Something that calls back once per display frame, and tells the time on the same clock:
/// the clock of the front-ends' models.
///
/// The models have no clock of their own; a front-end asks its driver for ``currentTime`` when
/// it turns a page programmatically, passes touch timestamps for gestures, and advances the
/// model to each frame's time while something settles. All three are seconds of system uptime
/// (`CACurrentMediaTime()`, `UITouch.timestamp`, `CADisplayLink.targetTimestamp` share that
/// base), so they can be mixed. Inject a fake in tests to step time by hand (after Wave's
/// `DisplayLinkProviding` and Motion's `AnimationDriver`).
@MainActor
public protocol FrameDriver: AnyObject {
    /// Now, in seconds on the frame clock (system uptime).
    var currentTime: Double { get }
    /// Whether frames are being delivered.
    var isRunning: Bool { get }
    /// Starts calling `onFrame` once per frame with the time, in seconds on the frame clock,
    /// at which that frame will be shown; replaces the callback when already running.
    func start(_ onFrame: @escaping @MainActor (_ time: Double) -> Void)
    /// Stops the callbacks (and lets go of the callback); does nothing when stopped.
    func stop()
}

extension FrameDriver {
    /// Keeps the frame callbacks running exactly while `needed`: starts them with `onFrame` when
    /// needed and stopped, stops them when not needed (a running driver keeps its callback).
    ///
    /// - Parameters:
    ///   - needed: Whether something is moving on its own (a settle).
    ///   - onFrame: The callback to start with, given each frame's time in seconds.
    public func run(if needed: Bool, _ onFrame: @escaping @MainActor (_ time: Double) -> Void) {
        if needed {
            if !isRunning { start(onFrame) }
        } else if isRunning {
            stop()
        }
    }
}
