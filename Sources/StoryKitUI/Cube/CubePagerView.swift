#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

/// A view that pages between views on the faces of a turning cube, as Instagram's stories do
/// between users: the UIKit front-end of ``StoryKit/CubePager``.
///
/// The pager owns no motion: a pan gesture feeds the model's touch methods, a ``FrameDriver``
/// advances it while it settles, and each change applies the model's
/// ``StoryKit/CubePager/Layout`` to face containers, one per visible page. Only the pages on
/// screen have views (one at rest, two during a turn); the data source's views are reused
/// through ``CubePagerViewDataSource/cubePagerView(_:viewForPageAt:reusing:)``.
///
/// ```swift
/// let pager = CubePagerView()
/// pager.dataSource = self          // numberOfPages(in:), cubePagerView(_:viewForPageAt:reusing:)
/// pager.delegate = self            // will/did change page, past the end
/// view.addSubview(pager)
/// pager.setCurrentPage(2, animated: false)
/// ```
///
/// Gestures: a horizontal drag turns the cube; a mostly vertical one is left to other
/// recognisers (a parent's swipe-down-to-dismiss). A touch during a settle holds the cube; a tap
/// lets it go on and reaches the page's own buttons and tap recognisers. Horizontal scroll
/// views inside pages keep the drag while they can scroll that way (see ``panGestureRecognizer``).
///
/// With Reduce Motion on (`UIAccessibility.isReduceMotionEnabled`, or
/// ``prefersReducedMotion``), pages change with ``reducedMotionTransition`` instead of the
/// configured one. VoiceOver users turn pages with a three-finger swipe or the "Next page" /
/// "Previous page" actions, and hear "Page 2 of 5".
@MainActor
public final class CubePagerView: UIView {
    /// Provides the pages; setting it reloads them at the next layout.
    public weak var dataSource: (any CubePagerViewDataSource)? {
        didSet { driver.session.needsReload = true; setNeedsLayout() }
    }

    /// Hears about page changes.
    public weak var delegate: (any CubePagerViewDelegate)?

    /// The model's constants (depth, thresholds, spring, shading, transition).
    ///
    /// Its ``StoryKit/CubePager/Configuration/transition`` is used unless Reduce Motion is on.
    public var configuration: CubePager.Configuration {
        didSet { updateEffectiveConfiguration() }
    }

    /// The transition used instead of the configured one while Reduce Motion is on;
    /// ``StoryKit/CubePager/Transition/crossFade`` by default (no depth, no lateral motion).
    public var reducedMotionTransition: CubePager.Transition = .crossFade {
        didSet { updateEffectiveConfiguration() }
    }

    /// Overrides the system's Reduce Motion setting when not nil (SwiftUI passes its
    /// `accessibilityReduceMotion` environment value); nil by default: follow
    /// `UIAccessibility.isReduceMotionEnabled`.
    public var prefersReducedMotion: Bool? {
        didSet { updateEffectiveConfiguration() }
    }

    /// Overrides the view's `effectiveUserInterfaceLayoutDirection` when not nil (SwiftUI passes
    /// its `\.layoutDirection`); nil by default: the cube runs the view's way (right to left:
    /// the next page on the left), whatever ``configuration`` says.
    package var preferredLayoutDirection: StoryLayoutDirection? {
        didSet { updateEffectiveConfiguration() }
    }

    /// The pan that turns the cube, exposed so that an app can order it against its own
    /// recognisers (`dismissPan.require(toFail: pager.panGestureRecognizer)`) or disable paging.
    /// Do not change its delegate.
    ///
    /// Rules it follows: it begins only for a drag whose travel is at least as horizontal as
    /// vertical; when the drag starts on a horizontally scrolling `UIScrollView` inside a page,
    /// only if that scroll view (and every such one around it, up to the pager) is at its edge
    /// in the drag's direction; the pans of scroll views inside the pages wait for it to fail.
    public var panGestureRecognizer: UIPanGestureRecognizer { pan }

