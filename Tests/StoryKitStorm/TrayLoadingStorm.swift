import Foundation
import MotionCore
import StoryKit
import StoryKitUI

/// The tray front-end's loading rules under storms: taps on avatars and anywhere, reads that
/// finish or fail (current, stale and never-issued tokens), cancels, scrolls, widths, seen sets
/// and time going backwards.
///
/// Invariants after every step: at most one read outstanding, and only for the loading user; a
/// cancelled read is one that was outstanding; a ring finishes only while its read is answered
/// (or needs none); the viewer opens only for the user whose ring was finished, from that
/// avatar's frame; the row's offset within its range. Left to right and right to left, the
/// cells the collection view lays out (``TrayLayout``), seen through the scroll view's offset,
/// are the model's avatars, and that offset stays within the scroll view's range.
public enum TrayLoadingStorm: StormSubject {
    public struct Setup: Sendable {
        var users: Int, width: Double, throughSource: Bool
        var rightToLeft = false
    }

    public enum Step: Sendable {
        case tapUser(Int, time: Double)
        case tap(x: Double, y: Double, time: Double)
        case finish(tokenOffset: Int, time: Double)
        case fail(tokenOffset: Int, time: Double)
        case advance(time: Double)
        case cancel(time: Double)
        case scroll(Double)
        /// The scroll view's `contentOffset.x`, as the front-end hands it in.
        case scrollView(Double)
        case width(Double)
        case seen(Int)
    }

