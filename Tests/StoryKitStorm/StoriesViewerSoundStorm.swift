import StoryKit

/// The Stories viewer's sound and analytics events under storms: every input of
/// ``StoriesViewerStorm`` (touches, frames, media reports, navigation, closes) mixed with the
/// mute button (taps on it), volume-button presses, headphones coming and going and the host's
/// own mute, from a muted or unmuted start, with or without headphones.
///
/// Invariants after every step: nothing is audible while muted (no unmuted directive, and the
/// media source hears nothing after a frame); at most one directive audible; the viewer's mute
/// state changes exactly when a ``StoriesViewer/Event/muteChanged(isMuted:user:item:id:)`` says
/// so, and to what it says; the analytics events keep their order: every `itemStarted` is
/// followed by exactly one `itemCompleted` or `itemSkipped` before the next start, the next
/// `itemShown` or the close; `userEntered` comes before a user's starts and `userLeft` after
/// them; `viewerClosed` right before `closed`, once; skipped fractions in 0…1, seconds finite and
/// not negative.
public enum StoriesViewerSoundStorm: StormSubject {
    public struct Setup: Sendable {
        var viewer: StoriesViewerStorm.Setup
        var unmutedBefore: Bool
        var headphones: Bool
    }

    public enum Sound: Sendable { case toggle, volume, headphones(Bool), set(Bool) }

    public enum Step: Sendable {
        case viewer(StoriesViewerStorm.Step)
        case sound(Sound, time: Double)
        /// A tap on the mute button's centre (down and up 50 ms later).
        case button(time: Double)
    }

    /// The analytics state the events imply.
    struct Ledger {
        var started: String?
        var entered: Int?
        var viewerClosed = false
    }

