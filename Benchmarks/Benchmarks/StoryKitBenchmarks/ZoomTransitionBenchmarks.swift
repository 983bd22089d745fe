import Benchmark
import StoryKit

/// The zoom transition's per-event cost: a touch sample of the interactive pop in, the frame
/// out; and a settle frame after the release (goal: under 1 µs, no allocation).
func zoomTransitionBenchmarks() {
    let geometry = ZoomTransition.Geometry(container: Size(width: 390, height: 844), source: Rect(x: 10, y: 300, width: 120, height: 120),
                                           sourceCornerRadius: 8, destination: Rect(x: 0, y: 276.5, width: 390, height: 292.5),
                                           imageSize: Size(width: 1200, height: 900))

    Benchmark("zoom update: drag sample -> frame") { benchmark in
        var zoom = ZoomTransition(geometry: geometry, presented: true)
        zoom.touchBegan(at: Point(x: 20, y: 400), time: 0)
        var t = 0.0, x = 20.0
        for _ in benchmark.scaledIterations {
            t += 1.0 / 120
            x += 1
            if x > 380 { x = 20 }
            zoom.touchMoved(to: Point(x: x, y: 400 + x / 10), time: t)
            blackHole(zoom.frame(at: t))
        }
    }

    Benchmark("zoom update: settle frame (spring) -> frame") { benchmark in
        var zoom = ZoomTransition(geometry: geometry, presented: true)
        zoom.close(time: 0, source: geometry.source)
        var t = 0.0
        for _ in benchmark.scaledIterations {
            t += 1e-4
            if t > 0.5 { t = 0 }
            blackHole(zoom.frame(at: t))
        }
    }
}
