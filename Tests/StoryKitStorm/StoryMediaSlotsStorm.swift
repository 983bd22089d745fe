import Foundation
import StoryKit
import StoryKitUI

/// The media source's bookkeeping (``StoryMediaSlots``) under storms: a ``StoriesViewer`` driven
/// as ``StoriesViewerStorm`` drives it, the slots updated to it after each of its steps, and
/// between them restarts, observations of current, stale and unknown loads (with the player as
/// it is, hostile numbers included), lost headphones, activations that succeed or fail (asked for
/// or not), takes of the reports and closes, at times that go back, repeat or are not finite.
///
/// Invariants, against a record of the steps the slots gave, after every call: `.play`,
/// `.pause` and `.rewind` only for a slot whose player holds a video; an image or a failed load in
/// a slot that held a video is followed by `.unload`; an observation of a load that is not its
/// item's and its slot's newest changes nothing and gives no step; unmuting only without a
/// managed session, or after a successful activation of `.playback` and before the session went;
/// with a managed session nothing stays unmuted while it is not ours in `.playback` or while the
/// viewer is muted, `.playback` is never asked for while muted, no activation starts while one
/// runs or with players unmuted, and the close leaves nothing of the session; at most one player
/// unmuted, and only one
/// the pool says is heard; no audio session step without a managed session; the slots agree with
/// the pool (one entry per pool slot, for its item) and with the record (which slots have a
/// player holding a video, each item's newest load); taken reports are due, in time order, and
/// never earlier than reports taken before; after the close nothing is left (no entry, player,
/// pool slot, waiting report or unmuted player) and every slot that had a load was released.
public enum StoryMediaSlotsStorm: StormSubject {
    public struct Setup: Sendable {
        var viewer: StoriesViewerStorm.Setup
        /// The pool's capacity as asked (hostile values included).
        var capacity: Int
        var managesAudio: Bool, hasByteSource: Bool
        /// Every nth item has an address that cannot load (0: none).
        var unloadableEvery: Int
    }

    /// ``MediaReportRules/TimeControl``, as the storm's public steps spell it.
    public enum Status: Sendable {
        case paused, waiting, playing
        var value: MediaReportRules.TimeControl {
            switch self {
            case .paused: .paused
            case .waiting: .waiting
            case .playing: .playing
            }
        }
    }

    public enum State: Sendable {
        case none
        case player(status: Status?, rate: Double, time: Double, duration: Double)
    }

    public enum Observation: Sendable {
        case loaded(duration: Double?, hasAudio: Bool), firstFrame(Bool), timeControl(Status)
        case bufferEmpty(Bool), playhead(Double), ended, failed
    }

    /// Which load an observation is of.
    public enum LoadPick: Sendable {
        /// The load in the `n`th slot holding one (in slot order, `n` modulo their count), when
        /// the observation arrives; token 0 when there is none.
        case slot(Int)
        /// This token (stale, unknown or not yet given).
        case token(Int)
    }

    public enum Step: Sendable {
        /// The viewer's step, then `slots.update(to: viewer, at: time)`.
        case viewer(StoriesViewerStorm.Step, time: Double)
        /// A restart of the `item`th item of the flattened feed (out of range: an unknown id).
        case restart(item: Int, time: Double)
        case receive(Observation, load: LoadPick, state: State, time: Double)
        case outputDeviceLost
        case stopAll
        case activationFinished(saved: Bool, error: Bool)
        case take(through: Double)
    }

