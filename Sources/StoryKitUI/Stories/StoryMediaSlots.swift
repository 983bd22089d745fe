import Foundation
import StoryKit

// MARK: - StoryMediaSlots

/// The bookkeeping of ``AVStoryMediaSource`` as plain values, tested on Linux: which load of
/// which item each pool slot holds, what each slot's player was asked, what a pause of its own
/// means, which reports wait, and what the platform must do, in order, as ``Step``s.
///
/// - ``update(to:at:)`` carries out the ``StoryKit/PlayerPool``'s changes. Each `.assign` starts
///   a new load of the item (an ``Entry`` with its own token and ``MediaReportRules``) and ends
///   the slot's previous one: a video goes into the slot's player (made the first time the slot
///   holds a video), an image or an item that cannot load empties it (``Step/unload(slot:)``).
///   `.play` and `.pause` reach a player only while it holds a video; `.unmute` is carried out
///   only when the viewer does not run the audio session (then ``AudioSessionPlan`` unmutes once
///   the session is ours); `.release` stops the player and ends the load.
/// - ``receive(_:token:player:at:)`` turns an observation of a load into reports through the
///   load's rules, unless a newer load of the item or of its slot replaced it. A pause the viewer
///   did not ask for (``UnrequestedPauseRule``) is judged from the player as it is when the
///   observation arrives (the observed status may be stale); a refilled buffer plays a player that
///   should play but stopped at the stall, unless its headphones went away.
/// - Reports are stamped with the time given and kept in a ``MediaReportQueue``; a call that added
///   any ends with ``Step/reportsAvailable``.
/// - With a managed audio session, the session and the mute switches follow an
///   ``AudioSessionPlan``: a call that changed what the session hears (the pool's changes, a
///   momentary pause beginning or ending, the viewer muted or unmuted, a load learning whether it
///   has sound) gives the plan's steps after the players' steps (its mutes as ``Step/mute(slot:)`` and ``Step/unmute(slot:)``,
///   its session calls as ``Step/activateAudio(_:)`` and ``Step/deactivateAudio(restoring:)``, a
///   failed activation as ``Step/audioFailed(_:)``); a new load mutes its slot's player, so
///   the plan unmutes it again if it should be heard; the close gives the session back.
///
/// It takes events over time (a state machine): the pool's updates, restarts, observations,
/// lost outputs and the close, in any order.
package struct StoryMediaSlots: Sendable, Hashable {
    /// How an item loads, from the feed.
    package enum Load: Sendable, Hashable {
        /// A video, reaching its player this way.
        case video(StoryVideoRoute)
        /// An image at this location.
        case image(StoryMediaLocation)
        /// Nothing can load: this reason is reported as the media's failure (later, as if the
        /// media had said it).
        case failed(String)
    }

    /// One thing for the platform to do, in the order given.
    package enum Step: Sendable, Hashable {
        /// End the slot's previous load (its reads and observers stop), then start `load` as the
        /// load numbered `token`: a video into the slot's player (made if the slot has none), an
        /// image into a new view, a failure sent back as an observation.
        case load(Load, token: Int, slot: Int)
        /// Empty the slot's player (paused, muted, no item, observers removed).
        case unload(slot: Int)
        /// `play()` the slot's player.
        case play(slot: Int)
        /// `pause()` the slot's player.
        case pause(slot: Int)
        /// Mute the slot's player.
        case mute(slot: Int)
        /// Unmute the slot's player.
        case unmute(slot: Int)
        /// Seek the slot's player to its start, if it is not there.
        case rewind(slot: Int)
        /// Stop the slot's player for good and let it go, and end the slot's load.
        case release(slot: Int)
        /// Off the main thread, save the app's audio settings, set these and activate the session
        /// (``AudioSessionSwitch``); then call ``activationFinished(saved:error:)`` with the result.
        case activateAudio(AudioSessionPlan.Settings)
        /// Off the main thread, deactivate the session, then put these settings back (`nil`:
        /// nothing to restore).
        case deactivateAudio(restoring: AudioSessionPlan.Settings?)
        /// Tell the host the session could not be activated, with the reason: the story plays
        /// silent.
        case audioFailed(String)
        /// Reports wait: take them with ``take(through:)``.
        case reportsAvailable
    }

    /// One load of one item into a slot.
    package struct Entry: Sendable, Hashable {
        /// The item's id.
        package let id: String
        /// The load's number, unique for the life of the slots: observations carry it.
        package let token: Int
        /// The pool slot it is in.
        package let slot: Int
        /// What its media tells the viewer.
        package var rules = MediaReportRules()
        /// Whether it has sound: `nil` until a video has loaded, `false` for an image.
        package var hasAudio: Bool?
    }

    /// What one slot's player was asked.
    package struct Player: Sendable, Hashable {
        /// Whether it holds a video (loaded and not emptied since).
        package var hasItem = false
        /// Whether the pool says it plays.
        package var isPlaying = false
        /// What a pause of its own means.
        package var pauses = UnrequestedPauseRule()
    }

    /// A player as it is when an observation arrives.
    package struct PlayerState: Sendable, Hashable {
        /// `timeControlStatus` (`nil` for a value added after this was written).
        package var status: MediaReportRules.TimeControl?
        /// `rate` (0 when stopped).
        package var rate: Double
        /// The item's time, in seconds.
        package var time: Double
        /// The item's length, in seconds (NaN or infinite while not known).
        package var duration: Double

        /// A player's state.
        package init(status: MediaReportRules.TimeControl?, rate: Double, time: Double, duration: Double) {
            self.status = status
            self.rate = rate
            self.time = time
            self.duration = duration
        }
    }

    /// Seconds between a video's playhead reports (its periodic time observer's interval).
    package static let playheadInterval = 0.25

    /// The pool the slots follow.
    package internal(set) var pool: PlayerPool
    /// Which of an item's renditions loads (``StoryKit/StoryItem/mediaURL(displayPixels:savingData:)``):
    /// the display's pixels and whether data is saved, as the prefetch plan chooses.
    package var renditionChoice = RenditionChoice()
    /// The load in each slot, by slot.
    package private(set) var entries: [Int: Entry] = [:]
    /// What each slot's player was asked, by slot, for the slots that have a player.
    package private(set) var players: [Int: Player] = [:]
    /// Whether the viewer holds playback only for a moment (``AudioSessionRule/isMomentary(_:)``).
    package private(set) var momentaryPause = false
    /// The audio session category the viewer's sound asks for (``StoryKit/SoundPolicy/sessionCategory``).
    package private(set) var category = SoundPolicy.SessionCategory.ambient
    private let items: [String: StoryItem]
    private let baseURL: URL?
    private let hasByteSource: Bool
    /// The audio session's plan, when the viewer runs the session.
    private var audio: AudioSessionPlan?
    /// The token of each item's newest load, by item id.
    private var current: [String: Int] = [:]
    private var lastToken = 0
    private var reports = MediaReportQueue()
    private var steps: [Step] = []
    private var reported = false

    /// Slots for the items of `users` (the first item of an id counts), none assigned yet.
    ///
    /// - Parameters:
    ///   - users: The viewer's users.
    ///   - baseURL: The folder that relative media paths are in.
    ///   - capacity: The most players alive at once (``StoryKit/PlayerPool/capacity``).
    ///   - hasByteSource: Whether videos may be read through the app's byte source.
    ///   - managesAudio: Whether the viewer runs the audio session (``AudioSessionPlan``).
    package init(users: [StoryUser], baseURL: URL?, capacity: Int, hasByteSource: Bool, managesAudio: Bool) {
        var items: [String: StoryItem] = [:]
        for item in users.flatMap(\.items) where items[item.id] == nil { items[item.id] = item }
        self.items = items
        self.baseURL = baseURL
        self.hasByteSource = hasByteSource
        audio = managesAudio ? AudioSessionPlan() : nil
        pool = PlayerPool(capacity: capacity)
    }

    /// The newest load of item `id`, if it is in a slot.
    package func entry(showing id: String) -> Entry? {
        guard let token = current[id] else { return nil }
        return entries.values.first { $0.token == token }
    }

    /// How item `id` loads: a missing item or an address that is not a file or http(s) URL fails.
    package func load(of id: String) -> Load {
        guard let item = items[id] else { return .failed("This story is not in the feed.") }
        let url = renditionChoice.url(of: item)
        guard let location = StoryMediaLocation.resolve(url, relativeTo: baseURL) else {
            return .failed("This story's address is not supported.")
        }
        switch item.kind {
        case .video: return .video(StoryVideoRoute(location, hasByteSource: hasByteSource))
        case .image: return .image(location)
        }
    }

    /// The steps that bring the players to what `viewer` needs now (``StoryKit/PlayerPool/update(to:)``'s
    /// changes, in order, then the audio session); reports made on the way are stamped `time`
    /// (seconds).
    package mutating func update(to viewer: StoriesViewer, at time: Double) -> [Step] {
        let changes = pool.update(to: viewer)
        let momentary = AudioSessionRule.isMomentary(viewer.pauseReasons)
        let audioAsksChanged = momentary != momentaryPause || viewer.sound.sessionCategory != category
        momentaryPause = momentary
        category = viewer.sound.sessionCategory
        for change in changes {
            switch change {
            case .assign(let slot, let item): assign(item.id, to: slot)
            case .pause(let slot): setPlaying(false, slot: slot, at: time)
            case .play(let slot): setPlaying(true, slot: slot, at: time)
            case .mute(let slot): steps.append(.mute(slot: slot))
            case .unmute(let slot): if audio == nil { steps.append(.unmute(slot: slot)) }
            case .release(let slot): release(slot)
            }
        }
        if !changes.isEmpty || audioAsksChanged { updateAudio() }
        return finish()
    }

    /// The viewer shows item `id` from its start again in the same slot
    /// (``StoryKit/StoriesViewer/Event/itemShown(user:item:id:)``): its end can be reported again,
    /// its video goes back to 0 and plays or pauses as the pool says (a player that reached its
    /// end paused itself).
    package mutating func restart(_ id: String, at time: Double) -> [Step] {
        guard let entry = entry(showing: id) else { return [] }
        entries[entry.slot]?.rules.restarted()
        guard players[entry.slot]?.hasItem == true else { return finish() }
        steps.append(.rewind(slot: entry.slot))
        setPlaying(pool.slot(holding: id)?.isPlaying ?? false, slot: entry.slot, at: time)
        return finish()
    }

    /// What load `token` observed, with its slot's player as it is now (`nil` if the slot has
    /// none), arriving at `time` (seconds); nothing for a load that is no longer its item's newest
    /// or no longer in its slot.
    package mutating func receive(_ observation: PlayerItemObservation, token: Int, player state: PlayerState?,
                                  at time: Double) -> [Step] {
        guard let entry = entries.values.first(where: { $0.token == token }), current[entry.id] == token else { return [] }
        let slot = entry.slot
        switch observation {
        case .loaded(let duration, let hasAudio):
            if entry.hasAudio != hasAudio {
                entries[slot]?.hasAudio = hasAudio
                updateAudio()
            }
            report(slot, at: time) { $0.loaded(duration: duration) }
        case .firstFrame(let shown):
            report(slot, at: time) { $0.firstFrameShown(shown) }
        case .timeControl(let status):
            let paused = observedPause(slot: slot, state: state)
            report(slot, at: time) { rules in
                rules.timeControl(status) + (paused.map { rules.pausedUnrequested($0) } ?? [])
            }
        case .bufferEmpty(let empty):
            if !empty, let player = players[slot], player.isPlaying, player.pauses.replaysOnRefill, state?.rate == 0 {
                steps.append(.play(slot: slot))
            }
            report(slot, at: time) { $0.bufferEmpty(empty) }
        case .playhead(let seconds):
            report(slot, at: time) { $0.playhead(seconds) }
        case .ended:
            report(slot, at: time) { $0.playedToEnd() }
        case .failed(let reason):
            report(slot, at: time) { $0.failed(reason) }
        }
        return finish()
    }

    /// Headphones were unplugged (`.oldDeviceUnavailable`): no player that was asked to play
    /// plays again by itself.
    package mutating func outputDeviceLost() {
        for slot in players.keys { players[slot]?.pauses.outputDeviceLost() }
    }

    /// The viewer closed: every slot is released, the pool starts empty, waiting reports are
    /// dropped, the audio session is given back.
    package mutating func stopAll() -> [Step] {
        for slot in entries.keys.sorted() { release(slot) }
        pool = PlayerPool(capacity: pool.capacity)
        momentaryPause = false
        category = .ambient
        reports.removeAll()
        reported = false
        if var plan = audio {
            steps += plan.stop().map(Self.step)
            audio = plan
        }
        return finish()
    }

    /// The app's audio settings, saved by the session's first activation, until they are put back.
    package var savedAudioSettings: AudioSessionPlan.Settings? { audio?.saved }

    /// The audio session's activation returned (``AudioSessionPlan/activationFinished(saved:error:)``):
    /// the players that should be heard are unmuted, or the failure is reported.
    ///
    /// - Parameters:
    ///   - saved: The app's settings, read before the change.
    ///   - error: Why activating failed, `nil` on success.
    package mutating func activationFinished(saved: AudioSessionPlan.Settings?, error: String?) -> [Step] {
        guard var plan = audio else { return [] }
        steps += plan.activationFinished(saved: saved, error: error).map(Self.step)
        audio = plan
        return finish()
    }

    /// What the media did up to `time` (seconds), in arrival order, each once.
    package mutating func take(through time: Double) -> [MediaReport] {
        reports.take(through: time)
    }
}

