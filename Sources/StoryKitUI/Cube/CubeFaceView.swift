#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

/// One face of the cube: a page-sized container whose layer takes the model's
/// ``StoryKit/CubePager/Face`` through a ``CubeFaceAppearance`` (transform, double-sidedness,
/// opacity, anti-aliased edges), holding the data source's page view and, above it, the black
/// shading.
///
/// The page view itself is only sized to the face; its own transform, alpha and layer belong
/// to the app.
@MainActor
final class CubeFaceView: UIView {
    /// The data source's view for the page on this face.
    private(set) var pageView: UIView?
    /// The black overlay whose opacity is the face's ``StoryKit/CubePager/Face/shadingOpacity``.
    private let shadingView = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.allowsEdgeAntialiasing = true
        layer.cornerCurve = .continuous
        shadingView.backgroundColor = .black
        shadingView.alpha = 0
        shadingView.isUserInteractionEnabled = false
        shadingView.isAccessibilityElement = false
        addSubview(shadingView)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Shows `view` on this face, below the shading, replacing the previous page view.
    func setPageView(_ view: UIView) {
        guard view !== pageView else { return }
        if let pageView, pageView.superview === self { pageView.removeFromSuperview() }
        insertSubview(view, belowSubview: shadingView)
        pageView = view
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        pageView?.frame = bounds
        shadingView.frame = bounds
    }

    /// Places the face: page-sized bounds about `center`, and the appearance's properties.
    ///
    /// - Parameters:
    ///   - appearance: The face's layer and view properties (see ``CubeFaceAppearance``).
    ///   - size: The page size, in points.
    ///   - center: The page centre in the container, in points (the face turns about it).
    func apply(_ appearance: CubeFaceAppearance, size: CGSize, center: CGPoint) {
        let bounds = CGRect(origin: .zero, size: size)
        if self.bounds != bounds { self.bounds = bounds }
        if self.center != center { self.center = center }
        layer.transform = CATransform3D(appearance.transform)
        layer.isDoubleSided = appearance.isDoubleSided
        layer.opacity = Float(appearance.opacity)
        layer.edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: appearance.edgeAntialiasingMask)
        layer.cornerRadius = CGFloat(appearance.cornerRadius)
        layer.masksToBounds = appearance.masksToBounds
        shadingView.alpha = CGFloat(appearance.shadingOpacity)
        shadingView.isHidden = appearance.isShadingHidden
        isHidden = appearance.isHidden
        isUserInteractionEnabled = appearance.isFront
        accessibilityElementsHidden = !appearance.isFront
    }
}

// MARK: - CubeFaceView + Drawing

extension CubeFaceView {
    /// Draws `layout` in `container`, the one routine of both cubes (``CubePagerView`` and the
    /// Stories viewer's): the perspective, then the ``CubeFacePlan``: a face view for each of
    /// `faces` (mounted from `slots`, new ones from `provide`), each given its
    /// ``StoryKit/CubeFaceAppearance`` about the container's centre, trailing over leading; faces
    /// that left are removed from `container`.
    /// Call it inside a transaction without actions.
    ///
    /// - Parameters:
    ///   - layout: The model's layout.
    ///   - faces: The faces to show (the layout's drawn faces, or none).
    ///   - container: The view whose layer holds the perspective and the faces.
    ///   - slots: The mounted and pooled faces before the update (a copy: the provider may read
    ///     its owner).
    ///   - provide: A face view for a page that comes on screen, given a pooled one to reuse.
    ///   - prepare: Fills a face view before it is shown; false leaves it as it is.
    /// - Returns: The slots after the update and what changed.
    static func draw(_ layout: CubePager.Layout, faces: [CubePager.Face], in container: UIView,
                     slots: PageSlots<CubeFaceView>, provide: (_ index: Int, _ reusable: CubeFaceView?) -> CubeFaceView,
                     prepare: (_ view: CubeFaceView, _ index: Int) -> Bool = { _, _ in true })
        -> (slots: PageSlots<CubeFaceView>, changes: PageSlots<CubeFaceView>.Changes) {
        container.layer.sublayerTransform = CATransform3D(layout.sublayerTransform)
        let plan = CubeFacePlan(layout, faces: faces, slots: slots, provide: provide) { $0.pageView != nil }
        place(plan.placements.map { ($0.face, $0.appearance, container) }, unmounted: plan.changes.unmounted,
              frontmost: plan.frontmost, prepare: prepare)
        return (plan.slots, plan.changes)
    }

    /// Takes `unmounted` out of their parents, then gives each of `placements` that `prepare`
    /// fills its appearance about its parent's centre, at its parent's size, in its parent;
    /// `frontmost` goes on top in its parent. Call it inside a transaction without actions.
    ///
    /// - Parameters:
    ///   - placements: Each face with its appearance and its parent view (the cube's container,
    ///     or the Stories viewer's row of cards), in drawing order.
    ///   - unmounted: The faces that left.
    ///   - frontmost: The face to bring in front of the others in its parent, if any.
    ///   - prepare: Fills a face view before it is shown; false leaves it as it is.
    static func place(_ placements: [(face: CubeFaceView, appearance: CubeFaceAppearance, parent: UIView)],
                      unmounted: [CubeFaceView], frontmost: CubeFaceView?,
                      prepare: (_ view: CubeFaceView, _ index: Int) -> Bool) {
        for face in unmounted { face.removeFromSuperview() }
        for (view, appearance, container) in placements where prepare(view, appearance.index) {
            view.apply(appearance, size: container.bounds.size, center: CGPoint(x: container.bounds.midX, y: container.bounds.midY))
            if view.superview !== container { container.addSubview(view) }
        }
        if let front = frontmost, let container = front.superview, container.subviews.last !== front { container.bringSubviewToFront(front) }
    }
}

// MARK: - CubePagerView + Faces

extension CubePagerView {
    /// Draws the model's layout: the container's perspective, a face view for each page that
    /// shows, trailing over leading; pages that left go to the reuse pool. No implicit or
    /// enclosing `UIView` animation applies.
    func applyLayout() {
        let layout = model.layout
        let faces = driver.session.drawnFaces(hasDataSource: dataSource != nil)
        var changes = PageSlots<CubeFaceView>.Changes()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            // On a copy: the data source may read the pager (pageView(at:)) while it is asked.
            let drawn = CubeFaceView.draw(layout, faces: faces, in: contentView, slots: slots) { index, reusable in
                makeFace(for: index, reusing: reusable)
            }
            slots = drawn.slots
            changes = drawn.changes
        }
        CATransaction.commit()
        reportDisplayChanges(changes)
    }

    /// Tells ``onPageDisplay`` and then the delegate which pages went off screen and which came
    /// on, in that order.
    func reportDisplayChanges(_ changes: PageSlots<CubeFaceView>.Changes) {
        for change in changes.displayChanges {
            guard let pageView = change.page.pageView else { continue }
            onPageDisplay?(pageView, change.isDisplayed)
            if change.isDisplayed {
                delegate?.cubePagerView(self, willDisplay: pageView, forPageAt: change.index)
            } else {
                delegate?.cubePagerView(self, didEndDisplaying: pageView, forPageAt: change.index)
            }
        }
    }

    /// A face view showing page `index`: a pooled one (its page view offered for reuse) or a new one.
    private func makeFace(for index: Int, reusing reusable: CubeFaceView?) -> CubeFaceView {
        let face = reusable ?? CubeFaceView()
        if let dataSource {
            face.setPageView(dataSource.cubePagerView(self, viewForPageAt: index, reusing: face.pageView))
        }
        return face
    }
}
#endif
