import Foundation
import StoryRender
import Testing
@testable import storykit

@Suite struct FrameOutputTests {
    @Test(arguments: [
        ("cube.gif", "cube.gif", 7, "cube.gif"),
        ("CUBE.GIF", "CUBE.GIF", 7, "CUBE.GIF"),
        ("out/cube.mp4", "out/cube.mp4", 7, "out/cube.mp4"),
        ("frames/cube-%03d.png", "frames/cube-000.png", 7, "frames/cube-007.png"),
        ("frames/cube-%d.png", "frames/cube-0.png", 12, "frames/cube-12.png"),
        ("frames/", "frames/frame-0000.png", 12, "frames/frame-0012.png"),
        ("frames", "frames/frame-0000.png", 12, "frames/frame-0012.png"),
    ])
    func theOutputFollowsThePath(path: String, first: String, index: Int, nth: String) throws {
        let output = try FrameOutput(path: path)
        #expect(output.path(ofFrame: 0) == first)
        #expect(output.path(ofFrame: index) == nth)
    }

    @Test(arguments: ["cube.png", "cube-%5d.png", "cube-%s.png", "cube-%d-%d.png", "cube.jpg", "cube.webp"])
    func otherPathsAreRefused(path: String) {
        #expect(throws: CLIError.self) { try FrameOutput(path: path) }
    }

    @Test func anExistingFolderGetsNumberedFrames() throws {
        let dir = NSTemporaryDirectory() + "storykit-frames-\(UUID().uuidString).d"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(try FrameOutput(path: dir).path(ofFrame: 3) == dir + "/frame-0003.png")
    }

    @Test func gifDelaysKeepTimeAtThirtyFramesPerSecond() throws {
        let path = NSTemporaryDirectory() + "storykit-delays-\(UUID().uuidString).gif"
        let writer = try FrameOutput.gif(path).open(width: 4, height: 4, framesPerSecond: 30)
        for i in 0..<30 { try writer.add(RGBAImage(width: 4, height: 4, fill: (UInt8(i * 8), 0, 0, 255))) }
        try writer.finish()
        let delays = try GIFStructure(contentsOfFile: path).delays
        // 1/30 s is not a whole number of centiseconds: 3, 4, 3, 3, 4, 3, … adding up to exactly 1 s.
        #expect(delays.count == 30)
        #expect(Array(delays.prefix(6)) == [3, 4, 3, 3, 4, 3])
        #expect(delays.reduce(0, +) == 100)
    }

    @Test func pngFramesAreNumberedFromZeroInANewFolder() throws {
        let dir = NSTemporaryDirectory() + "storykit-png-\(UUID().uuidString)/deep"
        let writer = try FrameOutput(path: dir + "/f-%02d.png").open(width: 3, height: 2, framesPerSecond: 10)
        try writer.add(RGBAImage(width: 3, height: 2, fill: (255, 0, 0, 255)))
        try writer.add(RGBAImage(width: 3, height: 2, fill: (0, 0, 255, 255)))
        try writer.finish()
        #expect(try RGBAImage(contentsOfFile: dir + "/f-00.png")[1, 1] == (255, 0, 0, 255))
        #expect(try RGBAImage(contentsOfFile: dir + "/f-01.png")[2, 0] == (0, 0, 255, 255))
    }

    @Test func aLargeGIFIsSaidBeforeItIsWritten() throws {
        // 60 s at 30 fps and 1080×1920: about 746 MB by the estimate (730 MB measured).
        let warning = try #require(FrameOutput.largeGIFWarning(width: 1080, height: 1920, frames: 1_800))
        #expect(warning == "warning: this GIF will be about 746 MB (1800 frames of 1080×1920); an .mp4 output holds the same frames in a few MB")
        // The reel's clips (270×480, a few hundred frames) say nothing; hostile counts do not trap.
        #expect(FrameOutput.largeGIFWarning(width: 270, height: 480, frames: 351) == nil)
        #expect(FrameOutput.largeGIFWarning(width: -5, height: Int.max, frames: Int.max) == nil)
        #expect(FrameOutput.largeGIFWarning(width: Int.max, height: Int.max, frames: Int.max) != nil)
    }
}
