import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit bench blur`: only the blur figures of `storykit bench` (the σ 10 full-frame blur, the
/// profile header's one-time blur, the frame with a large shadow), measured the same way, for
/// profiling them (`perf record`) without the other figures around them; `--digest` prints a hash
/// of many blurred pictures instead, so two builds can show they blur byte for byte alike.
struct BlurBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Measure only the blurs: the σ 10 full-frame blur, the profile header's one-time blur and the shadow frame."
    )

    /// `storykit bench`'s own options (`--runs`), which it parses wherever they stand.
    @OptionGroup var bench: BenchCommand

    /// Timed runs per figure (the median is reported): `storykit bench --runs`.
    var runs: Int { bench.runs }

    @Option(help: ArgumentHelp("Only one figure: full (the σ 10 full frame), header (the profile header) or shadow (the shadow frame).",
                               valueName: "figure"))
    var only: String?

    @Flag(help: "Print a digest of many blurred pictures (photos and a partly transparent picture at several σ, the header blur, shadow frames) instead of timing: two builds blur alike when their digests match.")
    var digest = false

    func run() throws {
        if digest {
            print(String(format: "blur digest: %016llx", try Self.blurDigest()))
            return
        }
        guard runs > 0, runs <= 100_000 else { throw CLIError("--runs must be in 1…100000, got \(runs)") }
        let figures = ["full", "header", "shadow"]
        guard only.map(figures.contains) ?? true else { throw CLIError("--only must be full, header or shadow, got \(only ?? "")") }
        let frameCopy = Stopwatch.memcpy(bytes: 1080 * 1920 * 4, runs: runs)
        if only == nil || only == "full" {
            let photo = BenchScenes.photo(width: 1080, height: 1920, seed: 3)
            var blurred = photo
            let time = Stopwatch.median(runs: runs) {
                blurred = photo
                GaussianBlur.apply(to: &blurred, sigma: 10)
            }
            print(BenchFigure(name: "blur (1080x1920, sigma 10)", seconds: time, memcpySeconds: frameCopy,
                              goalSeconds: BenchCommand.Goals.blur).line)
        }
        if only == nil || only == "header" {
            let header = BenchScenes.photo(width: 1170, height: 600, seed: 7)
            var headerBlur = header
            let time = Stopwatch.median(runs: runs) { headerBlur = header.blurred(sigma: 30) }
            precondition(headerBlur.width == 1170)
            print(BenchFigure(name: "profile header blur, once (1170x600, sigma 30 px, edges extended)", seconds: time,
                              memcpySeconds: Stopwatch.memcpy(bytes: 1170 * 600 * 4, runs: runs),
                              goalSeconds: BenchCommand.Goals.headerBlur).line)
        }
        if only == nil || only == "shadow" {
            let scene = BenchScenes.shadow(), renderer = Renderer()
            var frame = RGBAImage(width: 1080, height: 1920)
            try renderer.render(scene, scale: 1, into: &frame)
            let time = try Stopwatch.median(runs: runs) { try renderer.render(scene, scale: 1, into: &frame) }
            print(BenchFigure(name: "shadow frame (1080x1920, 900x1400 card, shadow radius 30, offset 20)", seconds: time,
                              memcpySeconds: frameCopy).line)
        }
    }

    /// An FNV-1a digest of the bytes of blurred pictures: a 1080 × 1920 photo blurred at σ 1.5, 3,
    /// 10, 30 and 100 px; a partly transparent 301 × 177 picture at σ 2, 7.5 and 40 px, whole
    /// and with its edges extended (`blurred(sigma:)`); the 1170 × 600 header at σ 30 px; and the
    /// shadow frame with shadow radii 3, 30 and 80.
    static func blurDigest() throws -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ image: RGBAImage) {
            for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        let photo = BenchScenes.photo(width: 1080, height: 1920, seed: 3)
        for sigma in [1.5, 3, 10, 30, 100] {
            var blurred = photo
            GaussianBlur.apply(to: &blurred, sigma: sigma)
            add(blurred)
        }
        var clear = BenchScenes.photo(width: 301, height: 177, seed: 11)
        for i in 0..<(301 * 177) where (i / 301 + i % 301) % 5 < 2 {
            for c in 0..<4 { clear.pixels[i * 4 + c] /= 3 }   // still premultiplied
        }
        for sigma in [2, 7.5, 40] {
            var blurred = clear
            GaussianBlur.apply(to: &blurred, sigma: sigma)
            add(blurred)
            add(clear.blurred(sigma: sigma))
        }
        add(BenchScenes.photo(width: 1170, height: 600, seed: 7).blurred(sigma: 30))
        for radius in [3.0, 30, 80] {
            var scene = BenchScenes.shadow()
            for k in scene.layers.indices where scene.layers[k].shadowOpacity > 0 { scene.layers[k].shadowRadius = radius }
            add(try Renderer().render(scene, scale: 1))
        }
        return hash
    }
}