// MARK: - StoryMediaSlots + Steps

extension StoryMediaSlots {
    /// Starts a new load of `id` in `slot`, ending the slot's previous one.
    private mutating func assign(_ id: String, to slot: Int) {
        if let old = entries[slot], current[old.id] == old.token { current[old.id] = nil }
        lastToken &+= 1
        var entry = Entry(id: id, token: lastToken, slot: slot)
        current[id] = lastToken
        audio?.playerMuted(slot: slot)        // loading mutes the slot's player
        let load = load(of: id)
        steps.append(.load(load, token: lastToken, slot: slot))
        if case .video = load {
            players[slot] = Player(hasItem: true)
        } else if players[slot] != nil {
            players[slot] = Player()
            steps.append(.unload(slot: slot))
        }
        if case .image = load { entry.hasAudio = false }
        entries[slot] = entry
    }

    /// Plays or pauses a slot's player that holds a video; a request that ends a pause of its own
    /// is reported.
    private mutating func setPlaying(_ playing: Bool, slot: Int, at time: Double) {
        guard var player = players[slot], player.hasItem else { return }
        player.isPlaying = playing
        let change = player.pauses.requested(playing: playing)
        players[slot] = player
        steps.append(playing ? .play(slot: slot) : .pause(slot: slot))
        if let change { report(slot, at: time) { $0.pausedUnrequested(change) } }
    }

