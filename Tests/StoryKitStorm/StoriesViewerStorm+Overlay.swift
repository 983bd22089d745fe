import StoryKit

// MARK: - StoriesViewerStorm + Overlay

/// The page overlay the compositor and UIKit both draw from the model: the loading ring and a
/// failed item's retry state with its Retry button.
///
/// Invariants, after every step of an open viewer with a usable page:
/// - the loading ring shows (``StoriesViewer/showsLoadingIndicator``) only while the state is
///   loading and asks for frames (it turns with time);
/// - the current page's overlay is `"retry"` exactly when its item failed, and `"loading"`
///   exactly when the ring shows;
/// - a failed current item's Retry button lies inside the page, and VoiceOver has it
///   (``StoriesViewer/pageAccessibilityElements``), labelled with the failure's reason;
///   without a failure there is no button and no such element;
/// - a storm tap (down and up at one point) that came down on the Retry button never turns
///   the page: the user and the item stay.
extension StoriesViewerStorm {
    static func checkOverlay(_ viewer: StoriesViewer, before: StoriesViewer, step: Step) -> String? {
        guard !viewer.isClosed, let item = viewer.currentItem else { return nil }
        if viewer.showsLoadingIndicator, viewer.state != .loading || !viewer.needsFrames {
            return "the loading ring shows in state \(viewer.state), needsFrames \(viewer.needsFrames)"
        }
        let size = viewer.pageSize
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
              viewer.scene(media: { _, _ in nil }).size.width > 0 else { return nil }
        let overlay = viewer.overlayLayer(forUser: viewer.userIndex)?.name
        let reason = viewer.failureReason(forItem: item.id)
        let expected = reason != nil ? "retry" : viewer.showsLoadingIndicator ? "loading" : nil
        if overlay != expected { return "the current page's overlay is \(String(describing: overlay)), expected \(String(describing: expected))" }
        let button = viewer.retryButtonFrame
        let element = viewer.pageAccessibilityElements.first { $0.id == StoriesViewer.retryElementID }
        if let reason {
            if button.width <= 0 || button.minX < 0 || button.maxX > size.width || button.minY < 0 || button.maxY > size.height {
                return "the Retry button \(button) is not on the page \(size)"
            }
            if element?.hint != reason || element?.frame != button { return "VoiceOver's Retry is \(String(describing: element))" }
        } else if button != .zero || element != nil {
            return "a Retry button \(button) without a failure"
        }
        if case let .tap(x, y, t) = step, t.isFinite {
            var down = before
            let point = Point(x: x * before.pageSize.width, y: y * before.pageSize.height)
            _ = down.advance(to: t)
            _ = down.touchCancelled(time: t)      // as the touch-down does with a finger still down
            if down.isOnRetryButton(point), !down.isClosed, !down.isDismissing,
               down.userIndex != viewer.userIndex || down.itemIndex != viewer.itemIndex {
                return "a tap on Retry turned the page from \(down.userIndex)/\(down.itemIndex) to \(viewer.userIndex)/\(viewer.itemIndex)"
            }
        }
        return nil
    }
}
