#if canImport(UIKit) && canImport(AVFoundation)
import Foundation
import StoryKit
import UIKit

/// The Stories viewer in UIKit: the users' pages on a turning cube, each item with its progress
/// bars, header, media and loading or failure state, the tap, hold, cube, swipe-down dismiss
/// and swipe-up reply gestures, VoiceOver and Reduce Motion. The front-end of
/// ``StoryKit/StoriesViewer``.
///
/// Present it over your screen; it is `.overFullScreen`, so the tray shows through the backdrop
/// while the page is swiped down into its avatar:
///
/// ```swift
/// let stories = StoriesViewController(feed: feed, seen: seen, startUser: user.id, delegate: self)
/// present(stories, animated: true)
/// ```
///
/// The controller owns one ``StoryKit/StoriesViewer`` value and computes no motion:
/// - **Touches.** One recogniser that decides nothing hands every touch phase of one finger, with
///   its event timestamp, to the model, which tells a tap from a hold, a cube drag, a dismiss and
///   a reply, and a touch on the mute or Retry button from one on the page.
/// - **Time.** A ``FrameDriver`` (a ``DisplayLinkFrameDriver`` unless you inject one) advances the
///   model to each frame's time while ``StoryKit/StoriesViewer/needsFrames`` says anything moves or
///   plays, and stops otherwise. Touch timestamps, media reports and frames share one clock:
///   seconds of system uptime.
/// - **Drawing.** After every input and frame the model is applied to views: the backdrop's
///   alpha, the page container's centre, bounds, scale, continuous corners and alpha during the
///   dismiss, the cube's faces, and each page's media, bars, header and state.
/// - **Media.** A ``StoryKit/PlayerPool`` over the model keeps at most a few `AVPlayer`s
///   (``StoriesMediaConfiguration/playerCapacity``), reused from item to item, and a simple
///   image loader; with a ``StoriesMediaConfiguration/byteSource`` both read through your cache.
///   What they report (ready, first frame on screen, stalls, playhead, end, failure) goes back
///   into the model with the time it arrives.
///
/// The delegate hears about items shown and seen (persist those), replies and the close, and
/// gives the tray avatar's frame for the dismiss. When the viewer closes, every player stops
/// before the delegate hears of it, and the controller dismisses itself: without animation after
/// a swipe-down (the page has landed in the avatar), animated otherwise.
@MainActor
public final class StoriesViewController: UIViewController {
    /// Hears about items, replies and the close, and gives the tray avatar's frame.
    public weak var delegate: (any StoriesViewControllerDelegate)?

    /// The model: what is on screen (current user and item, progress, seen ids, state).
    public internal(set) var viewer: StoriesViewer

    /// The viewer's constants. Reduce Motion is added to them: the effective
    /// ``StoryKit/StoriesViewer/Configuration/reduceMotion`` is this one's, or the system's
    /// setting (``prefersReducedMotion`` overrides the system's).
    public var configuration: StoriesViewer.Configuration {
        didSet { updateEffectiveConfiguration() }
    }

    /// Overrides the system's Reduce Motion setting when not nil (``StoriesView`` passes SwiftUI's
    /// `accessibilityReduceMotion`); nil by default: follow `UIAccessibility.isReduceMotionEnabled`,
    /// live.
    public var prefersReducedMotion: Bool? {
        didSet { updateEffectiveConfiguration() }
    }

    /// Overrides the view's `effectiveUserInterfaceLayoutDirection` when not nil (``StoriesView``
    /// passes SwiftUI's `\.layoutDirection`); nil by default: the viewer runs its view's way
    /// (right to left: the next user on the left, the tap zones, bars and header mirrored).
    package var preferredLayoutDirection: StoryLayoutDirection? {
        didSet { updateEffectiveConfiguration() }
    }

    /// Whether the controller dismisses itself when the viewer closes; true by default. A host
    /// that owns the presentation (SwiftUI's `fullScreenCover`) sets it to false and dismisses on
    /// ``StoriesViewControllerDelegate/storiesViewController(_:didCloseWith:)``.
    public var dismissesOnClose = true

    /// Where the media's bytes come from, how many players are kept and how far they buffer, as
    /// given to ``init(feed:seen:startUser:configuration:delegate:mediaBaseURL:media:frameDriver:)``.
    public let mediaConfiguration: StoriesMediaConfiguration

