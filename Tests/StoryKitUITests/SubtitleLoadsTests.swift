import Foundation
import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

@Suite struct SubtitleLoadsTests {
    typealias Step = SubtitleLoads.Step

    static let vtt = Array("WEBVTT\n\n00:00.000 --> 00:02.000\nHello <b>there</b>\n".utf8)

    static func item(_ id: String, subtitles: String?) -> StoryItem {
        var item = StoryItem(id: id, kind: .video, url: "\(id).mp4")
        item.subtitles = subtitles
        return item
    }

    /// Ava: a1 (remote track), a2 (relative track), a3 (none), a4 (track); Ben: b1 (track).
    static let feed = StoryFeed(users: [
        StoryUser(id: "ava", name: "Ava", items: [item("a1", subtitles: "https://cdn.example.com/a1.vtt"),
                                                  item("a2", subtitles: "subs/a2.vtt"), item("a3", subtitles: nil),
                                                  item("a4", subtitles: "a4.vtt")]),
        StoryUser(id: "ben", name: "Ben", items: [item("b1", subtitles: "b1.vtt")]),
    ])
    static let base = URL(string: "https://cdn.example.com/stories/")

    static func viewer() -> StoriesViewer { StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844)) }
    static func loads() -> SubtitleLoads { SubtitleLoads(users: feed.users, baseURL: base) }

    /// The ids and locations the steps fetch, in order.
    static func fetched(_ steps: [Step]) -> [(id: String, url: String?)] {
        steps.compactMap { step in
            guard case let .fetch(id, location, _) = step else { return nil }
            return (id, location?.url.absoluteString)
        }
    }

    static func token(of id: String, in loads: SubtitleLoads) throws -> Int {
        guard case let .loading(token, _)? = loads.states[id] else { throw LoadsError.notLoading(id) }
        return token
    }

    enum LoadsError: Error { case notLoading(String) }

    @Test func theShownItemAndTheNextAreFetchedOnceRelativeToTheBaseURL() {
        var loads = Self.loads()
        let viewer = Self.viewer()
        let first = Self.fetched(loads.update(to: viewer))
        #expect(first.map(\.id) == ["a1", "a2"], "the shown item first, then the next one")
        #expect(first.map(\.url) == ["https://cdn.example.com/a1.vtt", "https://cdn.example.com/stories/subs/a2.vtt"])
        #expect(loads.update(to: viewer).isEmpty, "a track being fetched is not fetched again")
    }

    @Test func movingOnFetchesTheNewNextItemsTrackAndSkipsItemsWithout() throws {
        var loads = Self.loads()
        var viewer = Self.viewer()
        _ = loads.update(to: viewer)
        _ = viewer.nextItem(time: 0.1)          // a2 shows; a3 (no track) is next
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty)
        _ = viewer.nextItem(time: 0.2)          // a3 shows; a4 is next
        #expect(Self.fetched(loads.update(to: viewer)).map(\.id) == ["a4"])
    }

    @Test func aReadTrackGoesToTheModelOnceAndIsNeverFetchedAgain() throws {
        var loads = Self.loads()
        let viewer = Self.viewer()
        _ = loads.update(to: viewer)
        let token = try Self.token(of: "a1", in: loads)
        let outcome = loads.finished(token: token, result: .success(Self.vtt), at: 0.5)
        guard case let .loaded(id, track)? = outcome else { Issue.record("not loaded: \(String(describing: outcome))"); return }
        #expect(id == "a1" && track.text(at: 1) == "Hello there")
        #expect(loads.finished(token: token, result: .success(Self.vtt), at: 0.6) == nil, "one answer per fetch")
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty)
    }

    @Test func a404OrGarbageIsReportedOnceAndNeverRetried() throws {
        var loads = Self.loads()
        var viewer = Self.viewer()
        _ = loads.update(to: viewer)
        let notFound = loads.finished(token: try Self.token(of: "a1", in: loads),
                                      result: .failure(.init(reason: "HTTP 404", isTransient: false)), at: 0.5)
        #expect(notFound == .failed(id: "a1", url: "https://cdn.example.com/a1.vtt", reason: "HTTP 404"))
        let garbage = loads.finished(token: try Self.token(of: "a2", in: loads),
                                     result: .success(Array("<html>not found</html>".utf8)), at: 0.5)
        guard case let .failed("a2", "subs/a2.vtt", reason)? = garbage else { Issue.record("\(String(describing: garbage))"); return }
        #expect(reason.contains("line 1"), "the parser's reason names the line: \(reason)")
        _ = viewer.advance(to: 100)
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty, "final failures are not fetched again, however long after")
    }

    @Test func aTransientFailureIsRetriedAfterTheDelayThenGivesUp() throws {
        var loads = Self.loads()
        var viewer = Self.viewer()
        _ = loads.update(to: viewer)
        let timedOut = SubtitleLoads.Failure(reason: "timed out", isTransient: true)
        #expect(loads.finished(token: try Self.token(of: "a1", in: loads), result: .failure(timedOut), at: 1) == nil,
                "no report while another attempt may cure it")
        _ = viewer.advance(to: 2.9)
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty, "not before retryDelay (2 s)")
        _ = viewer.advance(to: 3)
        #expect(Self.fetched(loads.update(to: viewer)).map(\.id) == ["a1"])
        #expect(loads.finished(token: try Self.token(of: "a1", in: loads), result: .failure(timedOut), at: 3.5) == nil)
        _ = viewer.advance(to: 7.4)
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty, "the delay doubles: 4 s")
        _ = viewer.advance(to: 7.5)
        #expect(Self.fetched(loads.update(to: viewer)).map(\.id) == ["a1"])
        let last = loads.finished(token: try Self.token(of: "a1", in: loads), result: .failure(timedOut), at: 8)
        #expect(last == .failed(id: "a1", url: "https://cdn.example.com/a1.vtt", reason: "timed out"),
                "the third attempt is the last (maximumAttempts)")
        _ = viewer.advance(to: 100)
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty)
    }

    @Test func theAppsTrackWinsBeforeDuringAndAfterAFetch() throws {
        var loads = Self.loads()
        var viewer = Self.viewer()
        #expect(loads.override("a2").isEmpty, "nothing runs yet")
        #expect(Self.fetched(loads.update(to: viewer)).map(\.id) == ["a1"], "a2 is the app's: never fetched")
        let token = try Self.token(of: "a1", in: loads)
        #expect(loads.override("a1") == [.cancel(token: token)], "during a fetch: cancelled")
        #expect(loads.finished(token: token, result: .success(Self.vtt), at: 1) == nil, "its late answer is dropped")
        _ = viewer.nextItem(time: 1)
        _ = viewer.nextItem(time: 1.1)     // a3 shows, a4 next
        _ = loads.update(to: viewer)
        _ = loads.finished(token: try Self.token(of: "a4", in: loads), result: .success(Self.vtt), at: 1.2)
        #expect(loads.override("a4").isEmpty && loads.states["a4"] == .overridden, "after: the app's replaces it")
    }

    @Test func theCloseCancelsEveryFetchAndNothingFollows() throws {
        var loads = Self.loads()
        var viewer = Self.viewer()
        _ = loads.update(to: viewer)
        let tokens = [try Self.token(of: "a1", in: loads), try Self.token(of: "a2", in: loads)].sorted()
        _ = viewer.close(time: 1)
        #expect(loads.update(to: viewer) == tokens.map { .cancel(token: $0) })
        #expect(loads.finished(token: tokens[0], result: .success(Self.vtt), at: 1.1) == nil)
        #expect(loads.update(to: viewer).isEmpty && loads.stopAll().isEmpty)
    }

    @Test func anAddressThatCannotLoadFailsAtOnce() throws {
        var bad = Self.item("x", subtitles: "ftp://example.com/x.vtt")
        bad.subtitles = "ftp://example.com/x.vtt"
        let feed = StoryFeed(users: [StoryUser(id: "x", name: "X", items: [bad])])
        var loads = SubtitleLoads(users: feed.users, baseURL: nil)
        let steps = loads.update(to: StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844)))
        guard case let .fetch("x", nil, token)? = steps.first else { Issue.record("\(steps)"); return }
        #expect(loads.finished(token: token, result: .failure(.init(reason: "unsupported", isTransient: false)), at: 0)
                == .failed(id: "x", url: "ftp://example.com/x.vtt", reason: "unsupported"))
    }

    @Test(arguments: [
        ([UInt8](), "line 1"),
        ([0xFF, 0xFE, 0x00], "not UTF-8"),
        (Array("WEBVTT\n\n00:05.000 --> 00:01.000\nbackwards\n".utf8), "line 3"),
        ([UInt8](repeating: 0x41, count: SubtitleLoads.maximumBytes + 1), "larger than"),
    ])
    func parsingGarbageIsAFinalFailureNamingWhy(bytes: [UInt8], expected: String) {
        guard case .failure(let failure) = SubtitleLoads.parse(bytes) else { Issue.record("parsed"); return }
        #expect(failure.reason.contains(expected), "\(failure.reason)")
        #expect(!failure.isTransient)
    }

    @Test func aWildClockNeverRetriesEarlyNorTraps() throws {
        var loads = Self.loads()
        var viewer = Self.viewer()
        _ = loads.update(to: viewer)
        _ = loads.finished(token: try Self.token(of: "a1", in: loads),
                           result: .failure(.init(reason: "reset", isTransient: true)), at: .nan)
        #expect(loads.states["a1"] == .waiting(attempt: 1, retryAt: 2))
        _ = viewer.advance(to: 1)
        #expect(Self.fetched(loads.update(to: viewer)).isEmpty)
    }
}
