import StoryKit
@testable import StoryKitUI
import Testing

/// `CubePages`' binding and its pager kept in step, and the modifiers' actions.
@Suite struct CubePagesSyncTests {
    @Test func onlyAChangeOfThePageCountReloadsThePager() {
        var sync = CubePagesSync(page: 0, pageCount: 3)
        #expect(sync.pageCountChanged(to: 3) == false)
        #expect(sync.pageCountChanged(to: 4) == true)
        #expect(sync.pageCountChanged(to: 4) == false)
        #expect(sync.pageCount == 4)
    }

    @Test func aNegativePageCountIsNoPagesAsThePagerLoadsIt() {
        // Found by CubePagesSyncStorm (seed 8): a negative count reloaded the pager on every update.
        var sync = CubePagesSync(page: 1, pageCount: 3)
        #expect(sync.pageCountChanged(to: -5) == true)
        #expect(sync.pageCount == 0)
        #expect(sync.pageCountChanged(to: 0) == false)
    }

    @Test func anOutsideChangeOfTheBindingTurnsTheCubeOnce() {
        var sync = CubePagesSync(page: 0, pageCount: 3)
        #expect(sync.bindingChanged(to: 0, hasAnimation: true, disablesAnimations: false) == nil)
        #expect(sync.bindingChanged(to: 2, hasAnimation: true, disablesAnimations: false)
                == CubePagesSync.Turn(page: 2, animated: true))
        // The next update with the same value does not turn it again.
        #expect(sync.bindingChanged(to: 2, hasAnimation: true, disablesAnimations: false) == nil)
    }

    @Test(arguments: [(true, false, true), (false, false, false), (true, true, false), (false, true, false)])
    func aTurnIsAnimatedOnlyWhenTheTransactionAnimates(hasAnimation: Bool, disables: Bool, animated: Bool) {
        var sync = CubePagesSync(page: 0, pageCount: 3)
        #expect(sync.bindingChanged(to: 1, hasAnimation: hasAnimation, disablesAnimations: disables)?.animated == animated)
    }

    @Test func thePagersOwnChangeIsWrittenOnceAndDoesNotTurnTheCubeBack() {
        // Given a finger turning the cube from page 0 to 1, then 1 is written at once, and the
        // update that follows with the binding at 1 turns nothing.
        var sync = CubePagesSync(page: 0, pageCount: 3)
        #expect(sync.pagerDidChangePage(to: 1) == .now)
        #expect(sync.bindingChanged(to: 1, hasAnimation: false, disablesAnimations: false) == nil)
        #expect(sync.pagerDidChangePage(to: 1) == .unchanged)
    }

    @Test func aPageChangeDuringSwiftUIsUpdateIsWrittenAfterIt() {
        // Given an update that shrinks the pages so that the pager clamps page 4 to page 2.
        var sync = CubePagesSync(page: 4, pageCount: 5)
        sync.isUpdating = true
        #expect(sync.pageCountChanged(to: 3) == true)
        #expect(sync.pagerDidChangePage(to: 2) == .afterUpdate)
        sync.isUpdating = false
        #expect(sync.knownPage == 2)
        #expect(sync.takeDeferredWrite() == 2)
        #expect(sync.takeDeferredWrite() == nil, "written once")
    }

    @Test func theStaleBindingOfAClampingUpdateIsNotTakenForTheAppsOwnPage() {
        // Given two pages on page 1, when an update shrinks them to one (the pager clamps to 0, its
        // write waits) and reads the binding still at 1, then nothing turns and 0 is known; a later
        // write of page 1 with three pages turns the cube (found by CubePagesSyncStorm, seed 4).
        var sync = CubePagesSync(page: 1, pageCount: 2)
        sync.isUpdating = true
        #expect(sync.pageCountChanged(to: 1) == true)
        #expect(sync.pagerDidChangePage(to: 0) == .afterUpdate)
        #expect(sync.bindingChanged(to: 1, hasAnimation: false, disablesAnimations: false) == nil)
        sync.isUpdating = false
        #expect(sync.knownPage == 0)
        sync.isUpdating = true
        #expect(sync.pageCountChanged(to: 3) == true)
        let turn = sync.bindingChanged(to: 1, hasAnimation: true, disablesAnimations: false)
        #expect(turn?.page == 1)
        sync.isUpdating = false
    }

    @Test func theAppsOwnPageInAClampingUpdateStillTurnsTheCube() {
        // Given page 4 of 5, when an update shrinks to 3 (the pager clamps to 2) with the app's
        // binding at 1, then the cube turns to 1.
        var sync = CubePagesSync(page: 4, pageCount: 5)
        sync.isUpdating = true
        _ = sync.pageCountChanged(to: 3)
        _ = sync.pagerDidChangePage(to: 2)
        let turn = sync.bindingChanged(to: 1, hasAnimation: false, disablesAnimations: false)
        #expect(turn?.page == 1)
        sync.isUpdating = false
        // The binding holds 1, what the cube shows: the pager's deferred 2 is not written over it
        // (found by CubePagesSyncStorm, seed 83).
        #expect(sync.takeDeferredWrite() == nil)
    }

    @Test func aBindingPastTheLastPageShowsTheLastPageAndIsWrittenBackToIt() {
        // Given three pages on page 2, when the app sets the binding to 7, then the cube turns to
        // page 2 (it is there already) and 2 is written back, so the app's state and the screen
        // agree; the update after the write turns nothing.
        var sync = CubePagesSync(page: 2, pageCount: 3)
        sync.isUpdating = true
        #expect(sync.bindingChanged(to: 7, hasAnimation: true, disablesAnimations: false)
                == CubePagesSync.Turn(page: 2, animated: true, writeBack: 2))
        sync.isUpdating = false
        #expect(sync.knownPage == 2)
        #expect(sync.takeDeferredWrite() == 2)
        #expect(sync.bindingChanged(to: 2, hasAnimation: false, disablesAnimations: false) == nil)
    }

    @Test func aNegativeBindingShowsTheFirstPageAndIsWrittenBackToIt() {
        var sync = CubePagesSync(page: 0, pageCount: 3)
        #expect(sync.bindingChanged(to: -1, hasAnimation: false, disablesAnimations: false)
                == CubePagesSync.Turn(page: 0, animated: false, writeBack: 0))
        // A page that exists is not written back.
        #expect(sync.bindingChanged(to: 1, hasAnimation: false, disablesAnimations: false)?.writeBack == nil)
    }

    @Test func aBindingSetBeforeThePagesCameIsShownWhenTheyCome() {
        // Given no pages yet, when the app selects page 3, then nothing turns (and nothing is
        // written back); when five pages come, the cube turns to page 3.
        var sync = CubePagesSync(page: 0, pageCount: 0)
        #expect(sync.bindingChanged(to: 3, hasAnimation: false, disablesAnimations: false) == nil)
        #expect(sync.pageCountChanged(to: 5) == true)
        #expect(sync.bindingChanged(to: 3, hasAnimation: false, disablesAnimations: false)
                == CubePagesSync.Turn(page: 3, animated: false))
    }

    @MainActor
    @Test func pastTheEndReachesBothTheEventAndThePastEndActions() {
        final class Log { var entries: [String] = [] }
        let log = Log()
        let actions = CubePagesActions(pastEnd: { log.entries.append("pastEnd") },
                                       event: { log.entries.append("event \($0)") },
                                       turn: nil)
        actions.report(.didChangePage(1))
        actions.report(.pastEnd)
        #expect(log.entries == ["event didChangePage(1)", "event pastEnd", "pastEnd"])
        CubePagesActions().report(.pastEnd)  // no actions: nothing happens
    }
}

