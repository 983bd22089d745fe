import Foundation
import StoryRender

/// The three demo photos in `Examples/cube` — Ava, Ben and Cleo, 720 × 1280 JPEGs made by
/// `Examples/cube/make-photos.py` — used by `storykit render cube` without `--images` and by
/// the demo reel's cube clip, so neither needs a download.
///
/// They are found in the source tree this binary was built from (the path is fixed at compile
/// time from `#filePath`), so `swift run storykit …` finds them from any working directory. A
/// binary copied away from its checkout does not have them: `render cube` then asks for
/// `--images`, and the reel draws generated landscapes instead.
enum DemoPhotos {
    /// The file names, in page order.
    static let names = ["ava.jpg", "ben.jpg", "cleo.jpg"]

    /// The folder holding them: `Examples/cube` of the source tree.
    static var folder: String {
        URL(fileURLWithPath: #filePath)  // …/Sources/storykit/Demo/DemoPhotos.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/cube").path
    }

    /// Their paths, in page order.
    static var paths: [String] { names.map { (folder as NSString).appendingPathComponent($0) } }

    /// Decodes the three photos.
    ///
    /// - Throws: ``CLIError`` saying where they were looked for and that `--images` works instead.
    static func load() throws -> [RGBAImage] {
        do {
            return try paths.map { try RGBAImage(contentsOfFile: $0) }
        } catch {
            throw CLIError("the bundled demo photos are missing (\(error)); pass --images FILE…")
        }
    }

    /// The photos for the reel, or three generated landscapes when the photos are not there.
    static func loadForReel() -> [RGBAImage] {
        if let photos = try? load() { return photos }
        return DemoImages.palettes.map { DemoImages.landscape(width: 540, height: 960, palette: $0) }
    }
}
