import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// `storykit render ring` and `storykit render tray`: their events, frames and one-line errors.
@Suite struct RenderRingTrayCommandTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "storykit-ring-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func run(_ arguments: [String]) throws -> [String] {
        try CLI.run(["render"] + arguments)
    }

    @Test func aLoadingRingReportsItsTapAndLaunchAndWritesEveryFrame() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try run(["ring", "--ready-after", "1.2", "--fps", "10", "--scale", "1", "-o", dir + "/frames/"])
        #expect(lines == ["  0.300 s  loadingStarted", "  1.800 s  launch",
                          "wrote \(dir)/frames/frame-0000.png … frame-0023.png: 24 frames at 10 fps (2.4 s), 96×96 px"])
        // The avatar is 0.6 of 96 pt: a radius of 28.8 pt, 25.9 pt while loading (scale 0.9). Frame
        // 10 (1.0 s) loads: 27.5 pt above the centre is the gap, white; at rest (frame 23, past the
        // launch) it is the avatar again.
        let loading = try RGBAImage(contentsOfFile: dir + "/frames/frame-0010.png")
        #expect(loading[48, 48 - 28].r == 255 && loading[48, 48 - 28].g == 255)
        let rest = try RGBAImage(contentsOfFile: dir + "/frames/frame-0023.png")
        #expect(rest[48, 48 - 28].r < 200)
    }

    @Test func badRingArgumentsGiveOneLineErrors() {
        func failure(_ arguments: [String]) -> String? {
            do { _ = try run(arguments); return nil } catch { return "\(error)" }
        }
        #expect(failure(["ring", "--state", "spinning", "-o", "/tmp/x.gif"]) == "--state must be one of unseen, seen, none, loading, got \"spinning\"")
        #expect(failure(["ring", "--state", "seen", "--ready-after", "1", "-o", "/tmp/x.gif"]) == "--ready-after needs --state loading")
        #expect(failure(["ring", "--ready-after", "-1", "-o", "/tmp/x.gif"]) == "--ready-after must be a number of seconds in 0…600, got -1.0")
        #expect(failure(["tray", "--load-time", "nan", "-o", "/tmp/x.gif"]) == "--load-time must be a number of seconds in 0…30, got nan")
    }

    @Test func theTraySessionLoadsOpensMovesTheRowAndClosesIntoTheAvatarItEndedOn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try run(["tray", "--fps", "5", "--scale", "0.25", "-o", dir + "/tray.gif"])
        let events = lines.dropLast().map { $0.components(separatedBy: " s  ").last ?? "" }
        #expect(events.first == "loadingStarted(user: 1)")
        #expect(events.contains("launch(user: 1, from: 11.5,15.5 54×54)"))
        #expect(events.filter { $0.hasPrefix("userChanged") } == ["userChanged(from: 1, to: 2)", "userChanged(from: 2, to: 3)",
                                                                   "userChanged(from: 3, to: 4)"])
        #expect(events.last == "closed(dismissed)")
        #expect(lines.last?.hasSuffix("68×120 px") == true)
    }

    @Test func theTraySessionRevealsTheLastUserAndTheDismissLandsInItsAvatar() {
        // The model under the command: after the swipes the row has scrolled so that Eve's avatar
        // is whole, and the viewer's landing frame is that avatar's.
        let page = Size(width: 270, height: 480)
        let feed = (try? DemoClip.trayFeed()) ?? StoryFeed(users: [])
        let configuration = DemoClip.trayConfiguration(width: page.width)
        let tray = StoryTray(feed: feed, seen: [], viewportWidth: page.width, configuration: configuration)
        let script = DemoClip.trayReelScript(tray: tray, page: page, loadTime: 1)
        var replay = TouchReplay(script: script, model: TraySession(feed: feed, seen: [], page: page, loadTime: 1,
                                                                    configuration: configuration))
        var landing: Rect?
        for frame in 0..<300 {
            _ = replay.step(to: Double(frame) / 30)
            if let viewer = replay.model.viewer?.viewer, viewer.userIndex == 4 { landing = viewer.avatarFrame }
        }
        let eve = replay.model.tray.visibleAvatarFrame(user: 4)
        #expect(eve != nil && landing == eve)
        #expect(replay.model.tray.contentOffset > 0 && replay.model.viewer == nil)
    }
}

/// `storykit render zoom`: its events, frames and one-line errors.
@Suite struct RenderZoomCommandTests {
    private func run(_ arguments: [String]) throws -> [String] {
        try CLI.run(["render", "zoom"] + arguments)
    }

    @Test func theReelSessionOpensCancelsFinishesAndReGrabs() throws {
        let dir = NSTemporaryDirectory() + "storykit-zoom-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try run(["--fps", "10", "--scale", "0.25", "-o", dir + "/zoom.gif"])
        let events = lines.dropLast().map { $0.components(separatedBy: " s  ").last ?? "" }
        #expect(events == ["began", "finished(presented: true)", "began", "cancelled", "began", "finished(presented: false)",
                           "began", "finished(presented: true)", "began", "cancelled"])
        #expect(lines.last?.hasSuffix("68×120 px") == true)
    }

    @Test func badZoomArgumentsGiveOneLineErrors() {
        func failure(_ arguments: [String]) -> String? {
            do { _ = try run(arguments + ["-o", "/tmp/x.gif"]); return nil } catch { return "\(error)" }
        }
        #expect(failure(["--cell", "1,2,3,4"]) == "--cell needs --grid-image")
        #expect(failure(["--grid-image", "/nonexistent.png"]) == "--grid-image needs --cell x,y,w,h")
        #expect(failure(["--grid-image", "/nonexistent.png", "--cell", "1,2,0,4"])
            == "--cell must be x,y,w,h in points with a positive size (e.g. 92,140,88,88), got \"1,2,0,4\"")
        #expect(failure(["--grid-image", "/nonexistent.png", "--cell", "1,2,3,4"]) == "/nonexistent.png: no such file")
    }
}
