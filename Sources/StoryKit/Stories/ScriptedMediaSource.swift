import MotionCore

/// A media source on a virtual clock: each item loads in a scripted time, then shows; a video
/// plays its length while told to play, stalls where scripted, and ends; an item can fail.
///
/// It keeps the books a real player pool must keep, so tests can check them: which items are
/// loaded, which play, which can be heard (``audibleItems``), and the most that were ever heard
/// at once (``mostAudibleAtOnce``).
///
/// ```swift
/// var source = ScriptedMediaSource(defaultBehaviour: .init(loadTime: 0.4))
/// source.behaviours["ben-1"] = .init(loadTime: 2)                 // a slow network for Ben
/// viewer.advance(to: t, media: &source)
/// ```
public struct ScriptedMediaSource: StoryMediaSource, Sendable, Hashable {
    /// How one item's media behaves.
    public struct Behaviour: Sendable, Hashable {
        /// Seconds from the item's first listing to its first frame on screen (≥ 0).
        public var loadTime: Double
        /// A video's length in seconds, reported when it is ready; `nil` for an image.
        public var videoLength: Double?
        /// Stalls of a video: at a media time (seconds into the video), for a duration (seconds).
        public var stalls: [Stall]
        /// A failure reported at the end of loading instead of the first frame, if any.
        public var failure: String?
        /// The earliest time the media can show, in seconds on the source's clock, whatever
        /// ``loadTime`` says: when a real loader delivered its bytes (`storykit play` over http
        /// records it from the media pipeline). `nil`: no such bound; `.infinity`: not yet.
        public var availableAt: Double?

        /// One stall.
        public struct Stall: Sendable, Hashable {
            /// Seconds into the video.
            public var at: Double
            /// Seconds it lasts.
            public var duration: Double

            /// A stall.
            public init(at: Double, duration: Double) {
                self.at = at
                self.duration = duration
            }
        }

        /// A behaviour; non-finite or negative times count as 0.
        public init(loadTime: Double = 0, videoLength: Double? = nil, stalls: [Stall] = [], failure: String? = nil) {
            self.loadTime = loadTime.isFinite ? Swift.max(loadTime, 0) : 0
            self.videoLength = videoLength.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            self.stalls = stalls.filter { $0.at.isFinite && $0.duration.isFinite && $0.duration > 0 }.sorted { $0.at < $1.at }
            self.failure = failure
            availableAt = nil
        }
    }

    /// One loaded item's player.
    struct Player: Sendable, Hashable {
        var listedAt: Double
        var attempt = 0
        var shown = false
        var failed = false
        var playing = false
        var muted = true
        /// Seconds into the video.
        var mediaTime = 0.0
        /// When the current stall ends, if stalled.
        var stalledUntil: Double?
        var nextStall = 0
        var ended = false
    }

    /// Behaviour by item id.
    public var behaviours: [String: Behaviour]
    /// The behaviour of items not in ``behaviours``.
    public var defaultBehaviour: Behaviour
    /// The loaded items' players.
    var players: [String: Player] = [:]
    /// The clock, in seconds.
    public private(set) var time: Double = -.infinity
    /// The most items ever heard at one time.
    public private(set) var mostAudibleAtOnce = 0
    var pending: [MediaReport] = []

    /// A source where every item behaves as `defaultBehaviour` unless `behaviours` says otherwise.
    public init(defaultBehaviour: Behaviour = Behaviour(), behaviours: [String: Behaviour] = [:]) {
        self.defaultBehaviour = defaultBehaviour
        self.behaviours = behaviours
    }

    /// The items loaded now.
    public var loadedItems: Set<String> { Set(players.keys) }
    /// The items playing now.
    public var playingItems: Set<String> { Set(players.filter { $0.value.playing }.map(\.key)) }
    /// The items that can be heard now: playing and not muted.
    public var audibleItems: Set<String> { Set(players.filter { $0.value.playing && !$0.value.muted }.map(\.key)) }

    public mutating func apply(_ viewer: StoriesViewer) {
        apply(viewer.players, time: viewer.time)
    }

    /// Makes the players match `directives` at `time` (what ``apply(_:)`` does with the viewer's
    /// ``StoriesViewer/players`` and ``StoriesViewer/time``).
    ///
    /// - Parameters:
    ///   - directives: The viewer's directives, one per visible page.
    ///   - time: Seconds on the viewer's clock.
    public mutating func apply(_ directives: [StoriesViewer.PlayerDirective], time: Double) {
        guard time.isFinite else { return }
        run(to: time)
        let listed = Set(directives.map(\.id))
        players = players.filter { listed.contains($0.key) }          // released: silent for good
        for directive in directives {
            var player = players[directive.id] ?? Player(listedAt: self.time, attempt: directive.attempt)
            if player.attempt != directive.attempt { player = Player(listedAt: self.time, attempt: directive.attempt) }
            player.playing = directive.isPlaying
            player.muted = directive.isMuted
            players[directive.id] = player
        }
        mostAudibleAtOnce = Swift.max(mostAudibleAtOnce, audibleItems.count)
    }

    public mutating func reports(through time: Double) -> [MediaReport] {
        guard time.isFinite else { return [] }
        run(to: time)
        defer { pending = [] }
        return pending.sorted { $0.time < $1.time }
    }

    /// Moves every player to `time`, collecting reports.
    mutating func run(to target: Double) {
        guard target > time else { return }
        let start = time
        time = target
        for id in players.keys.sorted() {
            guard var player = players[id] else { continue }
            let behaviour = behaviours[id] ?? defaultBehaviour
            let shownAt = Swift.max(player.listedAt + behaviour.loadTime, behaviour.availableAt.map { $0.isNaN ? .infinity : $0 } ?? -.infinity)
            if !player.shown, !player.failed, shownAt <= target {
                if let failure = behaviour.failure {
                    player.failed = true
                    pending.append(MediaReport(id: id, event: .failed(reason: failure), time: shownAt))
                } else {
                    player.shown = true
                    if let length = behaviour.videoLength {
                        pending.append(MediaReport(id: id, event: .duration(length), time: shownAt))
                    }
                    pending.append(MediaReport(id: id, event: .ready, time: shownAt))
                    pending.append(MediaReport(id: id, event: .displaying, time: shownAt))
                }
            }
            if player.shown, player.playing, !player.ended, let length = behaviour.videoLength {
                play(&player, id: id, from: Swift.max(start, shownAt), to: target, length: length, stalls: behaviour.stalls)
            }
            players[id] = player
        }
    }

    /// Plays a video from `from` to `to`, stalling where scripted and ending at its length.
    mutating func play(_ player: inout Player, id: String, from: Double, to: Double, length: Double, stalls: [Behaviour.Stall]) {
        var now = from
        while now < to {
            if let until = player.stalledUntil {
                if until > to { return }
                now = until
                player.stalledUntil = nil
                pending.append(MediaReport(id: id, event: .resumed, time: now))
                continue
            }
            let nextStall = player.nextStall < stalls.count ? stalls[player.nextStall] : nil
            let stopAt = Swift.min(nextStall?.at ?? .infinity, length)
            let reachable = player.mediaTime + (to - now)
            if reachable < stopAt {
                player.mediaTime = reachable
                return
            }
            now += stopAt - player.mediaTime
            player.mediaTime = stopAt
            if let stall = nextStall, stall.at < length {
                player.nextStall += 1
                player.stalledUntil = now + stall.duration
                pending.append(MediaReport(id: id, event: .stalled, time: now))
            } else {
                player.ended = true
                pending.append(MediaReport(id: id, event: .ended, time: now))
                return
            }
        }
    }
}
