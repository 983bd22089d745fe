#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryKit
import UIKit

// MARK: - AVStoryMediaSource + Loading

extension AVStoryMediaSource {
    /// Starts loading `entry`'s item into `slot`: a video into the slot's player (made now if the
    /// slot has none), an image into the entry's view (the slot's player, if any, is emptied).
    func load(_ entry: Entry, into slot: Slot) {
        guard let item = items[entry.id] else {
            slot.player?.unload()
            post(.failed("This story is not in the feed."), to: entry)
            return
        }
        guard let location = StoryMediaLocation.resolve(item.url, relativeTo: baseURL) else {
            slot.player?.unload()
            post(.failed("This story's address is not supported."), to: entry)
            return
        }
        let sink = Sink(source: self, id: entry.id, token: entry.token)
        switch item.kind {
        case .video:
            let route = StoryVideoRoute(location, hasByteSource: loader != nil)
            let asset = AVURLAsset(url: route.assetURL)
            if case .throughLoader = route, let loader { asset.resourceLoader.setDelegate(loader, queue: loader.queue) }
            entry.asset = asset
            let playerItem = AVPlayerItem(asset: asset)
            playerItem.preferredForwardBufferDuration = configuration.preferredForwardBufferDuration
            let player = slot.player ?? PooledPlayer()
            slot.player = player
            player.load(playerItem, shownBy: entry.view.makePlayerLayer(), playheadInterval: playheadInterval) { observation in
                sink.send(observation)
            }
        case .image:
            slot.player?.unload()
            entry.hasAudio = false
            let images = self.images
            let points = Size(entry.view.bounds.size), scale = Double(entry.view.traitCollection.displayScale)
            entry.view.onImageShown = { sink.send(.firstFrame(true)) }
            entry.imageLoad = Task { [weak view = entry.view] in
                do {
                    let image = try await images.image(at: location, points: points, scale: scale)
                    guard !Task.isCancelled else { return }
                    sink.send(.loaded(duration: nil, hasAudio: false))     // before the frame: ready, then displaying
                    view?.show(image)
                } catch is CancellationError {
                    return
                } catch {
                    guard !Task.isCancelled else { return }
                    sink.send(.failed((error as? StoryImageLoader.Failure)?.reason ?? error.localizedDescription))
                }
            }
        }
    }

    /// Reports `observation` for `entry` later, as if its media had said it.
    private func post(_ observation: PlayerItemObservers.Observation, to entry: Entry) {
        Sink(source: self, id: entry.id, token: entry.token).send(observation)
    }

    /// An observation of the entry `token` of item `id`, now on the main actor: through the
    /// entry's rules into the reports, unless that entry is gone.
    fileprivate func receive(_ observation: PlayerItemObservers.Observation, id: String, token: Int) {
        guard let entry = entries[id], entry.token == token else { return }
        let events: [StoriesViewer.MediaEvent]
        switch observation {
        case .loaded(let duration, let hasAudio):
            if entry.hasAudio != hasAudio {
                entry.hasAudio = hasAudio
                updateAudioSession()
            }
            events = entry.rules.loaded(duration: duration)
        case .firstFrame(let shown): events = entry.rules.firstFrameShown(shown)
        case .timeControl(let status):
            var changes = entry.rules.timeControl(status)
            if let paused = slots[entry.slot]?.player?.observedTimeControl() { changes += entry.rules.pausedUnrequested(paused) }
            events = changes
        case .bufferEmpty(let empty):
            if !empty { slots[entry.slot]?.player?.bufferRefilled() }
            events = entry.rules.bufferEmpty(empty)
        case .playhead(let seconds): events = entry.rules.playhead(seconds)
        case .ended: events = entry.rules.playedToEnd()
        case .failed(let reason): events = entry.rules.failed(reason)
        }
        report(events, for: id)
    }
}

// MARK: - Sink

/// Where an entry's observations go: to the source on the main queue, in the order sent, for
/// the entry that sent them.
private struct Sink: Sendable {
    weak var source: AVStoryMediaSource?
    let id: String
    let token: Int

    /// Sends `observation` from any thread; it arrives later on the main queue, never in the
    /// middle of what the main actor is doing now.
    func send(_ observation: PlayerItemObservers.Observation) {
        let sink = self
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                sink.source?.receive(observation, id: sink.id, token: sink.token)
            }
        }
    }
}
#endif
