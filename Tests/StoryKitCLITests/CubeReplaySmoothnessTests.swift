import Foundation
import StoryKit
import Testing
@testable import storykit

/// Evenly spaced touches make evenly spaced frames, whatever the frame rate (issue 16): the
/// touch clock (60 or 120 Hz, times written to 0.1 ms) and the frame clock (24…60 frames/s)
/// need not agree.
@Suite struct CubeReplaySmoothnessTests {
    private static let page = Size(width: 270, height: 480)

    /// A drag at constant speed: its script, and the part of it during which the finger moves
    /// steadily and the cube follows (after the direction lock, before the finger rests).
    struct Drag: Sendable, CustomTestStringConvertible {
        var name: String
        var script: GestureScript
        /// When the cube follows the moving finger, in seconds.
        var moving: ClosedRange<Double>
        /// The finger's horizontal speed, in points per second (negative: leftward).
        var speed: Double

        var testDescription: String { name }

        /// A shipped example, `Examples/cube/NAME.json`.
        static func example(_ name: String, moving: ClosedRange<Double>, speed: Double) throws -> Drag {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Examples/cube/\(name).json").standardized
            return Drag(name: name, script: try JSONDecoder().decode(GestureScript.self, from: Data(contentsOf: url)),
                        moving: moving, speed: speed)
        }

        /// 156 pt leftward in 0.6 s from 0.3 s, sampled at `hertz`.
        static func synthetic(hertz: Double) -> Drag {
            Drag(name: "drag at \(Int(hertz)) Hz",
                 script: .drag(from: Point(x: 216, y: 240), to: Point(x: 60, y: 243), start: 0.3, duration: 0.6,
                               framesPerSecond: hertz),
                 moving: 0.4...0.9, speed: -260)
        }
    }

    static let drags: [Drag] = {
        var drags = [Drag.synthetic(hertz: 60), .synthetic(hertz: 120)]
        // slow-drag-back: 216 → 108 pt in 0.3…0.75 s; interrupted's second touch: 100 → 200 pt in 0.5…0.9 s.
        if let drag = try? Drag.example("slow-drag-back", moving: 0.4...0.75, speed: -240) { drags.append(drag) }
        if let drag = try? Drag.example("interrupted", moving: 0.6...0.9, speed: 250) { drags.append(drag) }
        return drags
    }()

    /// Where the edge between the two faces is drawn at mid-height, in points from the left of
    /// the page; `nil` unless two faces show.
    ///
    /// The leading face's right edge, through its layer transform and the container's perspective
    /// (about the page centre), as ``CubePager/scene(pageContents:)`` places them.
    static func seam(of pager: CubePager) -> Double? {
        let layout = pager.layout
        guard let leading = layout.leading, layout.trailing != nil else { return nil }
        let size = pager.pageSize
        let centre = Point(x: size.width / 2, y: size.height / 2)
        let face = Transform3D.layer(position: centre, anchorPoint: Point(x: 0.5, y: 0.5),
                                     bounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                     transform: leading.transform)
        let container = Transform3D(translationX: -centre.x, y: -centre.y)
            .concatenating(layout.sublayerTransform)
            .concatenating(Transform3D(translationX: centre.x, y: centre.y))
        return face.concatenating(container).apply(to: Point(x: size.width, y: centre.y))?.x
    }

    /// The cube's position and seam at each frame of `drag` whose previous frame is also inside
    /// its steady part.
    private func frames(of drag: Drag, fps: Double) -> [(position: Double, seam: Double?)] {
        var replay = CubeReplay(script: drag.script, pager: CubePager(pageCount: 3, pageSize: Self.page))
        var out: [(position: Double, seam: Double?)] = []
        for frame in 0...Int(drag.moving.upperBound * fps) {
            let time = Double(frame) / fps
            _ = replay.step(to: time)
            if time - 1 / fps >= drag.moving.lowerBound {
                out.append((replay.shownPager.position, Self.seam(of: replay.shownPager)))
            }
        }
        return out
    }

    @Test(arguments: drags, [24.0, 25, 30, 50, 60])
    func theCubeMovesWithTheFingerFrameByFrame(drag: Drag, fps: Double) throws {
        let shown = frames(of: drag, fps: fps)
        try #require(shown.count >= 5)
        // The cube turns by the finger's travel between frames (pages are page widths; leftward
        // is toward later pages), within the 0.01 pt and 0.1 ms the examples are written to.
        let expected = -drag.speed / fps
        let steps = zip(shown.dropFirst(), shown).map { ($0.position - $1.position) * Self.page.width }
        #expect(steps.allSatisfy { abs($0 - expected) < 0.05 }, "\(steps), expected \(expected) pt")
        // The seam moves every frame, in the same direction, by steps that change smoothly (the
        // perspective makes them grow toward the middle of the page): no 10, 8, 3, 12 judder and
        // no repeated frames.
        let seams = shown.compactMap(\.seam)
        try #require(seams.count == shown.count)
        let seamSteps = zip(seams.dropFirst(), seams).map { $0 - $1 }
        #expect(seamSteps.allSatisfy { abs($0) > 0.5 && ($0 > 0) == (drag.speed > 0) }, "\(seamSteps)")
        let ratios = zip(seamSteps.dropFirst(), seamSteps).map { $0 / $1 }
        #expect(ratios.allSatisfy { abs($0 - 1) < 0.12 }, "\(seamSteps)")
    }

    @Test func aRestingFingerIsNotCarriedOnAndTheModelSeesOnlyTheScriptsTouches() throws {
        // Down at 0.3 s, past the lock at 0.31 s, moves on at 0.33 s, then rests until it moves
        // again at 0.5 s (a 170 ms gap), and lifts at 0.52 s.
        let script = GestureScript(events: [
            .init(phase: .began, time: 0.3, x: 216, y: 240), .init(phase: .moved, time: 0.31, x: 200, y: 240),
            .init(phase: .moved, time: 0.33, x: 180, y: 240), .init(phase: .moved, time: 0.5, x: 100, y: 240),
            .init(phase: .ended, time: 0.52, x: 90, y: 240),
        ])
        var replay = CubeReplay(script: script, pager: CubePager(pageCount: 3, pageSize: Self.page))
        _ = replay.step(to: 0.32)
        #expect(replay.finger(at: 0.32) == Point(x: 190, y: 240))
        // The drag counts from where the finger crossed the 10 pt slop, 206 pt.
        #expect(abs(replay.pager.position - 6 / Self.page.width) < 1e-9, "the model has the lock at 200 pt and nothing after it")
        #expect(abs(replay.shownPager.position - 16 / Self.page.width) < 1e-9)
        _ = replay.step(to: 0.4)
        #expect(replay.finger(at: 0.4) == nil)
        #expect(replay.shownPager == replay.pager && abs(replay.pager.position - 26 / Self.page.width) < 1e-9)
        _ = replay.step(to: 0.51)
        #expect(replay.finger(at: 0.51) == Point(x: 95, y: 240))
        _ = replay.step(to: 0.6)
        #expect(replay.finger(at: 0.6) == nil && replay.shownPager == replay.pager)
    }
}
