import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit demo -o DIR`: the demo reel — a GIF per effect, a contact sheet and an index page.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the demo reel: one animated GIF per effect, a contact sheet and index.html."
    )

    @Option(name: .shortAndLong, help: "The folder to write the reel into (created if needed).")
    var output: String

    @Option(parsing: .unconditional, help: "Pixels per point for every clip, 0.25…4.")
    var scale: Double = 1

    @Option(help: "Render only the clips whose names contain this text.")
    var only: String?

    @Flag(help: "Also write an MP4 per clip (needs ffmpeg on the PATH).")
    var mp4 = false

    func run() throws {
        guard scale.isFinite, (0.25...4).contains(scale) else {
            throw CLIError("--scale must be a number in 0.25…4, got \(scale)")
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(output): cannot create the folder: \(error.localizedDescription)")
        }
        let clips = DemoClip.reel().filter { only == nil || $0.name.contains(only!) }
        guard !clips.isEmpty else { throw CLIError("--only \"\(only ?? "")\" matches no clip") }
        var stills: [(DemoClip, RGBAImage)] = []
        for clip in clips {
            let still = try DemoReel.write(clip, scale: scale, into: output, mp4: mp4)
            stills.append((clip, still))
        }
        let sheet = try DemoReel.contactSheet(stills)
        let sheetPath = (output as NSString).appendingPathComponent("contact-sheet.png")
        try write(sheetPath) { try sheet.write(toPNGFile: sheetPath) }
        let indexPath = (output as NSString).appendingPathComponent("index.html")
        try write(indexPath) {
            try DemoReel.indexPage(clips, mp4: mp4).write(toFile: indexPath, atomically: true, encoding: .utf8)
        }
        print("wrote \(clips.count) clips, contact-sheet.png and index.html to \(output)")
    }

    private func write(_ path: String, _ body: () throws -> Void) throws {
        do { try body() } catch { throw CLIError("\(path): \(error)") }
    }
}