    /// What VoiceOver says after a page change, given the page (from 0) and the page count;
    /// "Page 2 of 5" by default. Set it to localise.
    public var accessibilityPagePosition: (_ index: Int, _ count: Int) -> String = PageAnnouncement.pagePosition(index:count:)
    /// The name of the VoiceOver action that turns to the next page; "Next page" by default.
    public var accessibilityNextPageActionName = "Next page"
    /// The name of the VoiceOver action that turns to the previous page; "Previous page" by default.
    public var accessibilityPreviousPageActionName = "Previous page"

    /// The model: its state is what is on screen. Read ``StoryKit/CubePager/position`` to follow
    /// the turn (for a progress overlay, say).
    public var model: CubePager { driver.session.model }

    /// Whether the finger's turns are felt: a tap at the release that turns the page and when a
    /// drag past the last page crosses ``StoryKit/CubePager/Configuration/pastEndThreshold``
    /// (``StoryKit/CubePager/Haptics``). `true` by default; the system's haptics setting applies
    /// as well.
    public var playsHaptics: Bool {
        get { driver.session.haptics.isEnabled }
        set { driver.session.haptics.isEnabled = newValue }
    }
    let hapticPlayer = HapticPlayer()

    let pan = CubePagerPanGestureRecognizer()
    let contentView = UIView()
    var slots = PageSlots<CubeFaceView>(capacity: 2)
    /// The model and every rule around it on the frame clock (see ``CubePagerDriver``), which
    /// tells this view what to draw and report.
    let driver: CubePagerDriver
    /// Told that a page's view came on screen (true) or went off (false), before the delegate:
    /// ``CubePagerViewController`` moves the page's child view controller in and out with it.
    var onPageDisplay: ((_ pageView: UIView, _ isDisplayed: Bool) -> Void)?
    /// Told each page event before the delegate: ``CubePages`` hands them to its actions and
    /// binding.
    var onEvent: ((CubePager.Event) -> Void)?

    /// Creates a pager.
    ///
    /// - Parameters:
    ///   - frame: The frame, in points.
    ///   - configuration: The model's constants.
    ///   - frameDriver: The clock and frame callbacks; a ``DisplayLinkFrameDriver`` by default.
    public init(frame: CGRect = .zero, configuration: CubePager.Configuration = CubePager.Configuration(),
                frameDriver: (any FrameDriver)? = nil) {
        self.configuration = configuration
        driver = CubePagerDriver(session: CubePagerSession(pageSize: Size(frame.size), configuration: configuration),
                                 frames: frameDriver ?? DisplayLinkFrameDriver())
        super.init(frame: frame)
        driver.host = self
        setUp()
    }

    /// Storyboards are not supported: the pager is made in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported; create CubePagerView in code") }

