import Foundation
import MotionCore
import StoryKit
import StoryKitUI

/// The SwiftUI detail's zoom driver under storms, on a frame driver stepped by hand: opens (again,
/// as a detail coming back from a push does), closes, drags, frames at hostile times (backwards,
/// repeated, long pauses, not finite), cells scrolling or leaving the grid, the source changing,
/// the presentation ending and the detail disappearing, in any order.
///
/// Invariants after every step, against a reference record kept here: once opened, the detail
/// says it closed (`onClosed`) at most once, and only with its model at rest away from the
/// detail; the hidden cell is the driver's source, and hidden only while its detail can still
/// land in it (opened, not closed) and is on screen; while the detail is on screen and its model
/// moves by itself (a spring, a fade, a cross-fade), frames run; what it draws is finite.
public enum ZoomDetailDriverStorm: StormSubject {
    public struct Setup: Sendable {
        var pushed: Bool
        var downwardDismiss: Bool
        /// The cells' frames in the window, by source 0…2 (nil: not on screen).
        var cells: [Rect?]
        /// The environment's layout direction handed to every open (nil: the configuration's).
        var layoutDirection: StoryLayoutDirection? = nil
    }

    public enum Step: Sendable {
        /// The detail opens (or appears again) out of `source`, `container` in the window.
        case open(source: Int, container: Rect, imageSize: Size?, reduceMotion: Bool)
        case close
        /// The finger moved by (`dx`, `dy`) points, `dt` seconds later (a drag begins at (200, 450)).
        case drag(dx: Double, dy: Double, dt: Double)
        /// The finger lifted, `dt` seconds later.
        case dragEnd(dt: Double)
        /// A display frame at `time` (the clock moves even while no frames run).
        case frame(time: Double)
        /// The grid scrolled: the cell of `source` is now at `frame` (nil: it left the screen).
        case moveCell(source: Int, frame: Rect?)
        case sourceChanged(Int)
        /// The detail (of its current source) stopped being presented.
        case presentationEnded
        /// The detail (of its current source) left the screen.
        case disappeared(stillPresented: Bool)
    }

    public static let name = "ZoomDetailDriver"

    static func cell(_ random: inout StormRandom) -> Rect? {
        switch random.int(in: 0...9) {
        case 0: return nil
        case 1: return Rect(x: random.double(-500...500), y: random.double(-500...1500), width: 0, height: 0)
        default: return Rect(x: random.double(0...300), y: random.double(0...900), width: random.double(40...200), height: random.double(40...200))
        }
    }

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(pushed: random.chance(0.5), downwardDismiss: random.chance(0.3), cells: (0...2).map { _ in cell(&random) },
              layoutDirection: random.pick([nil, .leftToRight, .rightToLeft]))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let source = random.int(in: 0...2)
        switch random.int(in: 0...29) {
        case 0...3:
            let container = random.int(in: 0...5) == 0
                ? random.pick([Rect.zero, Rect(x: 0, y: 50, width: 0, height: 800), Rect(x: 0, y: 50, width: .nan, height: 800)])
                : Rect(x: 0, y: random.double(in: 0...100), width: random.double(300...430), height: random.double(600...900))
            let image: Size? = random.chance(0.2) ? nil : random.pick([Size(width: 400, height: 300), Size(width: 0, height: 0), Size(width: 3, height: 4000)])
            return .open(source: source, container: container, imageSize: image, reduceMotion: random.chance(0.15))
        case 4, 5: return .close
        case 6...9: return .drag(dx: random.double(-40...120), dy: random.double(-40...120), dt: random.pick([0, 1.0 / 60, 1.0 / 120, -0.01, 0.2]))
        case 10, 11: return .dragEnd(dt: random.pick([0, 1.0 / 60, 0.3]))
        case 12...23: return .frame(time: random.time(after: &clock))
        case 24, 25: return .moveCell(source: source, frame: cell(&random))
        case 26: return .sourceChanged(source)
        case 27: return .presentationEnded
        default: return .disappeared(stillPresented: random.chance(0.5))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        onMain { runOnMain(setup, steps) }
    }

    /// The driver is main-actor: on several threads the runner's main thread would wait for
    /// workers waiting for it.
    public static var runsOnMainThread: Bool { true }

