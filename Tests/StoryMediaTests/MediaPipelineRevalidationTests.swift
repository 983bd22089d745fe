import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The disk cache follows HTTP across runs: a copy is used without a request while its
/// `Cache-Control`/`Expires` lifetime lasts, and after that (or without one) the next run asks
/// the server with `If-None-Match` / `If-Modified-Since`: `304` keeps the copy at the cost of no
/// body, `200` replaces it (a file changed on the server is never served stale again).
@Suite(.serialized) struct MediaPipelineRevalidationTests {
    /// One run of a pipeline over `folder`'s cache loading `path` as the current item; returns
    /// the harness after the load and the cache's flush.
    private func run(_ server: LoopbackServer, _ folder: TemporaryFolder, _ path: String,
                     date: (@Sendable () -> Double)? = nil) async throws -> PipelineHarness {
        let harness = PipelineHarness(server: server, cacheFolder: folder.cacheFolder, date: date)
        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("i", path, .current)], mayPrefetch: false))
        #expect(await harness.wait { $0.loads.count == 1 || !$0.failures.isEmpty })
        await harness.pipeline.flush()
        // The server notes each status just after sending it: wait for the notes.
        #expect(await server.wait { $0.requests.allSatisfy { $0.status != nil } })
        return harness
    }

    @Test func aFileChangedOnTheServerIsFetchedAgainAndThenConfirmedWithoutABody() async throws {
        try await TemporaryFolder.with { folder in
            let old = MediaBytes.make(count: 60_000, seed: 40), new = MediaBytes.make(count: 50_000, seed: 41)
            let server = try await LoopbackServer.start()
            server.setRoute("photo.jpg", .bytes(old, etag: "\"v1\""))
            let key = server.url("photo.jpg").absoluteString
            let first = try await run(server, folder, "photo.jpg")
            #expect(first.loads.first?.source == .network)

            // The file changes between runs: the next run asks with the old tag and gets the new bytes.
            server.setRoute("photo.jpg", .bytes(new, etag: "\"v2\""))
            let second = try await run(server, folder, "photo.jpg")
            #expect(second.served("photo.jpg").count == 2)
            #expect(second.served("photo.jpg").last?.ifNoneMatch == "\"v1\"")
            #expect(second.served("photo.jpg").last?.status == 200)
            #expect(second.loads.first?.source == .network)
            #expect(try await second.pipeline.data(for: key) == new)
            #expect(await second.pipeline.statistics.revalidations == 1)

            // Unchanged since: a 304 without a body, and the stored bytes are used.
            let third = try await run(server, folder, "photo.jpg")
            let asked = try #require(third.served("photo.jpg").last)
            #expect(third.served("photo.jpg").count == 3)
            #expect(asked.ifNoneMatch == "\"v2\"" && asked.status == 304 && asked.bodyBytesSent == 0)
            #expect(third.loads.first?.source == .disk)
            #expect(try await third.pipeline.data(for: key) == new)
            #expect(await third.pipeline.statistics.notModified == 1)
            #expect(await third.pipeline.statistics.bytesReceived == 0)
            try await first.finish()
        }
    }

    @Test func anAvatarReadOutsideThePlanIsRevalidatedToo() async throws {
        try await TemporaryFolder.with { folder in
            let server = try await LoopbackServer.start()
            server.setRoute("avatar.jpg", .bytes(MediaBytes.make(count: 4_000, seed: 46), etag: "\"a1\""))
            let key = server.url("avatar.jpg").absoluteString
            let first = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            _ = try await first.pipeline.data(for: key)
            await first.pipeline.flush()
            // Unchanged: 304, the stored bytes.
            let second = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            #expect(try await second.pipeline.data(for: key) == MediaBytes.make(count: 4_000, seed: 46))
            // (The server notes a status just after sending it: wait for the note.)
            #expect(await server.wait { _ in second.served("avatar.jpg").last.map { $0.status == 304 && $0.ifNoneMatch == "\"a1\"" } == true })
            await second.pipeline.flush()
            // Changed: the new bytes, never the old ones.
            server.setRoute("avatar.jpg", .bytes(MediaBytes.make(count: 5_000, seed: 47), etag: "\"a2\""))
            let third = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            #expect(try await third.pipeline.data(for: key) == MediaBytes.make(count: 5_000, seed: 47))
            #expect(await server.wait { _ in third.served("avatar.jpg").last?.status == 200 })
            try await first.finish()
        }
    }

    @Test func aLastModifiedDateIsAskedWithIfModifiedSince() async throws {
        try await TemporaryFolder.with { folder in
            let body = MediaBytes.make(count: 30_000, seed: 42)
            let server = try await LoopbackServer.start()
            let date = "Wed, 21 Oct 2015 07:28:00 GMT"
            server.setRoute("dated.jpg", .bytes(body, lastModified: date))
            let first = try await run(server, folder, "dated.jpg")
            let second = try await run(server, folder, "dated.jpg")
            let asked = try #require(second.served("dated.jpg").last)
            #expect(asked.ifModifiedSince == date && asked.ifNoneMatch == nil && asked.status == 304)
            #expect(second.loads.first?.source == .disk)
            try await first.finish()
        }
    }

    @Test func aCopyWithinItsMaxAgeIsUsedWithoutARequestAndAskedAboutOnceItExpires() async throws {
        try await TemporaryFolder.with { folder in
            let body = MediaBytes.make(count: 30_000, seed: 43)
            let server = try await LoopbackServer.start()
            var route = Route.bytes(body, etag: "\"a\"")
            route.cacheControl = "public, max-age=600"
            server.setRoute("fresh.jpg", route)
            let start = Date().timeIntervalSince1970
            let first = try await run(server, folder, "fresh.jpg", date: { start })
            // Nine minutes later: still fresh, no request.
            let second = try await run(server, folder, "fresh.jpg", date: { start + 540 })
            #expect(second.served("fresh.jpg").count == 1)
            #expect(second.loads.first?.source == .disk)
            // Eleven minutes later: stale, asked about; the 304 starts another ten minutes.
            let third = try await run(server, folder, "fresh.jpg", date: { start + 660 })
            #expect(third.served("fresh.jpg").count == 2)
            #expect(third.served("fresh.jpg").last?.status == 304)
            let fourth = try await run(server, folder, "fresh.jpg", date: { start + 1_200 })
            #expect(fourth.served("fresh.jpg").count == 2)
            #expect(fourth.loads.first?.source == .disk)
            try await first.finish()
        }
    }

    @Test func aCopyWithoutValidatorsIsDownloadedAgainAndNoStoreIsNeverWritten() async throws {
        try await TemporaryFolder.with { folder in
            let server = try await LoopbackServer.start()
            server.setRoute("plain.jpg", .bytes(MediaBytes.make(count: 20_000, seed: 44)))
            var secret = Route.bytes(MediaBytes.make(count: 20_000, seed: 45), etag: "\"s\"")
            secret.cacheControl = "no-store"
            server.setRoute("secret.jpg", secret)
            let first = try await run(server, folder, "plain.jpg")
            let second = try await run(server, folder, "plain.jpg")
            #expect(second.served("plain.jpg").count == 2)
            #expect(second.served("plain.jpg").last.map { $0.ifNoneMatch == nil && $0.ifModifiedSince == nil && $0.status == 200 } == true)
            #expect(second.loads.first?.source == .network)

            let stored = try folder.cacheFiles().count
            _ = try await run(server, folder, "secret.jpg")
            #expect(try folder.cacheFiles().count == stored)
            let again = try await run(server, folder, "secret.jpg")
            #expect(again.served("secret.jpg").count == 2 && again.served("secret.jpg").last?.ifNoneMatch == nil)
            try await first.finish()
        }
    }
}