    private func setUp() {
        clipsToBounds = true
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        pan.maximumNumberOfTouches = 1
        pan.delegate = pan
        pan.onEvent = { [weak self] in self?.panDidReport($0) }
        addGestureRecognizer(pan)
        isAccessibilityElement = false
        // Selector-based: the centre drops the registration when the pager is deallocated.
        NotificationCenter.default.addObserver(self, selector: #selector(reduceMotionStatusDidChange),
                                               name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
        updateEffectiveConfiguration()
    }

    // MARK: - Pages

    /// The page the cube rests on (or last rested on, while it turns), in `0..<numberOfPages`.
    ///
    /// Setting it jumps there without animation, as `setCurrentPage(_:animated: false)`.
    public var currentPage: Int {
        get { model.currentIndex }
        set { setCurrentPage(newValue, animated: false) }
    }

    /// The page the cube is settling toward, or ``currentPage`` when it is not settling.
    public var targetPage: Int { model.targetIndex }

    /// The number of pages, as the data source last reported it.
    public var numberOfPages: Int {
        reloadIfNeeded()
        return model.pageCount
    }

    /// How many page views that went off screen are kept for the data source to reuse; 2 by
    /// default. 0 releases a page's view as soon as it leaves the screen (view controllers).
    public var reusablePageViewLimit: Int {
        get { slots.capacity }
        set { slots.capacity = newValue }
    }

    /// The indices of the pages that have views now, in increasing order.
    public var indicesOfVisiblePages: [Int] { slots.mounted.keys.sorted() }

    /// The data source's view of page `index` if that page is on screen, else nil.
    public func pageView(at index: Int) -> UIView? { slots.mounted[index]?.pageView }

    /// Asks the data source again for the page count and for the views of the visible pages.
    ///
    /// A turn or drag in progress ends; the current page stays when it still exists, else the
    /// last page becomes current (reported by `didChangePageTo:`).
    public func reloadData() {
        driver.reload()
    }

    /// Turns to page `index`, clamped into the pages that exist.
    ///
    /// Animated, the cube springs there from where it is (through the pages between, if any);
    /// otherwise it jumps. Ignored while a finger is turning the cube. Before the pager has a
    /// size, the page is remembered and shown at the first layout; set the
    /// ``dataSource`` first, as the page is clamped to the pages it reports.
    ///
    /// - Parameters:
    ///   - index: The page.
    ///   - animated: Whether to turn the cube or jump.
    public func setCurrentPage(_ index: Int, animated: Bool) {
        // Before the first layout the model has no size and jumps, whatever `animated` says.
        driver.turn(to: index, animated: animated)
    }

    func reloadIfNeeded() {
        driver.reloadIfNeeded()
    }

    // MARK: - Layout

    /// Sizes the model's pages to the pager's bounds and redraws the faces.
    public override func layoutSubviews() {
        super.layoutSubviews()
        updateEffectiveConfiguration()   // the layout direction may have changed with the hierarchy
        driver.layout(size: Size(bounds.size))
    }

    /// Stops the frame callbacks while the pager is off screen and resumes them on screen (the
    /// settle is a function of time, so it jumps to where it is by then).
    public override func didMoveToWindow() {
        super.didMoveToWindow()
        driver.windowChanged()
    }

    // MARK: - Model

    /// Reports the model's events to ``onEvent`` and the delegate, in order (the driver tells
    /// VoiceOver of an arrival after its event).
    package func report(_ events: [CubePager.Event]) {
        for event in events {
            onEvent?(event)
            switch event {
            case let .willChangePage(from, to):
                delegate?.cubePagerView(self, willChangePageFrom: from, to: to)
            case let .didChangePage(index):
                delegate?.cubePagerView(self, didChangePageTo: index)
            case let .didCancelPageChange(from, to):
                delegate?.cubePagerView(self, didCancelPageChangeFrom: from, to: to)
            case .pastEnd:
                delegate?.cubePagerViewDidPanPastEnd(self)
            }
        }
    }

    @objc private func reduceMotionStatusDidChange() {
        updateEffectiveConfiguration()
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateEffectiveConfiguration()
    }

    /// Puts the configured or the Reduce Motion transition into the model.
    private func updateEffectiveConfiguration() {
        let reducesMotion = prefersReducedMotion ?? UIAccessibility.isReduceMotionEnabled
        let direction = LayoutDirectionRule.direction(preferred: preferredLayoutDirection,
                                                      view: StoryLayoutDirection(effectiveUserInterfaceLayoutDirection),
                                                      configured: configuration.layoutDirection)
        driver.configure(configuration, reducedMotionTransition: reducedMotionTransition, reducesMotion: reducesMotion,
                         layoutDirection: direction)
    }
}

// MARK: - CubePagerView + CubePagerHost

extension CubePagerView: CubePagerHost {
    package var isInWindow: Bool { window != nil }

    package var isVoiceOverRunning: Bool { UIAccessibility.isVoiceOverRunning }

    package func dataSourcePageCount() -> Int { dataSource?.numberOfPages(in: self) ?? 0 }

    package func unmountAllFaces() {
        let changes = slots.unmountAll()
        for face in changes.unmounted { face.removeFromSuperview() }
        reportDisplayChanges(changes)
    }

    package func drawFaces() { applyLayout() }

    package func prepareHaptics() { hapticPlayer.prepare() }

    package func play(_ haptics: [CubePager.Haptic]) { hapticPlayer.play(haptics) }

    package func turned(to position: Double) { delegate?.cubePagerView(self, didTurnTo: position) }

    package func announcePage(_ index: Int) {
        PageScrolledAnnouncer.post(accessibilityPagePosition(index, numberOfPages))
    }
}
#endif
