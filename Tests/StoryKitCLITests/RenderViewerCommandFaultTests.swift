import Foundation
import MotionCore
import StoryKit
import StoryKitTestServer
import Testing
@testable import storykit

/// `storykit play` over http when the server misbehaves: a dead avatar (404), a hanging avatar,
/// an item whose bytes are not a picture, an item the server does not have (reached by a cube
/// turn) and an item that hangs. The run finishes, writes its clip and says what failed, where
/// and why, with a summary a user can trust.
@Suite(.serialized) struct RenderViewerCommandFaultTests {
    /// The page, in points.
    static let page = Size(width: 180, height: 320)

    /// A feed of three users on `server`, written to `folder`: Ava (her avatar, a picture, then
    /// corrupt bytes), Ben (avatar and only item missing: 404) and Cleo (avatar and item hang).
    private func faultyFeed(on server: LoopbackServer, in folder: String) throws -> String {
        func jpeg(_ path: String) throws -> [UInt8] {
            [UInt8](try #require(FileManager.default.contents(atPath: DemoFeed.folder + "/" + path)))
        }
        server.setRoute("ava/avatar.jpg", .bytes(try jpeg("ava/avatar.jpg"), contentType: "image/jpeg"))
        server.setRoute("ava/1.jpg", .bytes(try jpeg("ava/1.jpg"), contentType: "image/jpeg"))
        server.setRoute("ava/2.jpg", .bytes(try jpeg("ava/2.jpg"), contentType: "image/jpeg", faults: [.corrupt]))
        server.setRoute("cleo/avatar.jpg", .bytes(try jpeg("cleo/avatar.jpg"), contentType: "image/jpeg", faults: [.hang]))
        server.setRoute("cleo/1.jpg", .bytes(try jpeg("cleo/1.jpg"), contentType: "image/jpeg",
                                             faults: Array(repeating: .hang, count: 20)))
        func item(_ id: String, _ path: String) -> StoryItem {
            StoryItem(id: id, kind: .image, url: server.url(path).absoluteString, createdAt: DemoFeed.now - 3_600)
        }
        let feed = StoryFeed(users: [
            StoryUser(id: "ava", name: "Ava", avatar: server.url("ava/avatar.jpg").absoluteString,
                      items: [item("ava-1", "ava/1.jpg"), item("ava-2", "ava/2.jpg")]),
            StoryUser(id: "ben", name: "Ben", avatar: server.url("ben/avatar.jpg").absoluteString,
                      items: [item("ben-1", "ben/1.jpg")]),
            StoryUser(id: "cleo", name: "Cleo", avatar: server.url("cleo/avatar.jpg").absoluteString,
                      items: [item("cleo-1", "cleo/1.jpg")]),
        ])
        let path = folder + "/feed.json"
        try JSONEncoder().encode(feed).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A tap forward at 1 s, a turn to Ben at 2 s, a turn to Cleo at 3.5 s.
    private func script(in folder: String) throws -> String {
        let right = Point(x: Self.page.width * 0.8, y: Self.page.height * 0.55)
        let left = Point(x: right.x - 0.7 * Self.page.width, y: right.y + 4)
        let script = GestureScript(events: GestureScript.drag(from: right, to: right, start: 1, duration: 0.05).events
                                   + GestureScript.drag(from: right, to: left, start: 2, duration: 0.3).events
                                   + GestureScript.drag(from: right, to: left, start: 3.5, duration: 0.3).events)
        let path = folder + "/touches.json"
        try JSONEncoder().encode(script).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `command` on a thread of its own and returns its lines: an http run blocks its
    /// thread until the live session ends (as the command line's `run()` does), and a blocked
    /// thread of the tests' cooperative pool (two threads on two cores) could starve the session.
    static func render(_ command: RenderViewerCommand) async throws -> [String] {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    var lines: [String] = []
                    try command.render { lines.append($0) }
                    return lines
                })
            }
        }
    }

    @Test func deadAndHangingMediaFailWithTheirURLAndReasonAndTheRunWritesItsClip() async throws {
        try await LoopbackServer.with { server in
            let folder = NSTemporaryDirectory() + "storykit-play-faults-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let feed = try faultyFeed(on: server, in: folder)
            let command = try #require(try StoryKitCommand.parseAsRoot([
                "play", feed, "--script", try script(in: folder), "--cache", folder + "/cache", "-o", folder + "/out.gif",
                "--size", "180x320", "--duration", "5.5", "--fps", "10", "--scale", "0.25", "--timeout", "1",
            ]) as? RenderViewerCommand)
            let lines = try await RenderViewerCommandFaultTests.render(command)
            let text = lines.joined(separator: "\n")
            func has(_ fragment: String) -> Bool { lines.contains { $0.contains(fragment) } }
            let url = { (path: String) in server.url(path).absoluteString }

            // Avatars: each failure named with its URL and reason; the run goes on.
            #expect(lines.contains("avatar ben: \(url("ben/avatar.jpg")): HTTP 404"), "\(text)")
            #expect(lines.contains("avatar cleo: \(url("cleo/avatar.jpg")): timed out after 1 s"), "\(text)")
            #expect(lines.contains("avatars: 1 loaded, 2 failed (ben (HTTP 404), cleo (timed out after 1 s))"), "\(text)")

            // Items: the corrupt picture and the missing one fail, the tap's and the turn's alike.
            #expect(has("failed \(url("ava/2.jpg")): undecodable"), "\(text)")
            #expect(has("failed \(url("ben/1.jpg")): HTTP 404"), "\(text)")
            #expect(has("itemShown(user: 0, item: 1, ava-2)") && has("failed(ava-2, undecodable)"), "\(text)")
            #expect(has("userChanged(from: 0, to: 1)") && has("itemShown(user: 1, item: 0, ben-1)"), "\(text)")
            #expect(has("failed(ben-1, HTTP 404)"), "the turn to a failed item says so: \(text)")
            #expect(lines.contains { $0.contains("waited ") && $0.hasSuffix("for ava-2 (failed: undecodable)") }, "\(text)")
            #expect(lines.contains { $0.contains("waited ") && $0.hasSuffix("for ben-1 (failed: HTTP 404)") }, "\(text)")

            // The hanging item: retried after each timeout, and still not there at the end.
            #expect(has("itemShown(user: 2, item: 0, cleo-1)"), "\(text)")
            #expect(has("retrying \(url("cleo/1.jpg")) after attempt 1 (timed out after 1 s)"), "\(text)")
            #expect(!has("failed(cleo-1"), "\(text)")
            #expect(lines.contains { $0.contains("still waiting for cleo-1 after ") && $0.hasSuffix(": not loaded") }, "\(text)")

            // The summary counts what failed.
            #expect(lines.contains { $0.hasPrefix("requests: ") && $0.contains(", failures: 2; cache: ") }, "\(text)")
            #expect(lines.contains { $0.hasPrefix("requests: ") && $0.contains("loads: network 1,") }, "\(text)")
            #expect(lines.contains("items: 1 shown, 2 failed (ava-2, ben-1), 1 never loaded (cleo-1)"), "\(text)")
            #expect(lines.last?.hasPrefix("wrote ") == true, "\(text)")
            let gif = try #require(FileManager.default.contents(atPath: folder + "/out.gif"))
            #expect(gif.count > 1_000)
        }
    }
}
