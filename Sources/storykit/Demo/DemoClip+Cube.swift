import StoryKit
import StoryRender

extension DemoClip {
    /// The Stories cube driven by a scripted gesture: a slow drag that is released back, two
    /// flicks forward, and a drag past the last page that rubber-bands.
    ///
    /// The `CubePager` model takes the script's touches and the frame times; the clip renders the
    /// scene it returns at each frame, exactly what the UIKit front-end would apply to layers.
    static func cube() -> DemoClip {
        let page = Size(width: 270, height: 480)
        let fps = 25.0
        let x = page.width * 0.8, y = page.height / 2
        func drag(_ dx: Double, at start: Double, over duration: Double, hold: Double = 0) -> GestureScript {
            .drag(from: Point(x: x, y: y), to: Point(x: x + dx, y: y + 3), start: start, duration: duration,
                  holdBeforeRelease: hold)
        }
        let script = GestureScript(events:
            drag(-0.4 * page.width, at: 0.3, over: 0.45, hold: 0.15).events      // 40 %, slow, released: back
            + drag(-70, at: 1.8, over: 0.08).events                               // flick: next page
            + drag(-70, at: 3.0, over: 0.08).events                               // flick: last page
            + drag(-0.55 * page.width, at: 4.2, over: 0.4).events)                // past the end: rubber band
        let duration = 5.6
        let names = ["page-0", "page-1", "page-2"]
        var images: [String: RGBAImage] = [:]
        for (i, name) in names.enumerated() {
            images[name] = DemoImages.landscape(width: 540, height: 960, palette: DemoImages.palettes[i])
        }
        var pager = CubePager(pageCount: names.count, pageSize: page)
        var scenes: [Scene] = []
        var last = -Double.infinity
        for frame in 0...Int(duration * fps) {
            let now = Double(frame) / fps
            for event in script.events(from: last, to: now + 1e-9) {
                switch event.phase {
                case .began: _ = pager.touchBegan(at: event.position, time: event.time)
                case .moved: pager.touchMoved(to: event.position, time: event.time)
                case .ended: _ = pager.touchEnded(at: event.position, time: event.time)
                case .cancelled: _ = pager.touchCancelled(time: event.time)
                }
            }
            last = now + 1e-9
            _ = pager.advance(to: now)
            scenes.append(pager.scene { ImageContents(image: names[$0], gravity: .resizeAspectFill) })
        }
        let frozen = scenes
        return DemoClip(
            name: "cube", title: "Stories cube",
            caption: "The cube pager driven by a scripted finger: a slow 40 % drag released back, two flicks "
                + "forward, a drag past the last page that rubber-bands. Faces stay joined; the leaving face darkens.",
            size: page, duration: duration, framesPerSecond: fps, images: images
        ) { time in
            frozen[min(frozen.count - 1, max(0, Int((time * fps).rounded())))]
        }
    }
}