    /// Whether playback is paused on purpose (a reply field is open, a host's pause button):
    /// progress and media hold until it is set back to false.
    public var isPaused: Bool {
        get { viewer.pauseReasons.contains(.user) }
        set { run(session.setPaused(newValue, now: now)) }
    }

    /// Whether the finger's turns between users are felt: a tap at the release that turns the
    /// cube, and when a drag past the last user crosses the close threshold
    /// (``StoryKit/CubePager/Haptics``). `true` by default; the system's haptics setting applies
    /// as well.
    public var playsHaptics: Bool {
        get { haptics.isEnabled }
        set { haptics.isEnabled = newValue }
    }
    /// When subtitles show: while muted (`.automatic`, the default), `.always` or `.never`; the
    /// system's "Closed Captions + SDH" setting makes them always show whatever this says.
    public var subtitleMode: CaptionPresentation.SubtitleMode = .automatic {
        didSet { updateCaptionSettings() }
    }
    /// When the cube's turns are felt; shown the cube after every model change.
    var haptics = CubePager.Haptics()
    let hapticPlayer = HapticPlayer()

    let frameDriver: any FrameDriver
    /// The frame clock's time as dates, for the posts' ages.
    let frameClockDate: FrameClockDate
    let media: AVStoryMediaSource
    /// Fetches the items' WebVTT tracks (StoriesViewController+Captions.swift).
    let subtitleFetcher: StorySubtitleFetcher
    let touchRecognizer = StoriesTouchRecognizer()
    /// The page's frame in the controller's view (the safe area, top to bottom; as a card, the
    /// current card's place): the model's coordinate space, for touches and the avatar.
    let stageView = UIView()
    /// The neighbours' cards, behind the container, in the page's coordinates (``StoriesFacePlan``).
    let cardRowView = UIView()
    let containerView = StoriesContainerView()
    let cubeView = UIView()
    /// The current item's tappable areas for VoiceOver, over the page.
    let areaAccessibilityView = StoriesAreaAccessibilityView()
    var slots = PageSlots<CubeFaceView>(capacity: 2)
    let notifications = NotificationTokens()
    /// Low Data Mode, an expensive network, Low Power Mode and the screen's scale, for the media.
    let conditionsMonitor = SystemConditionsMonitor()
    /// Volume buttons and headphones, as sound inputs (StoriesViewController+Sound.swift).
    var soundObserver: SoundSystemObserver?
    /// The followed finger, the interruption, the app's activity, VoiceOver's focus, the first
    /// appearance and the close: what the controller's events change besides the model.
    var session = StoriesSession<ObjectIdentifier>()
    /// Model changes asked for while one is being applied (a media report during a draw), run after it.
    var changeQueue = StoriesChangeQueue<(inout StoriesViewer) -> [StoriesViewer.Event]>()

    /// A viewer of `feed`, ready to present.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out.
    ///   - seen: The ids already seen (from StoryMedia's `SeenStateStore`): each user starts at
    ///     their first unseen item.
    ///   - startUser: The id of the user to open at (the avatar tapped in the tray); the first
    ///     user with items when nil or unknown.
    ///   - configuration: The viewer's constants.
    ///   - delegate: Hears about items, replies and the close (held weakly).
    ///   - mediaBaseURL: The folder that relative media paths in the feed are in; the app
    ///     bundle's resources by default.
    ///   - media: Where media bytes come from (a `MediaByteSource`, or their URLs), how many
    ///     players are kept and how far they buffer; read once, here.
    ///   - frameDriver: The clock and frame callbacks; a ``DisplayLinkFrameDriver`` by default.
    public init(feed: StoryFeed, seen: Set<String> = [], startUser: StoryUser.ID? = nil,
                configuration: StoriesViewer.Configuration = StoriesViewer.Configuration(),
                delegate: (any StoriesViewControllerDelegate)? = nil, mediaBaseURL: URL? = Bundle.main.resourceURL,
                media: StoriesMediaConfiguration = StoriesMediaConfiguration(), frameDriver: (any FrameDriver)? = nil) {
        let driver = frameDriver ?? DisplayLinkFrameDriver()
        self.frameDriver = driver
        frameClockDate = FrameClockDate(secondsSince1970: Date().timeIntervalSince1970, frameTime: driver.currentTime)
        self.configuration = configuration
        self.delegate = delegate
        viewer = StoriesViewer(feed: feed, seen: seen, user: StoriesStart.userIndex(of: startUser, in: feed),
                               pageSize: .zero, time: driver.currentTime, configuration: configuration)
        mediaConfiguration = media
        self.media = AVStoryMediaSource(users: viewer.users, baseURL: mediaBaseURL, configuration: media,
                                        clock: { driver.currentTime })
        subtitleFetcher = StorySubtitleFetcher(users: viewer.users, baseURL: mediaBaseURL, source: media.byteSource,
                                               clock: { driver.currentTime })
        super.init(nibName: nil, bundle: nil)
        subtitleFetcher.onOutcomes = { [weak self] in self?.subtitlesFetched($0) }
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
        modalPresentationCapturesStatusBarAppearance = true
        self.media.onReportsAvailable = { [weak self] in self?.mediaReported() }
        self.media.onAudioFailure = { [weak self] reason in
            guard let self else { return }
            self.delegate?.storiesViewController(self, audioSessionDidFail: reason)
        }
        observeSystem()
        updateEffectiveConfiguration()
        updateCaptionSettings()
    }

