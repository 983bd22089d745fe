import StoryKit
import StoryKitUI

/// `CubePagerView`'s driver under storms, with the steps of ``CubePagerSessionStorm`` (reloads
/// with hostile counts, resizes, configuration and Reduce Motion changes, pan callbacks in any
/// order, frames, the pager leaving and coming back on screen, programmatic turns, VoiceOver
/// actions and VoiceOver switched on and off), each handed to a ``CubePagerDriver`` as the view
/// hands it, on a frame driver stepped by hand, with a host that checks what the view is told.
///
/// Invariants after every step: the session's (``CubePagerSessionStorm/check(_:_:)``) and the
/// cube's (``CubeEventChecker``) against what the host heard; the display link runs exactly
/// while the cube settles in a window; the position reported is the one the faces were drawn at; `didTurnTo` only with a new position; with VoiceOver on every arrival is heard
/// exactly once (said at arrival unless the action that turned there said it), with it off none
/// is said, and a VoiceOver action says the page the cube then heads to.
public enum CubePagerDriverStorm: StormSubject {
    public typealias Setup = CubePagerSessionStorm.Setup
    public typealias Step = CubePagerSessionStorm.Step

    public static let name = "CubePagerDriver"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { CubePagerSessionStorm.makeSetup(&random) }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        CubePagerSessionStorm.makeStep(&random, clock: &clock)
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        ZoomDetailDriverStorm.onMain { runOnMain(setup, steps) }
    }

    /// The driver is main-actor (see ``ZoomDetailDriverStorm/runsOnMainThread``).
    public static var runsOnMainThread: Bool { true }

    @MainActor
    static func runOnMain(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let frames = StormFrameDriver(time: 0)
        let host = StormCubeHost(pages: setup.pageCount, voiceOver: setup.voiceOver)
        let size = Size(width: setup.width, height: setup.height)
        let driver = CubePagerDriver(session: CubePagerSession(pageSize: .zero, configuration: CubePager.Configuration(transition: setup.transition)),
                                     frames: frames)
        host.driver = driver
        driver.host = host
        var configured = setup.transition, reducesMotion = false
        driver.layout(size: size)
        if let problem = host.problem { return StormViolation(step: -1, message: problem) }
        var time = 0.0
        var touchDown: Point?, latest: Point?
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            time += 0.004
            host.step()
            switch step {
            case let .reload(count):
                host.pages = count
                host.countChanges = true
                driver.reload()
                touchDown = nil
                latest = nil
            case let .resize(width, height): driver.layout(size: Size(width: width, height: height))
            case let .configure(transition, reduces):
                configured = transition
                reducesMotion = reduces
                driver.configure(CubePager.Configuration(transition: transition), reducedMotionTransition: .crossFade,
                                 reducesMotion: reduces, layoutDirection: nil)
            case let .touchDown(x, y):
                touchDown = Point(x: x, y: y)
                latest = touchDown
                driver.panned(.touchDown, touchDown: touchDown, latest: latest, time: time)
            case let .began(x, y):
                latest = Point(x: x, y: y)
                driver.panned(.began(Point(x: x, y: y)), touchDown: touchDown, latest: latest, time: time)
            case let .changed(x, y):
                latest = Point(x: x, y: y)
                driver.panned(.changed(Point(x: x, y: y)), touchDown: touchDown, latest: latest, time: time)
            case let .ended(x, y): driver.panned(.ended(Point(x: x, y: y)), touchDown: touchDown, latest: latest, time: time)
            case .cancelled: driver.panned(.cancelled, touchDown: touchDown, latest: latest, time: time)
            case .reset:
                driver.panned(.reset, touchDown: touchDown, latest: latest, time: time)
                touchDown = nil                                  // the recogniser forgets the finger after its reset
                latest = nil
            case let .shouldBegin(dx, dy):
                _ = driver.panShouldBegin(dx: dx, dy: dy, scrollViews: [], touchDown: touchDown, latest: latest, time: time)
            case let .frame(t): frames.step(to: t)
            case let .window(inWindow, t):
                frames.currentTime = t
                host.isInWindow = inWindow
                driver.windowChanged()
            case let .turn(target, t, animated):
                frames.currentTime = t
                driver.turn(to: target, animated: animated)
            case let .voiceOverAction(stepBy, t):
                // VoiceOver takes the touches: its actions do not come while a finger holds the cube.
                guard !driver.session.model.isTouchDown else { continue }
                frames.currentTime = t
                let destination = driver.session.accessibilityDestination(step: stepBy)
                host.actionBegins(toward: destination)
                let turned = driver.accessibilityTurn(step: stepBy)
                let said = host.actionEnds()
                if turned != (destination != nil) { return fail("a VoiceOver turn of \(stepBy) turned \(turned) toward \(String(describing: destination))") }
                if said != destination { return fail("a VoiceOver turn toward \(String(describing: destination)) said \(String(describing: said))") }
                if let destination, driver.session.model.targetIndex != destination {
                    return fail("VoiceOver was told page \(destination) but the cube heads to \(driver.session.model.targetIndex)")
                }
            case let .voiceOver(on): host.isVoiceOverRunning = on
            }
            if let problem = host.finish() { return fail(problem) }
            let record = CubePagerSessionStorm.Record(reportedPosition: host.reportedPosition, voiceOver: host.isVoiceOverRunning,
                                                      inWindow: host.isInWindow, configured: configured, reducesMotion: reducesMotion)
            if let problem = CubePagerSessionStorm.check(driver.session, record) { return fail(problem) }
            if frames.isRunning != driver.session.runsFrames(inWindow: host.isInWindow) {
                return fail("the display link runs \(frames.isRunning) while \(driver.session.model.phase), in a window \(host.isInWindow)")
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] { CubePagerSessionStorm.simplifications(of: step) }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        "// CubePagerDriver with a host and ManualFrameDriver; the steps as CubePagerSessionStorm's:\n"
            + CubePagerSessionStorm.code(setup, steps)
    }
}

