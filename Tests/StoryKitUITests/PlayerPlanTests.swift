@testable import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

@Suite struct PlayerPlanTests {
    typealias Directive = StoriesViewer.PlayerDirective

    static func directive(_ id: String, user: Int = 0, playing: Bool = false, attempt: Int = 0) -> Directive {
        Directive(user: user, item: 0, id: id, isPlaying: playing, isMuted: !playing, attempt: attempt)
    }

    @Test func aFirstListingLoadsSilentlyThenPlaysTheCurrentItem() {
        let plan = PlayerPlan(from: [], to: [Self.directive("a1", playing: true)])
        #expect(plan.steps == [.load(id: "a1", attempt: 0), .unmute(id: "a1"), .play(id: "a1")])
    }

    @Test func aTurnSilencesTheLeavingItemBeforeTheArrivingOneIsHeard() {
        // Given Ava's item playing, when the cube turns to Ben (both visible, Ben's plays), then
        // Ava's is paused and muted before Ben's loads and plays.
        let old = [Self.directive("a1", playing: true)]
        let new = [Self.directive("a1", user: 0), Self.directive("b1", user: 1, playing: true)]
        #expect(PlayerPlan(from: old, to: new).steps
            == [.pause(id: "a1"), .mute(id: "a1"), .load(id: "b1", attempt: 0), .unmute(id: "b1"), .play(id: "b1")])
    }

    @Test func anItemNoLongerListedIsReleasedFirst() {
        let old = [Self.directive("a1"), Self.directive("b1", user: 1, playing: true)]
        let new = [Self.directive("b2", user: 1, playing: true)]
        #expect(PlayerPlan(from: old, to: new).steps
            == [.release(id: "a1"), .release(id: "b1"), .load(id: "b2", attempt: 0), .unmute(id: "b2"), .play(id: "b2")])
    }

    @Test func aNewAttemptReloadsTheItem() {
        let old = [Self.directive("a1", playing: true)]
        let new = [Self.directive("a1", playing: true, attempt: 1)]
        #expect(PlayerPlan(from: old, to: new).steps
            == [.release(id: "a1"), .load(id: "a1", attempt: 1), .unmute(id: "a1"), .play(id: "a1")])
    }

    @Test func nothingChangedIsNothingToDo() {
        let players = [Self.directive("a1"), Self.directive("b1", user: 1, playing: true)]
        #expect(PlayerPlan(from: players, to: players).steps.isEmpty)
        #expect(PlayerPlan(from: players, to: []).steps == [.release(id: "a1"), .release(id: "b1")])
    }

    @Test func aRepeatedIdSharesOnePlayerThatPlaysIfEitherPlays() {
        let plan = PlayerPlan(from: [], to: [Self.directive("x"), Self.directive("x", user: 1, playing: true)])
        #expect(plan.held.count == 1 && plan.held[0].isPlaying && !plan.held[0].isMuted)
        #expect(plan.steps == [.load(id: "x", attempt: 0), .unmute(id: "x"), .play(id: "x")])
    }

    @Test func aHandOverBetweenTwoListedItemsIsSilentAtEveryStep() {
        // The model never does this today (a turn pauses both pages between them), but a plan
        // must stay safe if it did: A playing → B playing with both listed.
        let old = [Self.directive("a1", playing: true), Self.directive("b1", user: 1)]
        let new = [Self.directive("a1"), Self.directive("b1", user: 1, playing: true)]
        var pool = FakePool()
        for step in PlayerPlan(from: [], to: old).steps { _ = pool.carryOut(step) }
        for step in PlayerPlan(from: old, to: new).steps {
            #expect(pool.carryOut(step) == nil)
            #expect(pool.audible <= 1, "after \(step)")
        }
        #expect(pool.players["b1"] == FakePool.Player(attempt: 0, playing: true, muted: false))
    }

    // MARK: Storm

    /// A pool of fake players that checks each step makes sense where it is carried out.
    struct FakePool {
        struct Player: Equatable { var attempt: Int; var playing = false; var muted = true }
        var players: [String: Player] = [:]
        var audible: Int { players.values.filter { $0.playing && !$0.muted }.count }

        mutating func carryOut(_ step: PlayerPlan.Step) -> String? {
            switch step {
            case .release(let id):
                guard players.removeValue(forKey: id) != nil else { return "released \(id), which is not held" }
            case .load(let id, let attempt):
                guard players[id] == nil else { return "loaded \(id) twice" }
                players[id] = Player(attempt: attempt)
            case .pause(let id), .mute(let id), .unmute(let id), .play(let id):
                guard var player = players[id] else { return "\(step) on \(id), which is not held" }
                switch step {
                case .pause: player.playing = false
                case .mute: player.muted = true
                case .unmute: player.muted = false
                default: player.playing = true
                }
                players[id] = player
            }
            return nil
        }
    }

    static let feed = StoryFeed(users: (0..<4).map { user in
        StoryUser(id: "u\(user)", name: "U\(user)", items: (0..<(user % 3 + 1)).map { item in
            StoryItem(id: "u\(user)-\(item)", kind: item % 2 == 0 ? .image : .video, url: "x")
        })
    })

    @Test(arguments: 0..<40)
    func underAStormNoStepEverLetsTwoItemsBeHeard(seed: Int) {
        // Given a viewer driven by random touches, frames, media reports, navigation, retries and
        // pauses, when each new `players` is applied step by step to a pool, then no step makes
        // two items audible, every step is valid, and the pool ends as the viewer says.
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var viewer = StoriesViewer(feed: Self.feed, user: random.int(in: 0...3), pageSize: Size(width: 400, height: 800))
        var held: [StoriesViewer.PlayerDirective] = []
        var pool = FakePool()
        var t = 0.0
        for step in 0..<150 {
            t += random.double(in: 0...0.3)
            let point = Point(x: random.double(in: 0...400), y: random.double(in: 0...800))
            let id = viewer.players.isEmpty ? "none" : random.pick(viewer.players).id
            switch random.int(in: 0...13) {
            case 0: viewer.touchBegan(at: point, time: t)
            case 1, 2: viewer.touchMoved(to: point, time: t)
            case 3: viewer.touchEnded(at: point, time: t)
            case 4, 5: viewer.advance(to: t)
            case 6: viewer.media(.displaying, for: id, time: t)
            case 7: viewer.media(.duration(random.double(in: 0.5...8)), for: id, time: t)
            case 8: viewer.media(random.chance(0.5) ? .failed(reason: "x") : .ended, for: id, time: t)
            case 9: viewer.retry(time: t)
            case 10: viewer.showUser(random.int(in: 0...3), time: t)
            case 11: if random.chance(0.5) { viewer.nextItem(time: t) } else { viewer.previousItem(time: t) }
            case 12: viewer.setPaused(random.chance(0.5), time: t)
            default: if random.chance(0.1) { viewer.close(time: t) } else { viewer.setAppActive(random.chance(0.7), time: t) }
            }
            let plan = PlayerPlan(from: held, to: viewer.players)
            for planned in plan.steps {
                if let problem = pool.carryOut(planned) {
                    Issue.record("seed \(seed), step \(step): \(problem)")
                    return
                }
                if pool.audible > 1 {
                    Issue.record("seed \(seed), step \(step): two items heard after \(planned)")
                    return
                }
            }
            held = plan.held
            let expected = Dictionary(uniqueKeysWithValues: held.map {
                ($0.id, FakePool.Player(attempt: $0.attempt, playing: $0.isPlaying, muted: $0.isMuted))
            })
            if pool.players != expected {
                Issue.record("seed \(seed), step \(step): the pool is \(pool.players), the viewer says \(expected)")
                return
            }
        }
        #expect(!viewer.isClosed || pool.players.isEmpty, "nothing is held after the close")
    }
}
