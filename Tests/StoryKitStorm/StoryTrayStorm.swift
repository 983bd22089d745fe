import MotionCore
import StoryKit

/// The story tray under storms: taps anywhere (avatars, gaps, off the row, NaN), scrolls and
/// widths of every kind, readiness, cancels and time going backwards.
///
/// Invariants after every step: the offset within 0…maximum; at most one ring loading, and it
/// is ``StoryTray/loadingUser``'s; a launch only for the user that was loading, from that
/// avatar's frame; a visible avatar frame at least half in view; a revealed avatar and its ring
/// whole in view whenever they fit (large insets included); every avatar frame finite.
public enum StoryTrayStorm: StormSubject {
    public struct Setup: Sendable {
        var users: Int, width: Double, diameter: Double
        /// The row's inset, in points: the default 12 or a large one (up to 100, the most).
        var inset: Double
        /// Left to right, or right to left (the row mirrored: the first user at the right).
        var direction: StoryLayoutDirection = .leftToRight
    }

    public enum Step: Sendable {
        case tap(x: Double, y: Double, time: Double)
        case scroll(Double)
        case reveal(Int)
        case width(Double)
        case ready(time: Double)
        case cancel(time: Double)
        case advance(time: Double)
    }

    public static let name = "StoryTray"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(users: random.int(0...12, hostility: 0.05), width: random.double(100...500, hostility: 0.2),
              diameter: random.double(30...100, hostility: 0.2),
              inset: random.chance(0.3) ? random.double(0...100, hostility: 0.2) : 12,
              direction: random.pick(StoryLayoutDirection.allCases))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...11) {
        case 0...3: return .tap(x: random.double(-20...600, hostility: 0.1), y: random.double(-10...120, hostility: 0.1),
                                time: random.time(after: &clock))
        case 4: return .scroll(random.double(-100...1_500, hostility: 0.2))
        case 5: return .reveal(random.int(-1...13, hostility: 0.1))
        case 6: return .width(random.double(50...800, hostility: 0.2))
        case 7, 8: return .ready(time: random.time(after: &clock))
        case 9: return .cancel(time: random.time(after: &clock))
        default: return .advance(time: random.time(after: &clock))
        }
    }

    static func feed(_ setup: Setup) -> StoryFeed {
        StoryFeed(users: (0..<min(max(setup.users, 0), 50)).map { index in
            StoryUser(id: "u\(index)", name: "U\(index)", items: [StoryItem(id: "u\(index)-1", kind: .image, url: "u\(index)")])
        })
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var configuration = StoryTray.Configuration(avatarDiameter: setup.diameter, inset: setup.inset)
        configuration.layoutDirection = setup.direction
        var tray = StoryTray(feed: feed(setup), seen: ["u1-1"], viewportWidth: setup.width, configuration: configuration)
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let loadingBefore = tray.loadingUser
            var events: [StoryTray.Event] = []
            switch step {
            case let .tap(x, y, time): events = tray.tap(at: Point(x: x, y: y), time: time)
            case let .scroll(offset): tray.scroll(to: offset)
            case let .reveal(user): tray.scroll(toReveal: user)
            case let .width(width): tray.setViewportWidth(width)
            case let .ready(time): events = tray.ready(time: time)
            case let .cancel(time): events = tray.cancel(time: time)
            case let .advance(time): events = tray.advance(to: time)
            }
            for event in events {
                if case let .launch(user, from) = event {
                    if user != loadingBefore { return fail("launched user \(user), but \(String(describing: loadingBefore)) was loading") }
                    if from != tray.avatarFrame(user: user) { return fail("launched from \(from), not the avatar") }
                }
            }
            if !(tray.contentOffset >= 0 && tray.contentOffset <= tray.maximumOffset) {
                return fail("offset \(tray.contentOffset) outside 0…\(tray.maximumOffset)")
            }
            let loading = tray.rings.indices.filter { if case .loading = tray.rings[$0].phase { true } else { false } }
            if loading.count > 1 { return fail("rings \(loading) loading at once") }
            if let user = loading.first, user != tray.loadingUser { return fail("ring \(user) loads, but the tray says \(String(describing: tray.loadingUser))") }
            if let user = tray.loadingUser, !tray.users.indices.contains(user) { return fail("loading user \(user) out of range") }
            // A revealed avatar shows whole, ring included, whenever it fits in the viewport.
            if case let .reveal(user) = step, let frame = tray.avatarFrame(user: user) {
                let ring = tray.configuration.ring
                let room = ring.gap + max(ring.unseenLineWidth, ring.seenLineWidth)
                let tolerance = 1e-9 * max(1, abs(tray.contentOffset), tray.viewportWidth)
                if frame.width + 2 * room <= tray.viewportWidth,
                   frame.minX - room < -tolerance || frame.maxX + room > tray.viewportWidth + tolerance {
                    return fail("revealed avatar \(user) at \(frame.minX)…\(frame.maxX) (ring \(room) pt) in \(tray.viewportWidth) pt")
                }
            }
            for user in tray.users.indices {
                guard let frame = tray.avatarFrame(user: user), frame.minX.isFinite, frame.width.isFinite else {
                    return fail("avatar \(user) frame not finite")
                }
                if let visible = tray.visibleAvatarFrame(user: user) {
                    let shown = min(visible.maxX, tray.viewportWidth) - max(visible.minX, 0)
                    if shown < visible.width / 2 - 1e-9 { return fail("avatar \(user) said visible with \(shown) pt shown") }
                }
                // A tap on an avatar's centre is that avatar's, in either direction.
                if frame.midX > 0, frame.midX < tray.viewportWidth, tray.user(at: Point(x: frame.midX, y: frame.midY)) != user {
                    return fail("a tap on avatar \(user)'s centre \(frame.midX) is \(String(describing: tray.user(at: Point(x: frame.midX, y: frame.midY))))'s")
                }
                // Each later user sits toward the trailing side.
                if user > 0, let previous = tray.avatarFrame(user: user - 1),
                   (frame.minX - previous.minX) * tray.layoutDirection.sign <= 0 {
                    return fail("avatar \(user) at \(frame.minX) is not after avatar \(user - 1) at \(previous.minX) (\(tray.layoutDirection))")
                }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .tap(x, y, t): simpler(x).map { .tap(x: $0, y: y, time: t) } + simpler(y).map { .tap(x: x, y: $0, time: t) }
        case let .scroll(o): simpler(o).map { .scroll($0) }
        case let .width(w): simpler(w).map { .width($0) }
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["// users u0…u\(setup.users - 1), one item each, u1's seen",
                     "var tray = StoryTray(feed: feed, seen: [\"u1-1\"], viewportWidth: \(swiftLiteral(setup.width)), "
                        + "configuration: .init(avatarDiameter: \(swiftLiteral(setup.diameter)), inset: \(swiftLiteral(setup.inset))))",
                     "// layout direction: .\(setup.direction.rawValue)"]
        for step in steps {
            switch step {
            case let .tap(x, y, t): lines.append("tray.tap(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), time: \(swiftLiteral(t)))")
            case let .scroll(o): lines.append("tray.scroll(to: \(swiftLiteral(o)))")
            case let .reveal(u): lines.append("tray.scroll(toReveal: \(u))")
            case let .width(w): lines.append("tray.setViewportWidth(\(swiftLiteral(w)))")
            case let .ready(t): lines.append("tray.ready(time: \(swiftLiteral(t)))")
            case let .cancel(t): lines.append("tray.cancel(time: \(swiftLiteral(t)))")
            case let .advance(t): lines.append("tray.advance(to: \(swiftLiteral(t)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
