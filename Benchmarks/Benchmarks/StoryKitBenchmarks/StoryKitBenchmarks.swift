import Benchmark
import StoryKit

// Per-call costs of StoryKit's hot paths (the motion core and the effect models), in ns, with
// heap allocations.
// Each sample runs 1 000 calls (scalingFactor .kilo); `Benchmarks/run.sh` prints the median per
// call and its ratio to the reference below, measured in the same run.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    // The reference: one `exp` and one `sin`, the transcendental work a spring sample needs at
    // least once. Ratios against it say how close a hot path is to its arithmetic floor.
    Benchmark("reference exp+sin") { benchmark in
        var t = 0.0
        for _ in benchmark.scaledIterations {
            t += 1e-3
            blackHole(Double.exp(-t) * Double.sin(t))
        }
    }

    // Proves the allocation counter counts: one array per call must read as 1 allocation.
    Benchmark("allocation probe (one array per call)") { benchmark in
        for i in benchmark.scaledIterations {
            blackHole([Double](repeating: Double(i), count: 4))
        }
    }

    motionCoreBenchmarks()
    cubePagerBenchmarks()
    storiesViewerBenchmarks()
    storyRingBenchmarks()
    zoomTransitionBenchmarks()
    profileHeaderBenchmarks()
}
