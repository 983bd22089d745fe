import Benchmark
import StoryKit

/// The story ring's scene at a time: what a front-end asks for every frame while it loads
/// (geometry, dash, phase), in ns, with allocations (goal: under 1 µs and none).
func storyRingBenchmarks() {
    Benchmark("ring frame: loading (geometry + dash + phase)") { benchmark in
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        var t = 0.2
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            let frame = ring.frame(at: t)
            let radius = frame.ringRadius(avatarDiameter: 64, gap: 3)
            blackHole(frame.dash(radius: radius))
            blackHole(frame.dashPhase(radius: radius))
            blackHole(frame)
        }
    }

    Benchmark("ring frame: resolving (four channel curves)") { benchmark in
        var ring = StoryRing(status: .seen)
        ring.tap(time: 0)
        ring.ready(time: 1.234)
        var t = 1.234
        for _ in benchmark.scaledIterations {
            t += 0.3 / 1_000
            if t > 1.534 { t = 1.234 }
            let frame = ring.frame(at: t)
            blackHole(frame.dash(radius: 36))
            blackHole(frame)
        }
    }
}
