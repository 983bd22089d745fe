import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render zoom --grid-image g.jpg --cell x,y,w,h --detail photo.jpg --gesture FILE -o zoom.gif`:
/// the grid-to-detail zoom and its interactive pop, replaying a gesture script.
struct RenderZoomCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "zoom",
        abstract: "Render the zoom transition (grid to detail, and the interactive way back) replaying a gesture script.",
        discussion: """
        While the grid shows, a tap on the cell opens it: the detail image grows out of the cell on a spring. While the \
        detail shows, a drag shrinks it (1 − 0.4 · horizontal progress, down to 0.6) and it follows the finger; a \
        release moving on (or past half way) closes into the cell, one moving back returns; a touch mid-flight grabs it \
        again. Without options: a grid of the demo photos and the reel's session. Events are printed one a line. Output \
        by extension as for render cube.
        """
    )

    @Option(name: .customLong("grid-image"), help: ArgumentHelp("The grid screen as one picture (PNG or JPEG), drawn over the page.", valueName: "image"))
    var gridImage: String?

    @Option(help: ArgumentHelp("The cell's frame in the page's points (with --grid-image).", valueName: "x,y,w,h"))
    var cell: String?

    @Option(help: ArgumentHelp("The detail image (PNG or JPEG; default: the cell's demo photo).", valueName: "image"))
    var detail: String?

    @Option(help: ArgumentHelp("The gesture script (GestureScript JSON, in the page's points).", valueName: "file"))
    var gesture: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write: zoom.gif, zoom.mp4, frames/zoom-%03d.png or a folder.", valueName: "path"))
    var output: String

    @OptionGroup var frames: FrameArguments

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to render, up to 600 (default: the script's end plus 1.5 s).", valueName: "seconds"))
    var duration: Double?

    /// Renders the session and reports through `log`: each event, then what was written.
    ///
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws {
        let options = try frames.options(duration: duration)
        let page = options.page
        if gridImage != nil, cell == nil { throw CLIError("--grid-image needs --cell x,y,w,h") }
        if gridImage == nil, cell != nil { throw CLIError("--cell needs --grid-image") }
        let destination = try FrameOutput(path: output)
        let writer = try destination.open(width: options.pixels.width, height: options.pixels.height, framesPerSecond: options.fps,
                                          name: output)
        var images: [String: RGBAImage] = [:]
        var grid: [Layer], source: Rect
        if let gridImage {
            guard let cell else { throw CLIError("--grid-image needs --cell x,y,w,h") }
            source = try Self.rect(cell)
            images["grid"] = try Self.load(gridImage)
            var layer = Layer(name: "grid", frame: Rect(x: 0, y: 0, width: page.width, height: page.height))
            layer.contents = ImageContents(image: "grid", gravity: .resizeAspectFill).mipmapped
            grid = [layer]
        } else {
            if cell != nil { throw CLIError("--cell needs --grid-image") }
            (grid, source) = DemoClip.zoomGrid(page: page)
            for (index, photo) in DemoPhotos.loadForReel().prefix(3).enumerated() { images["photo \(index)"] = photo }
        }
        let picture = try detail.map(Self.load) ?? images["photo 1"] ?? DemoImages.landscape(width: 720, height: 1280, palette: DemoImages.palettes[0])
        images["detail"] = picture
        let shown = page.width * Double(picture.height) / Double(max(picture.width, 1))
        let fit = shown <= page.height ? Rect(x: 0, y: (page.height - shown) / 2, width: page.width, height: shown)
            : { let width = page.height * Double(picture.width) / Double(max(picture.height, 1))
                return Rect(x: (page.width - width) / 2, y: 0, width: width, height: page.height) }()
        let geometry = ZoomTransition.Geometry(container: page, source: source, destination: fit,
                                               imageSize: Size(width: Double(picture.width), height: Double(picture.height)))
        let script = try gesture.map { try JSONInput.load(GestureScript.self, from: $0, kind: "gesture") }
            ?? DemoClip.zoomReelScript(page: page, cell: source)
        if let gesture, let warning = script.implausibleEventWarning(pageSize: page) { log("warning: \(gesture): \(warning)") }
        let length = duration ?? min(60, script.duration + 1.5)
        let (clip, events) = DemoClip.zoom(replaying: script, grid: grid, geometry: geometry, images: images, detail: "detail",
                                           framesPerSecond: options.fps, duration: length)
        for (time, event) in events { log(String(format: "%7.3f s  ", time) + event.description) }
        log(try clip.write(to: writer, output: output, pixels: options.pixels, scale: options.scale, length: length,
                             jobs: options.jobs))
    }

    /// `x,y,w,h` in points, each finite, the size positive.
    static func rect(_ text: String) throws -> Rect {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0 else {
            throw CLIError("--cell must be x,y,w,h in points with a positive size (e.g. 92,140,88,88), got \"\(text)\"")
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// A PNG or JPEG, with a one-line error naming the file.
    static func load(_ path: String) throws -> RGBAImage {
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError("\(path): no such file") }
        do { return try RGBAImage(contentsOfFile: path) } catch { throw CLIError("\(error)") }
    }
}
