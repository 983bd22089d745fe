import MotionCore
import StoryKit
import StoryKitStorm
import Testing

@Suite struct PlayerPoolTests {
    typealias Change = PlayerPool.Change
    typealias Item = PlayerPool.Item

    /// A pool whose every change is carried out on fake players, with the rules (capacity, one
    /// sound, only the current item heard, one slot per item) checked after each single change.
    struct Driver {
        var pool: PlayerPool
        var players: SimulatedPlayerSlots
        var mostSlots = 0

        init(capacity: Int = 3) {
            pool = PlayerPool(capacity: capacity)
            players = SimulatedPlayerSlots(capacity: pool.capacity)
        }

        @discardableResult
        mutating func update(to viewer: StoriesViewer) -> [Change] {
            let changes = pool.update(to: viewer)
            for change in changes {
                let problem = players.apply(change) ?? players.violation(for: viewer)
                #expect(problem == nil, "after \(change) of \(changes)")
                mostSlots = Swift.max(mostSlots, players.players.count)
            }
            return changes
        }

        /// The item ids held, by slot.
        var held: [Int: String] { players.players.mapValues(\.item.id) }
    }

    /// `users` users of `items` images each, ids "u<user>-<item>".
    static func feed(users: Int, items: Int) -> StoryFeed {
        StoryFeed(users: (0..<users).map { user in
            StoryUser(id: "u\(user)", name: "User \(user)", items: (0..<items).map {
                StoryItem(id: "u\(user)-\($0)", kind: .image, url: "u\(user)-\($0).jpg")
            })
        })
    }

    @Test func theCapacityIsClampedToOneThroughSixteen() {
        #expect(PlayerPool().capacity == 3)
        #expect(PlayerPool(capacity: 0).capacity == 1 && PlayerPool(capacity: .min).capacity == 1)
        #expect(PlayerPool(capacity: 100).capacity == 16 && PlayerPool.maximumCapacity == 16)
    }

    @Test func sequentialViewingReusesThreeSlotsAcrossThirtyItems() {
        // Given 10 users × 3 images watched to the end, frame by frame at 60 Hz.
        var viewer = StoriesViewer(feed: Self.feed(users: 10, items: 3), pageSize: ViewerFixtures.page)
        viewer.sound = SoundPolicy(preference: .unmuted)   // these tests follow the heard item
        var driver = Driver()
        driver.update(to: viewer)
        var t = 0.0
        var preparedBeforeShown = 0
        while !viewer.isClosed, t < 400 {
            t += 1.0 / 60
            let events = viewer.advance(to: t) + viewer.displayEverythingListed(time: t)
            let shown = events.compactMap { if case .itemShown(_, _, let id) = $0 { id } else { nil } }
            preparedBeforeShown += shown.filter { id in driver.held.values.contains(id) }.count
            driver.update(to: viewer)
            #expect(driver.pool.slots.count <= 3)
        }
        // Then all 30 were shown, each loaded exactly once and ready before it was shown, by at
        // most 3 players (2 at once suffice here: the current item and the next).
        #expect(viewer.isClosed && viewer.seen.count == 30)
        #expect(driver.players.loads.count == 30 && Set(driver.players.loads.map(\.id)).count == 30)
        #expect(preparedBeforeShown == 29, "every item but the first was prepared")
        #expect(driver.players.made <= 3 && driver.mostSlots <= 3)
        #expect(driver.players.players.isEmpty)
    }

