import StoryKit
import StoryRender

extension DemoClip {
    /// The Stories cube driven by a scripted gesture (``CubeReplay/reelScript(pageSize:)``): a
    /// slow drag that is released back, two flicks forward, and a drag past the last page that
    /// rubber-bands, over the bundled photos of Ava, Ben and Cleo (``DemoPhotos``).
    static func cube() -> DemoClip {
        let page = Size(width: 270, height: 480)
        return cube(
            replaying: CubeReplay.reelScript(pageSize: page), pages: DemoPhotos.loadForReel(), pageSize: page,
            framesPerSecond: 30, duration: 5.6,   // the frame rate `render cube` uses
            title: "Stories cube",
            caption: "The cube pager driven by a scripted finger: a slow 40 % drag released back, two flicks "
                + "forward, a drag past the last page that rubber-bands. Faces stay joined; the leaving face darkens."
        ).clip
    }

    /// A clip of a ``CubePager`` replaying `script` over `pages`, and the page events the replay
    /// produced, with their times.
    ///
    /// The model takes the script's touches and the frame times (``CubeReplay``); the clip shows
    /// the scene it returns at each frame (``CubeReplay/shownPager``), exactly what the UIKit
    /// front-end would apply to layers. Pages are drawn with `resizeAspectFill`. The events come
    /// from a replay here, before any frame is drawn; the clip replays the script again as it is
    /// rendered, one frame's scene at a time, so nothing is kept per frame.
    ///
    /// - Parameters:
    ///   - script: The touches, in points in the page's coordinate space and seconds.
    ///   - pages: One image per page, in page order (at least one).
    ///   - pageSize: The page (and frame) size, in points.
    ///   - configuration: The pager's constants (the transition among them).
    ///   - framesPerSecond: Frames sampled per second.
    ///   - duration: The clip's length, in seconds; frame `i` shows time `i / framesPerSecond`.
    ///   - name: The clip's file stem.
    ///   - title: Heading in the reel's index page.
    ///   - caption: What to look for.
    /// - Returns: The clip and the events of the frames it covers, in order.
    static func cube(replaying script: GestureScript, pages: [RGBAImage], pageSize: Size,
                     configuration: CubePager.Configuration = CubePager.Configuration(),
                     framesPerSecond: Double, duration: Double, name: String = "cube",
                     title: String = "Stories cube", caption: String = "")
        -> (clip: DemoClip, events: [CubeReplay.TimedEvent]) {
        let names = pages.indices.map { "page-\($0)" }
        let images = Dictionary(uniqueKeysWithValues: zip(names, pages))
        let start = CubeReplay(script: script, pager: CubePager(pageCount: pages.count, pageSize: pageSize,
                                                                configuration: configuration))
        var replay = start
        var events: [CubeReplay.TimedEvent] = []
        for frame in 0..<frameCount(duration: duration, framesPerSecond: framesPerSecond) {
            events += replay.step(to: Double(frame) / framesPerSecond)
        }
        let clip = DemoClip(name: name, title: title, caption: caption, size: pageSize, duration: duration,
                            framesPerSecond: framesPerSecond, images: images) {
            var replay = start
            var frame = 0
            return AnyIterator {
                _ = replay.step(to: Double(frame) / framesPerSecond)
                frame += 1
                return replay.shownPager.scene { ImageContents(image: names[$0], gravity: .resizeAspectFill).mipmapped }
            }
        }
        return (clip, events)
    }
}
