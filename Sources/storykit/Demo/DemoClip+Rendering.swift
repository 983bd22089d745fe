import StoryKit
import StoryRender
import Foundation

extension DemoClip {
    /// The frame size at `scale` pixels per point: the point size times the scale, rounded.
    func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// Renders every frame with the compositor and hands each to every writer, in order, with a
    /// progress bar on a terminal; between frames it stops with ``Interrupted`` once SIGINT or
    /// SIGTERM has arrived (``Interruption``).
    ///
    /// One frame is held at a time (and the still): the scenes are made as they are drawn, and
    /// the writers stream (``FrameWriter``), so memory does not grow with the clip's length.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - writers: Open outputs for frames of ``pixelSize(scale:)``; the caller finishes them.
    ///   - fraction: Which frame to return, as a fraction of the clip (0…1).
    ///   - jobs: Threads that render frames at once (``Jobs``); 1 renders on the calling thread,
    ///     more go through ``renderOnThreads(scale:into:stillAt:jobs:)``, with the same bytes.
    /// - Returns: The frame at `fraction` of the clip (for a contact sheet).
    /// - Throws: ``CLIError`` naming the clip and frame when a scene cannot be rendered, or the
    ///   writer's error; ``Interrupted``.
    func render(scale: Double, into writers: [FrameWriter], stillAt fraction: Double = 0.6, jobs: Int = 1) throws -> RGBAImage {
        if jobs > 1, frameCount > 1 { return try renderOnThreads(scale: scale, into: writers, stillAt: fraction, jobs: jobs) }
        let renderer = Renderer(images: images)
        let (width, height) = pixelSize(scale: scale)
        var frame = RGBAImage(width: width, height: height)
        var still = frame
        let stillIndex = min(frameCount - 1, Int(Double(frameCount) * fraction))
        var progress = ProgressBar(label: name, total: frameCount)
        let scenes = self.scenes()
        for index in 0..<frameCount {
            try Interruption.shared.check()
            guard let scene = scenes.next() else { break }
            do {
                try renderer.render(scene, scale: scale, into: &frame)
            } catch {
                throw CLIError("\(name), frame \(index): \(error)")
            }
            for writer in writers { try writer.add(frame) }
            if index == stillIndex { still = frame }
            progress.update(index + 1)
        }
        progress.finish()
        return still
    }
}

extension DemoClip {
    /// Renders every frame into `writer` (opened before any work, so that an output that cannot
    /// be written stops the command first), finishes it and returns the one-line summary of what
    /// was written: what each `storykit render …` command prints last.
    ///
    /// On any failure, and on SIGINT or SIGTERM, ffmpeg is stopped and the temporary files are
    /// removed: nothing is left under the output's name.
    ///
    /// - Parameters:
    ///   - writer: The open output (GIF, MP4, PNG frames or a folder).
    ///   - output: The path as the user gave it, for the summary.
    ///   - pixels: The frame size in pixels.
    ///   - scale: Pixels per point.
    ///   - length: The clip's length in seconds, for the summary.
    ///   - jobs: Threads that render frames at once (``Jobs``).
    /// - Throws: The renderer's or the writer's error; ``CLIError/interrupted(by:output:)``.
    func write(to writer: FrameWriter, output: String, pixels: (width: Int, height: Int), scale: Double, length: Double,
               jobs: Int = 1) throws -> String {
        if case .gif = writer.output,
           let warning = FrameOutput.largeGIFWarning(width: pixels.width, height: pixels.height, frames: frameCount) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        do {
            _ = try render(scale: scale, into: [writer], jobs: jobs)
            try writer.finish()
        } catch {
            writer.cancel()
            throw Interrupted.reported(error, output: output)
        }
        return FrameOptions.summary(writer.output, output: output, frameCount: frameCount, fps: framesPerSecond, length: length,
                                    pixels: pixels)
    }
}
