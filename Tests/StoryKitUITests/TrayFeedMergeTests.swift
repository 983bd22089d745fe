import Foundation
import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// A new feed into a row that is scrolled, loading, or both: the place kept, the ring kept or
/// cancelled, the rows reloaded.
@Suite struct TrayFeedMergeTests {
    static let base = URL(string: "https://cdn.example.com/")!

    static func user(_ id: String, items: Int = 1, avatar: String? = nil) -> StoryUser {
        StoryUser(id: id, name: "User \(id)", avatar: avatar,
                  items: (0..<items).map { StoryItem(id: "\(id)-\($0)", kind: .image, url: "\(id)/\($0).jpg") })
    }

    static func feed(_ ids: [String]) -> StoryFeed { StoryFeed(users: ids.map { user($0) }) }

    static let ids = (0..<12).map { "u\($0)" }

    static func rules(_ ids: [String] = TrayFeedMergeTests.ids, width: Double = 390) -> TrayLoadingRules {
        TrayLoadingRules(feed: feed(ids), seen: [], viewportWidth: width, configuration: StoryTray.Configuration(),
                         baseURL: base, readsThroughSource: true)
    }

    /// The x of user `id`'s avatar in the viewport.
    static func x(of id: String, in rules: TrayLoadingRules) -> Double? {
        rules.index(of: id).flatMap { rules.tray.avatarFrame(user: $0)?.minX }
    }

    @Test func theUserAtTheLeadingEdgeStaysPutWhenUsersComeBeforeIt() throws {
        var rules = Self.rules()
        rules.scroll(to: 300)
        let leading = try #require(rules.tray.users.indices.first { rules.tray.avatarFrame(user: $0)!.maxX > 0 })
        let id = rules.tray.users[leading].id
        let before = try #require(Self.x(of: id, in: rules))
        let (merge, actions) = rules.replaceFeed(Self.feed(["n1", "n2"] + Self.ids), configuration: StoryTray.Configuration(),
                                                 baseURL: Self.base, time: 1)
        #expect(merge.anchor == id && actions.isEmpty && merge.rows == .all)
        #expect(abs(try #require(Self.x(of: id, in: rules)) - before) < 1e-9, "same place on screen")
        #expect(rules.tray.contentOffset > 300)
    }

    @Test func theUserAtTheLeadingEdgeStaysPutWhenUsersBeforeItGo() throws {
        var rules = Self.rules()
        rules.scroll(to: 500)
        let id = try #require(rules.tray.users.first { rules.tray.avatarFrame(user: rules.index(of: $0.id)!)!.maxX > 0 }?.id)
        let before = try #require(Self.x(of: id, in: rules))
        let merge = rules.replaceFeed(Self.feed(Array(Self.ids.dropFirst(2))), configuration: StoryTray.Configuration(),
                                      baseURL: Self.base, time: 1).merge
        #expect(merge.anchor == id)
        #expect(abs(try #require(Self.x(of: id, in: rules)) - before) < 1e-9)
    }

    @Test func whenTheLeadingUserIsGoneTheOffsetIsKeptWithinTheNewWidth() {
        var rules = Self.rules()
        rules.scroll(to: 300)
        let leading = rules.tray.users[rules.tray.users.indices.first { rules.tray.avatarFrame(user: $0)!.maxX > 0 }!].id
        let merge = rules.replaceFeed(Self.feed(Self.ids.filter { $0 != leading }), configuration: StoryTray.Configuration(),
                                      baseURL: Self.base, time: 1).merge
        #expect(merge.anchor == nil && rules.tray.contentOffset == 300)
        // A much shorter feed: clamped.
        rules.replaceFeed(Self.feed(["u0", "u1", "u2", "u3", "u4"]), configuration: StoryTray.Configuration(),
                          baseURL: Self.base, time: 2)
        #expect(rules.tray.contentOffset == rules.tray.maximumOffset)
    }

    @Test func aRowAtItsStartStaysAtItsStartSoNewStoriesShow() {
        var rules = Self.rules()
        let merge = rules.replaceFeed(Self.feed(["n1"] + Self.ids), configuration: StoryTray.Configuration(),
                                      baseURL: Self.base, time: 1).merge
        #expect(merge.anchor == nil && rules.tray.contentOffset == 0 && rules.tray.users.first?.id == "n1")
    }