    /// Storyboards are not supported: the controller is made in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported; create StoriesViewController in code") }

    /// Closes the viewer (a close button of the host's): nothing plays from here on, the delegate
    /// hears ``StoryKit/StoriesViewer/CloseReason/closedByHost``, and the controller dismisses
    /// itself (animated) if ``dismissesOnClose``.
    public func close() {
        run([.action(.close, time: now)])
    }

    /// Seconds on the frame clock.
    var now: Double { frameDriver.currentTime }

    // MARK: - Views

    public override func loadView() {
        let root = UIView()
        root.accessibilityViewIsModal = true     // VoiceOver stays out of the host's screen behind
        root.addSubview(stageView)
        containerView.backgroundColor = .black
        containerView.controller = self
        stageView.addSubview(cardRowView)
        stageView.addSubview(containerView)
        containerView.addSubview(cubeView)
        stageView.addSubview(areaAccessibilityView)
        areaAccessibilityView.onActivate = { [weak self] id in self?.tapArea(id) ?? false }
        touchRecognizer.onTouches = { [weak self] phase, touches, timestamp in self?.touches(phase, touches, timestamp: timestamp) }
        touchRecognizer.onReset = { [weak self] in self?.touchesReset() }
        root.addGestureRecognizer(touchRecognizer)
        view = root
    }

    /// The page is the safe area's height and the view's width, or a centred card on a regular
    /// width or in landscape (`StoriesStage.layout`); the model takes the layout.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let insets = view.safeAreaInsets
        let layout = StoriesStage.layout(bounds: Rect(view.bounds), safeAreaTop: Double(insets.top),
                                         safeAreaBottom: Double(insets.bottom),
                                         horizontalSizeClass: traitCollection.horizontalSizeClass.rawValue)
        let stage = CGRect(layout.card)
        if stageView.frame != stage { stageView.frame = stage }
        areaAccessibilityView.frame = stageView.bounds
        cardRowView.frame = stageView.bounds
        updateEffectiveConfiguration()   // the layout direction may have changed with the hierarchy
        conditionsMonitor.displayScale = Double(view.traitCollection.displayScale)
        run(session.layout(layout, in: viewer))
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateEffectiveConfiguration()
        updateCaptionSettings()
    }

    public override var prefersStatusBarHidden: Bool { true }
    public override var prefersHomeIndicatorAutoHidden: Bool { true }

    /// Portrait on iPhone, what the app allows on iPad: ``StoriesOrientationRule``, from the
    /// app's Info.plist.
    public override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        let pad = traitCollection.userInterfaceIdiom == .pad || UIDevice.current.userInterfaceIdiom == .pad
        let rule = StoriesOrientationRule.orientations(idiom: pad ? .pad : .phone,
                                                       infoPlistValue: Bundle.main.object(forInfoDictionaryKey:))
        return UIInterfaceOrientationMask(rawValue: rule.rawValue)
    }

    // MARK: - Appearance

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if let shown = session.appear(in: viewer) { dispatch(shown) }
        updateActivity()
        // A feed with no items closes the model as it is made, with no event: say it here.
        if let closed = session.unreportedClose(in: viewer) { dispatch(closed) }
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Dismissed by the host: closed, so nothing goes on playing; covered by another screen:
        // paused until it comes back.
        let removed = sequence(first: self as UIViewController, next: \.parent).contains {
            $0.isBeingDismissed || $0.isMovingFromParent
        }
        run(session.disappear(removed: removed, inPresentation: presentingViewController != nil || parent != nil,
                              in: viewer, now: now))
        frameDriver.stop()
    }
}
#endif
