#if canImport(UIKit) && canImport(AVFoundation)
import QuartzCore
import StoryKit
import UIKit

// MARK: - StoriesViewController + Drawing

extension StoriesViewController {
    /// Applies the model to the views: the backdrop (the root view's black), the dismiss container, the cube's faces and
    /// each visible page. No implicit or enclosing animation applies.
    func render() {
        guard isViewLoaded else { return }
        let date = frameClockDate.secondsSince1970(atFrameTime: now)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            let plan = StoriesFacePlan(viewer, slots: slots, provide: { _, reusable in reusable ?? makeFace() },
                                       hasPageView: { $0.pageView != nil })
            let layout = plan.container
            view.backgroundColor = UIColor(white: 0, alpha: CGFloat(layout.backdropAlpha))
            // Once swiped into the avatar the page is gone (the scene draws no page either).
            containerView.isHidden = plan.isContainerHidden
            containerView.bounds = CGRect(layout.bounds)
            containerView.center = CGPoint(layout.center)
            containerView.transform = CGAffineTransform(scaleX: CGFloat(layout.scale), y: CGFloat(layout.scale))
            containerView.layer.cornerRadius = CGFloat(layout.cornerRadius)
            containerView.clipsToBounds = layout.clipsToBounds
            containerView.alpha = CGFloat(layout.alpha)
            cubeView.bounds = CGRect(origin: .zero, size: CGSize(viewer.pageSize))
            cubeView.center = CGPoint(layout.contentCenter)
            renderFaces(plan, date: date)
            areaAccessibilityView.update(viewer.pageAccessibilityElements)
        }
        CATransaction.commit()
    }

    /// The cube's perspective and a face for each visible user's page, trailing over leading;
    /// as a card, the current user's card in the container and the neighbours' in the row.
    private func renderFaces(_ plan: StoriesFacePlan<CubeFaceView>, date: Double) {
        let parents = [cubeView, cardRowView]
        cubeView.layer.sublayerTransform = CATransform3D(plan.sublayerTransform)
        CubeFaceView.place(plan.placements.map { ($0.face, $0.appearance, parents[$0.parent.rawValue]) },
                           unmounted: plan.changes.unmounted, frontmost: plan.frontmost, prepare: { faceView, user in
            guard let page = faceView.pageView as? StoriesPageView,
                  let presentation = StoriesPagePresentation(user: user, viewer: viewer, now: date) else { return false }
            if page.user != user { page.prepareForReuse() }
            page.apply(presentation, media: media.view(for: presentation.itemID))
            showAvatar(of: presentation, on: page)
            return true
        })
        slots = plan.slots
    }

    /// A face holding a new page view.
    private func makeFace() -> CubeFaceView {
        let face = CubeFaceView()
        let page = StoriesPageView()
        face.setPageView(page)
        return face
    }

    /// The user's avatar on `page`: asked of the loader once per avatar, from its cache or once it
    /// has loaded (the page redraws then; its `"avatar"` layer is grey until).
    private func showAvatar(of presentation: StoriesPagePresentation, on page: StoriesPageView) {
        guard page.avatarKey != presentation.avatar else { return }
        page.avatarKey = presentation.avatar
        page.avatarImage = nil
        guard let key = presentation.avatar else { return }
        page.avatarImage = media.avatar(key) { [weak page] image in
            guard let page, page.avatarKey == key else { return }
            page.avatarImage = image.cgImage
        }?.cgImage
    }
}
#endif
