import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// Clips rendered on several threads: the same files as on one, frames handed over in order.
@Suite struct RenderOnThreadsTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "storykit-jobs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(arguments: ["2", "3"])
    func aRingRenderedOnSeveralThreadsIsByteIdenticalToOneThread(jobs: String) throws {
        // The ring's frames are transparent around the avatar: every frame keeps a transparent
        // entry and is cleared before the next.
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["render", "ring", "--ready-after", "0.4", "--fps", "20", "--scale", "1"]
        let one = try CLI.run(common + ["--jobs", "1", "-o", dir + "/one.gif"])
        let many = try CLI.run(common + ["--jobs", jobs, "-o", dir + "/many.gif"])
        #expect(one.dropLast() == many.dropLast())
        let serial = try bytes(dir + "/one.gif"), parallel = try bytes(dir + "/many.gif")
        #expect(serial.count > 1_000)
        #expect(serial == parallel)
    }

    @Test func aClipWhoseFramesTurnTransparentIsByteIdenticalOnThreads() throws {
        // Opaque frames followed by transparent ones: the frame before a transparent one must be
        // encoded again with a transparent entry, which a thread cannot know ahead.
        let clip = DemoClip(name: "blink", title: "Blink", caption: "", size: Size(width: 40, height: 30), duration: 1,
                            framesPerSecond: 12, images: [:]) { time in
            let step = Int((time * 12).rounded())
            var square = Layer(name: "square", frame: Rect(x: Double(step * 2), y: 5, width: 12, height: 12))
            square.backgroundColor = RGBAColor(red: 0.9, green: 0.3, blue: Double(step) / 12, alpha: 1)
            let opaque = step % 5 < 3
            return LayerScene(size: Size(width: 40, height: 30),
                              backgroundColor: opaque ? RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1) : nil,
                              layers: [square])
        }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [Data] = []
        var stills: [RGBAImage] = []
        for jobs in [1, 2, 4] {
            let path = dir + "/blink-\(jobs).gif"
            let writer = try FrameOutput.gif(path).open(width: 40, height: 30, framesPerSecond: 12)
            stills.append(try clip.render(scale: 1, into: [writer], stillAt: 0.6, jobs: jobs))
            try writer.finish()
            files.append(try bytes(path))
        }
        #expect(files[0].count > 500)
        #expect(files[1] == files[0] && files[2] == files[0])
        #expect(stills[1] == stills[0] && stills[2] == stills[0])
        // Frame 7 (0.6 of 12) is the still: an opaque frame, the red square at x = 14…26.
        #expect(stills[0][2, 2] == (26, 51, 77, 255))
        #expect(stills[0][20, 10].r > 200 && stills[0][20, 10].a == 255 && stills[0][30, 10].r < 60)
    }

    @Test func thePipelineHandsResultsOverInOrder() throws {
        var seen: [Int] = []
        try FramePipeline.run(jobs: 3, window: 5, makeState: { 0 }, next: { $0 < 40 ? $0 : nil },
                              work: { calls, index, input in
                                  calls += 1
                                  // Uneven work so that later items often finish first.
                                  var sum = 0
                                  for value in 0..<((40 - index) * 2_000) { sum &+= value }
                                  return input * 10 + (sum == -1 ? 1 : 0)
                              },
                              consume: { index, output in
                                  #expect(output == index * 10)
                                  seen.append(index)
                              })
        #expect(seen == Array(0..<40))
    }

    @Test func anErrorOnAThreadStopsThePipelineAndIsRethrown() {
        struct Broken: Error, Equatable { let index: Int }
        var consumed: [Int] = []
        #expect(throws: Broken(index: 6)) {
            try FramePipeline.run(jobs: 2, window: 4, makeState: { () }, next: { $0 < 100 ? $0 : nil },
                                  work: { _, index, _ in
                                      if index == 6 || index == 9 { throw Broken(index: index) }
                                      return index
                                  },
                                  consume: { index, _ in consumed.append(index) })
        }
        #expect(consumed == Array(0..<6))
    }

    @Test func jobsOutsideTheirRangeGiveOneLineErrors() {
        #expect(CLI.failure(["render", "ring", "--jobs", "0", "-o", "/tmp/x.gif"]) == "--jobs must be a whole number in 1…256, got 0")
        #expect(CLI.failure(["demo", "--jobs", "1000", "-o", "/tmp/storykit-never"]) == "--jobs must be a whole number in 1…256, got 1000")
        #expect(Jobs.defaultCount >= 1)
    }
}
