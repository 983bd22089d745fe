import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// `storykit play` with a feed whose items carry tappable areas (Examples/viewer-areas): taps on
/// a link and on the action's pill and a swipe up are printed as areaTapped, a tap beside them
/// goes on, and the frames show the pill.
@Suite struct PlayAreasTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/viewer-areas").path

    @Test func areaTapsArePrintedAndDoNotNavigate() throws {
        let dir = NSTemporaryDirectory() + "storykit-play-areas-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try CLI.run(["play", Self.examples + "/feed.json", "--gesture", Self.examples + "/taps.json",
                                 "-o", dir + "/frames/", "--fps", "4", "--duration", "5"])
        let events = lines.dropLast().map { $0.components(separatedBy: " s  ").last ?? "" }
        #expect(events == [
            "userEntered(user: 0, item: 0, ava-1)", "itemStarted(user: 0, item: 0, ava-1)",
            "areaTapped(user: 0, item: 0, ava-1, area: sun)", "itemSeen(ava-1)",
            "areaTapped(user: 0, item: 0, ava-1, area: more)", "areaTapped(user: 0, item: 0, ava-1, area: more)",
            // The tap beside the areas at 3.5 s is a page tap: the item is skipped, the next shown.
            "itemSkipped(user: 0, item: 0, ava-1, 70.7%, 3.5 s)",
            "itemShown(user: 0, item: 1, ava-2)", "itemStarted(user: 0, item: 1, ava-2)",
        ])
        // At 2.5 s (frame 10) the pill is drawn: near white left of its label, at (80, 389) pt.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        let frame = try RGBAImage(contentsOfFile: dir + "/frames/" + files[10])
        let pill = frame[80, 389]
        #expect(pill.r > 215 && pill.g > 215 && pill.b > 215)
    }
}