/// The storm's pager view: checks each call against the driver's session.
@MainActor
final class StormCubeHost: CubePagerHost {
    var isInWindow = true
    var isVoiceOverRunning: Bool
    /// The data source's page count.
    var pages: Int
    /// The driver, to read its model when a call comes.
    weak var driver: CubePagerDriver?
    /// The position last reported through `turned(to:)`.
    private(set) var reportedPosition = 0.0
    /// The first broken rule since the step began.
    private(set) var problem: String?
    /// Whether this step may change the page count (a `didChangePage` may come unannounced).
    var countChanges = false
    /// The page a VoiceOver action is turning to while it runs.
    private var actionTarget: Int?
    /// The page the action running said.
    private var actionAnnounced: Int?
    /// The page the last VoiceOver action turned to, until the next arrival: its arrival is not
    /// said again.
    private var actionSaid: Int?
    /// An arrival that VoiceOver must be told about before anything else is reported.
    private var awaitingAnnouncement: Int?
    /// The model's position when the faces were last drawn.
    private var drawnPosition: Double?
    private var checker = CubeEventChecker()
    /// The events of the change being reported, with the model they came from: checked together
    /// (``CubeEventChecker``) once the change is reported, as the session storm checks a report.
    private var pending: (events: [CubePager.Event], model: CubePager)?

    init(pages: Int, voiceOver: Bool) {
        self.pages = pages
        isVoiceOverRunning = voiceOver
    }

    private func note(_ message: String) {
        if problem == nil { problem = message }
    }

    /// A step begins.
    func step() {
        problem = nil
        countChanges = false
    }

    /// A step ended: what broke, if anything.
    func finish() -> String? {
        if let awaitingAnnouncement { note("the arrival at \(awaitingAnnouncement) was never announced") }
        flush()
        if let driver, problem == nil, let broken = checker.check(driver.session.model, events: []) { note(broken) }
        return problem
    }

    /// Checks the events of the change last reported against its model.
    private func flush() {
        guard let pending else { return }
        self.pending = nil
        if let broken = checker.check(pending.model, events: pending.events, pageCountChanged: countChanges) { note(broken) }
    }

    func dataSourcePageCount() -> Int { pages }

    func unmountAllFaces() {}

    func drawFaces() {
        flush()                                      // a change begins its report by drawing
        drawnPosition = driver?.session.model.position
    }

    func prepareHaptics() {}

    func play(_ haptics: [CubePager.Haptic]) {}

    func turned(to position: Double) {
        if drawnPosition != position { note("didTurnTo(\(position)) while the faces show \(String(describing: drawnPosition))") }
        if position == reportedPosition { note("didTurnTo(\(position)) reported again") }
        reportedPosition = position
    }

    /// A VoiceOver action begins, toward `destination` (nil: none that way).
    func actionBegins(toward destination: Int?) {
        actionTarget = destination
        actionAnnounced = nil
        if let destination { actionSaid = destination }
    }

    /// The VoiceOver action ended: the page it said, if any.
    func actionEnds() -> Int? {
        defer { actionTarget = nil }
        return actionAnnounced
    }

    func report(_ events: [CubePager.Event]) {
        for event in events { report(event) }
    }

    private func report(_ event: CubePager.Event) {
        if let awaitingAnnouncement { note("\(event) reported before the arrival at \(awaitingAnnouncement) was announced") }
        if let driver { pending = ((pending?.events ?? []) + [event], driver.session.model) }
        guard case .didChangePage(let page) = event else { return }
        if isVoiceOverRunning, actionSaid != page { awaitingAnnouncement = page }
        actionSaid = nil
    }

    func announcePage(_ index: Int) {
        if awaitingAnnouncement == index {
            awaitingAnnouncement = nil
        } else if actionTarget == index, actionAnnounced == nil {
            actionAnnounced = index
        } else {
            note("page \(index) announced unasked (VoiceOver \(isVoiceOverRunning), action toward \(String(describing: actionTarget)))")
        }
    }
}
