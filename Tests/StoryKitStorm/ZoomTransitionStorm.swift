import MotionCore
import StoryKit

/// The zoom transition under storms: opens, closes (into moved, missing and hostile sources),
/// drags that begin, move, end and are cancelled at any moment, with hostile points, times and
/// geometry.
///
/// Invariants after every step: the mask does not jump at a release or a grab (the same frame
/// just before and after, but for a resting spring's last hundredth of a point); every frame is finite, its radius within half the mask's smaller
/// side and its sides never negative (a bouncy spring into a small cell), its dimming within the configured one, its opacities within 0…1; an event `began`
/// only from rest, `finished`/`cancelled` only after one began, and a finished transition at
/// rest on its side.
public enum ZoomTransitionStorm: StormSubject {
    public struct Setup: Sendable {
        var width: Double, height: Double, cell: Double, reduceMotion: Bool, downward: Bool, knee: Double?
        /// The spring's damping ratio: the default 0.9, or a bouncy one.
        var damping: Double
        /// Which way a sideways pop runs.
        var direction: StoryLayoutDirection = .leftToRight
    }

    public enum Step: Sendable {
        case open(time: Double)
        case close(time: Double, source: Int)
        case began(x: Double, y: Double, time: Double)
        case moved(x: Double, y: Double, time: Double)
        case ended(x: Double, y: Double, time: Double, source: Int)
        case cancelled(time: Double)
        case advance(time: Double)
    }

