import Foundation
import MotionCore
import StoryKit
import StoryKitTestServer
import StoryMedia
import Testing
@testable import storykit

/// A live (http) session whose process is descheduled for 5 s just after its clock starts (a
/// starved machine, simulated by a session clock that jumps): the clip's clock holds instead of
/// racing through the script ahead of the network, so the 404 of the item the turn shows still
/// fails it on its page, and no line has a time past the end of the clip. And a session whose
/// frame loop is descheduled for 5 s early in the clip: the network's timeouts and retry delays
/// hold with the clip's clock, so a hanging item is still waited for at the end.
@Suite(.serialized) struct LiveFeedSessionStarvedTests {
    /// The page, in points.
    static let page = Size(width: 180, height: 320)

    /// Ava (a picture), Ben (his only item missing: 404), Cleo (a picture), on `server`; no avatars.
    private func feed(on server: LoopbackServer) throws -> StoryFeed {
        for path in ["ava/1.jpg", "cleo/1.jpg"] {
            let bytes = try #require(FileManager.default.contents(atPath: DemoFeed.folder + "/" + path))
            server.setRoute(path, .bytes([UInt8](bytes), contentType: "image/jpeg"))
        }
        func user(_ id: String) -> StoryUser {
            StoryUser(id: id, name: id.capitalized, items: [
                StoryItem(id: "\(id)-1", kind: .image, url: server.url("\(id)/1.jpg").absoluteString, createdAt: DemoFeed.now - 3_600),
            ])
        }
        return StoryFeed(users: [user("ava"), user("ben"), user("cleo")])
    }

    /// A turn to Ben at 1 s, a turn to Cleo at 2.5 s.
    private var script: GestureScript {
        let right = Point(x: Self.page.width * 0.8, y: Self.page.height * 0.55)
        let left = Point(x: right.x - 0.7 * Self.page.width, y: right.y + 4)
        return GestureScript(events: GestureScript.drag(from: right, to: left, start: 1, duration: 0.3).events
                             + GestureScript.drag(from: right, to: left, start: 2.5, duration: 0.3).events)
    }

    /// The system's clock, 5 s later from its second reading on: the session reads it once to
    /// start its clip, then finds itself 5 s late at its first frame.
    private static func starvedClock() -> MediaPipeline.Clock {
        let readings = Locked(0)
        let system = MediaPipeline.Clock.system
        return MediaPipeline.Clock(now: {
            let count = readings.withLock { count in count += 1; return count }
            return system.now() + (count > 1 ? 5 : 0)
        }, sleep: system.sleep)
    }

    /// The system's clock, with its process descheduled for `stall` seconds once, early in the
    /// clip: the first wait that starts half a second or more after its first reading returns
    /// `stall` seconds late (the frame loop's wait, which runs every frame; the pipeline's waits
    /// are a timeout's or a retry's, a second or more long, started earlier).
    private static func stallingClock(_ stall: Double) -> MediaPipeline.Clock {
        let state = Locked<(start: Double?, stalled: Bool)>((nil, false))
        let system = MediaPipeline.Clock.system
        return MediaPipeline.Clock(now: {
            let now = system.now()
            state.withLock { if $0.start == nil { $0.start = now } }
            return now
        }, sleep: { seconds in
            let now = system.now()
            let late = state.withLock { state -> Bool in
                guard !state.stalled, let start = state.start, now - start >= 0.5 else { return false }
                state.stalled = true
                return true
            }
            try await system.sleep(seconds + (late ? stall : 0))
        })
    }

