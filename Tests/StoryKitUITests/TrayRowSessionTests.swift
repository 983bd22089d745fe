import Foundation
import StoryKit
import StoryMedia
@testable import StoryKitUI
import Testing

/// The tray rows' shared loading: taps to effects, reads, the settle, prefetch hints, feeds, on a
/// virtual clock.
@MainActor
@Suite struct TrayRowSessionTests {
    static let base = URL(string: "https://cdn.example.com/")!
    static func feed(_ count: Int = 8) -> StoryFeed {
        StoryFeed(users: (0..<count).map { index in
            StoryUser(id: "u\(index)", name: "User \(index)", avatar: "a/\(index).jpg", items: [
                StoryItem(id: "u\(index)-1", kind: .image, url: "u\(index)/1.jpg"),
            ])
        })
    }

    /// The effects a session sent, as text (errors are not equatable).
    final class Log {
        var now = 10.0
        var entries: [String] = []

        func record(_ effect: TrayRowSession.Effect) {
            switch effect {
            case .ring(let user, let id, let state): entries.append("ring \(user) \(id) \(state)")
            case .failed(let user, let error): entries.append("failed \(user.id) \(error is SourceError)")
            case .open(let user, let from): entries.append("open \(user.id) \(from.width)")
            }
        }
    }

    struct SourceError: Error {}

