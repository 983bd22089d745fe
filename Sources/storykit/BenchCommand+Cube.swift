import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit bench cube`: only the cube frame of `storykit bench`, measured the same way (beside a
/// `memcpy` of the frame), for profilers and cache simulators (`perf record`, `valgrind
/// --tool=cachegrind`) without the other figures around it.
struct CubeBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cube",
        abstract: "Measure only the cube frame: two 1080×1920 photos on a cube turned 45°, bilinear."
    )

    /// `storykit bench`'s own options (`--runs`), which it parses wherever they stand.
    @OptionGroup var bench: BenchCommand

    /// Timed runs (the median is reported): `storykit bench --runs`.
    var runs: Int { bench.runs }

    @Option(help: ArgumentHelp("Also write the frame to this PNG file, to look at it.", valueName: "path"))
    var output: String?

    @Flag(help: "Time the thread's CPU time instead of the wall clock, so that runs on a core shared with another process (time-sliced) still compare.")
    var cpuTime = false

    @Flag(help: "Print a digest of the frame's bytes (FNV-1a, 64 bits) instead of timing: two builds draw the same frame when their digests match.")
    var digest = false

    func run() throws {
        guard runs > 0, runs <= 100_000 else { throw CLIError("--runs must be in 1…100000, got \(runs)") }
        let cube = BenchScenes.cube()
        let renderer = Renderer(images: cube.images)
        var frame = RGBAImage(width: 1080, height: 1920)
        try renderer.render(cube.scene, scale: 1, into: &frame)  // warm-up, and the scene is valid
        if let output { try frame.write(toPNGFile: output) }
        if digest {
            print(String(format: "cube frame digest: %016llx", Self.digest(frame.pixels)))
            return
        }
        let render = { try renderer.render(cube.scene, scale: 1, into: &frame) }
        var fastest = Double.infinity
        let cubeTime = try cpuTime ? Self.medianCPUTime(runs: runs, fastest: &fastest, render)
                                   : Stopwatch.median(runs: runs, render)
        var copy = frame
        var fastestCopy = Double.infinity
        let copyTime = cpuTime ? Self.medianCPUTime(runs: runs, fastest: &fastestCopy) {
            frame.pixels.withUnsafeBytes { source in
                copy.pixels.withUnsafeMutableBytes { target in
                    guard let to = target.baseAddress, let from = source.baseAddress else { return }
                    to.copyMemory(from: from, byteCount: source.count)
                }
            }
        } : Stopwatch.memcpy(bytes: frame.pixels.count, runs: runs)
        let figure = BenchFigure(name: "cube frame (1080x1920, 2 faces at 45°, bilinear)\(cpuTime ? ", CPU time" : "")",
                                 seconds: cubeTime, memcpySeconds: copyTime, goalSeconds: BenchCommand.Goals.cube)
        print(figure.line)
        if cpuTime {
            print("cube frame, fastest run's CPU time: \(BenchFigure.duration(fastest))  memcpy \(BenchFigure.duration(fastestCopy))")
        }
    }

    /// The median CPU time of `body` on this thread, in seconds, over `runs` runs; `fastest`
    /// receives the shortest (the run least disturbed by other processes).
    static func medianCPUTime(runs: Int, fastest: inout Double, _ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            try body()
            samples.append(now() - start)
        }
        samples.sort()
        fastest = samples[0]
        return samples[samples.count / 2]
    }

    /// FNV-1a over `bytes` (64 bits): equal frames give equal digests.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