/// The pan recogniser's finger: the first one is followed until the reset.
@Suite struct PanTouchTrackTests {
    @Test func theFirstFingerIsTrackedAndASecondIsIgnored() {
        var track = PanTouchTrack<String>()
        #expect(track.began((touch: "a", location: Point(x: 10, y: 20)), timestamp: 1) == true)
        #expect(track.touchDown == Point(x: 10, y: 20) && track.latest == Point(x: 10, y: 20))
        #expect(track.began((touch: "b", location: Point(x: 90, y: 90)), timestamp: 2) == false)
        #expect(track.touch == "a" && track.timestamp == 2)
        track.changed([(touch: "b", location: Point(x: 95, y: 95))], timestamp: 3)
        #expect(track.latest == Point(x: 10, y: 20) && track.timestamp == 3)
        track.changed([(touch: "b", location: Point(x: 96, y: 96)), (touch: "a", location: Point(x: 40, y: 20))], timestamp: 4)
        #expect(track.latest == Point(x: 40, y: 20) && track.touchDown == Point(x: 10, y: 20))
    }

    @Test func aCancellationRecordsTheTimeOnlyAndAResetForgetsTheFinger() {
        var track = PanTouchTrack<String>()
        _ = track.began((touch: "a", location: Point(x: 10, y: 20)), timestamp: 1)
        track.changed([], timestamp: 5)
        #expect(track.latest == Point(x: 10, y: 20) && track.timestamp == 5)
        track.reset()
        #expect(track.touch == nil && track.touchDown == nil && track.latest == nil && track.timestamp == 5)
        #expect(track.began((touch: "b", location: Point(x: 1, y: 2)), timestamp: 6) == true)
        var untouched = PanTouchTrack<String>()
        #expect(untouched.began(nil, timestamp: 0) == false)
    }
}

/// The pager's events as the SwiftUI pager writes its binding from them.
@Suite struct CubePagesSyncEventTests {
    @Test func onlyAPageChangeOutsideTheUpdateIsWrittenAtOnce() {
        var sync = CubePagesSync(page: 0, pageCount: 5)
        #expect(sync.pageToWriteNow(after: .willChangePage(from: 0, to: 1)) == nil)
        #expect(sync.pageToWriteNow(after: .didChangePage(1)) == 1)
        #expect(sync.pageToWriteNow(after: .didChangePage(1)) == nil)             // already known
        #expect(sync.pageToWriteNow(after: .pastEnd) == nil)
        sync.isUpdating = true
        #expect(sync.pageToWriteNow(after: .didChangePage(2)) == nil)             // during SwiftUI's update: later
        sync.isUpdating = false
        #expect(sync.takeDeferredWrite() == 2)
    }
}

/// The spare hosting controllers of the SwiftUI pager's pages.
@Suite struct SparePoolTests {
    @Test func aPoolOfOneKeepsTheFirstSpareAndHandsItBackOnce() {
        var pool = SparePool<String>(capacity: 1)
        #expect(pool.take() == nil)
        #expect(pool.offer("a") && !pool.offer("b"))                                // one kept, the next released
        #expect(pool.take() == "a" && pool.take() == nil)
        #expect(!pool.offer(nil) && pool.items.isEmpty)                            // not a host: nothing kept
        #expect(pool.offer("c") && pool.items == ["c"])
    }

    @Test func aZeroOrNegativeCapacityKeepsNone() {
        var none = SparePool<Int>(capacity: 0), negative = SparePool<Int>(capacity: -3)
        #expect(!none.offer(1) && !negative.offer(1) && none.take() == nil && negative.capacity == 0)
    }
}
