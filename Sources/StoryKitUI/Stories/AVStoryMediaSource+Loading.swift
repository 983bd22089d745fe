#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryKit
import UIKit

// MARK: - AVStoryMediaSource + Loading

extension AVStoryMediaSource {
    /// Ends the slot's previous load (its view no longer reports an image; the playback cancelled
    /// its image read) and starts `load` as the load numbered `token`
    /// (``StoryMediaSlots/Step/load(_:token:slot:)``) in a new view: a video into the slot's
    /// player (made now if the slot has none), an image into the view (its read kept by the
    /// playback), a failure left to the playback, which sends it back as the media's.
    func start(_ load: StoryMediaSlots.Load, token: Int, slot: Int) {
        views[slot]?.onImageShown = nil
        let view = StoryMediaView()
        views[slot] = view
        let send = sink(token: token, slot: slot)
        switch load {
        case .failed:
            break           // sent back as the media's failure by the playback
        case .video(let route):
            let asset = AVURLAsset(url: route.assetURL)
            if case .throughLoader = route, let loader { asset.resourceLoader.setDelegate(loader, queue: loader.queue) }
            let playerItem = AVPlayerItem(asset: asset)
            playerItem.preferredForwardBufferDuration = configuration.preferredForwardBufferDuration
            let player = players[slot] ?? PooledPlayer()
            players[slot] = player
            player.load(playerItem, shownBy: view.makePlayerLayer(), playheadInterval: StoryMediaSlots.playheadInterval, send: send)
        case .image(let location):
            let images = self.images
            let points = Size(view.bounds.size), scale = Double(view.traitCollection.displayScale)
            view.onImageShown = { send(.firstFrame(true)) }
            let read = Task { [weak view] in
                await StoryImageLoadReport.run({ try await images.image(at: location, points: points, scale: scale) },
                                               show: { view?.show($0) }, send: send)
            }
            track(imageRead: read, slot: slot)
        }
    }
}
#endif