    public static let name = "StoriesViewerSound"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(viewer: StoriesViewerStorm.makeSetup(&random), unmutedBefore: random.chance(0.3), headphones: random.chance(0.2))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...99) {
        case 0..<80: return .viewer(StoriesViewerStorm.makeStep(&random, clock: &clock))
        case 80..<88: return .button(time: random.time(after: &clock))
        default:
            let t = random.time(after: &clock)
            switch random.int(in: 0...3) {
            case 0: return .sound(.toggle, time: t)
            case 1: return .sound(.volume, time: t)
            case 2: return .sound(.headphones(random.chance(0.5)), time: t)
            default: return .sound(.set(random.chance(0.5)), time: t)
            }
        }
    }

    static func make(_ setup: Setup) -> StoriesViewer {
        var viewer = StoriesViewerStorm.make(setup.viewer)
        viewer.sound = SoundPolicy(preference: setup.unmutedBefore ? .unmuted : .muted, headphonesConnected: setup.headphones)
        return viewer
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var viewer = make(setup)
        var source = StoriesViewerStorm.source(setup.viewer)
        var ledger = Ledger()
        for (index, step) in steps.enumerated() {
            let before = viewer
            var events: [StoriesViewer.Event]
            switch step {
            case .viewer(let inner):
                var beforeFrame = viewer
                events = StoriesViewerStorm.perform(inner, on: &viewer, source: &source, beforeFrame: &beforeFrame)
            case let .sound(sound, t):
                let input: SoundPolicy.Input
                switch sound {
                case .toggle: input = .toggle
                case .volume: input = .volumeButton
                case .headphones(let on): input = .headphones(connected: on)
                case .set(let muted): input = .set(muted: muted)
                }
                events = viewer.sound(input, time: t)
            case let .button(t):
                let centre = Point(x: viewer.muteButtonFrame.midX, y: viewer.muteButtonFrame.midY)
                events = viewer.touchBegan(at: centre, time: t) + viewer.touchEnded(at: centre, time: t + 0.05)
            }
            if let problem = check(viewer, before: before, events: events, ledger: &ledger) {
                return StormViolation(step: index, message: problem)
            }
            if case .viewer(.advance(let t)) = step, t.isFinite, viewer.isMuted, !source.audibleItems.isEmpty {
                return StormViolation(step: index, message: "the source plays \(source.audibleItems) aloud while muted")
            }
        }
        return nil
    }

    static func check(_ viewer: StoriesViewer, before: StoriesViewer, events: [StoriesViewer.Event],
                      ledger: inout Ledger) -> String? {
        let players = viewer.players
        if viewer.isMuted, let heard = players.first(where: { !$0.isMuted }) { return "\(heard) audible while muted" }
        if players.filter({ !$0.isMuted }).count > 1 { return "two players audible: \(players)" }
        // Mute changes: exactly when an event says so, to what it says.
        let changes = events.compactMap { event -> Bool? in
            if case let .muteChanged(muted, _, _, _) = event { return muted } else { return nil }
        }
        var muted = before.isMuted
        for change in changes {
            if change == muted { return "muteChanged(\(change)) while already so" }
            muted = change
        }
        if muted != viewer.isMuted { return "isMuted \(viewer.isMuted) but the events say \(muted)" }
        // Analytics order.
        for (position, event) in events.enumerated() {
            if ledger.viewerClosed {
                if case .closed = event {} else { return "\(event) after viewerClosed" }
            }
            switch event {
            case let .itemStarted(user, _, id):
                if let open = ledger.started { return "\(id) started while \(open) had not ended" }
                if ledger.entered != user { return "\(id) started in user \(user) not entered (\(String(describing: ledger.entered)))" }
                ledger.started = id
            case let .itemCompleted(_, _, id):
                if ledger.started != id { return "\(id) completed but \(String(describing: ledger.started)) was started" }
                ledger.started = nil
            case let .itemSkipped(_, _, id, fraction, seconds):
                if ledger.started != id { return "\(id) skipped but \(String(describing: ledger.started)) was started" }
                if !(0...1).contains(fraction) || !seconds.isFinite || seconds < 0 { return "skip of \(id): \(fraction), \(seconds) s" }
                ledger.started = nil
            case let .userEntered(user, _, _):
                if let entered = ledger.entered { return "user \(user) entered while in \(entered)" }
                ledger.entered = user
            case let .userLeft(user, _, _):
                if ledger.entered != user || ledger.started != nil { return "user \(user) left: \(ledger)" }
                ledger.entered = nil
            case .viewerClosed:
                if ledger.started != nil || ledger.entered != nil || ledger.viewerClosed { return "viewerClosed with \(ledger)" }
                ledger.viewerClosed = true
            case .itemShown:
                if let open = ledger.started { return "another item shown while \(open) had not ended" }
            case .closed:
                if !ledger.viewerClosed, !viewer.users.isEmpty { return "closed without viewerClosed" }
                if position == 0 || { if case .viewerClosed = events[position - 1] { return false } else { return true } }() {
                    return "closed not right after viewerClosed: \(events)"
                }
            case .itemSeen, .userChanged, .reply, .failed, .areaTapped, .muteChanged:
                break
            }
        }
        if !viewer.isClosed, ledger.viewerClosed { return "viewerClosed but the viewer is open" }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case .viewer(let inner): return StoriesViewerStorm.simplifications(of: inner).map(Step.viewer)
        case let .sound(.headphones(on), t): return on ? [] : [.sound(.toggle, time: t)]
        default: return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = StoriesViewerStorm.code(setup.viewer, []).split(separator: "\n").map(String.init)
        lines.append("viewer.sound = SoundPolicy(preference: \(setup.unmutedBefore ? ".unmuted" : ".muted"), "
                     + "headphonesConnected: \(setup.headphones))")
        for step in steps {
            switch step {
            case .viewer(let inner):
                lines += StoriesViewerStorm.code(setup.viewer, [inner]).split(separator: "\n").map(String.init).suffix(1)
            case let .sound(sound, t):
                let input: String
                switch sound {
                case .toggle: input = ".toggle"
                case .volume: input = ".volumeButton"
                case .headphones(let on): input = ".headphones(connected: \(on))"
                case .set(let muted): input = ".set(muted: \(muted))"
                }
                lines.append("viewer.sound(\(input), time: \(swiftLiteral(t)))")
            case let .button(t):
                lines.append("viewer.touchBegan(at: Point(x: viewer.muteButtonFrame.midX, y: viewer.muteButtonFrame.midY), time: \(swiftLiteral(t))); "
                             + "viewer.touchEnded(at: Point(x: viewer.muteButtonFrame.midX, y: viewer.muteButtonFrame.midY), time: \(swiftLiteral(t)) + 0.05)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
