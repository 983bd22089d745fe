#if canImport(UIKit)
import Foundation
import StoryKit
import StoryMedia
import UIKit

// MARK: - StoryTrayView + Loading

extension StoryTrayView {
    /// A tap (or VoiceOver's activation of a ring) at a point of the row's viewport.
    @objc func tapped(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        let point = recognizer.location(in: self)
        perform(rules.tap(at: Point(point), time: now))
    }

    /// Carries out the rules' actions, in order, then schedules the next settle.
    func perform(_ actions: [TrayLoadingRules.Action]) {
        for action in actions {
            switch action {
            case .startRing(let user):
                cell(of: user)?.ring.startLoading()
            case .finishRing(let user):
                cell(of: user)?.ring.finishLoading()
            case .cancelRing(let user):
                cell(of: user)?.ring.cancelLoading()
            case .read(let request, _, let token):
                startRead(request, token: token)
            case .cancelRead:
                read.cancel()
            case .failed(let user, _):
                let error = read.takeError()
                if rules.tray.users.indices.contains(user) { onLoadFailure?(rules.tray.users[user], error) }
            case .open(let user, let from):
                guard rules.tray.users.indices.contains(user) else { continue }
                onOpen?(rules.tray.users[user], convert(CGRect(from), to: nil))
            }
        }
        scheduleSettle()
    }

    /// Reads the tapped user's first item; its end goes back into the rules with its token.
    private func startRead(_ request: TrayMediaRequest, token: Int) {
        read.start(request, token: token, source: media.byteSource) { [weak self] token, error in
            guard let self else { return }
            self.perform(error == nil ? self.rules.readFinished(token: token, time: self.now)
                                      : self.rules.readFailed(token: token, time: self.now))
        }
    }

    /// Calls back at the model's settle time (the loading ring at rest: the launch).
    private func scheduleSettle() {
        settleAlarm.set(at: rules.settleTime, now: now) { [weak self] in
            guard let self else { return }
            self.perform(self.rules.advance(to: Swift.max(self.now, self.rules.settleTime ?? self.now)))
        }
    }

    // MARK: Prefetching

    /// Reads ahead the first items of the avatars in view, half a screen beyond, and those the
    /// collection view is about to show; reads of avatars now far away stop.
    func updatePrefetching() {
        guard let prefetcher else { return }
        let requests = rules.prefetchRequests(layout: collectionLayout.trayLayout, also: prefetchedUsers.sorted())
        guard requests != prefetchRequests else { return }
        prefetchRequests = requests
        prefetcher.want(requests)
    }
}

// MARK: - StoryTrayView + Feed

extension StoryTrayView {
    /// Merges ``feed``, ``configuration`` and ``mediaBaseURL`` into the row (``TrayFeedMerge``):
    /// the rows it names are shown again, the offset it keeps is put back, a gone user's read stops.
    func takeFeed() {
        let (merge, actions) = rules.replaceFeed(feed, configuration: configuration, baseURL: mediaBaseURL, time: now)
        let height = collectionLayout.trayLayout.contentSize.height
        collectionLayout.trayLayout = TrayLayout(tray: rules.tray)
        if collectionLayout.trayLayout.contentSize.height != height { invalidateIntrinsicContentSize() }
        switch merge.rows {
        case .none:
            break
        case .reload(let rows):                 // in place: a loading ring keeps its animation
            for row in rows { if let cell = cell(of: row) { configure(cell, user: row) } }
        case .all:
            prefetchedUsers = []
            collectionView.reloadData()
        }
        collectionView.layoutIfNeeded()         // the new content size, before the offset
        let offset = CGFloat(rules.tray.contentOffset)
        if collectionView.contentOffset.x != offset {
            collectionView.setContentOffset(CGPoint(x: offset, y: collectionView.contentOffset.y), animated: false)
        }
        perform(actions)
        updatePrefetching()
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
        if window == nil, rules.tray.loadingUser != nil, viewerLink?.controller == nil {
            perform(rules.cancel(time: now))
        }
    }
}
#endif
