import StoryKit
import StoryRender

extension DemoClip {
    /// Renders every frame as ``render(scale:into:stillAt:jobs:)`` does, on `jobs` threads.
    ///
    /// The scenes are made in order on the calling thread (a replayed clip steps its model frame
    /// by frame); each thread renders a scene into its own frame buffer and prepares the frame
    /// for every writer (a GIF's palette, dithering and compression, ``FramePreparer``); the
    /// frames are added to the writers in order on the calling thread. At most `2 × jobs` frames
    /// are in flight, so memory does not grow with the clip's length. The files are byte for
    /// byte those of one thread.
    func renderOnThreads(scale: Double, into writers: [FrameWriter], stillAt fraction: Double, jobs: Int) throws -> RGBAImage {
        let renderer = Renderer(images: images)
        let (width, height) = pixelSize(scale: scale)
        let count = frameCount, name = self.name
        let stillIndex = min(count - 1, Int(Double(count) * fraction))
        let preparers = writers.map(\.preparer)
        var still = RGBAImage(width: width, height: height)
        var progress = ProgressBar(label: name, total: count)
        let scenes = self.scenes()
        try FramePipeline.run(
            jobs: jobs, window: 2 * jobs, makeState: { RGBAImage(width: width, height: height) },
            next: { index -> LayerScene? in
                try Interruption.shared.check()
                return index < count ? scenes.next() : nil
            },
            work: { frame, index, scene -> (prepared: [PreparedFrame], still: RGBAImage?) in
                do {
                    try renderer.render(scene, scale: scale, into: &frame)
                } catch {
                    throw CLIError("\(name), frame \(index): \(error)")
                }
                return (try preparers.map { try $0.prepare(frame, index: index) }, index == stillIndex ? frame : nil)
            },
            consume: { index, output in
                for (writer, frame) in zip(writers, output.prepared) { try writer.add(frame) }
                if let frame = output.still { still = frame }
                progress.update(index + 1)
            })
        progress.finish()
        return still
    }
}
