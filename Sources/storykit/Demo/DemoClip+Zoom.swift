import Foundation
import StoryKit
import StoryRender

extension DemoClip {
    /// A three-column grid of the demo photos on a `page`, and the cell at row 1, column 1.
    static func zoomGrid(page: Size) -> (layers: [Layer], cell: Rect) {
        let side = (page.width - 4) / 3
        var layers: [Layer] = []
        var cell = Rect.zero
        var header = Layer(name: "header", frame: Rect(x: 0, y: 0, width: page.width, height: 44))
        header.text = TextContents("Photos", fontSize: 17, color: RGBAColor(white: 0.1), alignment: .center, numberOfLines: 1)
        layers.append(header)
        for row in 0..<Int((page.height - 48) / (side + 2) + 1) {
            for column in 0..<3 {
                let frame = Rect(x: Double(column) * (side + 2), y: 48 + Double(row) * (side + 2), width: side, height: side)
                var photo = Layer(name: "cell \(row),\(column)", frame: frame)
                photo.contents = ImageContents(image: "photo \((row + column) % 3)", gravity: .resizeAspectFill).mipmapped
                photo.masksToBounds = true
                layers.append(photo)
                if row == 1, column == 1 { cell = frame }
            }
        }
        return (layers, cell)
    }

    /// A clip of the zoom (``ZoomSession``) replaying `script` over `grid`, and its events with
    /// their times.
    static func zoom(replaying script: GestureScript, grid: [Layer], geometry: ZoomTransition.Geometry, images: [String: RGBAImage],
                     detail: String, framesPerSecond: Double, duration: Double, name: String = "zoom",
                     title: String = "Zoom transition", caption: String = "")
        -> (clip: DemoClip, events: [(time: Double, event: ZoomTransition.Event)]) {
        let start = TouchReplay(script: script, model: ZoomSession(geometry: geometry))
        let size = geometry.container
        return replaying(start, name: name, title: title, caption: caption, size: size, duration: duration,
                         framesPerSecond: framesPerSecond, images: images) { model, time in
            LayerScene(size: size, backgroundColor: RGBAColor(white: 1),
                       layers: model.zoom.layers(at: time, grid: grid, image: ImageContents(image: detail).mipmapped))
        }
    }

    /// The reel's zoom session on a page: a tap opens the cell; a slow drag that comes back
    /// cancels; a flick finishes into the cell; a tap opens it again; a flick lets go, and a touch
    /// grabs it mid-flight and brings it back.
    static func zoomReelScript(page: Size, cell: Rect) -> GestureScript {
        let tap = Point(x: cell.midX, y: cell.midY)
        let y = page.height * 0.5
        func tapCell(_ time: Double) -> [GestureScript.Event] { GestureScript.drag(from: tap, to: tap, start: time, duration: 0.05).events }
        return GestureScript(events:
            tapCell(0.4)
            + GestureScript.drag(from: Point(x: 30, y: y), to: Point(x: 30 + page.width * 0.35, y: y + 30), start: 1.8, duration: 0.6).events
                .dropLast()
            + GestureScript.drag(from: Point(x: 30 + page.width * 0.35, y: y + 30), to: Point(x: 40, y: y + 10), start: 2.4, duration: 0.5).events
                .dropFirst()
            + GestureScript.drag(from: Point(x: 30, y: y), to: Point(x: 30 + page.width * 0.5, y: y + 40), start: 3.8, duration: 0.2).events
            + tapCell(5.2)
            + GestureScript.drag(from: Point(x: 30, y: y), to: Point(x: 30 + page.width * 0.4, y: y + 20), start: 6.6, duration: 0.15).events
            + GestureScript.drag(from: Point(x: page.width * 0.45, y: y * 0.9), to: Point(x: page.width * 0.25, y: y * 0.95),
                                 start: 6.95, duration: 0.25).events)
    }

    /// The reel's zoom clip.
    static func zoomClip() -> DemoClip {
        let page = Size(width: 270, height: 480)
        let (grid, cell) = zoomGrid(page: page)
        let photos = DemoPhotos.loadForReel()
        var images: [String: RGBAImage] = [:]
        for (index, photo) in photos.prefix(3).enumerated() { images["photo \(index)"] = photo }
        let detail = photos[min(1, photos.count - 1)]
        let shown = page.width * Double(detail.height) / Double(max(detail.width, 1))
        let geometry = ZoomTransition.Geometry(container: page, source: cell, sourceCornerRadius: 0,
                                               destination: Rect(x: 0, y: (page.height - shown) / 2, width: page.width, height: shown),
                                               imageSize: Size(width: Double(detail.width), height: Double(detail.height)))
        return zoom(replaying: zoomReelScript(page: page, cell: cell), grid: grid, geometry: geometry, images: images,
                    detail: "photo 1", framesPerSecond: 30, duration: 8.7,
                    caption: "A tap opens the cell; a slow drag that comes back cancels; a flick closes into the cell (the "
                        + "detail shrinks by 1 − 0.4 · progress, rounds, and the grid shows dimmed); a tap opens it again; a "
                        + "flick lets go and a touch grabs it mid-flight and brings it back, without a jump.").clip
    }
}
