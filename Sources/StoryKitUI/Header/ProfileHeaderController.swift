#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ProfileHeaderController

/// The stretchy, sticky profile header (``StoryKit/StretchyHeader``) over any `UIScrollView`:
/// the header stretches from its top when the content is pulled down, moves up with the content
/// and sticks, the avatar shrinks about its bottom and goes behind the stuck header, a title
/// slides into it over a blurred copy of the image, and an optional tab bar sticks below it.
///
/// Attach it to the scroll view with the app's avatar view and name label (and tab bar), all in
/// the scroll view's content, laid out from the content's top (the header's bottom; the avatar
/// may overlap the header with a negative y):
///
/// ```swift
/// let header = ProfileHeaderController(headerHeight: 120, stickyHeight: 44)
/// header.headerImage = UIImage(named: "banner")
/// header.title = "Ada Lovelace"
/// header.attach(to: scrollView, avatarView: avatarView, nameLabel: nameLabel, tabBarView: tabBar)
/// ```
///
/// The header (``headerView``) floats in a container (``ProfileHeaderContainerRule``): the view
/// given to ``attach(to:avatarView:nameLabel:tabBarView:container:)``, else the `view` of the view
/// controller that owns the scroll view, never UIKit's private wrapper; it sits below the scroll
/// view's branch in the subview order (touches on it scroll the content), never part of the
/// content; its bounds are `width × (safeAreaTop + headerHeight)` and change only with the
/// layout, never while scrolling: only its transform does. Its space is reserved once
/// (``ProfileHeaderInsetSplit``; at attach and when the layout changes, deferred while the
/// content moves or a refresh control spins, so the content never jumps mid-scroll): on a plain
/// scroll view all of it with `contentInset.top`; on a table or collection view only the stuck
/// header (and a tab bar held under it) with the inset, so that section headers pin right under
/// it, and the rest as a spacer at the top of the content (a table's `tableHeaderView` is wrapped
/// in one; a collection view starts its content ``contentSpacerHeight`` down). While the tab bar
/// is pinned a touch router over it gives it its touches (``ProfileHeaderBarHitRule``). The offset is read by KVO on
/// `contentOffset` (the scroll view's delegate stays the app's), measured from rest through
/// ``ProfileHeaderScrollRule``: a refreshing `UIRefreshControl` holds the content pulled down and
/// the header stays stretched.
///
/// The scroll view must be transparent above its content (a plain `UIScrollView` is; give a table
/// or collection view a clear background) and cover the top of the screen, without a navigation
/// bar: the header covers the status bar. Under the default `.automatic` inset adjustment, UIKit
/// adds the safe area only while the content can scroll vertically; set `alwaysBounceVertical`
/// (or `.always` / `.never` adjustment) so that what UIKit adds does not flip with the content's
/// height. The controller owns `contentInset.top` while attached. The header's `zPosition` puts it behind the scroll
/// view, so that the avatar shows in front of it, until the model's
/// ``StoryKit/StretchyHeader/Frame/isHeaderInFront``, then in front. Reduce Motion
/// (`UIAccessibility.isReduceMotionEnabled`) keeps the avatar's size and fades the title in.
@MainActor
public final class ProfileHeaderController: NSObject {
    /// The floating header: image, blurred copy and title. Style it (a background colour) but do
    /// not frame or transform it: the controller does.
    public var headerView: UIView { header }
    /// The title shown in the stuck header (white headline text by default); style it freely.
    public var titleLabel: UILabel { header.titleLabel }
    /// The header image, aspect-filling the header. Setting it starts its blurred copy, made once
    /// off the main thread; until it is ready the header shows the image alone.
    public var headerImage: UIImage? {
        didSet {
            guard headerImage !== oldValue else { return }
            header.imageView.image = headerImage
            blur.show(headerImage, id: headerImageID, model: model)
        }
    }
    /// The app's id for ``headerImage`` (a URL, an asset name), or nil: the blurred copy is made
    /// once per id; without one, once per bitmap content (size, scale and a hash of its bytes).
    /// Set it before the image. A new image keeps the old copy until its own is ready.
    public var headerImageID: String?
    /// The spacer at the top of the content, in points: on a table view the controller wraps the
    /// `tableHeaderView` in it; on a collection view start your content this far down (e.g. the
    /// first section's top inset) and relayout when it changes; 0 on a plain scroll view.
    public internal(set) var contentSpacerHeight: CGFloat = 0
    /// The title's text; nil hides it.
    public var title: String? {
        get { header.titleLabel.text }
        set {
            header.titleLabel.text = newValue
            update()
        }
    }
    /// The header's full height below the safe-area top, in points.
    public var headerHeight: CGFloat { didSet { update() } }
    /// The height the stuck header keeps below the safe-area top, in points (44, a navigation
    /// bar's, by default); at most ``headerHeight``.
    public var stickyHeight: CGFloat { didSet { update() } }
    /// The effect's choices; Reduce Motion is also taken from `UIAccessibility`. Changing the
    /// blur radius makes the blurred copy again.
    public var configuration: StretchyHeader.Configuration {
        didSet {
            update()
        }
    }
    /// The scroll view attached to, if any.
    public private(set) weak var scrollView: UIScrollView?
    /// The app's avatar view, in the scroll view's content.
    public private(set) weak var avatarView: UIView?
    /// The app's name label (any view), in the scroll view's content.
    public private(set) weak var nameLabel: UIView?
    /// The app's tab bar (any view), in the scroll view's content, if any.
    public private(set) weak var tabBarView: UIView?
    /// The container the app gave, if any (the header floats in it).
    public private(set) weak var container: UIView?
    /// The model for the layout measured last; nil before the first layout.
    public var model: StretchyHeader? { modelCache.model }
    /// The model's frame drawn last; nil before the first layout.
    public internal(set) var currentFrame: StretchyHeader.Frame?

