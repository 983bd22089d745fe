import Foundation
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct GestureScriptTests {
    @Test func aDragSamplesEvenlyAndReleasesAtTheEnd() {
        let script = GestureScript.drag(from: Point(x: 300, y: 400), to: Point(x: 100, y: 400), duration: 0.1)
        #expect(script.events.first?.phase == .began)
        #expect(script.events.last == GestureScript.Event(phase: .ended, time: 0.1, x: 100, y: 400))
        #expect(script.events.filter { $0.phase == .moved }.count == 12)  // 120 Hz × 0.1 s
        // A constant-speed drag: the velocity a tracker reads is the drag's, −2000 pt/s.
        var tracker = VelocityTracker()
        for event in script.events { tracker.add(time: event.time, position: event.position) }
        #expect(Approximately.equal(tracker.velocity().x, -2_000, absolute: 1e-6))
    }

    @Test func aHoldBeforeReleaseMakesTheReleaseStill() {
        let script = GestureScript.drag(from: .zero, to: Point(x: 100, y: 0), duration: 0.2, holdBeforeRelease: 0.1)
        var tracker = VelocityTracker()
        for event in script.events { tracker.add(time: event.time, position: event.position) }
        #expect(tracker.velocity() == .zero)
        #expect(Approximately.equal(script.duration, 0.3))
    }

    @Test func scriptsChainAndSliceByFrame() {
        let flick = GestureScript.drag(from: Point(x: 300, y: 0), to: Point(x: 250, y: 0), duration: 0.05)
        let both = flick.followed(by: flick, after: 0.03)
        #expect(both.events.filter { $0.phase == .began }.map(\.time) == [0, 0.08])
        let frame = both.events(from: 0.08, to: 0.09)
        #expect(frame.first?.phase == .began)
        #expect(frame.allSatisfy { $0.time >= 0.08 && $0.time < 0.09 })
    }

    @Test func handWrittenJSONIsSortedByTime() throws {
        let json = """
        {"events": [{"phase": "ended", "time": 0.2, "x": 10, "y": 0},
                    {"phase": "began", "time": 0, "x": 0, "y": 0},
                    {"phase": "moved", "time": 0.1, "x": 5, "y": 0}]}
        """
        let script = try JSONDecoder().decode(GestureScript.self, from: Data(json.utf8))
        #expect(script.events.map(\.phase) == [.began, .moved, .ended])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GestureScript.self, from: Data(#"{"events": [{"phase": "hover", "time": 0, "x": 0, "y": 0}]}"#.utf8))
        }
    }

    @Test(arguments: [Double.nan, -1, 0, .infinity])
    func oddDurationsAndRatesStillGiveAValidDrag(value: Double) {
        let script = GestureScript.drag(from: .zero, to: Point(x: 10, y: 0), duration: value, framesPerSecond: value)
        #expect(script.events.count >= 3)
        #expect(script.events.allSatisfy { $0.time.isFinite })
    }
}
