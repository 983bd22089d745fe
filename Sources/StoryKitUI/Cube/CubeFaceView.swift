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
        layer.opacity = appearance.opacity
        layer.edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: appearance.edgeAntialiasingMask)
        shadingView.alpha = CGFloat(appearance.shadingOpacity)
        shadingView.isHidden = appearance.isShadingHidden
        isHidden = appearance.isHidden
        isUserInteractionEnabled = appearance.isFront
        accessibilityElementsHidden = !appearance.isFront
    }
}

// MARK: - CubePagerView + Faces

extension CubePagerView {
    /// Draws the model's layout: the container's perspective, a face view for each page that
    /// shows, trailing over leading; pages that left go to the reuse pool. No implicit or
    /// enclosing `UIView` animation applies.
    func applyLayout() {
        let layout = model.layout
        let faces = dataSource == nil ? [] : layout.drawnFaces
        var changes = PageSlots<CubeFaceView>.Changes()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            contentView.layer.sublayerTransform = CATransform3D(layout.sublayerTransform)
            // On a copy: the data source may read the pager (pageView(at:)) while it is asked.
            var slots = self.slots
            changes = slots.update(visible: faces.map(\.index)) { index, reusable in
                makeFace(for: index, reusing: reusable)
            }
            self.slots = slots
            for face in changes.unmounted { face.removeFromSuperview() }
            let size = contentView.bounds.size
            let center = CGPoint(x: contentView.bounds.midX, y: contentView.bounds.midY)
            let mounted = slots.mounted
            for appearance in CubeFaceAppearance.appearances(for: layout, hasPageView: { mounted[$0]?.pageView != nil }) {
                guard let view = mounted[appearance.index] else { continue }
                view.apply(appearance, size: size, center: center)
                if view.superview !== contentView { contentView.addSubview(view) }
            }
            // Trailing draws over leading (it matters for the slide and the cross-fade).
            if let trailing = faces.last, faces.count == 2, let view = slots.mounted[trailing.index],
               contentView.subviews.last !== view {
                contentView.bringSubviewToFront(view)
            }
        }
        CATransaction.commit()
        reportDisplayChanges(changes)
    }

    /// Tells the delegate which pages went off screen and which came on, in that order.
    func reportDisplayChanges(_ changes: PageSlots<CubeFaceView>.Changes) {
        guard let delegate, !changes.unmounted.isEmpty || !changes.mounted.isEmpty else { return }
        for (face, index) in zip(changes.unmounted, changes.unmountedIndices) {
            if let pageView = face.pageView { delegate.cubePagerView(self, didEndDisplaying: pageView, forPageAt: index) }
        }
        for index in changes.mounted {
            if let pageView = slots.mounted[index]?.pageView { delegate.cubePagerView(self, willDisplay: pageView, forPageAt: index) }
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
