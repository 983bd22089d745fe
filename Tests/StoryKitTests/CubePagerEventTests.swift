import StoryKit
import StoryKitTestSupport
import Testing

/// Page-change events are balanced: each willChangePage is followed by exactly one didChangePage
/// of its page or one didCancelPageChange, and a change is announced once.
@Suite struct CubePagerEventTests {
    static let size = Size(width: 400, height: 800)
    typealias Flick = CubePagerGestureTests

    /// Checks the balance law over an event log: every announced change ends exactly once.
    static func expectBalanced(_ events: [CubePager.Event], sourceLocation: SourceLocation = #_sourceLocation) {
        var pending: (from: Int, to: Int)?
        for event in events {
            switch event {
            case let .willChangePage(from, to):
                #expect(pending == nil, "announced \(to) while \(String(describing: pending)) was pending", sourceLocation: sourceLocation)
                pending = (from, to)
            case let .didChangePage(page):
                #expect(pending?.to == page, "didChangePage(\(page)) without its announcement", sourceLocation: sourceLocation)
                pending = nil
            case let .didCancelPageChange(from, to):
                #expect(pending?.from == from && pending?.to == to, "cancel of \(from)→\(to) not pending", sourceLocation: sourceLocation)
                pending = nil
            case .pastEnd:
                break
            }
        }
        #expect(pending == nil, "left pending: \(String(describing: pending))", sourceLocation: sourceLocation)
    }

    @Test func aReGrabThatTurnsBackCancelsTheAnnouncedChange() {
        // Given a flick from page 0 heading to page 1, when a finger catches it at once and drags
        // it back past half way, then the release cancels 0→1 and the cube returns to 0.
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        let (time, first) = Flick.flick(&pager, offset: 0.3, velocity: 2)
        #expect(first == [.willChangePage(from: 0, to: 1)])
        pager.touchBegan(at: Point(x: 100, y: 400), time: time + 0.02)
        pager.touchMoved(to: Point(x: 120, y: 400), time: time + 0.03)
        pager.touchMoved(to: Point(x: 300, y: 400), time: time + 0.2)
        let release = pager.touchEnded(at: Point(x: 300, y: 400), time: time + 0.3)
        #expect(release == [.didCancelPageChange(from: 0, to: 1)])
        #expect(pager.targetIndex == 0)
        #expect(pager.advance(to: time + 5) == [])
        #expect(pager.currentIndex == 0 && pager.position == 0)
    }

    @Test func aReGrabReleasedToTheSameTargetDoesNotAnnounceAgain() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        let (time, first) = Flick.flick(&pager, offset: 0.6, velocity: 0)
        #expect(first == [.willChangePage(from: 0, to: 1)])
        pager.touchBegan(at: Point(x: 200, y: 400), time: time + 0.05)
        pager.touchMoved(to: Point(x: 185, y: 400), time: time + 0.06)
        pager.touchMoved(to: Point(x: 180, y: 400), time: time + 0.2)
        #expect(pager.touchEnded(at: Point(x: 180, y: 400), time: time + 0.3) == [])
        #expect(pager.advance(to: time + 5) == [.didChangePage(1)])
    }

    @Test func aTouchCancelledMidDragBackCancelsTheAnnouncedChange() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        let (time, _) = Flick.flick(&pager, offset: 0.2, velocity: 2)
        pager.touchBegan(at: Point(x: 200, y: 400), time: time + 0.02)
        pager.touchMoved(to: Point(x: 220, y: 400), time: time + 0.03)
        pager.touchMoved(to: Point(x: 300, y: 400), time: time + 0.1)
        let position = pager.position
        #expect(position < 0.5)
        #expect(pager.touchCancelled(time: time + 0.12) == [.didCancelPageChange(from: 0, to: 1)])
        #expect(pager.advance(to: time + 5) == [])
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomGestureStormsKeepEventsBalanced(seed: UInt64) {
        // Given random touches, flicks, re-grabs, cancels, turns and frames, then every
        // announcement ends exactly once and didChangePage always reports the new current page.
        // Moves come with a finger down; a move with none is made on purpose and changes nothing.
        var random = SeededRandom(seed: seed)
        var pager = CubePager(pageCount: 4, pageSize: Self.size)
        var log: [CubePager.Event] = []
        var t = 0.0, x = 200.0, down = false
        for _ in 0..<400 {
            t += random.double(in: 0.004...0.06)
            #expect(pager.isTouchDown == down)
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !down:
                x = random.double(in: 0...400); down = true
                log += pager.touchBegan(at: Point(x: x, y: 400), time: t)
            case 1...3 where down:
                x += random.double(in: -150...150)
                log += pager.touchMoved(to: Point(x: x, y: 400 + random.double(in: -8...8)), time: t)
            case 1...3:  // no finger down
                let before = pager
                #expect(pager.touchMoved(to: Point(x: x + random.double(in: -150...150), y: 400), time: t) == [])
                #expect(pager == before, "a move with no finger down changed the pager")
            case 4 where down:
                down = false
                log += pager.touchEnded(at: Point(x: x, y: 400), time: t)
            case 5 where down && Int.random(in: 0..<3, using: &random) == 0:
                down = false
                log += pager.touchCancelled(time: t)
            case 6 where Int.random(in: 0..<4, using: &random) == 0:
                log += pager.turn(to: Int.random(in: 0..<5, using: &random) - 1, time: t, animated: Int.random(in: 0..<2, using: &random) == 0)
            default:
                let events = pager.advance(to: t)
                for case let .didChangePage(page) in events { #expect(page == pager.currentIndex) }
                log += events
            }
        }
        if down { log += pager.touchEnded(at: Point(x: x, y: 400), time: t + 0.01) }
        log += pager.advance(to: t + 20)
        Self.expectBalanced(log)
        #expect(pager.phase == .idle && pager.position == Double(pager.currentIndex))
    }
}