    @Test func theNextItemIsPreparedPausedAndMutedBeforeTheCurrentEnds() throws {
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver()
        let changes = driver.update(to: viewer)
        // The current item loads and plays first, then the next one is prepared.
        #expect(changes == [.assign(slot: 0, item: Item(id: "a1")), .unmute(slot: 0), .play(slot: 0),
                            .assign(slot: 1, item: Item(id: "a2"))])
        viewer.run(to: 4.9, from: 0)
        driver.update(to: viewer)
        #expect(viewer.itemIndex == 0)
        let next = try #require(driver.pool.slot(holding: "a2"))
        #expect(!next.isPlaying && next.isMuted)
        // At a user's last item, the next is the item the next user's page will show.
        viewer.nextItem(time: 5)
        viewer.nextItem(time: 5.1)
        driver.update(to: viewer)
        #expect(viewer.currentItem?.id == "a3" && driver.pool.slot(holding: "b1") != nil)
    }

    @Test func aTapHandsOverSilentlyAndReusesTheSlotNoLongerNeeded() {
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver()
        driver.update(to: viewer)
        viewer.tap(x: 300, at: 1)
        viewer.displayEverythingListed(time: 1.05)
        // a1 (slot 0) is silenced first, a2 (prepared in slot 1) is heard and plays, and a3
        // takes a1's slot rather than a new one.
        #expect(driver.update(to: viewer) == [.pause(slot: 0), .mute(slot: 0), .unmute(slot: 1), .play(slot: 1),
                                              .assign(slot: 0, item: Item(id: "a3"))])
    }

    @Test func aTurnMidWayKeepsBothVisiblePagesPlayers() throws {
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver()
        driver.update(to: viewer)
        var t = 1.0, x = 300.0
        viewer.touchBegan(at: Point(x: x, y: 400), time: t)
        for _ in 0..<6 {
            t += 1.0 / 60; x -= 25
            viewer.touchMoved(to: Point(x: x, y: 400), time: t)
            driver.update(to: viewer)
        }
        // Mid-turn: Ava's and Ben's pages show; both hold a slot, nothing is heard, and the
        // next item stays prepared.
        #expect(viewer.players.map(\.id) == ["a1", "b1"])
        #expect(Set(driver.held.values) == ["a1", "b1", "a2"] && driver.players.audible.isEmpty)
        let benSlot = try #require(driver.pool.slot(holding: "b1")).id
        // When the turn completes, Ben's item plays in the slot it had during the turn.
        viewer.touchEnded(at: Point(x: x - 150, y: 400), time: t + 0.02)
        while viewer.userIndex == 0 || viewer.cube.phase != .idle {
            t += 1.0 / 60
            viewer.advance(to: t)
            viewer.displayEverythingListed(time: t)
            driver.update(to: viewer)
        }
        #expect(driver.pool.slot(holding: "b1")?.id == benSlot)
        #expect(driver.players.audible == [benSlot])
        #expect(!driver.players.loads.contains(Item(id: "b1", attempt: 1)) && driver.players.loads.filter { $0.id == "b1" }.count == 1)
    }

    @Test func theLeastRecentlyNeededSlotIsReusedFirst() {
        // Given slots a1 (0) and a2 (1), and b1 (2) made by a turn that was then cancelled (so b1
        // is no longer needed), when a tap makes a2 current and needs a3, then a3 takes the
        // slot needed longest ago: b1's (only during the turn), not a1's (until the tap).
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver()
        driver.update(to: viewer)
        var t = 1.0
        viewer.touchBegan(at: Point(x: 300, y: 400), time: t)
        for x in stride(from: 275.0, through: 200, by: -25) {
            t += 1.0 / 60
            viewer.touchMoved(to: Point(x: x, y: 400), time: t)
            driver.update(to: viewer)
        }
        #expect(driver.held == [0: "a1", 1: "a2", 2: "b1"])
        viewer.touchCancelled(time: t)   // a call comes in: the cube settles back on Ava
        while viewer.cube.phase != .idle {
            t += 1.0 / 60
            viewer.advance(to: t)
            driver.update(to: viewer)
        }
        viewer.advance(to: t + 1)
        driver.update(to: viewer)
        #expect(viewer.currentItem?.id == "a1" && driver.held == [0: "a1", 1: "a2", 2: "b1"])
        viewer.tap(x: 300, at: t + 1)
        let changes = driver.update(to: viewer)
        #expect(changes.contains(.assign(slot: 2, item: Item(id: "a3"))), "\(changes)")
        #expect(driver.held == [0: "a1", 1: "a2", 2: "a3"] && driver.players.made == 3)
    }

    @Test func aRetryReloadsTheItemInItsSlot() throws {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        viewer.sound = SoundPolicy(preference: .unmuted)   // these tests follow the heard item
        var driver = Driver()
        driver.update(to: viewer)
        viewer.media(.failed(reason: "HTTP 503"), for: "a1", time: 0.5)
        #expect(driver.update(to: viewer) == [.pause(slot: 0), .mute(slot: 0)])
        viewer.retry(time: 1)
        #expect(driver.update(to: viewer) == [.assign(slot: 0, item: Item(id: "a1", attempt: 1)), .unmute(slot: 0), .play(slot: 0)])
        #expect(driver.pool.slot(holding: "a1")?.item.attempt == 1 && driver.pool.slots.count == 2)
    }

    @Test func capacityOneKeepsOnlyTheCurrentItem() {
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver(capacity: 1)
        #expect(driver.update(to: viewer) == [.assign(slot: 0, item: Item(id: "a1")), .unmute(slot: 0), .play(slot: 0)])
        viewer.tap(x: 300, at: 1)
        #expect(driver.update(to: viewer)
            == [.pause(slot: 0), .mute(slot: 0), .assign(slot: 0, item: Item(id: "a2")), .unmute(slot: 0), .play(slot: 0)])
        viewer.nextItem(time: 2)
        viewer.nextItem(time: 2.1)   // to Ben, through the cube: only the current item, while it turns
        for frame in 1...90 {
            viewer.advance(to: 2.1 + Double(frame) / 60)
            viewer.displayEverythingListed(time: viewer.time)
            driver.update(to: viewer)
            #expect(driver.held.count == 1 && driver.held[0] == viewer.currentItem?.id)
        }
        #expect(viewer.currentItem?.id == "b1" && driver.players.made == 1)
    }

    @Test(arguments: 1...20)
    func neverTwoAudibleAtAnyStep(seed: Int) {
        // Seeded taps back and forth, holds and frames; the driver checks after every change.
        var random = StormRandom(seed: UInt64(seed))
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver(capacity: random.int(in: 1...4))
        var t = 0.0
        for _ in 0..<200 where !viewer.isClosed {
            t += random.double(in: 0.01...0.4)
            switch random.int(in: 0...5) {
            case 0: viewer.tap(x: random.pick([50, 300]), at: t)
            case 1: viewer.touchBegan(at: Point(x: 200, y: 400), time: t)
            case 2: viewer.touchEnded(at: Point(x: 200, y: 400), time: t)
            case 3: viewer.media(.failed(reason: "x"), for: viewer.currentItem?.id ?? "", time: t)
            case 4: viewer.retry(time: t)
            default: viewer.advance(to: t); viewer.displayEverythingListed(time: t)
            }
            driver.update(to: viewer)
            #expect(driver.players.audible.count <= 1)
        }
    }

    @Test func closingReleasesEverySlotTheHeardOneFirst() {
        var viewer = ViewerFixtures.viewer(sound: .unmuted)
        var driver = Driver()
        driver.update(to: viewer)
        viewer.tap(x: 300, at: 1)
        viewer.displayEverythingListed(time: 1.05)
        driver.update(to: viewer)   // a2 plays in slot 1, a3 is prepared in slot 0
        viewer.close(time: 2)
        #expect(driver.update(to: viewer) == [.release(slot: 1), .release(slot: 0)])
        #expect(driver.pool.slots.isEmpty && driver.players.players.isEmpty)
        #expect(driver.update(to: viewer).isEmpty)
    }

    @Test func theReadmeSnippetDoesWhatItsCommentsSay() {
        let viewer = ViewerFixtures.viewer(sound: .unmuted)
        var log: [String] = []
        // README begins
        var pool = PlayerPool(capacity: 3)             // at most 3 players, whatever the feed
        for change in pool.update(to: viewer) {        // after every frame, touch and media report
            switch change {
            case .assign(let slot, let item): log.append("slot \(slot) loads \(item.id)")  // replaceCurrentItem(with:)
            case .play(let slot): log.append("slot \(slot) plays")
            default: break                             // pause, mute, unmute, release
            }
        }
        // README ends
        #expect(log == ["slot 0 loads a1", "slot 0 plays", "slot 1 loads a2"])
    }
}
