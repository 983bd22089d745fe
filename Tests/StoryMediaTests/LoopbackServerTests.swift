import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoryKitTestServer
import Testing

/// The loopback test server's HTTP: whole bodies, byte ranges and their validators, HEAD, 404,
/// routes resolved on demand and generated bodies, each test against its own server through
/// URLSession (or a raw socket where URLSession hides the wire).
@Suite struct LoopbackServerTests {
    /// 10,000 bytes that are not a repeating pattern short enough to hide an offset error.
    static let body: [UInt8] = (0..<10_000).map { UInt8(truncatingIfNeeded: ($0 &* 7919) >> 3 ^ $0) }

    @Test func aWholeBodyComesWithItsValidatorsAndAcceptRanges() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, contentType: "video/mp4", etag: "\"v1\"",
                                            lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
            let (body, response) = try await LoopbackSession.with { try await $0.get(server.url("a.bin")) }

            #expect(response.statusCode == 200)
            #expect(body == Self.body)
            #expect(response.header("Content-Length") == "10000")
            #expect(response.header("Content-Type") == "video/mp4")
            #expect(response.header("ETag") == "\"v1\"")
            #expect(response.header("Last-Modified") == "Wed, 21 Oct 2015 07:28:00 GMT")
            #expect(response.header("Accept-Ranges") == "bytes")
            let record = try #require(server.requests.first)
            #expect(record.path == "/a.bin" && record.method == "GET" && record.range == nil)
            #expect(record.status == 200 && record.bodyBytesSent == 10_000)
            #expect(await server.wait { $0.requests.first?.finished == true })
            #expect(server.requests.first?.abandoned == false)
        }
    }

    @Test(arguments: zip(["bytes=100-199", "bytes=9990-", "bytes=-10", "bytes=9000-20000", "bytes=0-0"],
                         [100..<200, 9990..<10_000, 9990..<10_000, 9000..<10_000, 0..<1]))
    func aRangeGets206WithItsContentRangeAndExactlyItsBytes(header: String, expected: Range<Int>) async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body))
            let (body, response) = try await LoopbackSession.with {
                try await $0.get(server.url("a.bin"), headers: ["Range": header])
            }

            #expect(response.statusCode == 206)
            #expect(response.header("Content-Range")
                    == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/10000")
            #expect(response.header("Content-Length") == "\(expected.count)")
            #expect(body == Array(Self.body[expected]))
            #expect(server.requests.first?.range == header)
        }
    }

    @Test func ifRangeServesTheRangeOnlyWhenTheValidatorStillMatches() async throws {
        try await LoopbackServer.with { server in
            let date = "Wed, 21 Oct 2015 07:28:00 GMT"
            server.setRoute("a.bin", .bytes(Self.body, etag: "\"v2\"", lastModified: date))
            server.setRoute("weak.bin", .bytes(Self.body, etag: "W/\"v2\""))
            try await LoopbackSession.with { session in
                func get(_ path: String, ifRange: String) async throws -> (Int, Int) {
                    let (body, response) = try await session.get(server.url(path),
                                                                 headers: ["Range": "bytes=10-19", "If-Range": ifRange])
                    return (response.statusCode, body.count)
                }
                try await #expect(get("a.bin", ifRange: "\"v2\"") == (206, 10))
                try await #expect(get("a.bin", ifRange: date) == (206, 10))
                try await #expect(get("a.bin", ifRange: "\"v1\"") == (200, 10_000))
                try await #expect(get("a.bin", ifRange: "Thu, 22 Oct 2015 07:28:00 GMT") == (200, 10_000))
                try await #expect(get("weak.bin", ifRange: "W/\"v2\"") == (200, 10_000))
            }
            #expect(server.requests.map(\.ifRange) == ["\"v2\"", date, "\"v1\"", "Thu, 22 Oct 2015 07:28:00 GMT", "W/\"v2\""])
        }
    }

    @Test(arguments: ["bytes=10000-", "bytes=20000-30000", "bytes=-0"])
    func aRangeOutsideTheBodyGets416WithTheTotalLength(header: String) async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body))
            let (body, response) = try await LoopbackSession.with {
                try await $0.get(server.url("a.bin"), headers: ["Range": header])
            }
            #expect(response.statusCode == 416)
            #expect(response.header("Content-Range") == "bytes */10000")
            #expect(body.isEmpty)
        }
    }

    @Test func aRouteThatRefusesRangesIgnoresThem() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, acceptsRanges: false))
            let (body, response) = try await LoopbackSession.with {
                try await $0.get(server.url("a.bin"), headers: ["Range": "bytes=0-99"])
            }
            #expect(response.statusCode == 200)
            #expect(body == Self.body)
            #expect(response.header("Accept-Ranges") == nil)
            #expect(response.header("Content-Range") == nil)
        }
    }

    @Test func anUnknownPathGets404() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body))
            let (_, response) = try await LoopbackSession.with { try await $0.get(server.url("b.bin")) }
            #expect(response.statusCode == 404)
            #expect(server.requests.map(\.status) == [404])
        }
    }

    @Test func headSendsTheHeadersAndNoBody() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, etag: "\"v1\""))
            let connection = try await RawHTTPConnection.open(port: server.port)
            defer { connection.close() }

            try await connection.send("HEAD", "/a.bin")
            let head = try await connection.readResponse(toHEAD: true)
            // The next response on the same connection starts right after the head: no stray body.
            try await connection.send("GET", "/a.bin", headers: ["Range: bytes=0-3"])
            let next = try await connection.readResponse()

            #expect(head.status == 200 && head.headers["content-length"] == "10000" && head.body.isEmpty)
            #expect(head.headers["etag"] == "\"v1\"")
            #expect(next.status == 206 && next.body == Array(Self.body[0..<4]))
            #expect(server.requests.map(\.method) == ["HEAD", "GET"])
            #expect(server.requests.first?.bodyBytesSent == 0)
        }
    }

    @Test func resolvedRoutesServePathsWithoutAStaticOneAndStaticRoutesComeFirst() async throws {
        try await LoopbackServer.with(resolve: { path in
            guard path.hasPrefix("/media/"), let seed = UInt64(path.dropFirst("/media/".count)) else { return nil }
            return .generated(length: 1_000, seed: seed, faults: [.status(503)])
        }) { server in
            server.setRoute("media/7", .bytes([1, 2, 3]))
            try await LoopbackSession.with { session in
                try await #expect(session.get(server.url("media/7")).body == [1, 2, 3])
                try await #expect(session.get(server.url("media/8")).response.statusCode == 503)
                try await #expect(session.get(server.url("media/8?size=large")).body
                        == Route.generated(length: 1_000, seed: 8).bodyBytes(in: 0..<1_000))
                try await #expect(session.get(server.url("other")).response.statusCode == 404)
            }
            #expect(server.requests.map(\.path) == ["/media/7", "/media/8", "/media/8", "/other"])
        }
    }

    @Test func generatedBodiesAreDeterministicAndMatchWhatWasServed() async throws {
        let route = Route.generated(length: 100_003, seed: 42)
        let whole = route.bodyBytes(in: 0..<100_003)
        #expect(whole == Route.generated(length: 100_003, seed: 42).bodyBytes(in: 0..<100_003))
        #expect(whole != Route.generated(length: 100_003, seed: 43).bodyBytes(in: 0..<100_003))
        for range in [0..<1, 3..<11, 7..<8, 5_001..<9_999, 99_990..<100_003, 100_000..<200_000] {
            #expect(route.bodyBytes(in: range) == Array(whole[range.clamped(to: 0..<100_003)]))
        }
        #expect(Set(whole).count == 256)   // not a constant or short pattern

        try await LoopbackServer.with { server in
            server.setRoute("g.bin", route)
            try await LoopbackSession.with { session in
                try await #expect(session.get(server.url("g.bin")).body == whole)
                let part = try await session.get(server.url("g.bin"), headers: ["Range": "bytes=70001-80000"])
                #expect(part.body == route.bodyBytes(in: 70_001..<80_001))
            }
        }
    }
}
