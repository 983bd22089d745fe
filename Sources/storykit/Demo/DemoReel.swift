import Foundation
import StoryKit
import StoryRender

/// Turns demo clips into files: GIFs (and MP4s), a contact sheet and an index page.
enum DemoReel {
    /// Renders every frame of `clip`, writes `<name>.gif` (and `<name>.mp4`) into `folder` as
    /// temporary files of `staging` (renamed into place with the whole reel), and returns the
    /// frame at 60 % of the clip for the contact sheet; `jobs` frames are rendered at once.
    static func write(_ clip: DemoClip, scale: Double, into folder: String, staging: StagedOutput, mp4: Bool,
                      jobs: Int = 1) throws -> RGBAImage {
        let (width, height) = clip.pixelSize(scale: scale)
        var outputs = [FrameOutput.gif(path(clip.name, "gif", in: folder))]
        if mp4 { outputs.append(.mp4(path(clip.name, "mp4", in: folder))) }
        let writers = try outputs.map { try $0.open(width: width, height: height, framesPerSecond: clip.framesPerSecond, staging: staging) }
        let still: RGBAImage
        do {
            still = try clip.render(scale: scale, into: writers, stillAt: 0.6, jobs: jobs)
            for writer in writers { try writer.finish() }
        } catch {
            for writer in writers { writer.cancel() }
            throw error
        }
        print("  \(clip.name).gif: \(clip.frameCount) frames, \(width)×\(height) px")
        return still
    }

    /// One PNG with a still of every clip side by side, each with its title and file name under
    /// it, composed by the compositor itself.
    static func contactSheet(_ stills: [(DemoClip, RGBAImage)]) throws -> RGBAImage {
        let gap = 24.0, labels = 44.0
        var x = gap
        var layers: [Layer] = []
        var images: [String: RGBAImage] = [:]
        var tallest = 0.0
        for (clip, still) in stills {
            let size = Size(width: Double(still.width), height: Double(still.height))
            var tile = Layer(name: clip.name, frame: Rect(x: x, y: gap, width: size.width, height: size.height))
            tile.contents = ImageContents(image: clip.name).mipmapped
            tile.cornerRadius = 12
            tile.cornerCurve = .continuous
            tile.masksToBounds = true
            layers.append(tile)
            images[clip.name] = still
            x += size.width + gap
            tallest = max(tallest, size.height)
        }
        // The labels line up under the tallest still.
        for tile in layers {
            let left = tile.position.x - tile.bounds.width / 2, width = tile.bounds.width
            var title = Layer(name: tile.name.map { "\($0)-title" }, frame: Rect(x: left, y: gap + tallest + 10, width: width, height: 20))
            title.text = TextContents(stills.first { $0.0.name == tile.name }?.0.title ?? "", fontSize: 15, fontWeight: .semibold,
                                      color: RGBAColor(hex: "#E8E8EE")!, alignment: .center, numberOfLines: 1)
            var file = Layer(name: tile.name.map { "\($0)-file" }, frame: Rect(x: left, y: gap + tallest + 31, width: width, height: 16))
            file.text = TextContents((tile.name ?? "") + ".gif", fontSize: 12, color: RGBAColor(hex: "#8A8A99")!,
                                     alignment: .center, numberOfLines: 1)
            layers += [title, file]
        }
        let scene = LayerScene(size: Size(width: x, height: tallest + labels + 2 * gap),
                          backgroundColor: RGBAColor(hex: "#0D0D12"), layers: layers)
        return try Renderer(images: images).render(scene, scale: 1)
    }

    /// The reel's index page: every clip's GIF with its title and caption.
    static func indexPage(_ clips: [DemoClip], mp4: Bool) -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let figures = clips.map { clip in
            let video = mp4 ? "\n      <a href=\"\(clip.name).mp4\">MP4</a>" : ""
            return """
                <figure>
                  <img src="\(clip.name).gif" alt="\(escape(clip.title))">
                  <figcaption><strong>\(escape(clip.title))</strong> — \(escape(clip.caption))\(video)</figcaption>
                </figure>
            """
        }.joined(separator: "\n")
        return """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>StoryKit demo reel</title>
          <style>
            body { background: #0d0d12; color: #e8e8ee; font: 15px/1.45 -apple-system, system-ui, sans-serif; margin: 32px; }
            main { display: flex; flex-wrap: wrap; gap: 28px; align-items: flex-start; }
            figure { margin: 0; max-width: 420px; }
            img { display: block; border-radius: 12px; max-width: 100%; }
            figcaption { margin-top: 10px; color: #b8b8c4; }
            a { color: #8ab4ff; text-decoration: underline; }
            a:visited { color: #c3a6ff; }
          </style>
        </head>
        <body>
          <h1>StoryKit demo reel</h1>
          <p>Every frame below was rendered headlessly by StoryKit's compositor from the same scene
          descriptions the UIKit front-end gives Core Animation. <a href="contact-sheet.png">Contact sheet</a>.</p>
          <main>
        \(figures)
          </main>
        </body>
        </html>

        """
    }

    private static func path(_ name: String, _ ext: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent("\(name).\(ext)")
    }
}
