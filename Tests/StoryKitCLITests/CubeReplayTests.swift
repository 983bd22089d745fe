import Foundation
import StoryKit
import Testing
@testable import storykit

@Suite struct CubeReplayTests {
    private let page = Size(width: 270, height: 480)

    /// Steps `script` at `fps` for `duration` seconds and returns every event.
    private func events(of script: GestureScript, fps: Double, duration: Double) -> [CubeReplay.TimedEvent] {
        var replay = CubeReplay(script: script, pager: CubePager(pageCount: 3, pageSize: page))
        return (0...Int(duration * fps)).flatMap { replay.step(to: Double($0) / fps) }
    }

    @Test func theReelScriptTurnsBackThenFlicksForwardThenRubberBands() {
        let timed = events(of: CubeReplay.reelScript(pageSize: page), fps: 25, duration: 5.6)
        // The slow 40 % drag (0.3…0.9 s) changes nothing; the flicks go to Ben, then Cleo; the
        // last drag is past Cleo.
        #expect(timed.map(\.event) == [
            .willChangePage(from: 0, to: 1), .didChangePage(1),
            .willChangePage(from: 1, to: 2), .didChangePage(2),
            .pastEnd,
        ])
        #expect(timed.allSatisfy { $0.time > 1.8 })
    }

    @Test(arguments: [1.0, 2, 10, 24, 60, 120])  // at 1 and 2 frames/s a touch-down reports the settle before it
    func eventTimesDoNotDependOnTheFrameRate(fps: Double) {
        let script = CubeReplay.reelScript(pageSize: page)
        let reference = events(of: script, fps: 30, duration: 5.6)
        let timed = events(of: script, fps: fps, duration: 5.6)
        #expect(timed.map(\.event) == reference.map(\.event))
        for (a, b) in zip(timed, reference) { #expect(abs(a.time - b.time) < 1e-9) }
    }

    @Test func aSettleCompletionIsTimedAtTheSettlesEndNotTheFrame() throws {
        // A flick released at 0.38 s; frames every 0.25 s.
        let flick = GestureScript.drag(from: Point(x: 216, y: 240), to: Point(x: 146, y: 243), start: 0.3, duration: 0.08)
        var replay = CubeReplay(script: flick, pager: CubePager(pageCount: 3, pageSize: page))
        _ = replay.step(to: 0.5)
        let settleEnd = try #require(replay.pager.settleEndTime)
        let frame = (settleEnd * 4).rounded(.up) / 4
        #expect(replay.step(to: frame) == [CubeReplay.TimedEvent(time: settleEnd, event: .didChangePage(1))])
        #expect(frame - settleEnd > 0.01)
    }

    @Test func restTimeIsTheEndOfTheLastSettle() {
        let flick = GestureScript.drag(from: Point(x: 216, y: 240), to: Point(x: 146, y: 243), start: 0.3, duration: 0.08)
        let replay = CubeReplay(script: flick, pager: CubePager(pageCount: 3, pageSize: page))
        let completion = events(of: flick, fps: 100, duration: 3).first { $0.event == .didChangePage(1) }
        #expect(abs(replay.restTime() - (completion?.time ?? -1)) < 1e-9)
        #expect(replay.pager.position == 0)  // the copy moved, not the replay
        #expect(CubeReplay(script: GestureScript(events: []), pager: replay.pager).restTime() == 0)
    }

    @Test func eventLinesShowTheTimeInMillisecondsAndTheEvent() {
        #expect(CubeReplay.TimedEvent(time: 0.38, event: .willChangePage(from: 0, to: 1)).description
            == "  0.380 s  willChangePage(from: 0, to: 1)")
        #expect(CubeReplay.TimedEvent(time: 12.3456, event: .didCancelPageChange(from: 2, to: 3)).description
            == " 12.346 s  didCancelPageChange(from: 2, to: 3)")
        #expect(CubeReplay.TimedEvent(time: 1, event: .pastEnd).description == "  1.000 s  pastEnd")
        #expect(CubeReplay.TimedEvent(time: 1, event: .didChangePage(4)).description == "  1.000 s  didChangePage(4)")
    }
}