    public static let name = "StoryMediaSlots"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(viewer: StoriesViewerStorm.makeSetup(&random), capacity: random.int(1...4, hostility: 0.2),
              managesAudio: random.chance(0.7), hasByteSource: random.chance(0.5), unloadableEvery: random.int(in: 0...4))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...99) {
        case 0..<35:
            let step = StoriesViewerStorm.makeStep(&random, clock: &clock)
            return .viewer(step, time: random.time(after: &clock))
        case 35..<40: return .restart(item: random.int(0...12, hostility: 0.1), time: random.time(after: &clock))
        case 40..<80:
            let observation: Observation
            switch random.int(in: 0...9) {
            case 0, 1: observation = .loaded(duration: random.chance(0.1) ? nil : random.double(0...20, hostility: 0.3),
                                             hasAudio: random.chance(0.6))
            case 2: observation = .firstFrame(random.chance(0.8))
            case 3, 4: observation = .timeControl(random.pick([.paused, .waiting, .playing]))
            case 5: observation = .bufferEmpty(random.chance(0.5))
            case 6, 7: observation = .playhead(random.double(0...20, hostility: 0.3))
            case 8: observation = .ended
            default: observation = .failed
            }
            let state: State = random.chance(0.2) ? .none : .player(
                status: random.chance(0.1) ? nil : random.pick([.paused, .waiting, .playing]),
                rate: random.chance(0.1) ? random.pick(StormRandom.hostileDoubles) : random.pick([0, 1, 2]),
                time: random.double(0...12, hostility: 0.2), duration: random.double(0...12, hostility: 0.3))
            let load: LoadPick = random.chance(0.75) ? .slot(random.int(in: 0...3)) : .token(random.int(0...14, hostility: 0.05))
            return .receive(observation, load: load, state: state, time: random.time(after: &clock))
        case 80..<83: return .outputDeviceLost
        case 83..<86: return .stopAll
        case 86..<93: return .activationFinished(saved: random.chance(0.5), error: random.chance(0.3))
        default: return .take(through: random.chance(0.2) ? random.pick([.infinity, .nan, -.infinity]) : random.time(after: &clock))
        }
    }

    static func feed(_ setup: Setup) -> StoryFeed {
        var feed = StoriesViewerStorm.feed(setup.viewer)
        var serial = 0
        for u in feed.users.indices {
            for i in feed.users[u].items.indices {
                if setup.unloadableEvery > 0, serial % setup.unloadableEvery == setup.unloadableEvery - 1 {
                    feed.users[u].items[i].url = "ftp://example.com/\(serial)"
                }
                serial += 1
            }
        }
        return feed
    }

    static let app = AudioSessionPlan.Settings(category: "AVAudioSessionCategoryPlayAndRecord", mode: "AVAudioSessionModeDefault", options: 1)

    /// The storm's record of what the slots' steps did to the players and the session.
    struct Record {
        /// Slots with a player, and whether it holds a video.
        var holdsVideo: [Int: Bool] = [:]
        /// Each slot's newest load and each item's newest load.
        var slotToken: [Int: Int] = [:], itemToken: [String: Int] = [:]
        var tokenItem: [Int: String] = [:]
        var unmuted: Set<Int> = []
        /// The settings of the activation under way, and of the session while it is the viewer's.
        var activating: AudioSessionPlan.Settings?, ours: AudioSessionPlan.Settings?
        /// The latest time of a report taken.
        var lastTaken = -Double.infinity

        /// Follows `steps`; the first that breaks a rule, if any.
        mutating func follow(_ steps: [StoryMediaSlots.Step], managesAudio: Bool,
                             category: SoundPolicy.SessionCategory) -> String? {
            for (number, step) in steps.enumerated() {
                func problem(_ text: String) -> String { "step \(number) \(step) of \(steps): \(text)" }
                switch step {
                case let .load(load, token, slot):
                    if let old = slotToken[slot], let id = tokenItem[old], itemToken[id] == old { itemToken[id] = nil }
                    slotToken[slot] = token
                    if let id = tokenItem[token], !id.isEmpty { itemToken[id] = token }
                    unmuted.remove(slot)
                    if case .video = load {
                        holdsVideo[slot] = true
                    } else if holdsVideo[slot] == true, number + 1 >= steps.count || steps[number + 1] != .unload(slot: slot) {
                        return problem("a slot's video gave way without emptying its player")
                    }
                case .unload(let slot):
                    guard holdsVideo[slot] != nil else { return problem("a slot with no player emptied") }
                    holdsVideo[slot] = false
                    unmuted.remove(slot)
                case .play(let slot), .pause(let slot), .rewind(let slot):
                    if holdsVideo[slot] != true { return problem("a player without a video was played, paused or rewound") }
                case .mute(let slot):
                    unmuted.remove(slot)
                case .unmute(let slot):
                    if managesAudio, ours != .playback { return problem("unmuted while the session is not ours in playback") }
                    unmuted.insert(slot)
                case .release(let slot):
                    holdsVideo[slot] = nil
                    unmuted.remove(slot)
                    if let token = slotToken.removeValue(forKey: slot), let id = tokenItem[token], itemToken[id] == token {
                        itemToken[id] = nil
                    }
                case .activateAudio(let settings):
                    if !managesAudio { return problem("the session was touched though the app runs it") }
                    if activating != nil || ours == settings { return problem("activated twice") }
                    if settings == .playback, category == .ambient { return problem("playback asked for while muted") }
                    if !unmuted.isEmpty { return problem("the session changed with players unmuted \(unmuted.sorted())") }
                    activating = settings
                    ours = nil
                case .deactivateAudio:
                    if !managesAudio { return problem("the session was touched though the app runs it") }
                    if !unmuted.isEmpty { return problem("the session went with players unmuted \(unmuted.sorted())") }
                    ours = nil
                case .audioFailed:
                    if !managesAudio { return problem("a session failure though the app runs it") }
                    if ours != nil { return problem("a failure reported while the session is ours") }
                case .reportsAvailable:
                    if number != steps.count - 1 { return problem("reports announced before the last step") }
                }
            }
            return nil
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var tokens: [Int] = []
        return execute(setup, steps, tokens: &tokens)
    }

    /// Runs `steps`, keeping in `tokens` the token each observation was given (for ``code(_:_:)``).
    static func execute(_ setup: Setup, _ steps: [Step], tokens: inout [Int]) -> StormViolation? {
        let feed = feed(setup)
        let ids = feed.users.flatMap(\.items).map(\.id)
        var viewer = StoriesViewerStorm.make(setup.viewer, feed: feed)
        var source = StoriesViewerStorm.source(setup.viewer)
        var slots = StoryMediaSlots(users: feed.users, baseURL: nil, capacity: setup.capacity,
                                    hasByteSource: setup.hasByteSource, managesAudio: setup.managesAudio)
        var record = Record()
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let before = slots
            let given: [StoryMediaSlots.Step]
            var loadsBefore: [Int: Int] = [:]
            for (slot, entry) in slots.entries { loadsBefore[slot] = entry.token }
            switch step {
            case let .viewer(viewerStep, time):
                var beforeFrame = viewer
                _ = StoriesViewerStorm.perform(viewerStep, on: &viewer, source: &source, beforeFrame: &beforeFrame)
                given = slots.update(to: viewer, at: time)
            case let .restart(item, time):
                given = slots.restart(ids.indices.contains(item) ? ids[item] : "unknown", at: time)
            case let .receive(observation, load, state, time):
                let token: Int
                switch load {
                case .token(let raw): token = raw
                case .slot(let n):
                    let held = slots.entries.keys.sorted()
                    token = held.isEmpty ? 0 : slots.entries[held[((n % held.count) + held.count) % held.count]]?.token ?? 0
                }
                tokens.append(token)
                let isCurrent = record.tokenItem[token].map { record.itemToken[$0] == token } ?? false
                    && record.slotToken.values.contains(token)
                given = slots.receive(observation.value, token: token, player: state.value, at: time)
                if !isCurrent, !given.isEmpty || slots != before {
                    return fail("an observation of load \(token), not current, gave \(given)")
                }
            case .outputDeviceLost:
                slots.outputDeviceLost()
                given = []
            case .stopAll:
                given = slots.stopAll()
                let released = Set(given.compactMap { if case .release(let slot) = $0 { slot } else { nil } })
                if released != Set(loadsBefore.keys) { return fail("the close released \(released.sorted()), not \(loadsBefore.keys.sorted())") }
            case let .activationFinished(saved, error):
                if let asked = record.activating { record.activating = nil; record.ours = error ? nil : asked }
                given = slots.activationFinished(saved: saved ? app : nil, error: error ? "busy" : nil)
            case .take(let time):
                let taken = slots.take(through: time)
                for report in taken {
                    if !(report.time <= time) { return fail("report \(report) taken through \(time) is not due") }
                    if !report.time.isFinite, time.isFinite { return fail("report \(report) has a time that is not finite") }
                    if report.time < record.lastTaken { return fail("report \(report) is earlier than one taken before (\(record.lastTaken))") }
                    if !ids.contains(report.id) { return fail("a report of an unknown item \(report)") }
                    record.lastTaken = report.time
                }
                given = []
            }
            // New loads: the record learns their tokens before following the steps.
            for case let .load(_, token, slot) in given {
                if record.tokenItem[token] != nil { return fail("token \(token) given twice") }
                guard let entry = slots.entries.values.first(where: { $0.token == token }) else {
                    record.tokenItem[token] = ""      // replaced or released within the same call
                    continue
                }
                if entry.slot != slot { return fail("load \(token) in slot \(slot) but its entry says \(entry.slot)") }
                record.tokenItem[token] = entry.id
            }
            if let problem = record.follow(given, managesAudio: setup.managesAudio, category: slots.category) { return fail(problem) }
            if case .stopAll = step {
                if record.ours != nil { return fail("the close kept the session (\(String(describing: record.ours)))") }
                if !slots.entries.isEmpty || !slots.players.isEmpty || !slots.pool.slots.isEmpty || slots.momentaryPause {
                    return fail("something is left after the close: \(slots.entries) \(slots.players) \(slots.pool.slots)")
                }
                if !slots.take(through: .infinity).isEmpty { return fail("reports left after the close") }
            }
            if let problem = check(slots, record, managesAudio: setup.managesAudio) { return fail(problem) }
        }
        return nil
    }

    /// The rules on the slots' state after a call.
    static func check(_ slots: StoryMediaSlots, _ record: Record, managesAudio: Bool) -> String? {
        if record.unmuted.count > 1 { return "players unmuted at once: \(record.unmuted.sorted())" }
        if managesAudio, record.ours != .playback, !record.unmuted.isEmpty { return "unmuted \(record.unmuted.sorted()) while the session is not ours in playback" }
        if managesAudio, slots.category == .ambient, !record.unmuted.isEmpty { return "unmuted \(record.unmuted.sorted()) while muted" }
        let heard = Set(slots.pool.slots.filter { !$0.isMuted }.map(\.id))
        if !record.unmuted.isSubset(of: heard) { return "unmuted \(record.unmuted.sorted()) but the pool hears \(heard.sorted())" }
        if Set(slots.entries.keys) != Set(slots.pool.slots.map(\.id)) {
            return "entries in slots \(slots.entries.keys.sorted()) but the pool has \(slots.pool.slots.map(\.id))"
        }
        for slot in slots.pool.slots {
            guard let entry = slots.entries[slot.id], entry.slot == slot.id, entry.id == slot.item.id else {
                return "slot \(slot.id) holds \(slot.item.id) but its entry is \(String(describing: slots.entries[slot.id]))"
            }
            if slots.entry(showing: entry.id)?.token != entry.token { return "item \(entry.id)'s newest load is not the one in its slot" }
            if record.slotToken[slot.id] != entry.token { return "slot \(slot.id)'s load is \(entry.token), the steps said \(String(describing: record.slotToken[slot.id]))" }
        }
        if Set(slots.players.keys) != Set(record.holdsVideo.keys) {
            return "players in slots \(slots.players.keys.sorted()), the steps made \(record.holdsVideo.keys.sorted())"
        }
        for (slot, player) in slots.players where player.hasItem != record.holdsVideo[slot] {
            return "slot \(slot)'s player holds a video: \(player.hasItem), the steps said \(String(describing: record.holdsVideo[slot]))"
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .viewer(inner, time):
            StoriesViewerStorm.simplifications(of: inner).map { .viewer($0, time: time) } + simpler(time).map { .viewer(inner, time: $0) }
        case let .receive(observation, load, state, time):
            (state.isNone ? [] : [.receive(observation, load: load, state: .none, time: time)])
                + simpler(time).map { .receive(observation, load: load, state: state, time: $0) }
        case let .take(time): simpler(time).map { .take(through: $0) }
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        func l(_ v: Double) -> String { swiftLiteral(v) }
        var lines = StoriesViewerStorm.code(setup.viewer, []).split(separator: "\n").map(String.init)
        lines.append("// every \(setup.unloadableEvery)th item's url is ftp:// (0: none)")
        lines.append("var slots = StoryMediaSlots(users: feed.users, baseURL: nil, capacity: \(swiftLiteral(setup.capacity)), "
            + "hasByteSource: \(setup.hasByteSource), managesAudio: \(setup.managesAudio))")
        var tokens: [Int] = []
        _ = execute(setup, steps, tokens: &tokens)
        var observed = tokens.makeIterator()
        for step in steps {
            switch step {
            case let .viewer(inner, time):
                let line = StoriesViewerStorm.code(setup.viewer, [inner]).split(separator: "\n").last.map(String.init) ?? ""
                lines.append("\(line); slots.update(to: viewer, at: \(l(time)))")
            case let .restart(item, time): lines.append("slots.restart(\"i\(item)\", at: \(l(time)))")
            case let .receive(observation, _, state, time):
                let token = observed.next() ?? 0
                lines.append("slots.receive(\(observation.code), token: \(swiftLiteral(token)), player: \(state.code), at: \(l(time)))")
            case .outputDeviceLost: lines.append("slots.outputDeviceLost()")
            case .stopAll: lines.append("slots.stopAll()")
            case let .activationFinished(saved, error):
                lines.append("slots.activationFinished(saved: \(saved ? "app" : "nil"), error: \(error ? "\"busy\"" : "nil"))")
            case let .take(time): lines.append("slots.take(through: \(l(time)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension StoryMediaSlotsStorm.State {
    var value: StoryMediaSlots.PlayerState? {
        switch self {
        case .none: nil
        case let .player(status, rate, time, duration): StoryMediaSlots.PlayerState(status: status?.value, rate: rate, time: time, duration: duration)
        }
    }

    var isNone: Bool { if case .none = self { true } else { false } }

    var code: String {
        switch self {
        case .none: "nil"
        case let .player(status, rate, time, duration):
            ".init(status: \(status.map { ".\($0)" } ?? "nil"), rate: \(swiftLiteral(rate)), time: \(swiftLiteral(time)), "
                + "duration: \(swiftLiteral(duration)))"
        }
    }
}

extension StoryMediaSlotsStorm.Observation {
    var value: PlayerItemObservation {
        switch self {
        case let .loaded(duration, hasAudio): .loaded(duration: duration, hasAudio: hasAudio)
        case let .firstFrame(shown): .firstFrame(shown)
        case let .timeControl(status): .timeControl(status.value)
        case let .bufferEmpty(empty): .bufferEmpty(empty)
        case let .playhead(seconds): .playhead(seconds)
        case .ended: .ended
        case .failed: .failed("failed")
        }
    }

    var code: String {
        switch self {
        case let .loaded(duration, hasAudio): ".loaded(duration: \(duration.map(swiftLiteral) ?? "nil"), hasAudio: \(hasAudio))"
        case let .firstFrame(shown): ".firstFrame(\(shown))"
        case let .timeControl(status): ".timeControl(.\(status))"
        case let .bufferEmpty(empty): ".bufferEmpty(\(empty))"
        case let .playhead(seconds): ".playhead(\(swiftLiteral(seconds)))"
        case .ended: ".ended"
        case .failed: ".failed(\"failed\")"
        }
    }
}
