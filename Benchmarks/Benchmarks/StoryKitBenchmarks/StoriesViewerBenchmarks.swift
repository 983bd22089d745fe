import Benchmark
import StoryKit

/// Per-update costs of the Stories viewer model: what a front-end pays per display-link frame
/// or touch sample before drawing (the outputs it reads every frame included).
func storiesViewerBenchmarks() {
    let size = Size(width: 390, height: 844)
    let feed = StoryFeed(users: (0..<5).map { u in
        StoryUser(id: "u\(u)", name: "User \(u)", items: (0..<6).map { StoryItem(id: "u\(u)-\($0)", kind: .image, url: "") })
    })

    /// Reads what a front-end draws from: state, the current page's directive, its bar
    /// segments, the chrome, the dismiss geometry and the cube's faces.
    @inline(__always) func draw(_ viewer: StoriesViewer) {
        blackHole(viewer.state)
        blackHole(viewer.player(forUser: viewer.userIndex))
        for index in 0..<6 { blackHole(viewer.segment(index, forUser: viewer.userIndex)) }
        blackHole(viewer.chromeOpacity)
        blackHole(viewer.dismissGeometry)
        blackHole(viewer.cube.layout)
    }

    // A playing image: a 120 Hz frame time in, the outputs out. Items end and the next one shows
    // every 5 s (600 frames) — the rare frames that append an event are included.
    Benchmark("viewer update: playback frame -> outputs") { benchmark in
        var viewer = StoriesViewer(feed: feed, pageSize: size)
        for u in 0..<5 { for i in 0..<6 { viewer.media(.displaying, for: "u\(u)-\(i)", time: 0) } }
        var t = 0.0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            if viewer.itemIndex == 5 { viewer.previousItem(time: t) }      // stay on the first user
            blackHole(viewer.advance(to: t))
            draw(viewer)
        }
    }

    // A finger dragging the page down (the dismiss) at 120 Hz, back and forth: touch in, outputs out.
    Benchmark("viewer update: dismiss touch moved -> outputs") { benchmark in
        var viewer = StoriesViewer(feed: feed, pageSize: size)
        viewer.media(.displaying, for: "u0-0", time: 0)
        viewer.setAvatarFrame(Rect(x: 20, y: 60, width: 64, height: 64), time: 0)
        viewer.touchBegan(at: Point(x: 200, y: 300), time: 0)
        viewer.touchMoved(to: Point(x: 200, y: 330), time: 0.008)
        var t = 0.008, i = 0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            i += 1
            let phase = Double(i % 240) / 120
            blackHole(viewer.touchMoved(to: Point(x: 200, y: 330 + 300 * (phase <= 1 ? phase : 2 - phase)), time: t))
            draw(viewer)
        }
    }
}
