import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MotionCore
import StoryKit
@testable import StoryKitUI
import StoryKitTestServer
import StoryMedia
import Testing

/// The viewer's own WebVTT fetches against a real HTTP server on 127.0.0.1: through `URLSession`
/// and through the media pipeline, a good track, a 404, garbage, a 503 then success, the app's
/// track winning and the close cancelling.
@MainActor
@Suite struct StorySubtitleFetcherTests {
    static let vtt = Array("WEBVTT\n\n00:00.000 --> 00:02.000\nHello <i>there</i>\n\n00:02.000 --> 00:04.000\nBye\n".utf8)

    /// One user with items `ids`, each with the track `<id>.vtt` (relative to the server's base).
    static func feed(_ ids: [String]) -> StoryFeed {
        StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: ids.map { id in
            var item = StoryItem(id: id, kind: .video, url: "\(id).mp4")
            item.subtitles = "\(id).vtt"
            return item
        })])
    }

    /// A fetcher for `feed` against `server` and what it reported.
    final class Harness {
        let fetcher: StorySubtitleFetcher
        var outcomes: [SubtitleLoads.Outcome] = []
        var clock = 0.0

        @MainActor init(feed: StoryFeed, server: LoopbackServer, session: URLSession, source: (any MediaByteSource)? = nil) {
            var box: Harness?
            fetcher = StorySubtitleFetcher(users: feed.users, baseURL: server.url("/"), session: session, source: source,
                                           clock: { box?.clock ?? 0 })
            box = self
            fetcher.onOutcomes = { [unowned self] in self.outcomes += $0 }
        }
    }

    /// Runs `body` with a fresh loopback server on the main actor, then shuts the server down.
    static func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try await LoopbackServer.start()
        do { try await body(server) } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }

    static func viewer(_ feed: StoryFeed, time: Double = 0) -> StoriesViewer {
        StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844), time: time)
    }

    @Test func aTrackOverHTTPReachesTheModelsCaptions() async throws {
        try await Self.withServer { server in
            server.setRoute("a.vtt", .bytes(Self.vtt, contentType: "text/vtt"))
            let feed = Self.feed(["a"])
            let harness = Harness(feed: feed, server: server, session: Self.session())
            var viewer = Self.viewer(feed)
            harness.fetcher.update(to: viewer)
            await harness.fetcher.settle()
            guard case let .loaded("a", track)? = harness.outcomes.first else { Issue.record("\(harness.outcomes)"); return }
            viewer.setSubtitles(track, forItem: "a")
            #expect(viewer.isMuted, "the viewer starts muted: subtitles show")
            _ = viewer.media(.duration(4), for: "a", time: 0)
            _ = viewer.media(.ready, for: "a", time: 0)
            _ = viewer.media(.displaying, for: "a", time: 0)
            _ = viewer.media(.playhead(2.5), for: "a", time: 0.1)
            #expect(viewer.captions(forUser: 0).subtitle == "Bye", "the cue at the playhead shows")
            #expect(server.requests.map(\.path) == ["/a.vtt"])
        }
    }

    @Test func a404AndGarbageMeanNoSubtitlesAndSayWhy() async throws {
        try await Self.withServer { server in
            server.setRoute("b.vtt", .bytes(Array("<html>oops</html>".utf8), contentType: "text/html"))
            let feed = Self.feed(["a", "b"])          // a.vtt has no route: 404
            let harness = Harness(feed: feed, server: server, session: Self.session())
            harness.fetcher.update(to: Self.viewer(feed))
            await harness.fetcher.settle()
            let reasons = Dictionary(harness.outcomes.compactMap { outcome -> (String, String)? in
                guard case let .failed(id, _, reason) = outcome else { return nil }
                return (id, reason)
            }, uniquingKeysWith: { first, _ in first })
            #expect(reasons["a"] == "HTTP 404")
            #expect(reasons["b"]?.hasPrefix("line 1") == true, "\(reasons)")
            harness.clock = 100
            harness.fetcher.update(to: Self.viewer(feed, time: 100))
            #expect(!harness.fetcher.isFetching, "neither is fetched again")
            #expect(server.requests.count == 2)
        }
    }

    @Test func a503IsRetriedAfterTheDelayAndThenLoads() async throws {
        try await Self.withServer { server in
            server.setRoute("a.vtt", .bytes(Self.vtt, faults: [.status(503)]))
            let feed = Self.feed(["a"])
            let harness = Harness(feed: feed, server: server, session: Self.session())
            harness.fetcher.update(to: Self.viewer(feed))
            await harness.fetcher.settle()
            #expect(harness.outcomes.isEmpty, "a 503 may pass: no report yet")
            harness.fetcher.update(to: Self.viewer(feed, time: 1))
            #expect(!harness.fetcher.isFetching, "not before the delay")
            harness.fetcher.update(to: Self.viewer(feed, time: SubtitleLoads.retryDelay))
            await harness.fetcher.settle()
            #expect(harness.outcomes.count == 1 && harness.outcomes.first.map { if case .loaded = $0 { true } else { false } } == true)
            #expect(server.requests.map(\.status) == [503, 200])
        }
    }

    @Test func throughTheMediaPipelineTheTrackSharesItsCache() async throws {
        try await Self.withServer { server in
            server.setRoute("a.vtt", .bytes(Self.vtt, contentType: "text/vtt"))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtt-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let pipeline = MediaPipeline(transport: URLSessionTransport(timeout: 10), cache: DiskCache(folder: folder, capacity: 1 << 20))
            let feed = Self.feed(["a"])
            for _ in 0..<2 {        // two viewers: the second reads the pipeline's cache
                let harness = Harness(feed: feed, server: server, session: Self.session(), source: pipeline)
                harness.fetcher.update(to: Self.viewer(feed))
                await harness.fetcher.settle()
                guard case let .loaded(_, track)? = harness.outcomes.first else { Issue.record("\(harness.outcomes)"); return }
                #expect(track.text(at: 1) == "Hello there")
            }
            #expect(server.requests.count == 1, "the second viewer's track came from the pipeline's cache")
        }
    }

    @Test func theAppsTrackAndTheCloseDropAnswersStillOnTheWay() async throws {
        try await Self.withServer { server in
            server.setRoute("a.vtt", .bytes(Self.vtt, latency: .milliseconds(300)))
            server.setRoute("b.vtt", .bytes(Self.vtt, latency: .milliseconds(300)))
            let feed = Self.feed(["a", "b"])
            let harness = Harness(feed: feed, server: server, session: Self.session())
            var viewer = Self.viewer(feed)
            harness.fetcher.update(to: viewer)
            #expect(harness.fetcher.isFetching)
            harness.fetcher.override("a")         // the app's setSubtitles
            _ = viewer.close(time: 0.1)
            harness.fetcher.update(to: viewer)     // the close: b's fetch is cancelled too
            #expect(!harness.fetcher.isFetching)
            await harness.fetcher.settle()
            #expect(harness.outcomes.isEmpty, "nothing reaches the model or the host after the app's track and the close")
        }
    }
}