    public static let name = "TrayLoading"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(users: random.int(in: 0...9), width: random.double(80...500, hostility: 0.2), throughSource: random.int(in: 0...4) > 0,
              rightToLeft: random.int(in: 0...1) == 1)
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...14) {
        case 0...2: return .tapUser(random.int(-1...10, hostility: 0.05), time: random.time(after: &clock))
        case 3: return .tap(x: random.double(-20...600, hostility: 0.1), y: random.double(0...120, hostility: 0.1), time: random.time(after: &clock))
        case 4...6: return .finish(tokenOffset: random.int(in: -1...1), time: random.time(after: &clock))
        case 7: return .fail(tokenOffset: random.int(in: -1...1), time: random.time(after: &clock))
        case 8, 9: return .advance(time: random.time(after: &clock))
        case 10: return .cancel(time: random.time(after: &clock))
        case 11: return .scroll(random.double(-50...900, hostility: 0.2))
        case 12: return .width(random.double(50...700, hostility: 0.2))
        case 13: return .scrollView(random.double(-50...900, hostility: 0.2))
        default: return .seen(random.int(in: 0...9))
        }
    }

    static func feed(_ setup: Setup) -> StoryFeed {
        StoryFeed(users: (0..<setup.users).map { index in
            StoryUser(id: "u\(index)", name: "U\(index)", items: [
                StoryItem(id: "u\(index)-1", kind: index % 3 == 0 ? .video : .image, url: "https://example.com/u\(index)/1"),
                StoryItem(id: "u\(index)-2", kind: .image, url: "https://example.com/u\(index)/2"),
            ])
        })
    }

    static func configuration(_ setup: Setup) -> StoryTray.Configuration {
        var configuration = StoryTray.Configuration()
        configuration.layoutDirection = setup.rightToLeft ? .rightToLeft : .leftToRight
        return configuration
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var rules = TrayLoadingRules(feed: feed(setup), seen: [], viewportWidth: setup.width, configuration: configuration(setup),
                                     baseURL: nil, readsThroughSource: setup.throughSource)
        var lastToken = 0
        var finishedRing: Int?
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let outstanding = rules.read
            let loadingBefore = rules.tray.loadingUser
            var actions: [TrayLoadingRules.Action] = []
            switch step {
            case let .tapUser(user, time): actions = rules.tap(user: user, time: time)
            case let .tap(x, y, time): actions = rules.tap(at: Point(x: x, y: y), time: time)
            case let .finish(offset, time): actions = rules.readFinished(token: lastToken + offset, time: time)
            case let .fail(offset, time): actions = rules.readFailed(token: lastToken + offset, time: time)
            case let .advance(time): actions = rules.advance(to: time)
            case let .cancel(time): actions = rules.cancel(time: time)
            case let .scroll(offset): rules.scroll(to: offset)
            case let .scrollView(x): rules.scroll(to: rules.tray.offset(fromScrollViewOffset: x))
            case let .width(width): rules.setViewportWidth(width)
            case let .seen(count): rules.updateSeen(Set((0..<count).map { "u\($0)-1" }))
            }
            var reading = outstanding.map { (user: $0.user, token: $0.token) }
            for action in actions {
                switch action {
                case let .read(_, user, token):
                    if reading != nil { return fail("a second read (token \(token)) while \(String(describing: reading)) is outstanding") }
                    if token <= lastToken { return fail("token \(token) reused") }
                    lastToken = token
                    reading = (user, token)
                case let .cancelRead(token):
                    if reading?.token != token { return fail("cancelled read \(token), outstanding \(String(describing: reading))") }
                    reading = nil
                case let .finishRing(user):
                    finishedRing = user
                case .startRing:
                    finishedRing = nil
                case let .open(user, from):
                    if finishedRing != user { return fail("opened user \(user) whose ring was not finished (\(String(describing: finishedRing)))") }
                    if from != rules.tray.avatarFrame(user: user) { return fail("opened from \(from), not the avatar") }
                    if loadingBefore != user && !actions.contains(.startRing(user: user)) { return fail("opened \(user), which was not loading") }
                case .cancelRing, .failed:
                    break
                }
            }
            if let read = rules.read, read.user != rules.tray.loadingUser {
                return fail("read for \(read.user) outstanding while \(String(describing: rules.tray.loadingUser)) loads")
            }
            if !(rules.tray.contentOffset >= 0 && rules.tray.contentOffset <= rules.tray.maximumOffset) {
                return fail("offset \(rules.tray.contentOffset) outside 0…\(rules.tray.maximumOffset)")
            }
            if let message = scrollViewViolation(rules.tray) { return fail(message) }
        }
        return nil
    }

    /// Whether the collection view's cells, seen through the scroll view's offset, miss the
    /// model's avatars, or the offset leaves the scroll view's range.
    static func scrollViewViolation(_ tray: StoryTray) -> String? {
        let layout = TrayLayout(tray: tray), x = tray.scrollViewOffset
        let limit = layout.contentSize.width - tray.viewportWidth
        if !(x >= -1e-9 && x <= Swift.max(limit, 0) + 1e-9) { return "scroll view offset \(x) outside 0…\(limit)" }
        for (user, cell) in layout.cells.enumerated() {
            guard let model = tray.avatarFrame(user: user) else { return "no avatar for cell \(user)" }
            let shown = cell.avatar.minX - x
            if !(abs(shown - model.minX) <= 1e-6 * Swift.max(1, abs(model.minX))) {
                return "cell \(user) shows at x \(shown), the model's avatar at \(model.minX)"
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .scroll(o): simpler(o).map { .scroll($0) }
        case let .scrollView(x): simpler(x).map { .scrollView($0) }
        case let .width(w): simpler(w).map { .width($0) }
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["// \(setup.users) users (every third's first item a video), two items each",
                     "var rules = TrayLoadingRules(feed: feed, seen: [], viewportWidth: \(swiftLiteral(setup.width)), "
                        + "configuration: \(setup.rightToLeft ? "rightToLeft" : "StoryTray.Configuration()"), baseURL: nil, "
                        + "readsThroughSource: \(setup.throughSource))"]
        for step in steps {
            switch step {
            case let .tapUser(u, t): lines.append("rules.tap(user: \(u), time: \(swiftLiteral(t)))")
            case let .tap(x, y, t): lines.append("rules.tap(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), time: \(swiftLiteral(t)))")
            case let .finish(o, t): lines.append("rules.readFinished(token: lastToken + \(o), time: \(swiftLiteral(t)))")
            case let .fail(o, t): lines.append("rules.readFailed(token: lastToken + \(o), time: \(swiftLiteral(t)))")
            case let .advance(t): lines.append("rules.advance(to: \(swiftLiteral(t)))")
            case let .cancel(t): lines.append("rules.cancel(time: \(swiftLiteral(t)))")
            case let .scroll(o): lines.append("rules.scroll(to: \(swiftLiteral(o)))")
            case let .scrollView(x): lines.append("rules.scroll(to: rules.tray.offset(fromScrollViewOffset: \(swiftLiteral(x))))")
            case let .width(w): lines.append("rules.setViewportWidth(\(swiftLiteral(w)))")
            case let .seen(c): lines.append("rules.updateSeen(Set((0..<\(c)).map { \"u\\($0)-1\" }))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
