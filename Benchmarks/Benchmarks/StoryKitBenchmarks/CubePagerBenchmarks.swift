import Benchmark
import StoryKit

/// Per-update costs of the Stories cube model: what a front-end pays per touch sample or
/// display-link frame before drawing.
func cubePagerBenchmarks() {
    let size = Size(width: 390, height: 844)

    // A finger sample in, the faces out: velocity estimate, rubber band/stops, two face
    // transforms with their shading. The finger sweeps back and forth over 0.9 page at 120 Hz.
    Benchmark("cube update: touch moved -> layout") { benchmark in
        var pager = CubePager(pageCount: 5, pageSize: size, currentIndex: 2)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 280, y: 400), time: 0.001)
        var t = 0.001, i = 0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            i += 1
            let phase = Double(i % 240) / 120          // 0…2, a triangle wave 0…1…0
            let x = 280 - 0.9 * size.width * (phase <= 1 ? phase : 2 - phase)
            pager.touchMoved(to: Point(x: x, y: 400), time: t)
            blackHole(pager.layout)
        }
    }

    // A display-link frame in, the faces out, while the cube settles (spring sample).
    Benchmark("cube update: settle frame -> layout") { benchmark in
        var pager = CubePager(pageCount: 5, pageSize: size, currentIndex: 2)
        var t = 0.0
        _ = pager.turn(to: 3, time: t)
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            if pager.phase != .settling {      // settled: turn again (rare, allocates its events)
                _ = pager.turn(to: pager.currentIndex == 3 ? 2 : 3, time: t)
            }
            blackHole(pager.advance(to: t))
            blackHole(pager.layout)
        }
    }

    // The same finger sample, but out as a full LayerScene for the compositor (layer names,
    // arrays): the allocating path, for comparison.
    Benchmark("cube update: touch moved -> scene (compositor path)") { benchmark in
        var pager = CubePager(pageCount: 5, pageSize: size, currentIndex: 2)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 280, y: 400), time: 0.001)
        let contents = ImageContents(image: "page", gravity: .resizeAspectFill)
        var t = 0.001, i = 0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            i += 1
            let phase = Double(i % 240) / 120
            let x = 280 - 0.9 * size.width * (phase <= 1 ? phase : 2 - phase)
            pager.touchMoved(to: Point(x: x, y: 400), time: t)
            blackHole(pager.scene { _ in contents })
        }
    }
}
