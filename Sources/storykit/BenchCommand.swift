import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit bench`: the compositor's figures, one `name: value unit  ratios` line each.
///
/// Every figure is a median over many runs in this process, given as a ratio to a `memcpy` of
/// its own frame measured in the same run (so numbers from noisy, shared machines can be
/// compared) and to its goal (``BenchFigure``). Build in release: `swift run -c release
/// storykit bench`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the compositor: the cube frame, the loading rings, a full-frame blur, the profile header's one-time blur, a large shadow and a mask.",
        subcommands: [RingsBenchCommand.self, CubeBenchCommand.self, BlurBenchCommand.self]
    )

    @Option(parsing: .unconditional, help: "Timed runs per figure (the median is reported), 1…100000.")
    var runs: Int = 40

    func run() throws {
        guard runs > 0, runs <= 100_000 else { throw CLIError("--runs must be in 1…100000, got \(runs)") }
        #if DEBUG
        FileHandle.standardError.write(Data("note: this is a debug build; use `swift run -c release storykit bench`\n".utf8))
        #endif
        var progress = ProgressBar(label: "bench", total: 8)

        // The cube frame: two 1080×1920 photos on adjacent faces turned 45°, m34 = −1/2000.
        let cube = BenchScenes.cube()
        let renderer = Renderer(images: cube.images)
        var frame = RGBAImage(width: 1080, height: 1920)
        try renderer.render(cube.scene, scale: 1, into: &frame)  // warm-up, and the scene is valid
        let cubeTime = try Stopwatch.median(runs: runs) { try renderer.render(cube.scene, scale: 1, into: &frame) }
        progress.update(1)

        var copy = frame
        let memcpyTime = Stopwatch.median(runs: runs) {
            frame.pixels.withUnsafeBytes { source in
                copy.pixels.withUnsafeMutableBytes { target in
                    guard let to = target.baseAddress, let from = source.baseAddress else { return }
                    to.copyMemory(from: from, byteCount: source.count)
                }
            }
        }
        progress.update(2)

        let ring = BenchScenes.ring()
        let ringRenderer = Renderer()
        var ringFrame = RGBAImage(width: 96, height: 96)
        for _ in 0..<200 { try ringRenderer.render(ring, scale: 1, into: &ringFrame) }  // warm caches and the allocator
        let ringTime = try Stopwatch.median(runs: runs * 50) { try ringRenderer.render(ring, scale: 1, into: &ringFrame) }
        progress.update(3)

        // The story ring loading, as the reel draws it (BenchScenes.storyRing).
        let storyRing = BenchScenes.storyRing()
        let ringScene = storyRing.scene
        let storyRingRenderer = Renderer(images: storyRing.images)
        var storyRingFrame = RGBAImage(width: 288, height: 288)
        for _ in 0..<50 { try storyRingRenderer.render(ringScene, scale: 3, into: &storyRingFrame) }
        let storyRingTime = try Stopwatch.median(runs: runs * 10) { try storyRingRenderer.render(ringScene, scale: 3, into: &storyRingFrame) }
        progress.update(4)

        let photo = BenchScenes.photo(width: 1080, height: 1920, seed: 3)
        var blurred = photo
        let blurTime = Stopwatch.median(runs: max(5, runs / 4)) {
            blurred = photo
            GaussianBlur.apply(to: &blurred, sigma: 10)
        }
        progress.update(5)

        // The profile header's blurred copy, made once per image: a 1170 × 600 px header (a 3×
        // iPhone's width) shown 390 × 167 pt, blurred by 10 pt as shown (σ = 30 px, the model's).
        let header = BenchScenes.photo(width: 1170, height: 600, seed: 7)
        let profile = StretchyHeader(layout: .init(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                                       avatar: Rect(x: 16, y: 131, width: 72, height: 72),
                                                       nameLabel: Rect(x: 16, y: 215, width: 200, height: 24)))
        let sigma = profile.blurSigma(imagePixels: Size(width: 1170, height: 600))
        var headerBlur = header
        let headerBlurTime = Stopwatch.median(runs: max(5, runs / 4)) { headerBlur = header.blurred(sigma: sigma) }
        var headerCopy = header
        let headerCopyTime = Stopwatch.median(runs: runs) {
            header.pixels.withUnsafeBytes { source in
                headerCopy.pixels.withUnsafeMutableBytes { target in
                    guard let to = target.baseAddress, let from = source.baseAddress else { return }
                    to.copyMemory(from: from, byteCount: source.count)
                }
            }
        }
        precondition(headerBlur.width == 1170 && headerCopy.width == 1170)
        progress.update(6)

        // A large shadow and a mask, full frames beside the cube frame (BenchScenes+Effects).
        let shadowScene = BenchScenes.shadow(), shadowRenderer = Renderer()
        try shadowRenderer.render(shadowScene, scale: 1, into: &frame)
        let shadowTime = try Stopwatch.median(runs: runs) { try shadowRenderer.render(shadowScene, scale: 1, into: &frame) }
        progress.update(7)
        let masked = BenchScenes.mask(), maskRenderer = Renderer(images: masked.images)
        try maskRenderer.render(masked.scene, scale: 1, into: &frame)
        let maskTime = try Stopwatch.median(runs: runs) { try maskRenderer.render(masked.scene, scale: 1, into: &frame) }
        progress.update(8)
        progress.finish()

        let frameBytes = 1080 * 1920 * 4
        let frameCopy = memcpyTime
        let ringCopy = Stopwatch.memcpy(bytes: 96 * 96 * 4, runs: runs, repeats: 200)
        let storyRingCopy = Stopwatch.memcpy(bytes: 288 * 288 * 4, runs: runs, repeats: 20)
        precondition(frame.pixels.count == frameBytes)
        let figures = [
            BenchFigure(name: "cube frame (1080x1920, 2 faces at 45°, bilinear)", seconds: cubeTime,
                        memcpySeconds: frameCopy, goalSeconds: Goals.cube),
            BenchFigure(name: "shadow frame (1080x1920, 900x1400 card, shadow radius 30, offset 20)", seconds: shadowTime,
                        memcpySeconds: frameCopy, compared: ("cube frame", cubeTime)),
            BenchFigure(name: "mask frame (1080x1920 photo masked by a 1000 pt circle shape)", seconds: maskTime,
                        memcpySeconds: frameCopy, compared: ("cube frame", cubeTime)),
            BenchFigure(name: "ring (4 px gradient arc, r=40, strokeEnd 0.6, round caps, 96x96)", seconds: ringTime,
                        memcpySeconds: ringCopy, goalSeconds: Goals.ring),
            BenchFigure(name: "story ring loading (96x96 pt at 3x: photo avatar, 12 dashed gradient segments)",
                        seconds: storyRingTime, memcpySeconds: storyRingCopy, goalSeconds: Goals.storyRing),
            BenchFigure(name: "blur (1080x1920, sigma 10)", seconds: blurTime, memcpySeconds: frameCopy, goalSeconds: Goals.blur),
            BenchFigure(name: "profile header blur, once (1170x600, sigma \(format(sigma)) px, edges extended)",
                        seconds: headerBlurTime, memcpySeconds: headerCopyTime, goalSeconds: Goals.headerBlur),
        ]
        print("memcpy of one frame (1080x1920): \(BenchFigure.duration(frameCopy))")
        print("cube frame rate: \(format(1 / cubeTime)) frames/s")
        for figure in figures { print(figure.line) }
    }

    /// The goals of issue 28, in seconds, on one core.
    enum Goals {
        /// The cube frame: 240 frames a second.
        static let cube = 4.2e-3
        /// The plain 4 px gradient arc.
        static let ring = 15e-6
        /// The story ring loading at 3×.
        static let storyRing = 200e-6
        /// The σ 10 full-frame blur.
        static let blur = 4.5e-3
        /// The profile header's one-time blur.
        static let headerBlur = 3e-3
    }

    private func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : (value >= 10 ? "%.1f" : "%.2f"), value)
    }
}

