import Foundation
import MotionCore
import StoryKit
import Testing

/// The README's Stories viewer snippet and feed JSON, checked.
@Suite struct StoriesViewerDocumentationTests {
    static let json = """
    { "users": [
        { "id": "ava", "name": "Ava", "avatar": "avatars/ava.jpg",
          "items": [
            { "id": "ava-1", "kind": "image", "url": "ava/1.jpg", "createdAt": 1764000000 },
            { "id": "ava-2", "kind": "video", "url": "ava/2.mp4", "duration": 8.5, "createdAt": 1764003600 }
          ] } ] }
    """

    @Test func theReadmeFeedDecodes() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(Self.json.utf8))
        #expect(feed.users.map(\.id) == ["ava"])
        #expect(feed.users[0].items.map(\.kind) == [.image, .video])
        #expect(feed.users[0].items[1].duration == 8.5 && feed.users[0].items[0].createdAt == 1_764_000_000)
        #expect(feed.validationErrors().isEmpty)
    }

    @Test func theReadmeSnippetDoesWhatItsCommentsSay() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(Self.json.utf8))
        let seenIDs: Set<String> = []
        // README begins
        var viewer = StoriesViewer(feed: feed, seen: seenIDs, pageSize: Size(width: 390, height: 844))
        viewer.media(.displaying, for: "ava-1", time: 0.4)
        let seen = viewer.advance(to: 2.9)
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 3)
        let tapped = viewer.touchEnded(at: Point(x: 300, y: 400), time: 3.05)
        // README ends
        #expect(seen == [.itemSeen(id: "ava-1")])
        // (With the analytics: the first item skipped at 52 %, 2.6 s, before the next shows.)
        #expect(tapped == [.itemSkipped(user: 0, item: 0, id: "ava-1", fraction: 0.52, seconds: 2.6),
                           .itemShown(user: 0, item: 1, id: "ava-2")]
                || tapped.last == .itemShown(user: 0, item: 1, id: "ava-2") && tapped.count == 2)
        #expect(viewer.players.count == 1 && viewer.players.filter { !$0.isMuted }.count <= 1)
    }

    @Test func progressIsHalfWayAtTheSnippetsTime() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(Self.json.utf8))
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        viewer.media(.displaying, for: "ava-1", time: 0.4)
        viewer.advance(to: 2.9)
        #expect(viewer.progress == 0.5)
    }

    @Test func unknownKeysInAFeedNameTheirPath() {
        let bad = Self.json.replacingOccurrences(of: "\"createdAt\": 1764000000", with: "\"created\": 1764000000")
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoryFeed.self, from: Data(bad.utf8)) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("not a dataCorrupted error"); return }
        #expect(context.codingPath.map(\.stringValue) == ["users", "Index 0", "items", "Index 0", "created"])
        #expect(context.debugDescription == "unknown key; did you mean createdAt?")
    }

    @Test func aKindThatIsNeitherSaysWhatIsValid() {
        let bad = Self.json.replacingOccurrences(of: "\"kind\": \"video\"", with: "\"kind\": \"movie\"")
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoryFeed.self, from: Data(bad.utf8)) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("not a dataCorrupted error"); return }
        #expect(context.debugDescription.contains("image or video"))
    }
}

/// The README's media pipeline policy snippet, checked.
@Suite struct MediaPipelinePolicyDocumentationTests {
    @Test func theReadmeSnippetStartsTheCurrentItemFirstAndAloneWhileItLoads() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(StoriesViewerDocumentationTests.json.utf8))
        let viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        // README begins
        var table = RequestTable()
        var plan = PrefetchPlan(viewer: viewer)
        plan = PrefetchPlan(viewer: viewer, following: plan)
        let changes = table.apply(plan)
        // README ends
        #expect(changes == [.start(url: "ava/1.jpg", priority: .current, byteLimit: nil)])
        #expect(!plan.mayPrefetch, "the current item is still loading: nothing else starts")
    }
}

extension MediaPipelinePolicyDocumentationTests {
    @Test func theArticlesSnippetDeliversToTheCurrentItem() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(StoriesViewerDocumentationTests.json.utf8))
        let viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        // Article begins
        var table = RequestTable()
        var plan = PrefetchPlan(viewer: viewer)
        let changes = table.apply(plan)
        plan = PrefetchPlan(viewer: viewer, following: plan)
        let outcome = table.complete(url: "ava/1.jpg")
        // Article ends
        #expect(changes == [.start(url: "ava/1.jpg", priority: .current, byteLimit: nil)])
        #expect(outcome.items == ["ava-1"])
    }
}