    /// Runs `body` on the main actor: at once on the main thread (the release runner), else
    /// waiting for the main queue (a test's worker thread).
    static func onMain<T: Sendable>(_ body: @MainActor () -> T) -> T {
        if Thread.isMainThread { return MainActor.assumeIsolated(body) }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }

    @MainActor
    static func runOnMain(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let frames = StormFrameDriver(time: 10)
        let directory = StormZoomDirectory()
        for (id, frame) in setup.cells.enumerated() { directory.frames[AnyHashable(id)] = frame }
        let zoom = ZoomDetailDriver(driver: frames)
        zoom.directory = directory
        zoom.pushed = setup.pushed
        var closes = 0
        zoom.onClosed = { closes += 1 }
        // The reference: whether the detail opened (a close before then "closes at once", by
        // design), its closes since, whether it is on screen, and the drag in progress.
        var opened = false
        var closesBeforeOpen = 0
        var onScreen = false
        var dragStart: Point?
        var translation = Point.zero
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case let .open(source, container, imageSize, reduceMotion):
                var configuration = ZoomTransition.Configuration()
                configuration.downwardDismiss = setup.downwardDismiss
                if !opened { closesBeforeOpen = closes }
                zoom.open(AnyHashable(source), container: container, cornerRadius: 8, imageSize: imageSize,
                          configuration: configuration, systemReduceMotion: reduceMotion, layoutDirection: setup.layoutDirection)
                opened = true
                onScreen = true
            case .close:
                zoom.close()
            case let .drag(dx, dy, dt):
                frames.currentTime += dt
                let start = dragStart ?? Point(x: 200, y: 450)
                dragStart = start
                translation = Point(x: translation.x + dx, y: translation.y + dy)
                zoom.dragChanged(location: Point(x: start.x + translation.x, y: start.y + translation.y), start: start,
                                 translation: translation)
            case .dragEnd(let dt):
                frames.currentTime += dt
                let start = dragStart ?? Point(x: 200, y: 450)
                zoom.dragEnded(location: Point(x: start.x + translation.x, y: start.y + translation.y))
                dragStart = nil
                translation = .zero
            case .frame(let time):
                frames.step(to: time)
            case let .moveCell(source, frame):
                directory.frames[AnyHashable(source)] = frame
            case .sourceChanged(let source):
                zoom.sourceChanged(to: AnyHashable(source))
            case .presentationEnded:
                zoom.presentationEnded(zoom.sourceID ?? AnyHashable(0))
            case .disappeared(let stillPresented):
                zoom.disappeared(zoom.sourceID ?? AnyHashable(0), stillPresented: stillPresented)
                onScreen = false
            }
            let phase = zoom.session.transition?.phase
            let closedSinceOpen = opened ? closes - closesBeforeOpen : 0
            if closedSinceOpen > 1 { return fail("onClosed called \(closedSinceOpen) times for one open") }
            if closedSinceOpen == 1, phase != .rest(presented: false) { return fail("onClosed called with the model \(String(describing: phase))") }
            if let hidden = directory.visibility.hidden {
                if hidden != zoom.sourceID { return fail("cell \(hidden) hidden, the detail's source is \(String(describing: zoom.sourceID))") }
                if phase == nil || phase == .rest(presented: false) { return fail("cell \(hidden) hidden with no detail to land in it") }
                if !onScreen { return fail("cell \(hidden) hidden after its detail left the screen") }
            }
            if onScreen, let phase, moves(phase), !frames.isRunning { return fail("the model moves (\(phase)) but no frames run") }
            let placement = zoom.placement
            let numbers = [placement.scale, placement.origin.x, placement.origin.y, placement.clip.origin.x, placement.clip.origin.y,
                           placement.clip.size.width, placement.clip.size.height, placement.clipCornerRadius, placement.alpha,
                           placement.chromeAlpha, placement.dimmingAlpha]
            if numbers.contains(where: { !$0.isFinite }) { return fail("drawn placement not finite: \(placement)") }
        }
        return nil
    }

    /// Whether the model moves by itself in `phase`, so that frames must run.
    static func moves(_ phase: ZoomTransition.Phase) -> Bool {
        switch phase {
        case .settling, .fading, .crossFading: true
        case .rest, .dragging: false
        }
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .drag(dx, dy, dt): simpler(dx).map { .drag(dx: $0, dy: dy, dt: dt) } + simpler(dy).map { .drag(dx: dx, dy: $0, dt: dt) }
        case .frame(let time): simpler(time).map { .frame(time: $0) }
        case let .open(source, container, imageSize, reduceMotion) where source != 0:
            [.open(source: 0, container: container, imageSize: imageSize, reduceMotion: reduceMotion)]
        default: []
        }
    }

    static func literal(_ rect: Rect?) -> String {
        guard let rect else { return "nil" }
        return "Rect(x: \(swiftLiteral(rect.origin.x)), y: \(swiftLiteral(rect.origin.y)), width: \(swiftLiteral(rect.size.width)), height: \(swiftLiteral(rect.size.height)))"
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = [
            "let frames = ManualFrameDriver(time: 10)",
            "let directory = Directory()  // ZoomDetailDriverTests.Directory",
            "let zoom = ZoomDetailDriver(driver: frames)",
            "zoom.directory = directory",
            "zoom.pushed = \(setup.pushed)",
            "var configuration = ZoomTransition.Configuration()",
            "configuration.downwardDismiss = \(setup.downwardDismiss)",
        ]
        lines += setup.cells.enumerated().map { "directory.frames[\($0.offset)] = \(literal($0.element))" }
        var start: Point?
        var translation = Point.zero
        var source = 0
        for step in steps {
            switch step {
            case let .open(opened, container, imageSize, reduceMotion):
                source = opened
                let image = imageSize.map { "Size(width: \(swiftLiteral($0.width)), height: \(swiftLiteral($0.height)))" } ?? "nil"
                lines.append("zoom.open(\(source), container: \(literal(container)), cornerRadius: 8, imageSize: \(image), configuration: configuration, systemReduceMotion: \(reduceMotion), layoutDirection: \(setup.layoutDirection.map { ".\($0)" } ?? "nil"))")
            case .close: lines.append("zoom.close()")
            case let .drag(dx, dy, dt):
                start = start ?? Point(x: 200, y: 450)
                translation = Point(x: translation.x + dx, y: translation.y + dy)
                lines.append("frames.currentTime += \(swiftLiteral(dt))")
                lines.append("zoom.dragChanged(location: Point(x: \(swiftLiteral(200 + translation.x)), y: \(swiftLiteral(450 + translation.y))), start: Point(x: 200, y: 450), translation: Point(x: \(swiftLiteral(translation.x)), y: \(swiftLiteral(translation.y))))")
            case .dragEnd(let dt):
                lines.append("frames.currentTime += \(swiftLiteral(dt))")
                lines.append("zoom.dragEnded(location: Point(x: \(swiftLiteral(200 + translation.x)), y: \(swiftLiteral(450 + translation.y))))")
                start = nil
                translation = .zero
            case .frame(let time): lines.append("frames.step(to: \(swiftLiteral(time)))")
            case let .moveCell(source, frame): lines.append("directory.frames[\(source)] = \(literal(frame))")
            case .sourceChanged(let new):
                source = new
                lines.append("zoom.sourceChanged(to: \(new))")
            case .presentationEnded: lines.append("zoom.presentationEnded(\(source))")
            case .disappeared(let still): lines.append("zoom.disappeared(\(source), stillPresented: \(still))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A frame driver stepped by hand (as `ManualFrameDriver` in the test support, which depends on
/// this target): frames come only from ``step(to:)``.
@MainActor
final class StormFrameDriver: FrameDriver {
    /// Now, in seconds.
    var currentTime: Double
    /// The callback between `start` and `stop`.
    private var onFrame: (@MainActor (Double) -> Void)?

    init(time: Double) { currentTime = time }

    var isRunning: Bool { onFrame != nil }

    func start(_ onFrame: @escaping @MainActor (_ time: Double) -> Void) { self.onFrame = onFrame }

    func stop() { onFrame = nil }

    /// Moves the clock to `time` and, while running, delivers a frame for it.
    func step(to time: Double) {
        currentTime = time
        onFrame?(time)
    }
}

/// A grid's namespace for the storm: the cells' frames and their visibility.
@MainActor
final class StormZoomDirectory: ZoomSourceDirectory {
    var frames: [AnyHashable: Rect] = [:]
    var visibility = ZoomSourceVisibility()
    func sourceFrame(_ id: AnyHashable) -> Rect? { frames[id] }
    func handle(_ event: ZoomSourceVisibility.Event) { visibility.handle(event) }
    func pushedDetailEnded() {}
}
