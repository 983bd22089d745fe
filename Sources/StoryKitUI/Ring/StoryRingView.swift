#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

/// A story avatar with its ring, and the loading animation a tap gets while the story loads:
/// the UIKit front-end of ``StoryKit/StoryRing``.
///
/// The view holds a circular avatar and, around it, the ring: a conic gradient for new stories,
/// the seen colour once seen, nothing without stories. Size it square; the avatar is the side
/// less the gap and the ring on each side (``side(avatarDiameter:configuration:)``).
///
/// ```swift
/// let ring = StoryRingView(frame: CGRect(x: 0, y: 0, width: 66, height: 66))
/// ring.image = avatar
/// ring.userName = user.name                       // VoiceOver: "Ava, new story"
/// ring.status = .unseen
/// ring.onLaunch = { [weak self] in self?.openStories(of: user) }
/// ring.startLoading()                             // on tap: the avatar shrinks, the segments turn
/// ring.finishLoading()                            // the story can show: rest, then onLaunch
/// ```
///
/// The model is the source of truth: every value on screen comes from the ring's
/// ``StoryKit/StoryRing/timeline``, played by Core Animation as groups chained by begin time, as
/// Twitter's article on Stories describes — never completion blocks, never a display link. On
/// ``startLoading()`` the press group (the avatar's `transform.scale`, the segments opening) and
/// the endless loop group (the segments' rotation, one turn per
/// ``StoryKit/StoryRing/Configuration/turnDuration``) begin at the tap; on ``finishLoading()``
/// the resolution group begins at that time, each property going from where the loop had it, at
/// its speed, to rest along the model's curve, and the model layers are set to their rest
/// values. ``onLaunch`` is called from a one-shot alarm at the model's launch time (the end of
/// the resolution), not from `animationDidStop(_:finished:)`, which also fires when an
/// animation is replaced or the layer leaves the window.
///
/// The layers have exact geometry (Twitter's warning: a shape layer with wrong bounds animates
/// from odd places): the ring layer is the square that holds the stroke at rest, centred on the
/// avatar; its mask, the segments' container, has the ring layer's bounds and turns about its
/// centre; each segment is a `CAShapeLayer` with the same bounds stroking a circle centred in
/// them. Segments rather than a dash pattern, because `lineDashPattern` is not animatable.
///
/// With Reduce Motion on (`UIAccessibility.isReduceMotionEnabled`, or
/// ``prefersReducedMotion``), the ring pulses in opacity instead of turning. VoiceOver reads the
/// view as a button, "Ava, new story" or "Ava, seen", with the value "loading" while it loads,
/// and announces "Loading" when loading starts; the host's tap handler gets VoiceOver's
/// activation as a tap.
@MainActor
public final class StoryRingView: UIView {
    /// Which ring shows: the gradient (``StoryKit/StoryRing/Status/unseen``), the seen colour, or
    /// none.
    public var status: StoryRing.Status {
        get { session.rules.ring.status }
        set { updateModel(status: newValue) }
    }

    /// The avatar's picture (aspect-filled in the circle); a light grey disc when nil.
    public var image: UIImage? {
        get { avatarView.image }
        set { avatarView.image = newValue }
    }

    /// The ring's look and timing. Its ``StoryKit/StoryRing/Configuration/reduceMotion`` is
    /// turned on while Reduce Motion is.
    public var configuration: StoryRing.Configuration {
        didSet { updateModel(status: status) }
    }

    /// Overrides the system's Reduce Motion setting when not nil (a host following its own
    /// setting, or previews); nil by default: follow `UIAccessibility.isReduceMotionEnabled`.
    public var prefersReducedMotion: Bool? {
        didSet { updateModel(status: status) }
    }

    /// The user's name, for VoiceOver ("Ava, new story").
    public var userName = "" {
        didSet { updateAccessibility() }
    }

    /// Called on the main actor when the resolution after ``finishLoading()`` ends: open the
    /// viewer now (from this view's frame, for the zoom).
    public var onLaunch: (@MainActor () -> Void)?

    /// Whether loading was started and has not launched or been cancelled (the ring is loading,
    /// or resolving towards the launch).
    public var isLoading: Bool { session.rules.isLoading }

    /// The model: its phase is what is on screen.
    public var model: StoryRing { session.rules.ring }

    /// The host's requests, the model and the alarm at its settle time.
    let session: RingLoadingSession
    /// The plan whose groups and colours are on the layers.
    var installedPlan: RingAnimationPlan?

