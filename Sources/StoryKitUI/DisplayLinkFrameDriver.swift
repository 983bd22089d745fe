#if canImport(UIKit)
import QuartzCore
import UIKit

/// The default ``FrameDriver``: a `CADisplayLink` on the main run loop's common modes (so frames
/// keep coming while a scroll view tracks a finger), reporting each frame's `targetTimestamp`.
///
/// The model is advanced to the time the frame being prepared will be on screen, not the time
/// the previous one was, so what is drawn is where the spring is when it is seen. The link
/// exists only between ``start(_:)`` and ``stop()``; it holds its target weakly, so a driver
/// that is released stops.
///
/// ## Frame rate
///
/// The link runs only while something moves (a cube turn, a zoom, a dismiss, a ring, a header
/// spring), and while it runs it asks for ``FrameRateRule/range(for:)`` `.moving`: 80…120 Hz,
/// preferring 120, so ProMotion displays draw the motion at 120 Hz; stopped, the display drops
/// to its idle rate. On iPhone, the system caps apps at 60 Hz unless the app's Info.plist sets
/// `CADisableMinimumFrameDurationOnPhone` to true:
///
/// ```xml
/// <key>CADisableMinimumFrameDurationOnPhone</key>
/// <true/>
/// ```
@MainActor
public final class DisplayLinkFrameDriver: FrameDriver {
    /// The frame rates to ask for while the link runs: ``FrameRateRule/range(for:)`` `.moving`
    /// (80…120 Hz, preferring 120) unless set; set `.default` to leave the choice to the system.
    /// On iPhone, more than 60 Hz also needs `CADisableMinimumFrameDurationOnPhone` (true) in the
    /// app's Info.plist.
    public var preferredFrameRateRange = CAFrameRateRange(FrameRateRule.range(for: .moving)) {
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

// MARK: - CAFrameRateRange + FrameRateRange

extension CAFrameRateRange {
    /// The Core Animation range for `range` (`.default` for ``FrameRateRange/systemDefault``).
    public init(_ range: FrameRateRange) {
        if range.isSystemDefault {
            self = .default
        } else {
            self.init(minimum: range.minimum, maximum: range.maximum, preferred: range.preferred)
        }
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