    /// Answers every read at once, or fails every one.
    final class Source: MediaByteSource, @unchecked Sendable {
        let fails: Bool
        init(fails: Bool = false) { self.fails = fails }
        func info(for url: URL) async throws -> MediaInfo { MediaInfo(length: 10, contentType: nil, servesRanges: true) }
        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] { [] }
        func data(of url: URL) async throws -> [UInt8] {
            if fails { throw SourceError() }
            return [1, 2, 3]
        }
    }

    static func input(_ feed: StoryFeed, baseURL: URL? = base) -> TrayRowInput {
        TrayRowInput(feed: feed, configuration: StoryTray.Configuration(), baseURL: baseURL)
    }

    static func session(_ log: Log, source: (any MediaByteSource)? = nil, feed: StoryFeed = feed()) -> TrayRowSession {
        let session = TrayRowSession(input(feed), seen: [], source: source) { [log] in log.now }
        session.onEffect = { [log] in log.record($0) }
        session.setViewportWidth(390)
        return session
    }

    /// A finger's tap on user `id`'s avatar, at its centre in the row's viewport (as
    /// ``StoryTrayView``'s recogniser and VoiceOver's activation tap), the row scrolled first to
    /// show it if its centre is out of view.
    static func tap(_ id: StoryUser.ID, in session: TrayRowSession) {
        guard let index = session.rules.index(of: id), let frame = session.rules.tray.avatarFrame(user: index) else {
            Issue.record("\(id) is not in the row")
            return
        }
        if frame.midX < 0 || frame.midX > session.rules.tray.viewportWidth { session.reveal(id) }
        guard let shown = session.rules.tray.avatarFrame(user: index) else { return }
        session.tap(at: shown.center)
    }

    /// Turns the main actor until `log` has `count` entries (reads end on their own tasks).
    static func wait(for count: Int, in log: Log) async {
        for _ in 0..<200_000 where log.entries.count < count { await Task.yield() }
    }

    @Test func withoutASourceATapResolvesTheRingAndOpensAtTheSettleTime() throws {
        let log = Log()
        let session = Self.session(log)
        Self.tap("u1", in: session)
        #expect(log.entries == ["ring 1 u1 loading", "ring 1 u1 ready"])
        let settle = try #require(session.rules.settleTime)
        log.now = settle + 0.01
        session.settle()
        let width = try #require(session.rules.tray.avatarFrame(user: 1)).width
        #expect(log.entries.last == "open u1 \(width)")
        #expect(session.rules.tray.loadingUser == nil)
    }

    @Test func aReadThroughTheSourceKeepsTheRingTurningUntilItEnds() async {
        let log = Log()
        let session = Self.session(log, source: Source())
        Self.tap("u2", in: session)
        #expect(log.entries == ["ring 2 u2 loading"])
        await Self.wait(for: 2, in: log)
        #expect(log.entries == ["ring 2 u2 loading", "ring 2 u2 ready"])
        #expect(session.rules.settleTime != nil)
    }

    @Test func aFailedReadBringsTheRingToRestAndTellsTheHostWhoAndWhy() async {
        let log = Log()
        let session = Self.session(log, source: Source(fails: true))
        Self.tap("u0", in: session)
        await Self.wait(for: 3, in: log)
        #expect(log.entries == ["ring 0 u0 loading", "ring 0 u0 idle", "failed u0 true"])
        #expect(session.rules.tray.loadingUser == nil && session.rules.settleTime == nil)
    }

    @Test func aTapOnAScrolledRowLoadsTheAvatarUnderTheFingerAndATapBesideItNothing() throws {
        let log = Log()
        let session = Self.session(log)
        session.scroll(to: 60)
        Self.tap("u3", in: session)
        #expect(log.entries == ["ring 3 u3 loading", "ring 3 u3 ready"])
        let avatar = try #require(session.rules.tray.avatarFrame(user: 3))
        session.tap(at: Point(x: avatar.midX, y: avatar.maxY + 200))
        #expect(log.entries.count == 2, "no avatar under the finger: the ring goes on")
        #expect(session.rules.tray.loadingUser == 3)
    }

    @Test func leavingTheWindowCancelsOnlyARingThatIsLoading() async {
        let log = Log()
        let session = Self.session(log, source: Source())
        session.cancelLoading()
        #expect(log.entries.isEmpty)
        Self.tap("u4", in: session)
        session.cancelLoading()
        #expect(log.entries == ["ring 4 u4 loading", "ring 4 u4 idle"])
        #expect(session.rules.read == nil)
        for _ in 0..<100 { await Task.yield() }
        #expect(log.entries.count == 2, "the cancelled read reports nothing")
    }

    @Test func aNewFeedIsDrawnBeforeTheRingsHearOfIt() {
        let log = Log()
        let session = Self.session(log, source: Source())
        Self.tap("u1", in: session)
        var drawn: [TrayFeedMerge.Rows] = []
        let reversed = StoryFeed(users: Self.feed().users.reversed())
        session.replace(Self.input(reversed, baseURL: nil)) { merge in
            drawn.append(merge.rows)
            log.entries.append("redraw")
        }
        #expect(drawn == [.all])
        // Without the folder the item is a local file: nothing to read, the ring resolves, at
        // its new row, after the redraw.
        #expect(log.entries == ["ring 1 u1 loading", "redraw", "ring 6 u1 ready"])
        #expect(session.rules.tray.users.first?.id == "u7" && session.layout == TrayLayout(tray: session.rules.tray))
        #expect(session.rules.read == nil && session.rules.settleTime != nil)
    }

    @Test func prefetchHintsComeAfterTheUsersNearTheViewportAndGoWithTheRows() {
        let log = Log()
        let session = Self.session(log, source: Source(), feed: Self.feed(30))
        let near = session.prefetchRequests.map(\.itemID)
        #expect(!near.contains("u29-1"))
        session.hint([29], soon: true)
        #expect(session.prefetchRequests.map(\.itemID) == near + ["u29-1"])
        session.hint([29], soon: false)
        #expect(session.prefetchRequests.map(\.itemID) == near)
        session.hint([28], soon: true)
        session.replace(Self.input(StoryFeed(users: Self.feed(30).users.reversed()))) { _ in }
        #expect(session.hintedUsers.isEmpty, "the rows all changed: old hints mean nothing")
    }

    @Test func theLandingFrameIsTheAvatarInTheWindowWhenHalfOfItShows() throws {
        let log = Log()
        let session = Self.session(log, feed: Self.feed(20))
        let avatar = try #require(session.rules.tray.avatarFrame(user: 0))
        let window = Rect(x: 0, y: 0, width: 390, height: 844)
        let moved = session.landingFrame(of: "u0", in: window) { $0.shifted(dx: 0, dy: 100) }
        #expect(moved == avatar.shifted(dx: 0, dy: 100))
        #expect(session.landingFrame(of: "u0", in: window) { $0.shifted(dx: -avatar.maxX + 1, dy: 0) } == nil)
        #expect(session.landingFrame(of: "u19", in: window) { $0 } == nil, "scrolled out of the row")
        #expect(session.landingFrame(of: "nobody", in: window) { $0 } == nil)
        #expect(session.landingFrame(of: "u0", in: window) { $0.shifted(dx: 0, dy: 844 - avatar.minY - 10) } == nil,
                "the row scrolled off the bottom of the window")
    }

    @Test func onlyRowsInTheFeedHaveAUser() {
        let session = Self.session(Log(), feed: Self.feed(3))
        #expect(session.user(at: 3) == nil && session.user(at: -1) == nil && session.user(at: 2)?.id == "u2")
    }
}

extension Rect {
    /// This rectangle moved by `dx`, `dy` points (for the tray's tests).
    func shifted(dx: Double, dy: Double) -> Rect { Rect(x: minX + dx, y: minY + dy, width: width, height: height) }
}