    let avatarView = UIImageView()
    /// The ring: the square that holds the stroke at rest; the gradient fills it.
    let ringLayer = CALayer()
    /// The conic gradient (or the seen colour), masked by the segments.
    let fillLayer = CAGradientLayer()
    /// The segments' container: the fill's mask, turned by the loop.
    let segmentsLayer = CALayer()
    /// One stroke per segment.
    var segmentLayers: [CAShapeLayer] = []

    /// Creates a ring view.
    ///
    /// - Parameters:
    ///   - frame: The frame, in points; square, the avatar and its ring inside.
    ///   - status: Which ring shows.
    ///   - configuration: The ring's look and timing.
    public init(frame: CGRect = .zero, status: StoryRing.Status = .unseen,
                configuration: StoryRing.Configuration = StoryRing.Configuration()) {
        self.configuration = configuration
        session = RingLoadingSession(ring: StoryRing(status: status, configuration: configuration)) { CACurrentMediaTime() }
        super.init(frame: frame)
        setUp()
    }

    /// Storyboards are not supported: the view is made in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported; create StoryRingView in code") }

    /// The side of a square view that holds an avatar of `avatarDiameter` points and its ring:
    /// the avatar, and the gap and the wider of the two rings on each side (66 for 55 by
    /// default).
    public static func side(avatarDiameter: CGFloat,
                            configuration: StoryRing.Configuration = StoryRing.Configuration()) -> CGFloat {
        CGFloat(RingLayout.side(avatarDiameter: Double(avatarDiameter), configuration: configuration))
    }

    private func setUp() {
        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.backgroundColor = UIColor(RGBAColor(white: 0.8))
        avatarView.isAccessibilityElement = false
        addSubview(avatarView)
        fillLayer.type = .conic
        fillLayer.startPoint = CGPoint(RingStroke.gradientCenter)
        fillLayer.endPoint = CGPoint(RingStroke.gradientStartPoint)
        fillLayer.mask = segmentsLayer
        ringLayer.addSublayer(fillLayer)
        layer.addSublayer(ringLayer)
        isAccessibilityElement = true
        accessibilityTraits = StoryRingVoiceOver.traits
        // Selector-based: the centre drops the registration when the view is deallocated.
        NotificationCenter.default.addObserver(self, selector: #selector(reduceMotionStatusDidChange),
                                               name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
        session.onChange = { [weak self] in
            self?.render()
            self?.updateAccessibility()
        }
        session.onAnnounce = { StoryRingVoiceOver.announce($0) }
        session.onLaunch = { [weak self] in self?.onLaunch?() }
        updateModel(status: status)
    }

    // MARK: - Loading

    /// The avatar was tapped and its story is loading: the avatar shrinks and the ring turns in
    /// segments until ``finishLoading()`` (nothing while already loading; without stories,
    /// nothing at all). VoiceOver announces "Loading".
    public func startLoading() {
        session.request(.loading)
    }

    /// The story can show: every channel comes to rest from where it is, then ``onLaunch`` is
    /// called. Without ``startLoading()`` before, the press and the resolution play at once.
    public func finishLoading() {
        session.request(.ready)
    }

    /// Gives up loading (another avatar was tapped): the ring comes to rest without launching.
    public func cancelLoading() {
        session.request(.idle)
    }

    // MARK: - Model

    @objc private func reduceMotionStatusDidChange() {
        updateModel(status: status)
    }

    /// Puts the status and the effective configuration (Reduce Motion included) into the model.
    private func updateModel(status: StoryRing.Status) {
        session.update(status: status, configuration: configuration,
                       systemReduceMotion: prefersReducedMotion ?? UIAccessibility.isReduceMotionEnabled)
    }

    // MARK: - Layout

    public override func layoutSubviews() {
        super.layoutSubviews()
        render()
    }

    public override func didMoveToWindow() {
        super.didMoveToWindow()
        // Begin times are converted to the layers' time, which a new window may change.
        if window != nil { render(force: true) }
    }

    // MARK: - Accessibility

    /// The label ("Ava, new story", "Ava, seen") and the value ("loading" while loading), from
    /// the user's name, the status and the requests; set again on each change.
    private func updateAccessibility() {
        accessibilityLabel = StoryRingAccessibility.label(userName: userName, status: status)
        accessibilityValue = StoryRingAccessibility.value(isLoading: isLoading)
    }
}
#endif