    /// Runs `session` on a thread of its own (as ``RenderViewerCommandFaultTests/render(_:)``).
    private static func run(_ session: LiveFeedSession) async -> LiveFeedSession.Outcome {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: LiveFeedSession.blocking { await session.run() }) }
        }
    }

    @Test func aStarvedSessionHoldsItsClockAndTheTurnStillShowsTheItemsFailure() async throws {
        try await LoopbackServer.with { server in
            let folder = NSTemporaryDirectory() + "storykit-play-starved-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var session = LiveFeedSession(feed: try feed(on: server), seen: [], script: script, pageSize: Self.page,
                                          framesPerSecond: 10, duration: 3.5, cacheFolder: folder + "/cache", requestTimeout: 1)
            session.clock = Self.starvedClock()
            let outcome = await Self.run(session)
            let text = outcome.lines.joined(separator: "\n")
            let ben = server.url("ben/1.jpg").absoluteString

            // The 404 is on the clip, before the turn away from Ben at 2.5 s, and fails his page.
            let failedLine = try #require(outcome.lines.first { $0.hasSuffix("failed \(ben): HTTP 404") }, "\(text)")
            let failedAt = try #require(Double(failedLine.prefix(7).trimmingCharacters(in: .whitespaces)), "\(text)")
            #expect(failedAt < 2.5, "\(text)")
            #expect(outcome.behaviours["ben-1"]?.failure == "HTTP 404", "\(text)")
            #expect(outcome.events.contains { $0.event == .failed(id: "ben-1", reason: "HTTP 404") && $0.time < 2.5 },
                    "\(outcome.events)")
            #expect(outcome.lines.contains { $0.contains("waited ") && $0.hasSuffix("for ben-1 (failed: HTTP 404)") }, "\(text)")
            #expect(outcome.lines.contains("items: 2 shown, 1 failed (ben-1), 0 never loaded"), "\(text)")

            // Every timed line is within the clip, and the run says its clock held.
            let times = outcome.lines.compactMap { Double($0.prefix(7).trimmingCharacters(in: .whitespaces)) }
            #expect(!times.isEmpty && times.allSatisfy { $0 >= 0 && $0 <= 3.5 }, "\(text)")
            // It held at least the 5 s the clock jumped (more when the test machine itself is busy:
            // a full parallel test run held 10.3 s over 7 late frames).
            let prefix = "the machine was too busy to keep up: the clip's clock held "
            let held = try #require(outcome.lines.first { $0.hasPrefix(prefix) && $0.hasSuffix("(times are the clip's)") },
                                    "\(text)")
            let seconds = try #require(Double(held.dropFirst(prefix.count).prefix { $0 != " " }), "\(held)")
            #expect(seconds >= 5, "\(held)")
        }
    }

    /// The fault seen on a loaded machine: the clip's clock held for seconds while the network's
    /// timeouts and retry delays ran on the wall clock, so a hanging item ran out of retries
    /// within the clip (`failed … timed out after 1 s`) where an idle machine still waits for it
    /// at the end. On the clip's clock the hold holds them too: the same clip as on an idle machine.
    @Test func aHoldOfTheClipsClockHoldsTheNetworksTimeoutsAndRetriesSoAHangingItemIsStillWaitedFor() async throws {
        try await LoopbackServer.with { server in
            let folder = NSTemporaryDirectory() + "storykit-play-starved-hang-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let feed = try feed(on: server)
            let cleo = server.url("cleo/1.jpg").absoluteString
            let bytes = try #require(FileManager.default.contents(atPath: DemoFeed.folder + "/cleo/1.jpg"))
            server.setRoute("cleo/1.jpg", .bytes([UInt8](bytes), contentType: "image/jpeg", faults: Array(repeating: .hang, count: 20)))
            var session = LiveFeedSession(feed: feed, seen: [], script: script, pageSize: Self.page,
                                          framesPerSecond: 10, duration: 3.5, cacheFolder: folder + "/cache", requestTimeout: 1)
            session.clock = Self.stallingClock(5)
            let outcome = await Self.run(session)
            let text = outcome.lines.joined(separator: "\n")
            let ben = server.url("ben/1.jpg").absoluteString

            // The clip's clock held the stall (and more if the test machine is busy too).
            #expect(outcome.lines.contains { $0.hasPrefix("the machine was too busy to keep up: the clip's clock held ") }, "\(text)")
            // The 404 still lands on Ben's page.
            #expect(outcome.lines.contains { $0.hasSuffix("failed \(ben): HTTP 404") }, "\(text)")
            #expect(outcome.events.contains { $0.event == .failed(id: "ben-1", reason: "HTTP 404") && $0.time < 2.5 },
                    "\(outcome.events)")
            // The hanging item is retried after each timeout, but not given up on within the clip:
            // its 4 attempts of 1 s and their backoffs take longer than the 3.5 s clip.
            #expect(outcome.lines.contains { $0.contains("retrying \(cleo) after attempt 1 (timed out after 1 s)") }, "\(text)")
            #expect(!outcome.lines.contains { $0.contains("failed \(cleo)") }, "\(text)")
            #expect(outcome.behaviours["cleo-1"]?.failure == nil, "\(text)")
            #expect(outcome.lines.contains { $0.contains("still waiting for cleo-1 after ") && $0.hasSuffix(": not loaded") }, "\(text)")
            #expect(outcome.lines.contains("items: 1 shown, 1 failed (ben-1), 1 never loaded (cleo-1)"), "\(text)")
        }
    }
}
