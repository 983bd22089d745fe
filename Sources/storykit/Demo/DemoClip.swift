import StoryKit
import StoryRender

/// One clip of the demo reel: a scene for every time, how long it runs and what it shows.
///
/// A clip is a sequence of scenes sampled at a fixed frame rate: the reel renders each scene with
/// the compositor as it comes and writes it to an animated GIF (and an MP4). Most clips are pure
/// functions of time, like every StoryKit effect (``init(name:title:caption:size:duration:framesPerSecond:images:scene:)``);
/// the cube replays a gesture script frame by frame. Scenes are made as they are drawn and then
/// dropped, so memory does not grow with the clip's length.
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
    /// Starts the clip's scenes: each call gives a new iterator whose `next()` is the scene of
    /// frame 0, then of frame 1, … (frame `i` shows time `i / framesPerSecond`); it never ends.
    let scenes: @Sendable () -> AnyIterator<LayerScene>

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
    /// A clip that is a pure function of time.
    ///
    /// - Parameters:
    ///   - name: File stem of the clip's GIF.
    ///   - title: Heading in the reel's index page.
    ///   - caption: What to look for.
    ///   - size: The scene size, in points.
    ///   - duration: Length, in seconds.
    ///   - framesPerSecond: Frames sampled per second.
    ///   - images: Images the scenes refer to by name.
    ///   - scene: The scene at a time in seconds (0…duration).
    init(name: String, title: String, caption: String, size: Size, duration: Double, framesPerSecond: Double,
         images: [String: RGBAImage], scene: @escaping @Sendable (Double) -> LayerScene) {
        self.init(name: name, title: title, caption: caption, size: size, duration: duration,
                  framesPerSecond: framesPerSecond, images: images) {
            var index = 0
            return AnyIterator {
                defer { index += 1 }
                return scene(Double(index) / framesPerSecond)
            }
        }
    }

    /// Every clip of the reel, in the order the index page shows them, each captioned with its
    /// title (``captioned()``).
    static func reel() -> [DemoClip] {
        ([cube()] + [viewer()].compactMap { $0 } + [storyRing()] + [trayClip()].compactMap { $0 } + [zoomClip(), profileClip(), perspectiveCard(), springMove(), timingCurves()])
            .map { $0.captioned() }
    }
}