    @Test func aLoadingUserStillInTheFeedKeepsTheRingAndTheReadAtTheirNewPlace() throws {
        var rules = Self.rules()
        rules.tap(user: 3, time: 0)
        let token = try #require(rules.read?.token)
        let (merge, actions) = rules.replaceFeed(Self.feed(["n1", "n2"] + Self.ids), configuration: StoryTray.Configuration(),
                                                 baseURL: Self.base, time: 0.5)
        #expect(actions.isEmpty, "the read goes on")
        #expect(merge.keptLoad == "u3" && merge.cancelledLoad == nil)
        #expect(rules.tray.loadingUser == 5 && rules.read?.user == 5 && rules.read?.token == token)
        #expect(rules.tray.rings[5].phase == .loading(tap: 0))
        // The read comes back: user u3 opens, at their new index.
        #expect(rules.readFinished(token: token, time: 1) == [.finishRing(user: 5)])
        #expect(rules.advance(to: 2) == [.open(user: 5, from: rules.tray.avatarFrame(user: 5)!)])
    }

    @Test func aLoadingUserWhoIsGoneIsCancelledAndNeverOpens() throws {
        var rules = Self.rules()
        rules.tap(user: 3, time: 0)
        let token = try #require(rules.read?.token)
        let (merge, actions) = rules.replaceFeed(Self.feed(Self.ids.filter { $0 != "u3" }),
                                                 configuration: StoryTray.Configuration(), baseURL: Self.base, time: 0.5)
        #expect(actions == [.cancelRead(token: token)])
        #expect(merge.cancelledLoad == "u3" && merge.keptLoad == nil)
        #expect(rules.tray.loadingUser == nil && rules.read == nil)
        #expect(rules.readFinished(token: token, time: 1).isEmpty && rules.advance(to: 5).isEmpty)
    }

    @Test func aKeptLoadWhoseFirstItemChangedReadsTheNewOne() throws {
        var rules = Self.rules()
        rules.tap(user: 0, time: 0)
        let old = try #require(rules.read)
        var users = Self.ids.map { Self.user($0) }
        users[0] = StoryUser(id: "u0", name: "User u0", items: [StoryItem(id: "u0-new", kind: .image, url: "u0/new.jpg")])
        let actions = rules.replaceFeed(StoryFeed(users: users), configuration: StoryTray.Configuration(),
                                        baseURL: Self.base, time: 0.5).actions
        let request = try #require(rules.request(for: 0))
        #expect(request.itemID == "u0-new")
        #expect(actions == [.cancelRead(token: old.token), .read(request, user: 0, token: old.token + 1)])
        #expect(rules.tray.rings[0].phase == .loading(tap: 0), "the ring turns on")
    }

    @Test func theSameUsersReloadOnlyTheRowsThatChanged() {
        var rules = Self.rules()
        rules.tap(user: 1, time: 0)
        var users = Self.ids.map { Self.user($0) }
        users[4] = Self.user("u4", avatar: "u4/new-avatar.jpg")
        let merge = rules.replaceFeed(StoryFeed(users: users), configuration: StoryTray.Configuration(),
                                      baseURL: Self.base, time: 0.5).merge
        #expect(merge.rows == .reload([4]))
        #expect(rules.replaceFeed(StoryFeed(users: users), configuration: StoryTray.Configuration(),
                                  baseURL: Self.base, time: 0.6).merge.rows == .none)
        #expect(rules.tray.loadingUser == 1)
    }

    @Test func aNewBaseURLIsTakenForTheNextReads() throws {
        var rules = Self.rules()
        let other = try #require(URL(string: "https://other.example.com/"))
        rules.replaceFeed(Self.feed(Self.ids), configuration: StoryTray.Configuration(), baseURL: other, time: 0)
        #expect(rules.request(for: 0)?.url.host == "other.example.com")
    }

    @Test func afterANewFeedTheReadsAheadFollowTheNewUsersInView() {
        var rules = Self.rules()
        let before = rules.prefetchRequests(layout: TrayLayout(tray: rules.tray)).map(\.itemID)
        #expect(before.first == "u0-0")
        rules.replaceFeed(Self.feed(["n1"] + Self.ids), configuration: StoryTray.Configuration(), baseURL: Self.base, time: 0)
        let after = rules.prefetchRequests(layout: TrayLayout(tray: rules.tray), also: [12]).map(\.itemID)
        #expect(after.first == "n1-0" && after.last == "u11-0", "in view first, then the collection view's")
    }

    // MARK: Taps that stop a glide

    @Test func aTouchThatStopsAGlideOrADragOpensNothing() {
        #expect(TrayTapRule.opens(decelerating: false, dragging: false))
        #expect(!TrayTapRule.opens(decelerating: true, dragging: false))
        #expect(!TrayTapRule.opens(decelerating: false, dragging: true))
    }
}