    let header = ProfileHeaderView()
    /// The model, rebuilt when the measured layout or the configuration changes.
    let modelCache = ProfileHeaderModelCache()
    /// Ticks while an inset change waits for the content to stop.
    let driver: any FrameDriver
    var observations: [NSKeyValueObservation] = []
    var notifications: NotificationTokens?
    /// The header image's blurred copy, made once per content and blur.
    let blur = ProfileHeaderBlurStore()
    /// Over the pinned tab bar, in the container: hands its touches to the bar.
    let touchRouter = ProfileHeaderTouchRouter()
    /// The table's own `tableHeaderView` while wrapped in the spacer, restored by ``detach()``.
    var tableSpacer: ProfileHeaderTableSpacer?
    /// The app's `contentInset.top` before attaching, restored by ``detach()``.
    var originalInsetTop: CGFloat = 0
    /// The tab bar's `zPosition` before attaching, restored by ``detach()``.
    var originalTabBarZPosition: CGFloat = 0
    /// Set while the controller changes the scroll view itself, so its own KVO does not recurse.
    var isUpdating = false
    /// The title's size last measured, and what it was measured for.
    var titleMeasure = ProfileHeaderTitleMeasure()

    /// A header `headerHeight` tall below the safe area, sticking at `stickyHeight`.
    ///
    /// - Parameters:
    ///   - headerHeight: The full height below the safe-area top, in points.
    ///   - stickyHeight: The stuck height below the safe-area top, in points.
    ///   - configuration: The effect's choices.
    ///   - driver: What ticks while a deferred inset change waits for the scrolling to stop (a
    ///     display link by default).
    public init(headerHeight: CGFloat = 120, stickyHeight: CGFloat = 44,
                configuration: StretchyHeader.Configuration = StretchyHeader.Configuration(),
                driver: (any FrameDriver)? = nil) {
        self.headerHeight = headerHeight
        self.stickyHeight = stickyHeight
        self.configuration = configuration
        self.driver = driver ?? DisplayLinkFrameDriver()
        super.init()
        header.onSafeAreaChange = { [weak self] in self?.update() }
        blur.onShow = { [weak self] copy in self?.header.blurredImageView.image = copy }
    }

    /// Attaches the header to `scrollView`: inserts ``headerView`` into the container below the
    /// scroll view (as soon as the scroll view is in it), reserves the header's space and follows
    /// the scroll from then on. Attaching again first detaches.
    ///
    /// - Parameters:
    ///   - scrollView: Any scroll view, in a superview (the header's container), transparent above
    ///     its content; its delegate stays yours.
    ///   - avatarView: The avatar, in the scroll view's content; scaled about its bottom edge by a
    ///     transform (its `anchorPoint` is left alone).
    ///   - nameLabel: The name under the avatar, in the content; the title slides in when it
    ///     reaches the stuck header.
    ///   - tabBarView: A tab bar in the content, held below the stuck header by a transform and
    ///     kept above the other content (`zPosition` 1 among its siblings); it keeps its touches
    ///     while pinned.
    ///   - container: The view the header floats in, an ancestor of the scroll view (your view
    ///     controller's `view`); nil for the owning view controller's `view`. A
    ///     `UITableViewController`'s view is its table: give it a container, or use a view
    ///     controller with a table view in its view.
    public func attach(to scrollView: UIScrollView, avatarView: UIView, nameLabel: UIView, tabBarView: UIView? = nil,
                       container: UIView? = nil) {
        detach()
        self.scrollView = scrollView
        self.container = container
        self.avatarView = avatarView
        self.nameLabel = nameLabel
        self.tabBarView = tabBarView
        originalInsetTop = scrollView.contentInset.top
        if let tabBarView {
            originalTabBarZPosition = tabBarView.layer.zPosition
            tabBarView.layer.zPosition = 1
        }
        startObserving(scrollView)
        update()
    }

    /// Detaches from the scroll view: removes ``headerView``, stops observing, resets the
    /// avatar's and tab bar's transforms and gives back the app's `contentInset.top` (the content
    /// stays where it is on screen).
    public func detach() {
        stopObserving()
        driver.stop()
        header.removeFromSuperview()
        touchRouter.removeFromSuperview()
        touchRouter.bar = nil
        avatarView?.transform = .identity
        if let tabBarView {
            tabBarView.transform = .identity
            tabBarView.layer.zPosition = originalTabBarZPosition
        }
        if let scrollView {
            isUpdating = true
            let offsetY = ProfileHeaderScrollRule.offsetY(Double(scrollView.contentOffset.y),
                                                          keepingContentFrom: Double(scrollView.contentInset.top),
                                                          to: Double(originalInsetTop))
            scrollView.contentInset.top = originalInsetTop
            scrollView.contentOffset.y = CGFloat(offsetY)
            if let tableView = scrollView as? UITableView { restoreTableHeader(tableView) }
            isUpdating = false
        }
        contentSpacerHeight = 0
        scrollView = nil
        avatarView = nil
        nameLabel = nil
        tabBarView = nil
        container = nil
        modelCache.reset()
        currentFrame = nil
    }

    /// Measures the app's views again and redraws: call it after changing their layout outside a
    /// scroll (the controller measures on every scroll and layout change of the scroll view).
    public func setNeedsUpdate() {
        update()
    }
}
#endif
