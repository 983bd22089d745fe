#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ProfileHeaderController + Hosting

extension ProfileHeaderController {
    /// The container as ``ProfileHeaderContainerRule`` chooses it; nil while it defers or when
    /// there is none (the header is not shown).
    func resolvedContainer(_ scrollView: UIScrollView) -> UIView? {
        var responder: UIResponder? = scrollView
        while let next = responder, !(next is UIViewController) { responder = next.next }
        let owner = (responder as? UIViewController)?.viewIfLoaded
        let hierarchy = ProfileHeaderContainerRule.Hierarchy(
            explicitContainer: container != nil, explicitContainsScrollView: container.map { scrollView.isDescendant(of: $0) } ?? false,
            viewControllerView: owner != nil, viewControllerViewIsScrollView: owner === scrollView)
        switch ProfileHeaderContainerRule.choose(hierarchy) {
        case .explicitContainer: return container
        case .viewControllerView: return owner
        case .deferred, .unavailable: return nil
        }
    }

    /// Puts the header below the scroll view's branch of `container` and the touch router above
    /// it (once, or when the hierarchy changed).
    func install(in container: UIView, over scrollView: UIScrollView) {
        var branch: UIView = scrollView
        while let parent = branch.superview, parent !== container { branch = parent }
        guard header.superview !== container || touchRouter.superview !== container else { return }
        container.insertSubview(header, belowSubview: branch)
        container.insertSubview(touchRouter, aboveSubview: branch)
    }

    /// Reserves the header's space as ``ProfileHeaderInsetSplit`` says: the inset when
    /// ``ProfileHeaderScrollRule`` allows it (or ticks until the scrolling stops), with the
    /// spacer at the same moment.
    ///
    /// - Returns: Whether the inset or spacer changed (the content's rest moved).
    func reserveInset(_ scrollView: UIScrollView) -> Bool {
        let state = Self.scrollState(scrollView)
        let split = ProfileHeaderInsetSplit(
            kind: .init(pinsSections: scrollView is UITableView || scrollView is UICollectionView),
            headerHeight: Double(headerHeight), stickyHeight: Double(stickyHeight),
            safeAreaTop: Double(scrollView.safeAreaInsets.top), systemInsetTop: ProfileHeaderScrollRule.systemInsetTop(state),
            pinnedBarHeight: Double(tabBarView?.bounds.height ?? 0))
        // A table whose header view the app replaced has lost the spacer: wrap the new one.
        let inPlace = (scrollView as? UITableView).map { $0.tableHeaderView === tableSpacer } ?? true
        let decision = split.decision(state, currentSpacerHeight: Double(contentSpacerHeight), spacerInPlace: inPlace)
        driver.run(if: decision.retriesEachFrame) { [weak self] _ in self?.update() }
        return decision.application.map { apply in
            scrollView.contentInset.top = CGFloat(apply.contentInsetTop)
            scrollView.verticalScrollIndicatorInsets.top = CGFloat(split.scrollIndicatorInsetTop)
            contentSpacerHeight = CGFloat(split.spacerHeight)
            if let tableView = scrollView as? UITableView { wrapTableHeader(tableView, spacer: contentSpacerHeight) }
            scrollView.contentOffset.y = CGFloat(apply.contentOffsetY)
            return true
        } ?? false
    }

    /// Wraps the table's `tableHeaderView` in a spacer `spacer` points tall (its content below
    /// it), assigning it again so the table lays its rows out anew. The spacer in place is kept;
    /// a header view the app put there instead is wrapped in a new one.
    func wrapTableHeader(_ tableView: UITableView, spacer: CGFloat) {
        let wrapper = tableView.tableHeaderView.flatMap { $0 === tableSpacer ? tableSpacer : nil }
            ?? ProfileHeaderTableSpacer(content: tableView.tableHeaderView)
        tableSpacer = wrapper
        wrapper.spacerHeight = spacer
        let height = ProfileHeaderInsetSplit.tableHeaderHeight(spacer: Double(spacer),
                                                               contentHeight: Double(wrapper.content?.frame.height ?? 0))
        wrapper.frame = CGRect(x: 0, y: 0, width: tableView.bounds.width, height: CGFloat(height))
        wrapper.layoutIfNeeded()
        tableView.tableHeaderView = wrapper
    }

    /// Gives the table back its own `tableHeaderView`.
    func restoreTableHeader(_ tableView: UITableView) {
        guard let tableSpacer else { return }
        let content = tableSpacer.content
        content?.removeFromSuperview()
        content?.frame.origin.y = 0
        if tableView.tableHeaderView === tableSpacer { tableView.tableHeaderView = content }
        self.tableSpacer = nil
    }

    /// Frames the touch router over the pinned tab bar (``ProfileHeaderBarHitRule``), or hides it.
    func routeTouches(_ frame: StretchyHeader.Frame, origin: CGPoint) {
        guard let rect = ProfileHeaderBarHitRule.touchRect(frame, origin: Point(origin)), let tabBarView else {
            touchRouter.isHidden = true
            touchRouter.bar = nil
            return
        }
        touchRouter.bar = tabBarView
        touchRouter.frame = CGRect(rect)
        touchRouter.isHidden = false
    }
}

// MARK: - ProfileHeaderTouchRouter

/// A clear view over the pinned tab bar that hands touches to the bar's own hit test (nil lets
/// them through to the scroll view). The bar is in the scroll view, so its pan still sees them.
final class ProfileHeaderTouchRouter: UIView {
    /// The tab bar, while pinned.
    weak var bar: UIView?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isHidden = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("ProfileHeaderTouchRouter is made in code") }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let bar, !isHidden, bar.window != nil else { return nil }
        return bar.hitTest(convert(point, to: bar), with: event)
    }
}

// MARK: - ProfileHeaderTableSpacer

/// The table's `tableHeaderView` while attached: the app's own header view (avatar, name, tab
/// bar) ``spacerHeight`` below its top, drawn above the table's rows and section headers
/// (`zPosition` 1) so that the tab bar held under the stuck header shows over them.
final class ProfileHeaderTableSpacer: UIView {
    /// The app's `tableHeaderView`, if it had one.
    let content: UIView?
    /// The scrolling part of the header above the content, in points.
    var spacerHeight: CGFloat = 0 { didSet { setNeedsLayout() } }

    init(content: UIView?) {
        self.content = content
        super.init(frame: content?.frame ?? .zero)
        layer.zPosition = 1  // above the rows and section headers, so the pinned tab bar draws over them
        if let content { addSubview(content) }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("ProfileHeaderTableSpacer is made in code") }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let content else { return }
        content.frame = CGRect(x: 0, y: spacerHeight, width: bounds.width, height: content.frame.height)
    }
}
#endif
