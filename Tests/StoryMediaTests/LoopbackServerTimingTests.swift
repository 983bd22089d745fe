import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoryKitTestServer
import Testing

/// The loopback test server's latency and shared bandwidth limit. Every check is a lower bound:
/// a busy machine only makes responses later, so these cannot fail for being slow.
@Suite struct LoopbackServerTimingTests {
    @Test func latencyDelaysTheHeadByAtLeastTheLatency() async throws {
        try await LoopbackServer.with(latency: .milliseconds(250)) { server in
            server.setRoute("a.bin", .bytes([1, 2, 3]))
            let clock = ContinuousClock()
            let start = clock.now
            let (body, _) = try await LoopbackSession.with { try await $0.get(server.url("a.bin")) }
            let elapsed = clock.now - start

            #expect(body == [1, 2, 3])
            #expect(elapsed >= .milliseconds(250))
            let record = try #require(server.requests.first)
            let responded = try #require(record.responded)
            #expect(responded - record.received >= .milliseconds(250))
        }
    }

    @Test func aRoutesLatencyOverridesTheServers() async throws {
        // Were the server's ten minutes used, the request would time out and the test fail.
        try await LoopbackServer.with(latency: .seconds(600)) { server in
            server.setRoute("slow.bin", .bytes([1], latency: .milliseconds(150)))
            server.setRoute("fast.bin", .bytes([2], latency: .zero))
            try await LoopbackSession.with { session in
                try await #expect(session.get(server.url("fast.bin")).body == [2])
                try await #expect(session.get(server.url("slow.bin")).body == [1])
            }
            let record = server.requests[1]
            let responded = try #require(record.responded)
            #expect(responded - record.received >= .milliseconds(150))
        }
    }

    @Test func theLinkLimitHoldsAMegabyteToItsRate() async throws {
        // 1,000,000 bytes at 4,000,000 B/s: 0.25 s, less one 16 KiB burst ≈ 0.246 s.
        try await LoopbackServer.with(bytesPerSecond: 4_000_000) { server in
            let route = Route.generated(length: 1_000_000, seed: 3)
            server.setRoute("m.bin", route)
            let clock = ContinuousClock()
            let start = clock.now
            let (body, _) = try await LoopbackSession.with { try await $0.get(server.url("m.bin")) }
            let elapsed = clock.now - start

            #expect(body == route.bodyBytes(in: 0..<1_000_000))
            #expect(elapsed >= .milliseconds(200))
        }
    }

    @Test func allConnectionsShareOneLink() async throws {
        // Two 500,000-byte bodies at once over a 4,000,000 B/s link: ≈ 0.25 s together, where
        // each alone (or each with a link of its own) would take ≈ 0.125 s.
        try await LoopbackServer.with(bytesPerSecond: 4_000_000) { server in
            server.setRoute("a.bin", .generated(length: 500_000, seed: 4))
            server.setRoute("b.bin", .generated(length: 500_000, seed: 5))
            let first = try await RawHTTPConnection.open(port: server.port)
            let second = try await RawHTTPConnection.open(port: server.port)
            defer { first.close(); second.close() }

            try await first.send("GET", "/a.bin")
            try await second.send("GET", "/b.bin")
            async let a = first.readResponse()
            async let b = second.readResponse()
            let (responseA, responseB) = try await (a, b)

            #expect(responseA.body.count == 500_000 && responseB.body.count == 500_000)
            #expect(await server.wait { $0.requests.count == 2 && $0.requests.allSatisfy(\.finished) })
            let records = server.requests
            #expect(Set(records.map(\.connection)).count == 2)
            let start = try #require(records.map(\.received).min())
            let end = try #require(records.compactMap(\.finishedAt).max())
            #expect(end - start >= .milliseconds(200))
        }
    }
}
