import Foundation
import StoryKitTestSupport
import Testing
@testable import storykit

/// Every script under `Examples/` renders with the command the README gives it, and does what its
/// name says (the events it reports, in order).
@Suite struct ExamplesTests {
    private let scratch = ScratchFolders()
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples").standardized.path

    /// The events of `lines` (each `  1.234 s  event`), without their times.
    private func events(_ lines: [String]) -> [String] {
        lines.filter { $0.contains(" s  ") }.map { $0.components(separatedBy: " s  ").last ?? "" }
    }

    @Test func theZoomExampleOpensClosesPeeksAndCloses() throws {
        let dir = try scratch.make("storykit-example-zoom")
        let lines = try CLI.run(["render", "zoom", "--gesture", Self.examples + "/zoom/open-close-peek-close.json",
                                 "--fps", "5", "--scale", "0.25", "-o", dir + "/zoom.gif"])
        #expect(events(lines) == ["began", "finished(presented: true)", "began", "finished(presented: false)",
                                  "began", "finished(presented: true)", "began", "cancelled",
                                  "began", "finished(presented: false)"])
    }

    @Test func theTrayExampleOpensAvaWatchesMovesToBenAndCloses() throws {
        let dir = try scratch.make("storykit-example-tray")
        let lines = try CLI.run(["render", "tray", "--gesture", Self.examples + "/tray/open-watch-close.json",
                                 "--fps", "5", "--scale", "0.25", "-o", dir + "/tray.gif"])
        let analytics = ["itemStarted", "itemCompleted", "itemSkipped", "userEntered", "userLeft", "viewerClosed", "muteChanged"]
        let shown = events(lines).map { $0.hasPrefix("launch(user: 0") ? "launch(user: 0)" : $0 }
            .filter { line in !analytics.contains { line.hasPrefix($0 + "(") } }
        #expect(shown == ["loadingStarted(user: 0)", "launch(user: 0)", "itemShown(user: 0, item: 1, ava-2)",
                          "userChanged(from: 0, to: 1)", "itemShown(user: 1, item: 0, ben-1)", "closed(dismissed)"])
    }

    @Test func theHeaderExamplePullsScrollsPastTheStickAndComesBack() throws {
        let dir = try scratch.make("storykit-example-header")
        let lines = try CLI.run(["render", "profile", "--scroll", Self.examples + "/header/pull-then-scroll.json",
                                 "--size", "390x844", "--fps", "5", "--scale", "0.25", "-o", dir + "/frames/"])
        #expect(lines.first == "sticks at 76.0 pt; title from 124.0 to 157.0 pt; tab bar pins at 266.0 pt")
        #expect(lines.last?.hasPrefix("wrote \(dir)/frames/frame-0000.png … frame-0021.png: 22 frames at 5 fps (4.4 s)") == true)
    }
}
