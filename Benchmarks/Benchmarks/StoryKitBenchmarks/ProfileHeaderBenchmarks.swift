import Benchmark
import StoryKit

/// The profile header's per-scroll-step cost: one offset in, the whole frame out (every track
/// evaluated). Goal: under 1 µs, no allocation.
func profileHeaderBenchmarks() {
    let header = StretchyHeader(layout: .init(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                                  avatar: Rect(x: 16, y: 131, width: 72, height: 72),
                                                  nameLabel: Rect(x: 16, y: 215, width: 200, height: 24),
                                                  tabBar: Rect(x: 0, y: 300, width: 390, height: 44)))

    Benchmark("profile header update: offset -> frame") { benchmark in
        var offset = -200.0
        for _ in benchmark.scaledIterations {
            offset += 0.7
            if offset > 800 { offset = -200 }
            blackHole(header.frame(offset: offset))
        }
    }

    var eased = header
    eased.configuration.titleCurve = .easeInEaseOut
    Benchmark("profile header update: offset -> frame (eased title)") { benchmark in
        var offset = 100.0
        for _ in benchmark.scaledIterations {
            offset += 0.01
            if offset > 200 { offset = 100 }
            blackHole(eased.frame(offset: offset))
        }
    }
}
