import StoryKit
import StoryRender

extension DemoClip {
    /// The frame size at `scale` pixels per point: the point size times the scale, rounded.
    func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }

    /// Renders every frame with the compositor and hands each to every writer, in order, with a
    /// progress bar on a terminal.
    ///
    /// One frame is held at a time (and the still): the scenes are made as they are drawn, and
    /// the writers stream (``FrameWriter``), so memory does not grow with the clip's length.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - writers: Open outputs for frames of ``pixelSize(scale:)``; the caller finishes them.
    ///   - fraction: Which frame to return, as a fraction of the clip (0…1).
    /// - Returns: The frame at `fraction` of the clip (for a contact sheet).
    /// - Throws: ``CLIError`` naming the clip and frame when a scene cannot be rendered, or the
    ///   writer's error.
    func render(scale: Double, into writers: inout [FrameWriter], stillAt fraction: Double = 0.6) throws -> RGBAImage {
        let renderer = Renderer(images: images)
        let (width, height) = pixelSize(scale: scale)
        var frame = RGBAImage(width: width, height: height)
        var still = frame
        let stillIndex = min(frameCount - 1, Int(Double(frameCount) * fraction))
        var progress = ProgressBar(label: name, total: frameCount)
        let scenes = self.scenes()
        for index in 0..<frameCount {
            guard let scene = scenes.next() else { break }
            do {
                try renderer.render(scene, scale: scale, into: &frame)
            } catch {
                throw CLIError("\(name), frame \(index): \(error)")
            }
            for i in writers.indices { try writers[i].add(frame) }
            if index == stillIndex { still = frame }
            progress.update(index + 1)
        }
        progress.finish()
        return still
    }
}

extension DemoClip {
    /// Renders every frame into `destination` (one writer, finished) and returns the one-line
    /// summary of what was written: what each `storykit render …` command prints last.
    ///
    /// - Parameters:
    ///   - destination: Where the frames go (GIF, MP4, PNG frames or a folder).
    ///   - output: The path as the user gave it, for the summary.
    ///   - pixels: The frame size in pixels.
    ///   - scale: Pixels per point.
    ///   - length: The clip's length in seconds, for the summary.
    /// - Throws: The renderer's or the writer's error.
    func write(to destination: FrameOutput, output: String, pixels: (width: Int, height: Int), scale: Double, length: Double) throws -> String {
        var writers = [try destination.open(width: pixels.width, height: pixels.height, framesPerSecond: framesPerSecond)]
        _ = try render(scale: scale, into: &writers)
        try writers[0].finish()
        return FrameOptions.summary(destination, output: output, frameCount: frameCount, fps: framesPerSecond, length: length, pixels: pixels)
    }
}
