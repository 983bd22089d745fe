import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit bench rings`: only the two loading-ring figures of `storykit bench`, measured the same
/// way, for profiling them (`perf record`) without the full-frame figures around them.
struct RingsBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rings",
        abstract: "Measure only the loading rings: the plain 4 px gradient arc and the story ring loading at 3×."
    )

    /// `storykit bench`'s own options (`--runs`), which it parses wherever they stand.
    @OptionGroup var bench: BenchCommand

    /// Timed runs per figure (the median is reported): `storykit bench --runs`.
    var runs: Int { bench.runs }

    @Option(help: ArgumentHelp("Only one figure: arc (the plain 4 px arc) or story (the story ring loading).", valueName: "figure"))
    var only: String?

    @Flag(help: "Print a digest of many ring frames (the loading ring over 3 s at 1×, 2× and 3×, the arc at many lengths) instead of timing: two builds draw the same pixels when their digests match.")
    var digest = false

    func run() throws {
        if digest {
            print(String(format: "ring frames digest: %016llx", try Self.framesDigest()))
            return
        }
        guard runs > 0, runs <= 100_000 else { throw CLIError("--runs must be in 1…100000, got \(runs)") }
        guard only == nil || only == "arc" || only == "story" else { throw CLIError("--only must be arc or story, got \(only ?? "")") }
        var figures: [BenchFigure] = []
        if only != "story" { figures.append(try arc()) }
        if only != "arc" { figures.append(try story()) }
        if only != "story" { figures.append(try growingArc()) }
        if only != "arc" { figures.append(try turningStory()) }
        for figure in figures { print(figure.line) }
    }

    /// The plain 4 px gradient arc, as `storykit bench` measures it.
    private func arc() throws -> BenchFigure {
        let ring = BenchScenes.ring(), ringRenderer = Renderer()
        var ringFrame = RGBAImage(width: 96, height: 96)
        for _ in 0..<200 { try ringRenderer.render(ring, scale: 1, into: &ringFrame) }
        let ringTime = try Stopwatch.median(runs: runs * 50) { try ringRenderer.render(ring, scale: 1, into: &ringFrame) }
        return BenchFigure(name: "ring (4 px gradient arc, r=40, strokeEnd 0.6, round caps, 96x96)", seconds: ringTime,
                           memcpySeconds: Stopwatch.memcpy(bytes: 96 * 96 * 4, runs: runs, repeats: 200),
                           goalSeconds: BenchCommand.Goals.ring)
    }

    /// The story ring loading at 3×, as `storykit bench` measures it.
    private func story() throws -> BenchFigure {
        let story = BenchScenes.storyRing(), storyRenderer = Renderer(images: story.images)
        var storyFrame = RGBAImage(width: 288, height: 288)
        for _ in 0..<50 { try storyRenderer.render(story.scene, scale: 3, into: &storyFrame) }
        let storyTime = try Stopwatch.median(runs: runs * 10) { try storyRenderer.render(story.scene, scale: 3, into: &storyFrame) }

        return BenchFigure(name: "story ring loading (96x96 pt at 3x: photo avatar, 12 dashed gradient segments)",
                           seconds: storyTime, memcpySeconds: Stopwatch.memcpy(bytes: 288 * 288 * 4, runs: runs, repeats: 20),
                           goalSeconds: BenchCommand.Goals.storyRing)
    }
}

// MARK: - RingsBenchCommand + Moving

extension RingsBenchCommand {
    /// The plain arc as it animates: a different `strokeEnd` every frame (0.3 … 0.9 over 600
    /// frames, round and round: more than a renderer keeps), so nothing painted for one frame
    /// serves the next.
    private func growingArc() throws -> BenchFigure {
        let frames = (0..<600).map { k in
            var scene = BenchScenes.ring()
            scene.layers[0].shape?.strokeEnd = 0.3 + 0.6 * Double(k) / 599
            return scene
        }
        return try moving(frames, renderer: Renderer(), scale: 1, side: 96, timedRuns: runs * 50, memcpyRepeats: 200,
                          name: "ring growing (the same arc, strokeEnd 0.3…0.9 over 600 frames)", goal: BenchCommand.Goals.ring)
    }

    /// The story ring loading as it animates: 60 consecutive frames at 60 fps from 0.7 s after the
    /// tap (the segments turn every frame; the gradient and the avatar's clip stay).
    private func turningStory() throws -> BenchFigure {
        let story = BenchScenes.storyRing(), renderer = Renderer(images: story.images)
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        let avatar = ImageContents(image: "avatar", gravity: .resizeAspectFill).mipmapped
        let frames = (0..<60).map { k in
            LayerScene(size: Size(width: 96, height: 96), backgroundColor: RGBAColor(white: 1),
                       layers: ring.layers(at: 0.7 + Double(k) / 60, avatarFrame: Rect(x: 16, y: 16, width: 64, height: 64),
                                           avatar: avatar))
        }
        return try moving(frames, renderer: renderer, scale: 3, side: 288, timedRuns: runs * 10, memcpyRepeats: 20,
                          name: "story ring loading, turning (60 frames at 60 fps from 0.7 s, 3x)", goal: BenchCommand.Goals.storyRing)
    }

    /// The median time of one frame of an animation: `frames` drawn once each to warm up, then in
    /// turn, round and round, `timedRuns` times, into one `side`×`side` pixel bitmap at `scale`.
    private func moving(_ frames: [LayerScene], renderer: Renderer, scale: Double, side: Int, timedRuns: Int,
                        memcpyRepeats: Int, name: String, goal: Double) throws -> BenchFigure {
        var frame = RGBAImage(width: side, height: side)
        for scene in frames { try renderer.render(scene, scale: scale, into: &frame) }
        var k = 0
        let time = try Stopwatch.median(runs: timedRuns) {
            try renderer.render(frames[k], scale: scale, into: &frame)
            k = (k + 1) % frames.count
        }
        return BenchFigure(name: name, seconds: time, memcpySeconds: Stopwatch.memcpy(bytes: side * side * 4, runs: runs, repeats: memcpyRepeats),
                           goalSeconds: goal)
    }
}

// MARK: - RingsBenchCommand + Digest

extension RingsBenchCommand {
    /// An FNV-1a digest of the bytes of many ring frames: the story ring loading every 1/60 s for
    /// 3 s after the tap at 1×, 2× and 3× (photo avatar), at rest (unseen, seen), and the plain
    /// arc at 60 lengths at 1× and 3×.
    static func framesDigest() throws -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ image: RGBAImage) {
            for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        let story = BenchScenes.storyRing(), renderer = Renderer(images: story.images)
        let avatar = ImageContents(image: "avatar", gravity: .resizeAspectFill).mipmapped
        let cell = Rect(x: 16, y: 16, width: 64, height: 64)
        for scale in [1.0, 2.0, 3.0] {
            var loading = StoryRing(status: .unseen)
            loading.tap(time: 0)
            var frames = (0...180).map { loading.layers(at: Double($0) / 60, avatarFrame: cell, avatar: avatar) }
            frames.append(StoryRing(status: .unseen).layers(at: 0, avatarFrame: cell, avatar: avatar))
            frames.append(StoryRing(status: .seen).layers(at: 0, avatarFrame: cell, avatar: avatar))
            for layers in frames {
                let scene = LayerScene(size: Size(width: 96, height: 96), backgroundColor: RGBAColor(white: 1), layers: layers)
                add(try renderer.render(scene, scale: scale))
            }
        }
        let arc = BenchScenes.ring(), plain = Renderer()
        for scale in [1.0, 3.0] {
            for k in 0...59 {
                var scene = arc
                scene.layers[0].shape?.strokeEnd = Double(k) / 59
                add(try plain.render(scene, scale: scale))
            }
        }
        return hash
    }
}

extension BenchScenes {
    /// The story ring loading, as the reel draws it: a 96 × 96 pt avatar cell (drawn at 3×), the
    /// photo avatar (240 × 240 px) shrunk to 0.9, twelve dashed gradient segments with round caps,
    /// 0.7 s after the tap.
    static func storyRing() -> (scene: LayerScene, images: [String: RGBAImage]) {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        let layers = ring.layers(at: 0.7, avatarFrame: Rect(x: 16, y: 16, width: 64, height: 64),
                                 avatar: ImageContents(image: "avatar", gravity: .resizeAspectFill).mipmapped)
        let scene = LayerScene(size: Size(width: 96, height: 96), backgroundColor: RGBAColor(white: 1), layers: layers)
        return (scene, ["avatar": photo(width: 240, height: 240, seed: 5)])
    }
}
