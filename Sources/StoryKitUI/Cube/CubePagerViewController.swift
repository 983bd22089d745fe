#if canImport(UIKit)
import StoryKit
import UIKit

/// Provides a ``CubePagerViewController``'s pages as view controllers.
@MainActor
public protocol CubePagerViewControllerDataSource: AnyObject {
    /// The number of pages, 0 or more.
    func numberOfPages(in pagerViewController: CubePagerViewController) -> Int

    /// The view controller of page `index`, asked each time the page comes on screen.
    ///
    /// Return a new controller or one the app keeps per page; it must not be the child of
    /// another container. The pager makes it a child while its page is on screen and removes it
    /// when the page leaves.
    func cubePagerViewController(_ pagerViewController: CubePagerViewController,
                                 viewControllerForPageAt index: Int) -> UIViewController
}

/// A container view controller that shows one child view controller per page on a turning cube,
/// over a ``CubePagerView``.
///
/// Only the pages on screen have children (one at rest, two during a turn). Containment is
/// UIKit's: a page's controller is added with `addChild` / `didMove(toParent:)` when its page
/// comes on screen and removed with `willMove(toParent: nil)` / `removeFromParent()` when it
/// leaves, and gets `viewWillAppear`…`viewDidDisappear` as its page comes and goes while the
/// container is visible, and with the container's own appearance.
///
/// ```swift
/// let pager = CubePagerViewController()
/// pager.dataSource = self     // numberOfPages(in:), cubePagerViewController(_:viewControllerForPageAt:)
/// pager.delegate = self       // CubePagerViewDelegate: page changes, past the end
/// present(pager, animated: true)
/// ```
@MainActor
public final class CubePagerViewController: UIViewController {
    /// Provides the pages' view controllers; setting it reloads them.
    public weak var dataSource: (any CubePagerViewControllerDataSource)? {
        didSet { if isViewLoaded { pagerView.reloadData() } }
    }

    /// Hears about page changes (and pages coming on and off screen) from the pager view: the
    /// pager view's own delegate.
    public var delegate: (any CubePagerViewDelegate)? {
        get { pager.delegate }
        set { pager.delegate = newValue }
    }

    /// The pager view: configuration, Reduce Motion transition, pan recogniser, current page.
    public var pagerView: CubePagerView {
        loadViewIfNeeded()
        return pager
    }

    private let pager: CubePagerView
    /// The children on screen, by their root view, and their open appearance transitions.
    private var pageChildren = PageChildAppearance<ObjectIdentifier, UIViewController>()

    /// Creates a container.
    ///
    /// - Parameters:
    ///   - configuration: The model's constants.
    ///   - frameDriver: The clock and frame callbacks; a ``DisplayLinkFrameDriver`` by default.
    public init(configuration: CubePager.Configuration = CubePager.Configuration(), frameDriver: (any FrameDriver)? = nil) {
        pager = CubePagerView(configuration: configuration, frameDriver: frameDriver)
        super.init(nibName: nil, bundle: nil)
    }

    /// Storyboards are not supported: the container is made in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported; create CubePagerViewController in code") }

    /// The pager view, with this container as its data source and following its pages on and
    /// off screen; pages are never reused across controllers.
    public override func loadView() {
        pager.reusablePageViewLimit = 0
        pager.dataSource = self
        pager.onPageDisplay = { [weak self] pageView, isDisplayed in
            guard let self else { return }
            let key = ObjectIdentifier(pageView)
            perform(isDisplayed ? pageChildren.pageWillDisplay(key: key) : pageChildren.pageDidEndDisplaying(key: key))
        }
        view = pager
    }

    /// Appearance is forwarded by hand, to the children whose pages are on screen.
    public override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// The view controller of page `index` if that page is on screen, else nil.
    public func viewController(at index: Int) -> UIViewController? {
        pager.pageView(at: index).flatMap { pageChildren.child(for: ObjectIdentifier($0)) }
    }

    /// Asks the data source again for the page count and the visible pages' controllers.
    public func reloadData() { pagerView.reloadData() }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        perform(pageChildren.containerWillTransition(appearing: true, animated: animated))
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        perform(pageChildren.containerDidTransition())
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        perform(pageChildren.containerWillTransition(appearing: false, animated: animated))
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        perform(pageChildren.containerDidTransition())
    }

    /// Makes the containment calls on the children, in order.
    private func perform(_ calls: [PageChildAppearance<ObjectIdentifier, UIViewController>.Call]) {
        for call in calls {
            switch call {
            case let .begin(child, appearing, animated):
                child.beginAppearanceTransition(appearing, animated: animated)
            case let .end(child):
                child.endAppearanceTransition()
            case let .didMove(child):
                child.didMove(toParent: self)
            case let .remove(child):
                child.willMove(toParent: nil)
                child.view.removeFromSuperview()    // nothing for a view already out of the hierarchy
                child.removeFromParent()
            }
        }
    }
}

// MARK: - CubePagerViewController + CubePagerViewDataSource

extension CubePagerViewController: CubePagerViewDataSource {
    public func numberOfPages(in pagerView: CubePagerView) -> Int {
        dataSource?.numberOfPages(in: self) ?? 0
    }

    public func cubePagerView(_ pagerView: CubePagerView, viewForPageAt index: Int, reusing view: UIView?) -> UIView {
        guard let dataSource else { return UIView() }
        let child = dataSource.cubePagerViewController(self, viewControllerForPageAt: index)
        if child.parent !== self { addChild(child) }
        pageChildren.provided(child, key: ObjectIdentifier(child.view))
        return child.view
    }
}

// MARK: - CubePagerViewController + CubePagerViewDelegate

/// Kept for source compatibility: the container was once its pager's delegate. The pager now
/// reports straight to ``CubePagerViewController/delegate``, and every method is the protocol's
/// empty default.
extension CubePagerViewController: CubePagerViewDelegate {}
#endif