    public static let name = "ZoomTransition"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(width: random.double(100...500, hostility: 0.1), height: random.double(200...900, hostility: 0.1),
              cell: random.chance(0.2) ? random.double(1...20, hostility: 0.1) : random.double(40...200, hostility: 0.1),
              reduceMotion: random.int(in: 0...5) == 0, downward: random.int(in: 0...2) == 0,
              knee: random.int(in: 0...1) == 0 ? nil : random.double(0.6...1, hostility: 0.1),
              damping: random.chance(0.3) ? random.double(0.2...0.9, hostility: 0) : 0.9,
              direction: random.pick(StoryLayoutDirection.allCases))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let time = random.time(after: &clock)
        switch random.int(in: 0...13) {
        case 0: return .open(time: time)
        case 1: return .close(time: time, source: random.int(in: 0...3))
        case 2, 3: return .began(x: random.double(-50...500, hostility: 0.05), y: random.double(-50...900, hostility: 0.05), time: time)
        case 4...8: return .moved(x: random.double(-200...900, hostility: 0.05), y: random.double(-200...1_200, hostility: 0.05), time: time)
        case 9, 10: return .ended(x: random.double(-200...900, hostility: 0.05), y: random.double(-200...1_200, hostility: 0.05), time: time,
                                  source: random.int(in: 0...3))
        case 11: return .cancelled(time: time)
        default: return .advance(time: time)
        }
    }

    static func geometry(_ setup: Setup) -> ZoomTransition.Geometry {
        let height = setup.width.isFinite ? setup.width * 0.75 : 0
        return ZoomTransition.Geometry(container: Size(width: setup.width, height: setup.height),
                                       source: Rect(x: 10, y: 100, width: setup.cell, height: setup.cell), sourceCornerRadius: 6,
                                       destination: Rect(x: 0, y: (setup.height - height) / 2, width: setup.width, height: height),
                                       imageSize: Size(width: 4, height: 3))
    }

    /// The source a close or a release is given: the cell, one that scrolled, none, or garbage.
    static func source(_ choice: Int, _ setup: Setup) -> Rect? {
        switch choice {
        case 0: Rect(x: 10, y: 100, width: setup.cell, height: setup.cell)
        case 1: Rect(x: 60, y: -40, width: setup.cell, height: setup.cell)
        case 2: nil
        default: Rect(x: .nan, y: 3, width: -1, height: .infinity)
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var configuration = ZoomTransition.Configuration(
            spring: SpringParameters(response: 0.45, dampingRatio: setup.damping), downwardDismiss: setup.downward, reduceMotion: setup.reduceMotion, scaleCurve: setup.knee.map { .rubberBand(knee: $0) } ?? .linear)
        configuration.layoutDirection = setup.direction
        var zoom = ZoomTransition(geometry: geometry(setup), configuration: configuration)
        var running = false
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let wasRest: Bool = { if case .rest = zoom.phase { true } else { false } }()
            var events: [ZoomTransition.Event] = []
            var handOver: (Double, Rect)?
            let previous = zoom
            switch step {
            case let .open(t): events = zoom.open(time: t)
            case let .close(t, s): events = zoom.close(time: t, source: source(s, setup))
            case let .began(x, y, t):
                events = zoom.advance(to: t)
                let before = zoom.mask(at: zoom.time)
                events += zoom.touchBegan(at: Point(x: x, y: y), time: t)
                handOver = (zoom.time, before)
            case let .moved(x, y, t): events = zoom.touchMoved(to: Point(x: x, y: y), time: t)
            case let .ended(x, y, t, s):
                let dragging: Bool = { if case .dragging = zoom.phase { true } else { false } }()
                if dragging, x.isFinite, y.isFinite { _ = zoom.touchMoved(to: Point(x: x, y: y), time: t) }
                let before = zoom.mask(at: t.isFinite ? max(t, zoom.time) : zoom.time)
                events = zoom.touchEnded(at: Point(x: x, y: y), time: t, source: source(s, setup))
                if dragging { handOver = (zoom.time, before) }
            case let .cancelled(t):
                let before = zoom.mask(at: t.isFinite ? max(t, zoom.time) : zoom.time)
                events = zoom.touchCancelled(time: t)
                handOver = (zoom.time, before)
            case let .advance(t): events = zoom.advance(to: t)
            }
            for event in events {
                switch event {
                case .began:
                    if !wasRest && running { return fail("began while \(zoom.phase)") }
                    running = true
                case .finished(let presented):
                    if !running { return fail("finished(\(presented)) without a beginning") }
                    if case .rest(presented) = zoom.phase {} else if case .rest = zoom.phase { return fail("finished \(presented) at \(zoom.phase)") }
                    running = false
                case .cancelled:
                    if !running { return fail("cancelled without a beginning") }
                    running = false
                }
            }
            // A mask that has faded out may be anywhere: a hand-over matters only while it shows.
            if let (time, before) = handOver, previous.frame(at: time).opacity > 1e-9 {
                let after = zoom.mask(at: time)
                let gap = [after.origin.x - before.origin.x, after.origin.y - before.origin.y,
                           after.size.width - before.size.width, after.size.height - before.size.height].map(abs).max() ?? 0
                // A spring at rest snaps the last hundredth of a point (its settling tolerance).
                if gap > max(0.011, 1e-6 * (abs(before.size.width) + abs(before.origin.x))) {
                    return fail("the mask jumped by \(gap) at a hand-over")
                }
            }
            for time in [zoom.time, zoom.time + 0.05, zoom.time + 0.15, zoom.time + 0.3, zoom.time + 3] {
                let frame = zoom.frame(at: time)
                // Signed: `Rect.width` would fold a negative side back to positive.
                if frame.mask.size.width < 0 || frame.mask.size.height < 0 { return fail("mask \(frame.mask) at \(time)") }
                let values = [frame.mask.minX, frame.mask.minY, frame.mask.width, frame.mask.height, frame.cornerRadius,
                              frame.imageFrame.minX, frame.imageFrame.width, frame.dimming, frame.chromeOpacity, frame.opacity, frame.openness]
                if values.contains(where: { !$0.isFinite }) { return fail("frame at \(time): \(frame)") }
                if frame.cornerRadius < 0 || frame.cornerRadius > min(frame.mask.width, frame.mask.height) / 2 + 1e-9 {
                    return fail("radius \(frame.cornerRadius) for \(frame.mask)")
                }
                if frame.dimming < 0 || frame.dimming > zoom.configuration.dimming + 1e-12 { return fail("dimming \(frame.dimming)") }
                for (name, value) in [("chrome", frame.chromeOpacity), ("opacity", frame.opacity), ("openness", frame.openness)]
                    where value < 0 || value > 1 { return fail("\(name) \(value)") }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .moved(x, y, t): simpler(x).map { .moved(x: $0, y: y, time: t) } + simpler(y).map { .moved(x: x, y: $0, time: t) }
        case let .began(x, y, t): simpler(x).map { .began(x: $0, y: y, time: t) }
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["// container \(swiftLiteral(setup.width)) × \(swiftLiteral(setup.height)), cell \(swiftLiteral(setup.cell)), "
            + "reduceMotion \(setup.reduceMotion), downward \(setup.downward), knee \(setup.knee.map(swiftLiteral) ?? "none"), "
            + "damping \(swiftLiteral(setup.damping)), layout direction .\(setup.direction.rawValue)"]
        for step in steps {
            switch step {
            case let .open(t): lines.append("zoom.open(time: \(swiftLiteral(t)))")
            case let .close(t, s): lines.append("zoom.close(time: \(swiftLiteral(t)), source: source\(s))")
            case let .began(x, y, t): lines.append("zoom.touchBegan(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), time: \(swiftLiteral(t)))")
            case let .moved(x, y, t): lines.append("zoom.touchMoved(to: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), time: \(swiftLiteral(t)))")
            case let .ended(x, y, t, s):
                lines.append("zoom.touchEnded(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), time: \(swiftLiteral(t)), source: source\(s))")
            case let .cancelled(t): lines.append("zoom.touchCancelled(time: \(swiftLiteral(t)))")
            case let .advance(t): lines.append("zoom.advance(to: \(swiftLiteral(t)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
