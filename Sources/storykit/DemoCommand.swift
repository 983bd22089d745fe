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

    @Option(help: ArgumentHelp("Render only these clips: names separated by commas (cube, viewer, story-ring, tray, zoom, profile, perspective-card, "
                               + "spring-move, timing-curves).", valueName: "names"))
    var only: String?

    @Flag(help: "Also write an MP4 per clip (needs ffmpeg on the PATH).")
    var mp4 = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Frames rendered at once, 1…256 (default: every core; 1 renders on one thread; the files are the same).", valueName: "count"))
    var jobs: Int?

    func run() throws {
        guard scale.isFinite, (0.25...4).contains(scale) else {
            throw CLIError("--scale must be a number in 0.25…4, got \(scale)")
        }
        let jobs = try Jobs.count(jobs)
        let reel = DemoClip.reel()
        var clips = reel
        if let only {
            let names = only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let known = reel.map(\.name)
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw CLIError("--only: no clip is called \"\(unknown)\"; the clips are \(known.joined(separator: ", "))")
            }
            clips = reel.filter { names.contains($0.name) }
        }
        // Every file is written under a temporary name and the reel renamed into place when all
        // of it is done; the first temporary checks that the folder can be written.
        let staging = try StagedOutput(name: output, folder: output)
        let sheetPath = (output as NSString).appendingPathComponent("contact-sheet.png")
        let sheetFile = try staging.temporaryFile(for: sheetPath)
        do {
            var stills: [(DemoClip, RGBAImage)] = []
            for clip in clips {
                let still = try DemoReel.write(clip, scale: scale, into: output, staging: staging, mp4: mp4, jobs: jobs)
                stills.append((clip, still))
            }
            try Interruption.shared.check()
            let sheet = try DemoReel.contactSheet(stills)
            try write(sheetPath) { try sheet.write(toPNGFile: sheetFile) }
            let indexPath = (output as NSString).appendingPathComponent("index.html")
            let indexFile = try staging.temporaryFile(for: indexPath)
            try write(indexPath) { try Data(DemoReel.indexPage(clips, mp4: mp4).utf8).write(to: URL(fileURLWithPath: indexFile)) }
            try staging.commit()
        } catch {
            staging.discard()
            throw Interrupted.reported(error, output: output)
        }
        print(Self.summary(clipCount: clips.count, folder: output))
    }

    /// The line printed at the end: "wrote 1 clip, …" or "wrote 5 clips, …".
    static func summary(clipCount: Int, folder: String) -> String {
        "wrote \(clipCount) clip\(clipCount == 1 ? "" : "s"), contact-sheet.png and index.html to \(folder)"
    }

    private func write(_ path: String, _ body: () throws -> Void) throws {
        do { try body() } catch let error as CLIError { throw error } catch { throw CLIError("\(path): \(error)") }
    }
}
