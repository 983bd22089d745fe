import Foundation
import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// Tap → read → ready → open, cancels and failures, on a virtual clock.
@Suite struct TrayLoadingRulesTests {
    static let base = URL(string: "https://cdn.example.com/")!
    static let feed = StoryFeed(users: (0..<8).map { index in
        StoryUser(id: "u\(index)", name: "User \(index)", items: [
            StoryItem(id: "u\(index)-1", kind: .image, url: "u\(index)/1.jpg"),
            StoryItem(id: "u\(index)-2", kind: .video, url: "u\(index)/2.mp4"),
        ])
    })

    static func rules(source: Bool = true, seen: Set<String> = []) -> TrayLoadingRules {
        TrayLoadingRules(feed: feed, seen: seen, viewportWidth: 390, configuration: StoryTray.Configuration(),
                         baseURL: base, readsThroughSource: source)
    }

    static func centre(_ rules: TrayLoadingRules, _ user: Int) -> Point { rules.tray.avatarFrame(user: user)!.center }

    @Test func aTapReadsTheFirstItemThenResolvesAndOpensFromTheAvatar() throws {
        var rules = Self.rules()
        let actions = rules.tap(at: Self.centre(rules, 1), time: 10)
        let request = try #require(rules.request(for: 1))
        #expect(actions == [.startRing(user: 1), .read(request, user: 1, token: 1)])
        #expect(request.itemID == "u1-1" && request.amount == .whole)
        #expect(rules.advance(to: 60).isEmpty && rules.settleTime == nil, "loads for as long as it takes")
        #expect(rules.readFinished(token: 1, time: 61) == [.finishRing(user: 1)])
        let settle = try #require(rules.settleTime)
        #expect(abs(settle - 61.3) < 1e-9)
        #expect(rules.advance(to: settle - 0.01).isEmpty)
        #expect(rules.advance(to: settle) == [.open(user: 1, from: rules.tray.avatarFrame(user: 1)!)])
        #expect(rules.tray.loadingUser == nil && rules.read == nil && rules.settleTime == nil)
    }

    @Test func anotherTapCancelsTheFirstRingAndItsRead() {
        var rules = Self.rules()
        rules.tap(at: Self.centre(rules, 0), time: 0)
        let second = rules.tap(at: Self.centre(rules, 2), time: 0.5)
        #expect(second == [.cancelRing(user: 0), .cancelRead(token: 1), .startRing(user: 2),
                           .read(rules.request(for: 2)!, user: 2, token: 2)])
        // The first read's late answer is ignored; the second's resolves user 2.
        #expect(rules.readFinished(token: 1, time: 0.6).isEmpty)
        #expect(rules.tray.loadingUser == 2)
        #expect(rules.readFinished(token: 2, time: 0.7) == [.finishRing(user: 2)])
        #expect(rules.advance(to: 1.0) == [.open(user: 2, from: rules.tray.avatarFrame(user: 2)!)])
    }

    @Test func aFailedReadCancelsTheRingAndIsReported() {
        var rules = Self.rules()
        rules.tap(at: Self.centre(rules, 3), time: 0)
        #expect(rules.readFailed(token: 1, time: 2) == [.cancelRing(user: 3), .failed(user: 3, itemID: "u3-1")])
        #expect(rules.tray.loadingUser == nil && rules.read == nil)
        #expect(rules.advance(to: 100).isEmpty, "never opens")
        #expect(rules.readFailed(token: 1, time: 101).isEmpty, "reported once")
    }

    @Test func withoutAByteSourceATapIsReadyAtOnce() {
        var rules = Self.rules(source: false)
        #expect(rules.tap(at: Self.centre(rules, 0), time: 5) == [.startRing(user: 0), .finishRing(user: 0)])
        #expect(rules.read == nil)
        #expect(rules.advance(to: 5.3) == [.open(user: 0, from: rules.tray.avatarFrame(user: 0)!)])
    }

    @Test func aTapOnAnAvatarHalfOutOfViewScrollsItIn() {
        var rules = Self.rules()
        let last = rules.tray.users.count - 1
        #expect(rules.tray.avatarFrame(user: last)!.midX > 390)
        let actions = rules.tap(user: last, time: 0)
        #expect(actions.first == .startRing(user: last))
        let frame = rules.tray.avatarFrame(user: last)!
        #expect(frame.maxX <= 390 && rules.tray.visibleAvatarFrame(user: last) == frame)
        #expect(rules.tap(user: 99, time: 0.1).isEmpty)
    }

    @Test func seenItemsMoveTheReadToTheNextUnseenItem() {
        var rules = Self.rules()
        rules.updateSeen(["u0-1"])
        #expect(rules.request(for: 0)?.itemID == "u0-2" && rules.request(for: 0)?.amount == .prefix(1 << 20))
        rules.updateSeen(["u0-1", "u0-2"])
        #expect(rules.tray.rings[0].status == .seen)
        #expect(rules.index(of: "u0") == 0 && rules.index(of: "nobody") == nil)
    }

    @Test func aCancelByTheHostStopsTheRead() {
        var rules = Self.rules()
        rules.tap(at: Self.centre(rules, 1), time: 0)
        #expect(rules.cancel(time: 1) == [.cancelRing(user: 1), .cancelRead(token: 1)])
        #expect(rules.readFinished(token: 1, time: 1.1).isEmpty)
    }

    /// Any order of taps, answers, failures and time: at most one read in flight, for the loading
    /// user; every open is for a user whose read finished (or needed none), from their frame.
    @Test(arguments: 0..<40)
    func randomInputsKeepOneReadForTheLoadingUser(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var rules = Self.rules(source: seed % 5 != 0)
        var time = 0.0
        var ready: Set<Int> = []
        for _ in 0..<200 {
            time += Double(random.next() % 400) / 1000
            let actions: [TrayLoadingRules.Action]
            switch random.next() % 6 {
            case 0, 1: actions = rules.tap(at: Point(x: Double(random.next() % 400), y: 40), time: time)
            case 2: actions = rules.readFinished(token: Int(random.next() % 6), time: time)
            case 3: actions = rules.readFailed(token: Int(random.next() % 6), time: time)
            case 4: actions = rules.advance(to: time)
            default:
                rules.scroll(to: Double(random.next() % 800))
                actions = rules.advance(to: time)
            }
            for action in actions {
                switch action {
                case .finishRing(let user): ready.insert(user)
                case .startRing(let user), .cancelRing(let user): ready.remove(user)
                case .open(let user, let from):
                    #expect(ready.contains(user))
                    #expect(from == rules.tray.avatarFrame(user: user))
                    ready.remove(user)
                default: break
                }
            }
            if let read = rules.read { #expect(read.user == rules.tray.loadingUser) }
        }
    }
}
