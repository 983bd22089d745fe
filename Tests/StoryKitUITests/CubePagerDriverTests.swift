import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// `CubePagerView`'s run without UIKit: the faces are drawn before anything is reported, the
/// display link runs exactly while the cube settles on screen, page events reach the delegate in
/// order with VoiceOver told of arrivals it was not told about, a refused pan lets a held settle
/// go on, and a reload ends a drag.
@MainActor
@Suite struct CubePagerDriverTests {
    /// A pager view that records what it is told, in order.
    final class Host: CubePagerHost {
        enum Call: Equatable {
            case pageCount, unmount, draw, prepare, play([CubePager.Haptic]), turned(Double), event(CubePager.Event), announce(Int)
        }
        var calls: [Call] = []
        var isInWindow = true
        var isVoiceOverRunning = false
        var pages = 3
        /// Called with each event, after it is recorded (a delegate that changes the pager).
        var onEvent: (CubePager.Event) -> Void = { _ in }

        func dataSourcePageCount() -> Int {
            calls.append(.pageCount)
            return pages
        }
        func unmountAllFaces() { calls.append(.unmount) }
        func drawFaces() { calls.append(.draw) }
        func prepareHaptics() { calls.append(.prepare) }
        func play(_ haptics: [CubePager.Haptic]) { if !haptics.isEmpty { calls.append(.play(haptics)) } }
        func turned(to position: Double) { calls.append(.turned(position)) }
        func report(_ events: [CubePager.Event]) {
            for event in events {
                calls.append(.event(event))
                onEvent(event)
            }
        }
        func announcePage(_ index: Int) { calls.append(.announce(index)) }

        var events: [CubePager.Event] { calls.compactMap { if case .event(let e) = $0 { e } else { nil } } }
        var announced: [Int] { calls.compactMap { if case .announce(let i) = $0 { i } else { nil } } }
    }

    static let size = Size(width: 400, height: 800)

    /// A laid-out driver with `host`'s pages, at time 10.
    func make(_ host: Host) -> (CubePagerDriver, ManualFrameDriver) {
        let frames = ManualFrameDriver(time: 10)
        let driver = CubePagerDriver(session: CubePagerSession(pageSize: .zero, configuration: CubePager.Configuration()), frames: frames)
        driver.host = host
        driver.layout(size: Self.size)
        return (driver, frames)
    }

    /// Steps `frames` at 60 Hz for `seconds` while they run.
    func run(_ frames: ManualFrameDriver, seconds: Double) {
        let start = frames.currentTime
        for i in 1...Int(seconds * 60) where frames.isRunning { frames.step(to: start + Double(i) / 60) }
    }

    @Test func theFirstLayoutLoadsThePagesOnceThenDrawsWithoutFrames() {
        let host = Host()
        let (driver, frames) = make(host)
        #expect(host.calls.prefix(3) == [.pageCount, .unmount, .draw])             // loaded, then drawn
        #expect(driver.session.model.pageCount == 3 && !driver.session.needsReload && !frames.isRunning)
        let count = host.calls.count
        driver.layout(size: Self.size)
        #expect(host.calls.count == count + 1 && host.calls.last == .draw)          // not loaded again
    }

    @Test func anAnimatedTurnSettlesOnTheDisplayLinkAndReportsTheArrivalAfterDrawing() {
        let host = Host()
        let (driver, frames) = make(host)
        host.calls = []
        driver.turn(to: 1, animated: true)
        #expect(frames.isRunning && host.events == [.willChangePage(from: 0, to: 1)])
        #expect(host.calls.first == .draw)                                           // drawn before it is reported
        run(frames, seconds: 3)
        #expect(!frames.isRunning && driver.session.model.currentIndex == 1)
        #expect(host.events == [.willChangePage(from: 0, to: 1), .didChangePage(1)])
        let turns = host.calls.compactMap { if case .turned(let p) = $0 { p } else { nil } }
        #expect(turns.count > 5 && turns.last == 1 && zip(turns, turns.dropFirst()).allSatisfy { $0 <= $1 + 0.05 })
        let arrival = host.calls.firstIndex(of: .event(.didChangePage(1))) ?? 0
        #expect(arrival > 1 && host.calls[arrival - 1] == .turned(1) && host.calls[arrival - 2] == .draw)  // drawn, then reported
        #expect(host.announced.isEmpty)                                              // VoiceOver is off
    }

    @Test func offScreenTheFramesStopAndBackOnTheSettleJumpsToWhereItIsByThen() {
        let host = Host()
        let (driver, frames) = make(host)
        driver.turn(to: 2, animated: true)
        frames.step(to: 10.05)
        host.isInWindow = false
        driver.windowChanged()
        #expect(!frames.isRunning)                                                   // no display link off screen
        frames.currentTime = 20                                                      // long after the settle's end
        host.isInWindow = true
        driver.windowChanged()
        #expect(!frames.isRunning && driver.session.model.currentIndex == 2 && host.events.last == .didChangePage(2))
    }

