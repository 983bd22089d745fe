import StoryKit
import StoryRender

/// One clip of the demo reel: a scene for every time, how long it runs and what it shows.
///
/// A clip is a pure function of time, like every StoryKit effect: the reel samples it at a fixed
/// frame rate, renders each scene with the compositor and writes an animated GIF.
struct DemoClip: Sendable {
    /// File stem of the clip's GIF, e.g. `perspective-card`.
    let name: String
    /// Heading shown in the reel's index page.
    let title: String
    /// One or two sentences saying what to look for.
    let caption: String
    /// The scene size in points.
    let size: Size
    /// Length of the clip in seconds.
    let duration: Double
    /// Frames sampled per second.
    let framesPerSecond: Double
    /// Images the scenes refer to by name.
    let images: [String: RGBAImage]
    /// The scene at a time in seconds (0…duration).
    let scene: @Sendable (Double) -> LayerScene

    /// The number of frames, at least 1.
    var frameCount: Int { Self.frameCount(duration: duration, framesPerSecond: framesPerSecond) }

    /// The number of frames of a clip `duration` seconds long sampled `framesPerSecond` times a
    /// second: `duration × framesPerSecond` rounded, at least 1.
    static func frameCount(duration: Double, framesPerSecond: Double) -> Int {
        max(1, Int((duration * framesPerSecond).rounded()))
    }

    /// The time of frame `index`, in seconds.
    func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }
}

extension DemoClip {
    /// Every clip of the reel, in the order the index page shows them, each captioned with its
    /// title (``captioned()``).
    static func reel() -> [DemoClip] {
        [cube(), perspectiveCard(), springMove(), timingCurves(), gradientRing()].map { $0.captioned() }
    }
}