/// The freshness rules read from response headers, without a network.
@Suite struct HTTPFreshnessTests {
    @Test func maxAgeWinsOverExpiresAndAgeIsSubtracted() {
        let headers = ["cache-control": "public, max-age=\"600\"", "expires": "Thu, 01 Dec 1994 16:00:00 GMT", "age": "100"]
        #expect(HTTPFreshness(headers: headers).lifetime == 500)
    }

    @Test func expiresCountsFromTheResponsesDate() {
        let headers = ["date": "Sun, 06 Nov 1994 08:49:37 GMT", "expires": "Sun, 06 Nov 1994 09:49:37 GMT"]
        #expect(HTTPFreshness(headers: headers).lifetime == 3_600)
        #expect(HTTPFreshness(headers: ["date": "Sun, 06 Nov 1994 08:49:37 GMT", "expires": "0"]).lifetime == 0)
    }

    @Test func noCacheNoStoreAndNothingAreStaleAtOnce() {
        #expect(HTTPFreshness(headers: ["cache-control": "no-cache, max-age=600"]).lifetime == 0)
        let noStore = HTTPFreshness(headers: ["cache-control": "No-Store"])
        #expect(noStore.noStore && noStore.lifetime == 0)
        #expect(HTTPFreshness(headers: ["last-modified": "Wed, 21 Oct 2015 07:28:00 GMT"]).lifetime == 0)
        #expect(HTTPFreshness(headers: [:]) == HTTPFreshness(headers: ["cache-control": "max-age=-5"]))
    }

    @Test func hostileValuesStayInRange() {
        #expect(HTTPFreshness(headers: ["cache-control": "max-age=99999999999999999999999"]).lifetime == HTTPFreshness.maximumLifetime)
        #expect(HTTPFreshness(headers: ["cache-control": "max-age=1e3"]).lifetime == 0)
        #expect(HTTPFreshness(headers: ["cache-control": ",,=,max-age"]).lifetime == 0)
        #expect(HTTPFreshness(headers: ["cache-control": "max-age=60", "age": "600"]).lifetime == 0)
    }

    @Test func httpDatesParseInTheirThreeForms() {
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(HTTPFreshness.date(from: text) == 784_111_777, "\(text)")
        }
        #expect(HTTPFreshness.httpDate(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
