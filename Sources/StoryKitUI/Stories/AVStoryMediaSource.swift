#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryKit
import StoryMedia
import UIKit

/// The Stories viewer's media on iOS: a ``StoryMediaPlayback`` (so a ``StoryKit/StoryMediaSource``)
/// over a pool of `AVPlayer`s and decoded images, fed by the view controller through the same
/// contract as the command line's scripted source.
///
/// It carries out what ``StoryMediaSlots`` makes of the ``StoryKit/PlayerPool``'s changes
/// (``perform(_:)``): at most ``StoriesMediaConfiguration/playerCapacity`` slots, each with one
/// ``PooledPlayer`` made the first time the slot holds a video and reused through
/// `replaceCurrentItem(with:)`; the current item playing and heard as the viewer says, the
/// visible pages' and the next item's prepared, paused and muted, and nothing else ever heard.
/// Each load of an item gets its own ``StoryMediaView`` (so the page's previous picture is never
/// replaced by the next item's frame) and its own ``MediaReportRules``. Videos come through
/// ``StoryVideoRoute``: with a byte source, through a ``StoryResourceLoader``; images through
/// ``StoryImageLoader``. The audio session is switched by ``AudioSessionSwitch``; the route
/// changes reach ``StoryMediaPlayback/routeChanged(reason:)``.
///
/// What the media does becomes reports as ``StoryMediaPlayback`` says. ``stopAll()`` (the viewer
/// closed) and `deinit` pause and mute every player, remove every observer, cancel every load and
/// deactivate the session: nothing is heard after the close.
@MainActor
final class AVStoryMediaSource: StoryMediaPlayback {
    let configuration: StoriesMediaConfiguration
    let images: StoryImageLoader
    let loader: StoryResourceLoader?
    /// The player of each slot that held a video, by slot.
    var players: [Int: PooledPlayer] = [:]
    /// The view of the load in each slot, by slot (its image read is the playback's).
    var views: [Int: StoryMediaView] = [:]
    /// The route-change observer.
    private let notifications = NotificationTokens()

    /// A source for the items of `users`.
    ///
    /// - Parameters:
    ///   - users: The viewer's users (their items' URLs and kinds).
    ///   - baseURL: The folder that relative media paths are in.
    ///   - configuration: The byte source, player capacity, forward buffer and audio session.
    ///   - session: The session that downloads images without a byte source (videos stream
    ///     through AVFoundation).
    ///   - clock: The viewer's clock, in seconds.
    init(users: [StoryUser], baseURL: URL?, configuration: StoriesMediaConfiguration = StoriesMediaConfiguration(),
         session: URLSession = .shared, clock: @escaping @MainActor () -> Double) {
        self.configuration = configuration
        images = StoryImageLoader(session: session, source: configuration.byteSource)
        loader = configuration.byteSource.map { StoryResourceLoader(source: $0) }
        super.init(users: users, baseURL: baseURL, configuration: configuration, audio: AudioSessionSwitch(), clock: clock,
                   imageProtection: StoryImageLoader.protection)
        notifications.observe(AVAudioSession.routeChangeNotification) { [weak self] notification in
            let reason = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
            MainActor.assumeIsolated { self?.routeChanged(reason: reason) }
        }
    }

    /// The media view of the newest load of item `id`, or `nil`.
    func view(for id: String) -> StoryMediaView? {
        slots.entry(showing: id).flatMap { views[$0.slot] }
    }

    /// Stops and releases everything (``StoryMediaPlayback/stopAll()``), and cancels every
    /// request the resource loader serves.
    override func stopAll() {
        super.stopAll()
        loader?.cancelAll()
    }

    /// The avatar at the feed's `string` (a URL or path): from the cache, else `completion` once
    /// loaded.
    func avatar(_ string: String, completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        guard let location = StoryMediaLocation.resolve(string, relativeTo: baseURL) else { return nil }
        // The page header's avatar is at most 48 points.
        return images.avatar(at: location, points: Size(width: 48, height: 48),
                             scale: Double(UITraitCollection.current.displayScale), completion: completion)
    }

    /// Carries out one of the slots' steps on the players and views.
    override func perform(_ step: StoryMediaSlots.Step) {
        switch step {
        case .load(let load, let token, let slot): start(load, token: token, slot: slot)
        case .unload(let slot): players[slot]?.unload()
        case .play(let slot): players[slot]?.player.play()
        case .pause(let slot): players[slot]?.player.pause()
        case .mute(let slot): players[slot]?.player.isMuted = true
        case .unmute(let slot): players[slot]?.player.isMuted = false
        case .rewind(let slot): players[slot]?.rewind()
        case .release(let slot):
            players.removeValue(forKey: slot)?.unload(keepingFrame: true)
            views.removeValue(forKey: slot)?.onImageShown = nil
        case .activateAudio, .deactivateAudio, .audioFailed, .reportsAvailable: break   // the playback's
        }
    }

    /// The slot's player as it is now.
    override func playerState(slot: Int) -> StoryMediaSlots.PlayerState? {
        players[slot]?.state
    }
}
#endif
