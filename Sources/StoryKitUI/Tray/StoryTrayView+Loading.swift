#if canImport(UIKit)
import Foundation
import StoryKit
import UIKit

// MARK: - StoryTrayView + Loading

extension StoryTrayView {
    /// A tap (or VoiceOver's activation of a ring) at a point of the row's viewport.
    @objc func tapped(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        session.tap(at: Point(recognizer.location(in: self)))
    }

    /// Carries out what the session asks: a ring on screen, or the host's callbacks.
    func apply(_ effect: TrayRowSession.Effect) {
        switch effect {
        case .ring(let user, _, let state): cell(of: user)?.ring.session.request(state)
        case .failed(let user, let error): onLoadFailure?(user, error)
        case .open(let user, let from): onOpen?(user, convert(CGRect(from), to: nil))
        }
    }
}

// MARK: - StoryTrayView + Feed

extension StoryTrayView {
    /// Merges ``feed``, ``configuration``, ``mediaBaseURL`` and the layout direction into the row
    /// (``TrayFeedMerge``): the rows it names are shown again, the offset it keeps is put back, a
    /// gone user's read stops.
    func takeFeed() {
        let direction = StoryLayoutDirection(effectiveUserInterfaceLayoutDirection)
        session.replace(TrayRowInput(feed: feed, configuration: configuration, baseURL: mediaBaseURL,
                                     preferred: preferredLayoutDirection, view: direction)) { merge in
            let height = collectionLayout.trayLayout.contentSize.height
            collectionLayout.trayLayout = session.layout
            if session.layout.contentSize.height != height { invalidateIntrinsicContentSize() }
            switch merge.rows {
            case .none:
                break
            case .reload(let rows):             // in place: a loading ring keeps its animation
                for row in rows { if let cell = cell(of: row) { configure(cell, user: row) } }
            case .all:
                collectionView.reloadData()
            }
            collectionView.layoutIfNeeded()     // the new content size, before the offset
            showModelOffset()
        }
    }

    /// Puts the model's scroll offset on the collection view (from its right end right to left).
    func showModelOffset() {
        let offset = CGFloat(session.scrollViewOffset)
        if collectionView.contentOffset.x != offset {
            collectionView.setContentOffset(CGPoint(x: offset, y: collectionView.contentOffset.y), animated: false)
        }
    }
}

// MARK: - StoryTrayView + UIGestureRecognizerDelegate

extension StoryTrayView: UIGestureRecognizerDelegate {
    /// A touch that comes down while the row glides or is dragged only stops it: the tap
    /// recogniser does not take it (``TrayTapRule``). Asked at touch-down, while the scroll view
    /// still says it is moving.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        TrayTapRule.opens(decelerating: collectionView.isDecelerating, dragging: collectionView.isDragging)
    }
}

// MARK: - StoryTrayView + Window

extension StoryTrayView {
    /// Leaving the window gives up a loading ring: nothing opens over a screen that is gone.
    public override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil, viewerLink?.controller == nil { session.cancelLoading() }
    }
}
#endif
