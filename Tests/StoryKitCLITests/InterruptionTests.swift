import Foundation
import StoryKitTestSupport
import StoryRender
import Testing

/// Ctrl-C or SIGTERM during a render (issue 24): the built `storykit` in a child process, stopped
/// while it writes; nothing stays under the output's name, no temporary file stays beside it, and
/// it says so in one line with the shell's status for the signal.
@Suite(.serialized) struct InterruptionTests {
    private let scratch = ScratchFolders()

    /// Starts a ten-minute render into `output`, waits until `started` says it is writing,
    /// sends `signal` and returns the finished process.
    private func interrupt(_ arguments: [String], in folder: String, signal: Int32,
                           started: ([String]) -> Bool) throws -> StoryKitProcess {
        let child = try StoryKitProcess(arguments)
        let writing = eventually {
            started((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []) || !child.process.isRunning
        }
        guard writing && child.process.isRunning else {
            // Not left rendering for ten minutes behind a failed test.
            child.send(SIGKILL)
            child.wait()
            Issue.record("the render never started writing: \(child.standardError)")
            throw CancellationError()
        }
        child.send(signal)
        child.wait()
        return child
    }

    @Test func ctrlCDuringAGIFLeavesNothingAndSaysSo() throws {
        let folder = try scratch.make("storykit-interrupt")
        let output = folder + "/out.gif"
        let child = try interrupt(["render", "cube", "--duration", "600", "-o", output], in: folder, signal: SIGINT) { files in
            files.contains { $0.hasPrefix(".out.gif.") && $0.hasSuffix(".partial") }
        }
        #expect(!child.killedBySignal && child.status == 130)
        // A 600 s GIF is large: the size warning comes first, before any frame.
        #expect(child.standardError == "warning: this GIF will be about 467 MB (18000 frames of 270×480); "
            + "an .mp4 output holds the same frames in a few MB\nstorykit: interrupted; nothing written to \(output)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func sigtermDuringPNGFramesRemovesTheFramesAndTheFolderItMade() throws {
        let folder = try scratch.make("storykit-interrupt")
        let output = folder + "/frames/"
        // Wait for frames on disk (in the temporary folder), so there is something to clean.
        let child = try interrupt(["render", "ring", "--duration", "600", "--scale", "1", "-o", output], in: folder,
                                  signal: SIGTERM) { files in
            files.contains { $0.hasPrefix("frames/.storykit-") && $0.hasSuffix(".png") }
        }
        #expect(!child.killedBySignal && child.status == 143)
        #expect(child.standardError == "storykit: interrupted; nothing written to \(output)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test(.enabled(if: VideoEncoder.ffmpegPath() != nil, "needs ffmpeg on the PATH"))
    func ctrlCDuringAnMP4StopsFFmpegAndLeavesNoVideo() throws {
        let folder = try scratch.make("storykit-interrupt")
        let output = folder + "/clip.mp4"
        // ffmpeg has written part of the video to its temporary file (the encoder's own, beside
        // the command's staged name): the case that used to leave a valid but short MP4 under
        // the final name.
        let child = try interrupt(["render", "cube", "--duration", "600", "--scale", "0.5", "-o", output], in: folder,
                                  signal: SIGINT) { files in
            files.contains { name in
                name.hasPrefix("..clip.mp4.") && name.contains(".partial.tmp-")
                    && ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0) > 0
            }
        }
        #expect(!child.killedBySignal && child.status == 130)
        #expect(child.standardError == "storykit: interrupted; nothing written to \(output)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func sigtermDuringTheDemoReelLeavesNoReel() throws {
        let folder = try scratch.make("storykit-interrupt")
        let output = folder + "/reel"
        let child = try interrupt(["demo", "--only", "cube,viewer", "-o", output], in: folder, signal: SIGTERM) { files in
            files.contains { $0.hasPrefix("reel/.cube.gif.") }
        }
        #expect(!child.killedBySignal && child.status == 143)
        #expect(child.standardError == "storykit: interrupted; nothing written to \(output)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func aCompleteRenderStillWritesItsFileAndNoTemporary() throws {
        let folder = try scratch.make("storykit-interrupt")
        let child = try StoryKitProcess.run(["render", "cube", "--duration", "0.2", "--scale", "0.25", "-o", folder + "/out.gif"])
        #expect(child.status == 0 && child.standardError.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gif"])
    }
}