    @Test func voiceOverHearsAnArrivalOnceWhetherItsOwnTurnOrASwipeBroughtIt() {
        let host = Host()
        host.isVoiceOverRunning = true
        let (driver, frames) = make(host)
        #expect(driver.accessibilityTurn(step: 1))
        #expect(host.announced == [1])                                               // told at the turn
        run(frames, seconds: 3)
        #expect(host.announced == [1] && driver.session.model.currentIndex == 1)      // not again at the arrival
        #expect(!driver.accessibilityTurn(step: 5) && !driver.accessibilityTurn(step: 0))
        driver.turn(to: 2, animated: false)                                          // the app's own turn
        #expect(host.announced == [1, 2])
    }

    @Test func aDragReleasedPastHalfTurnsThePageWithOneHapticAndAReloadEndsADrag() {
        let host = Host()
        let (driver, frames) = make(host)
        driver.panned(.touchDown, touchDown: Point(x: 350, y: 400), latest: Point(x: 350, y: 400), time: 10)
        #expect(host.calls.contains(.prepare))                                      // the Taptic Engine wakes
        let may = driver.panShouldBegin(dx: -20, dy: 2, scrollViews: [], touchDown: Point(x: 350, y: 400),
                                        latest: Point(x: 330, y: 402), time: 10.02)
        #expect(may)
        driver.panned(.began(Point(x: 330, y: 400)), touchDown: Point(x: 350, y: 400), latest: Point(x: 330, y: 400), time: 10.02)
        for k in 1...8 {
            driver.panned(.changed(Point(x: 330 - 30 * Double(k), y: 400)), touchDown: nil, latest: nil, time: 10.02 + 0.016 * Double(k))
        }
        #expect(driver.session.model.phase == .dragging && !frames.isRunning)
        driver.panned(.ended(Point(x: 90, y: 400)), touchDown: nil, latest: nil, time: 10.16)
        #expect(frames.isRunning && host.calls.contains(.play([.pageTurn])) && host.events.last == .willChangePage(from: 0, to: 1))
        run(frames, seconds: 3)
        #expect(host.events.last == .didChangePage(1))
        driver.panned(.touchDown, touchDown: Point(x: 100, y: 400), latest: Point(x: 100, y: 400), time: 14)
        driver.panned(.began(Point(x: 120, y: 400)), touchDown: Point(x: 100, y: 400), latest: Point(x: 120, y: 400), time: 14.02)
        host.pages = 2
        driver.session.needsReload = true
        driver.reloadIfNeeded()
        #expect(driver.session.model.phase == .idle && !driver.session.bridge.isPanning && driver.session.model.pageCount == 2)
    }

    @Test func aVerticalDragIsRefusedAndLetsAHeldSettleGoOn() {
        let host = Host()
        let (driver, frames) = make(host)
        driver.turn(to: 1, animated: true)
        frames.step(to: 10.05)
        driver.panned(.touchDown, touchDown: Point(x: 200, y: 400), latest: Point(x: 200, y: 400), time: 10.06)
        #expect(!frames.isRunning)                                                   // the finger holds the cube
        let may = driver.panShouldBegin(dx: 3, dy: 40, scrollViews: [], touchDown: Point(x: 200, y: 400),
                                        latest: Point(x: 203, y: 440), time: 10.08)
        #expect(!may && frames.isRunning)                                            // refused: the settle goes on
        run(frames, seconds: 3)
        #expect(host.events.last == .didChangePage(1))
    }

    @Test func aDelegateTurningTheCubeFromItsCallbackIsHeardInOrder() {
        let host = Host()
        let (driver, _) = make(host)
        host.onEvent = { event in
            if case .didChangePage(1) = event { driver.turn(to: 2, animated: false) }
        }
        driver.turn(to: 1, animated: false)
        #expect(host.events == [.willChangePage(from: 0, to: 1), .didChangePage(1), .willChangePage(from: 1, to: 2), .didChangePage(2)])
        #expect(driver.session.model.currentIndex == 2)
    }

    @Test func aConfigurationChangeRedrawsOnlyWhenTheModelsChanges() {
        let host = Host()
        let (driver, _) = make(host)
        host.calls = []
        driver.configure(CubePager.Configuration(), reducedMotionTransition: .crossFade, reducesMotion: false, layoutDirection: nil)
        #expect(host.calls.isEmpty)
        driver.configure(CubePager.Configuration(), reducedMotionTransition: .crossFade, reducesMotion: true, layoutDirection: nil)
        #expect(host.calls == [.draw] && driver.session.model.configuration.transition == .crossFade)
    }
}
