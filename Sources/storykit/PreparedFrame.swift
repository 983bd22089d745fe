import StoryRender

/// A rendered frame made ready for one ``FrameWriter`` on a worker thread, then added in order
/// with ``FrameWriter/add(_:)-(PreparedFrame)``.
enum PreparedFrame: Sendable {
    /// A GIF frame already quantised and compressed.
    case gif(GIFEncoder.PreparedFrame)
    /// The frame itself, for outputs with nothing to do ahead (MP4: ffmpeg encodes in its own
    /// process; PNG frames).
    case image(RGBAImage)
}

/// What a worker thread does to a rendered frame for one writer before the frame is added in
/// order: for a GIF, the palette, dithering and compression of the frame (the most costly part
/// of a GIF after rendering); nothing for the other outputs.
struct FramePreparer: Sendable {
    /// A copy of the writer's GIF encoder, for its settings; nil for other outputs.
    let gif: GIFEncoder?
    /// The output's frame rate, for the GIF's delays.
    let framesPerSecond: Double

    /// Frame `index` (from 0) of the output, ready to add.
    ///
    /// - Throws: ``CLIError`` for a frame of the wrong size.
    func prepare(_ frame: RGBAImage, index: Int) throws -> PreparedFrame {
        guard let gif else { return .image(frame) }
        do {
            let delay = FrameWriter.gifDelay(ofFrame: index, framesPerSecond: framesPerSecond)
            return .gif(try gif.prepareFrame(frame, delay: delay, isFirst: index == 0))
        } catch {
            throw CLIError("\(error)")
        }
    }
}
