#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ProfileHeaderController + Drawing

extension ProfileHeaderController {
    /// Measures the app's views, reserves the header's space, rebuilds the model if its inputs
    /// changed and draws the frame at the current offset. Called on every change of the scroll
    /// view's offset, bounds or inset, of the safe area and of Reduce Motion.
    func update() {
        guard !isUpdating, let scrollView, let container = resolvedContainer(scrollView) else { return }
        isUpdating = true
        defer { isUpdating = false }
        install(in: container, over: scrollView)
        guard var layout = measuredLayout(scrollView) else { return }
        if reserveInset(scrollView) {
            // The content's rest moved with the inset: measure again.
            guard let moved = measuredLayout(scrollView) else { return }
            layout = moved
        }
        let (model, isNew) = modelCache.update(layout, configuration: configuration,
                                               systemReduceMotion: UIAccessibility.isReduceMotionEnabled)
        if isNew { blur.show(headerImage, id: headerImageID, model: model) }
        let frame = model.frame(offset: ProfileHeaderScrollRule.offset(Self.scrollState(scrollView)))
        let origin = scrollView.convert(scrollView.bounds.origin, to: container)
        draw(ProfileHeaderViewLayout(frame, layout: model.layout), at: origin)
        routeTouches(frame, origin: origin)
        currentFrame = frame
    }

    /// The model's inputs measured from the app's views (their untransformed frames, converted to
    /// the scroll view's visible coordinates at rest); nil while a view is missing or not in the
    /// scroll view.
    func measuredLayout(_ scrollView: UIScrollView) -> StretchyHeader.Layout? {
        guard let avatarView, let nameLabel else { return nil }
        let scroll = Self.scrollState(scrollView)
        func rest(_ view: UIView) -> Rect? {
            guard let superview = view.superview, view.isDescendant(of: scrollView) else { return nil }
            // The frame without the transform this controller sets: from the centre, bounds and anchor.
            let untransformed = ProfileHeaderScrollRule.untransformedFrame(center: Point(view.center), size: Size(view.bounds.size),
                                                                           anchor: Point(view.layer.anchorPoint))
            return ProfileHeaderScrollRule.restRect(contentRect: Rect(superview.convert(CGRect(untransformed), to: scrollView)), scroll)
        }
        guard let avatar = rest(avatarView), let name = rest(nameLabel) else { return nil }
        let width = Double(scrollView.bounds.width)
        return StretchyHeader.Layout(
            width: width, safeAreaTop: Double(scrollView.safeAreaInsets.top), headerHeight: Double(headerHeight),
            stickyHeight: Double(stickyHeight), avatar: avatar, nameLabel: name, titleSize: titleSize(width: width),
            tabBar: tabBarView.flatMap(rest))
    }

    /// The title's size in the stuck header (at most the width less 16 pt each side), measured
    /// again only when its text, font or the width changes (this runs on every scroll step).
    func titleSize(width: Double) -> Size {
        let label = header.titleLabel
        let key = ProfileHeaderTitleMeasure.Key(text: label.text, font: label.font.map(AnyHashable.init), width: width)
        if let size = titleMeasure.size(for: key) { return size }
        let fitting = label.sizeThatFits(CGSize(width: CGFloat(key.room), height: .greatestFiniteMagnitude))
        return titleMeasure.remember(fitting: Size(fitting), for: key)
    }

    /// Sets the views' bounds (when the layout changed), transforms, alphas and z order.
    ///
    /// - Parameter origin: The scroll view's visible top-left in the container.
    func draw(_ views: ProfileHeaderViewLayout, at origin: CGPoint) {
        let size = CGSize(views.headerSize)
        if header.bounds.size != size {
            header.bounds = CGRect(origin: .zero, size: size)
        }
        header.center = CGPoint(views.headerCenter(origin: Point(origin)))
        header.transform = CGAffineTransform(views.headerTransform)
        header.layer.zPosition = CGFloat(views.headerZPosition)
        header.blurredImageView.alpha = CGFloat(views.blurAlpha)
        let title = header.titleLabel
        title.bounds = CGRect(origin: .zero, size: CGSize(views.titleSize))
        title.center = CGPoint(views.titleCenter)
        title.alpha = CGFloat(views.titleAlpha)
        avatarView?.transform = CGAffineTransform(views.avatarTransform)
        tabBarView?.transform = CGAffineTransform(views.tabBarTransform)
    }
}
#endif
