import Foundation
import StoryKit
import StoryKitTestSupport
import Testing
@testable import storykit

/// `--rtl` on the commands whose effect has a side: the default scripts are mirrored, so the
/// same session gives the same events; a given script is played as it is, mirrored models and all.
@Suite struct RightToLeftCommandTests {
    private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/cube").standardized.path
    private let scratch = ScratchFolders()

    /// The lines but the last ("wrote …", which names the output).
    private func events(_ arguments: [String], rtl: Bool) throws -> [String] {
        let out = try scratch.make("storykit-rtl") + "/frames/"
        return try CLI.run(arguments + ["--fps", "5", "--scale", "0.25", "-o", out] + (rtl ? ["--rtl"] : [])).dropLast()
    }

    @Test(arguments: [["render", "cube"], ["play", "--duration", "6"]])
    func theMirroredDefaultSessionGivesTheSameEvents(command: [String]) throws {
        let ltr = try events(command, rtl: false), rtl = try events(command, rtl: true)
        #expect(!ltr.isEmpty)
        #expect(rtl == ltr)
    }

    @Test func theMirroredTraySessionOpensOutOfTheMirroredAvatar() throws {
        let ltr = try events(["render", "tray", "--duration", "5"], rtl: false)
        let rtl = try events(["render", "tray", "--duration", "5"], rtl: true)
        // The same taps and items; the launch frame mirrored on the 270 pt page (11.5 + 54 → 204.5).
        #expect(ltr.contains("  2.600 s  launch(user: 1, from: 11.5,15.5 54×54)"))
        #expect(rtl == ltr.map { $0.replacingOccurrences(of: "from: 11.5,", with: "from: 204.5,") })
    }

    @Test func aLeftwardFlickOnTheFirstPageRubberBandsRightToLeft() throws {
        // Examples/cube/flick.json flicks left twice: forward left to right, backward (past the
        // first page) right to left.
        let ltr = try events(["render", "cube", "--gesture", examples + "/flick.json", "--duration", "2"], rtl: false)
        let rtl = try events(["render", "cube", "--gesture", examples + "/flick.json", "--duration", "2"], rtl: true)
        #expect(ltr.contains { $0.contains("willChangePage(from: 0, to: 1)") })
        #expect(!rtl.contains { $0.contains("willChangePage") })
    }
}
