import Foundation
import StoryKit
import StoryRender

extension DemoClip {
    /// One story ring on a light background: at rest in `status`, or tapped at `tapAt` and
    /// loading until `readyAfter` seconds later (never, if `nil`), then resolving.
    ///
    /// - Parameters:
    ///   - status: Which ring shows.
    ///   - tapAt: When the avatar is tapped (seconds), or `nil` for a ring at rest.
    ///   - readyAfter: Seconds from the tap to readiness, or `nil` for loading to the end.
    ///   - configuration: The ring's look and timing (Reduce Motion included).
    ///   - size: The clip's size, in points; the avatar is 0.6 of its smaller side.
    ///   - framesPerSecond: Frames sampled per second.
    ///   - duration: The clip's length, in seconds.
    ///   - avatar: The avatar's picture.
    static func ring(status: StoryRing.Status, tapAt: Double?, readyAfter: Double?, configuration: StoryRing.Configuration,
                     size: Size, framesPerSecond: Double, duration: Double, avatar: RGBAImage,
                     name: String = "ring", title: String = "Story ring", caption: String = "") -> DemoClip {
        let side = min(size.width, size.height) * 0.6
        let avatarFrame = Rect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
        let script = RingScript(status: status, tapAt: tapAt, readyAfter: readyAfter, configuration: configuration)
        return DemoClip(name: name, title: title, caption: caption, size: size, duration: duration,
                        framesPerSecond: framesPerSecond, images: ["avatar": avatar]) { time in
            LayerScene(size: size, backgroundColor: RGBAColor(white: 1),
                       layers: script.ring(at: time).layers(at: time, avatarFrame: avatarFrame,
                                                            avatar: ImageContents(image: "avatar", gravity: .resizeAspectFill).mipmapped))
        }
    }

    /// The reel's ring clip: a new story's gradient ring, a seen story's grey ring, and one
    /// tapped at 0.4 s that loads until 2.6 s, resolves and launches; the same tap under Reduce
    /// Motion pulses instead.
    static func storyRing() -> DemoClip {
        let size = Size(width: 320, height: 150)
        let avatar = DemoFeed.avatar()
        let cells: [(RingScript, String)] = [
            (RingScript(status: .unseen, tapAt: nil, readyAfter: nil, configuration: .init()), "new"),
            (RingScript(status: .seen, tapAt: nil, readyAfter: nil, configuration: .init()), "seen"),
            (RingScript(status: .unseen, tapAt: 0.4, readyAfter: 2.2, configuration: .init()), "loading"),
            (RingScript(status: .unseen, tapAt: 0.4, readyAfter: 2.2, configuration: .init(reduceMotion: true)), "reduce motion"),
        ]
        return DemoClip(
            name: "story-ring", title: "Story ring",
            caption: "New (gradient) and seen (grey) rings; a tap loads: the avatar shrinks and the ring turns in segments "
                + "until the story is ready (2.6 s), then every channel comes to rest from its own speed and the viewer "
                + "would launch. Right: the same under Reduce Motion, a pulse.",
            size: size, duration: 3.6, framesPerSecond: 25, images: ["avatar": avatar]
        ) { time in
            var layers: [Layer] = []
            for (index, (script, label)) in cells.enumerated() {
                let frame = Rect(x: 20 + Double(index) * 76, y: 22, width: 56, height: 56)
                layers += script.ring(at: time).layers(at: time, avatarFrame: frame,
                                                       avatar: ImageContents(image: "avatar", gravity: .resizeAspectFill).mipmapped, name: label)
                var text = Layer(name: label + " label", frame: Rect(x: frame.minX - 10, y: 90, width: 76, height: 14))
                text.text = TextContents(label, fontSize: 10, color: RGBAColor(white: 0.3), alignment: .center, numberOfLines: 1)
                layers.append(text)
            }
            return LayerScene(size: size, backgroundColor: RGBAColor(white: 1), layers: layers)
        }
    }
}

/// A ring's inputs as a script: a tap, then readiness; ``ring(at:)`` replays them up to a time.
struct RingScript: Sendable {
    let status: StoryRing.Status
    let tapAt: Double?
    let readyAfter: Double?
    let configuration: StoryRing.Configuration

    /// The ring with every input up to `time` given, advanced to `time`.
    func ring(at time: Double) -> StoryRing {
        var ring = StoryRing(status: status, configuration: configuration)
        if let tapAt, tapAt <= time {
            ring.tap(time: tapAt)
            if let readyAfter, tapAt + readyAfter <= time { ring.ready(time: tapAt + readyAfter) }
        }
        ring.advance(to: time)
        return ring
    }
}

extension DemoFeed {
    /// Ava's avatar from the demo feed, or a generated landscape when it is not there.
    static func avatar() -> RGBAImage {
        (try? RGBAImage(contentsOfFile: (folder as NSString).appendingPathComponent("ava/avatar.jpg")))
            ?? DemoImages.landscape(width: 240, height: 240, palette: DemoImages.palettes[2])
    }
}