    /// Whether the slot's player, as it is now, paused by itself (the new state if it changed).
    private mutating func observedPause(slot: Int, state: PlayerState?) -> Bool? {
        guard var player = players[slot], player.hasItem, let state, let status = state.status else { return nil }
        let atEnd = UnrequestedPauseRule.isAtEnd(state.time, duration: state.duration)
        let paused = player.pauses.observed(status, rate: state.rate, atEnd: atEnd)
        players[slot] = player
        return paused
    }

    /// Lets a slot go: its player stops, its load ends.
    mutating func release(_ slot: Int) {
        guard let entry = entries.removeValue(forKey: slot) else { return }
        if current[entry.id] == entry.token { current[entry.id] = nil }
        players[slot] = nil
        steps.append(.release(slot: slot))
    }

    /// Keeps the events the slot's rules give, stamped `time`.
    private mutating func report(_ slot: Int, at time: Double,
                                 _ events: (inout MediaReportRules) -> [StoriesViewer.MediaEvent]) {
        guard var entry = entries[slot] else { return }
        let made = events(&entry.rules)
        entries[slot] = entry
        if reports.append(made, for: entry.id, at: time) { reported = true }
    }

    /// The audio plan's steps for the pool's players now, when the viewer runs the session.
    mutating func updateAudio() {
        guard var plan = audio else { return }
        let players = pool.slots.map { slot in
            AudioSessionPlan.Player(slot: slot.id, isPlaying: slot.isPlaying, isMuted: slot.isMuted,
                                    hasAudio: entries[slot.id]?.hasAudio)
        }
        steps += plan.update(players, momentaryPause: momentaryPause, category: category).map(Self.step)
        audio = plan
    }

    /// A step of the audio session's plan as one of the slots' steps.
    private static func step(_ audio: AudioSessionPlan.Step) -> Step {
        switch audio {
        case .mute(let slot): .mute(slot: slot)
        case .unmute(let slot): .unmute(slot: slot)
        case .activate(let settings): .activateAudio(settings)
        case .deactivate(let restoring): .deactivateAudio(restoring: restoring)
        case .report(let reason): .audioFailed(reason)
        }
    }

    /// The steps gathered, then ``Step/reportsAvailable`` if reports were added.
    mutating func finish() -> [Step] {
        if reported { steps.append(.reportsAvailable) }
        defer {
            steps = []
            reported = false
        }
        return steps
    }
}
