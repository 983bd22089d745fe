#if canImport(UIKit)
import QuartzCore
import UIKit

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

/// The default ``FrameDriver``: a `CADisplayLink` on the main run loop's common modes (so frames
/// keep coming while a scroll view tracks a finger), reporting each frame's `targetTimestamp`.
///
/// The model is advanced to the time the frame being prepared will be on screen, not the time
/// the previous one was, so what is drawn is where the spring is when it is seen. The link
/// exists only between ``start(_:)`` and ``stop()``; it holds its target weakly, so a driver
/// that is released stops.
@MainActor
public final class DisplayLinkFrameDriver: FrameDriver {
    /// The frame rates to ask for; the system default (`.default`) unless set. On ProMotion
    /// displays, `CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)` gives 120 Hz
    /// (the app's Info.plist also needs `CADisableMinimumFrameDurationOnPhone`).
    public var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet { link?.preferredFrameRateRange = preferredFrameRateRange }
    }

    private var link: CADisplayLink?
    private var onFrame: (@MainActor (Double) -> Void)?

    /// Creates a stopped driver.
    public init() {}

    /// `CACurrentMediaTime()`, in seconds of system uptime.
    public var currentTime: Double { CACurrentMediaTime() }

    /// Whether the display link is running.
    public var isRunning: Bool { link != nil }

    /// Starts the display link (or keeps it) and calls `onFrame` with each frame's
    /// `targetTimestamp`.
    public func start(_ onFrame: @escaping @MainActor (_ time: Double) -> Void) {
        self.onFrame = onFrame
        guard link == nil else { return }
        let link = CADisplayLink(target: DisplayLinkTarget(driver: self), selector: #selector(DisplayLinkTarget.frame(_:)))
        link.preferredFrameRateRange = preferredFrameRateRange
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    /// Invalidates the display link.
    public func stop() {
        link?.invalidate()
        link = nil
        onFrame = nil
    }

    fileprivate func frame(_ link: CADisplayLink) {
        guard link === self.link else { return link.invalidate() }
        onFrame?(link.targetTimestamp)
    }
}

/// The display link's target: a weak hop to the driver (a display link retains its target), that
/// invalidates the link once the driver is gone.
@MainActor
private final class DisplayLinkTarget: NSObject {
    weak var driver: DisplayLinkFrameDriver?

    init(driver: DisplayLinkFrameDriver) { self.driver = driver }

    @objc func frame(_ link: CADisplayLink) {
        guard let driver else { return link.invalidate() }
        driver.frame(link)
    }
}
#endif
