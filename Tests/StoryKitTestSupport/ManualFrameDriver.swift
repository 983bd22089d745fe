import StoryKitUI

/// A ``StoryKitUI/FrameDriver`` whose time a test sets by hand: frames are delivered only by
/// ``step(to:)``, so a front-end's settle can be played frame by frame on any machine.
@MainActor
public final class ManualFrameDriver: FrameDriver {
    /// Now, in seconds; set it, or let ``step(to:)`` move it.
    public var currentTime: Double
    /// The callback between `start` and `stop`.
    private var onFrame: (@MainActor (Double) -> Void)?
    /// How many frames were delivered.
    public private(set) var framesDelivered = 0

    /// Creates a stopped driver at `time` seconds.
    public init(time: Double = 0) { currentTime = time }

    /// Whether a callback is installed.
    public var isRunning: Bool { onFrame != nil }

    /// Installs `onFrame`; frames come only from ``step(to:)``.
    public func start(_ onFrame: @escaping @MainActor (_ time: Double) -> Void) { self.onFrame = onFrame }

    /// Removes the callback.
    public func stop() { onFrame = nil }

    /// Moves the clock to `time` and, while running, delivers one frame for it.
    public func step(to time: Double) {
        currentTime = time
        guard let onFrame else { return }
        framesDelivered += 1
        onFrame(time)
    }
}
