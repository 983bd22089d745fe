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

    /// Hears about page changes (and pages coming on and off screen) from the pager view.
    public weak var delegate: (any CubePagerViewDelegate)?

    /// The pager view: configuration, Reduce Motion transition, pan recogniser, current page.
    public var pagerView: CubePagerView {
        loadViewIfNeeded()
        return pager
    }

    private let pager: CubePagerView
    /// The children on screen, by their root view.
    private var pageChildren: [ObjectIdentifier: UIViewController] = [:]
    /// Whether the container is between `viewWillAppear` and `viewWillDisappear`.
    private var isVisible = false
    /// The children told `beginAppearanceTransition` with the container's own, still to be told
    /// `endAppearanceTransition` (a child that comes on screen in between gets both at once).
    private var childrenInTransition: [UIViewController] = []

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

    /// The pager view, with this container as its data source and delegate; pages are never
    /// reused across controllers.
    public override func loadView() {
        pager.reusablePageViewLimit = 0
        pager.dataSource = self
        pager.delegate = self
        view = pager
    }

    /// Appearance is forwarded by hand, to the children whose pages are on screen.
    public override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// The view controller of page `index` if that page is on screen, else nil.
    public func viewController(at index: Int) -> UIViewController? {
        pager.pageView(at: index).flatMap { pageChildren[ObjectIdentifier($0)] }
    }

    /// Asks the data source again for the page count and the visible pages' controllers.
    public func reloadData() { pagerView.reloadData() }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        isVisible = true
        beginChildrenAppearance(true, animated: animated)
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        endChildrenAppearance()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        isVisible = false
        beginChildrenAppearance(false, animated: animated)
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        endChildrenAppearance()
    }

    private func beginChildrenAppearance(_ appearing: Bool, animated: Bool) {
        endChildrenAppearance()  // an interrupted transition ends before the next begins
        childrenInTransition = Array(pageChildren.values)
        for child in childrenInTransition { child.beginAppearanceTransition(appearing, animated: animated) }
    }

    private func endChildrenAppearance() {
        let children = childrenInTransition
        childrenInTransition = []
        for child in children { child.endAppearanceTransition() }
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
        pageChildren[ObjectIdentifier(child.view)] = child
        return child.view
    }
}

// MARK: - CubePagerViewController + CubePagerViewDelegate

extension CubePagerViewController: CubePagerViewDelegate {
    public func cubePagerView(_ pagerView: CubePagerView, willDisplay pageView: UIView, forPageAt index: Int) {
        if let child = pageChildren[ObjectIdentifier(pageView)] {
            child.didMove(toParent: self)
            if isVisible {
                child.beginAppearanceTransition(true, animated: true)
                child.endAppearanceTransition()
            }
        }
        delegate?.cubePagerView(pagerView, willDisplay: pageView, forPageAt: index)
    }

    public func cubePagerView(_ pagerView: CubePagerView, didEndDisplaying pageView: UIView, forPageAt index: Int) {
        if let child = pageChildren.removeValue(forKey: ObjectIdentifier(pageView)) {
            if let pending = childrenInTransition.firstIndex(of: child) {
                childrenInTransition.remove(at: pending)
                child.endAppearanceTransition()
            }
            if isVisible {
                child.beginAppearanceTransition(false, animated: true)
                child.endAppearanceTransition()
            }
            child.willMove(toParent: nil)
            if pageView.superview != nil { pageView.removeFromSuperview() }
            child.removeFromParent()
        }
        delegate?.cubePagerView(pagerView, didEndDisplaying: pageView, forPageAt: index)
    }

    public func cubePagerView(_ pagerView: CubePagerView, willChangePageFrom from: Int, to: Int) {
        delegate?.cubePagerView(pagerView, willChangePageFrom: from, to: to)
    }

    public func cubePagerView(_ pagerView: CubePagerView, didChangePageTo index: Int) {
        delegate?.cubePagerView(pagerView, didChangePageTo: index)
    }

    public func cubePagerView(_ pagerView: CubePagerView, didCancelPageChangeFrom from: Int, to: Int) {
        delegate?.cubePagerView(pagerView, didCancelPageChangeFrom: from, to: to)
    }

    public func cubePagerViewDidPanPastEnd(_ pagerView: CubePagerView) {
        delegate?.cubePagerViewDidPanPastEnd(pagerView)
    }

    public func cubePagerView(_ pagerView: CubePagerView, didTurnTo position: Double) {
        delegate?.cubePagerView(pagerView, didTurnTo: position)
    }
}
#endif
