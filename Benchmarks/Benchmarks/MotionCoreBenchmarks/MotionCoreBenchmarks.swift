import Benchmark
import MotionCore

let benchmarks: @Sendable () -> Void = {
    Benchmark("sqrt reference", configuration: .init(metrics: [.wallClock, .mallocCountTotal])) { benchmark in
        var x = 2.0
        for _ in benchmark.scaledIterations { x = (x + 1).squareRoot(); blackHole(x) }
    }
}