/// Programmatic turns, page-count changes and resizing.
@Suite struct CubePagerProgrammaticTests {
    static let size = Size(width: 400, height: 800)

    @Test func anAnimatedTurnSpringsToThePageAndAnnouncesIt() throws {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        #expect(pager.turn(to: 1, time: 10) == [.willChangePage(from: 0, to: 1)])
        #expect(pager.phase == .settling && pager.targetIndex == 1)
        _ = pager.advance(to: 10.1)
        #expect(pager.position > 0.3 && pager.position < 1)
        let end = try #require(pager.settleEndTime)
        #expect(pager.advance(to: end) == [.didChangePage(1)])
        #expect(pager.position == 1 && pager.phase == .idle)
    }

    @Test func anUnanimatedTurnJumps() {
        var pager = CubePager(pageCount: 5, pageSize: Self.size)
        #expect(pager.turn(to: 3, time: 0, animated: false) == [.willChangePage(from: 0, to: 3), .didChangePage(3)])
        #expect(pager.position == 3 && pager.currentIndex == 3 && pager.phase == .idle)
        #expect(pager.turn(to: 99, time: 1, animated: false) == [.willChangePage(from: 3, to: 4), .didChangePage(4)])
        #expect(pager.turn(to: 4, time: 2) == [])
    }

    @Test func aTurnDuringASettleKeepsPositionAndVelocity() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        _ = pager.turn(to: 1, time: 0)
        _ = pager.advance(to: 0.05)
        let before = (pager.position, pager.velocity)
        #expect(pager.turn(to: 0, time: 0.05) == [.didCancelPageChange(from: 0, to: 1)])
        #expect(pager.position == before.0 && pager.velocity == before.1)
        _ = pager.advance(to: 0.0501)
        #expect(Approximately.equal(pager.position, before.0 + before.1 * 0.0001, absolute: 1e-5))
        #expect(pager.advance(to: 5) == [])
        #expect(pager.currentIndex == 0)
    }

    @Test func aTurnIsIgnoredWhileAFingerTurnsTheCube() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 250, y: 400), time: 0.05)
        #expect(pager.turn(to: 2, time: 0.06) == [])
        #expect(pager.phase == .dragging)
    }

    @Test func shrinkingThePageCountMovesTheCurrentPageAndCancelsTheAnnouncement() {
        var pager = CubePager(pageCount: 5, pageSize: Self.size, currentIndex: 3)
        _ = pager.turn(to: 4, time: 0)
        #expect(pager.setPageCount(2) == [.didCancelPageChange(from: 3, to: 4), .didChangePage(1)])
        #expect(pager.currentIndex == 1 && pager.position == 1 && pager.phase == .idle)
        #expect(pager.setPageCount(-3) == [.didChangePage(0)])
        #expect(pager.pageCount == 0 && pager.layout.visibleIndices == nil)
        #expect(pager.setPageCount(4) == [] && pager.currentIndex == 0)
    }

    @Test func resizingKeepsTheTurnAndDragsUseTheNewWidth() throws {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 290, y: 400), time: 0.01)  // locks at the 10 pt slop
        pager.touchMoved(to: Point(x: 210, y: 400), time: 0.02)  // 80 pt of 400 = 0.2
        #expect(Approximately.equal(pager.position, 0.2, absolute: 1e-12))
        pager.pageSize = Size(width: 800, height: 400)
        pager.touchMoved(to: Point(x: 210, y: 400), time: 0.03)  // the same finger on a wider page
        #expect(Approximately.equal(pager.position, 0.1, absolute: 1e-12))
        let face = try #require(pager.layout.leading)
        #expect(face.transform == CubePager.cubeFaceTransform(offset: -0.1, width: 800))
    }
}
