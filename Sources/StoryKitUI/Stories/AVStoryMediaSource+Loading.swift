#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryKit
import UIKit

// MARK: - AVStoryMediaSource + Loading

extension AVStoryMediaSource {
    /// Ends the slot's previous load and starts `load` as the load numbered `token`
    /// (``StoryMediaSlots/Step/load(_:token:slot:)``): a video into the slot's player (made now if
    /// the slot has none), an image into the load's view, a failure sent back as the media's.
    func start(_ load: StoryMediaSlots.Load, token: Int, slot: Int) {
        loads[slot]?.end()
        let media = MediaLoad()
        loads[slot] = media
        let send = sink(token: token, slot: slot)
        switch load {
        case .failed(let reason):
            send(.failed(reason))
        case .video(let route):
            let asset = AVURLAsset(url: route.assetURL)
            if case .throughLoader = route, let loader { asset.resourceLoader.setDelegate(loader, queue: loader.queue) }
            let playerItem = AVPlayerItem(asset: asset)
            playerItem.preferredForwardBufferDuration = configuration.preferredForwardBufferDuration
            let player = players[slot] ?? PooledPlayer()
            players[slot] = player
            player.load(playerItem, shownBy: media.view.makePlayerLayer(), playheadInterval: StoryMediaSlots.playheadInterval, send: send)
        case .image(let location):
            let images = self.images
            let points = Size(media.view.bounds.size), scale = Double(media.view.traitCollection.displayScale)
            media.view.onImageShown = { send(.firstFrame(true)) }
            media.imageLoad = Task { [weak view = media.view] in
                await StoryImageLoadReport.run({ try await images.image(at: location, points: points, scale: scale) },
                                               show: { view?.show($0) }, send: send)
            }
        }
    }

    /// Where load `token`'s observations go, from any thread: to ``receive(_:token:slot:)`` on
    /// the main queue, in the order sent, never in the middle of what the main actor is doing now.
    private func sink(token: Int, slot: Int) -> @Sendable (PlayerItemObservation) -> Void {
        { [weak self] observation in
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.receive(observation, token: token, slot: slot) }
            }
        }
    }

    /// An observation of load `token` in `slot`, now on the main actor: through the slots (with
    /// the slot's player as it is now) into the reports, unless that load is gone.
    private func receive(_ observation: PlayerItemObservation, token: Int, slot: Int) {
        run(slots.receive(observation, token: token, player: players[slot]?.state, at: clock()))
    }
}
#endif
