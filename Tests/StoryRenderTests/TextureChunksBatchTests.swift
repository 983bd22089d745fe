import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
@testable import StoryRender
import Testing

/// The texture sampler's batched chunk plan (`TextureChunks.plan`, what the opaque span store
/// draws from) against the walk the rest of the sampler and `TextureChunksTests` use: every
/// chunk's first pixel, length, mip level and 16.16 tap line equal, bit for bit, row after row,
/// batch after batch.
@Suite struct TextureChunksBatchTests {
    /// One chunk as the walk gives it.
    struct Walked: Equatable {
        var x: Int, n: Int, level: Int, u: Int, v: Int, du: Int, dv: Int
    }

    /// The chunks of pixels `x0 ..< x1` of row `y` by the walk and by the batched plan.
    static func both(_ plan: TextureChunks, y: Int, x0: Int, x1: Int) -> (walk: [Walked], batched: [Walked]) {
        var walk: [Walked] = []
        plan.walk(y: y, x0: x0, x1: x1) { x, n, level, line, _ in
            walk.append(Walked(x: x, n: n, level: level, u: line.u, v: line.v, du: line.du, dv: line.dv))
        }
        var batched: [Walked] = []
        withUnsafeTemporaryAllocation(of: TextureChunks.Chunk.self, capacity: TextureChunks.batch) { buffer in
            guard let chunks = buffer.baseAddress else { return }
            var x = x0
            while x < x1 {
                let count = plan.plan(y: y, x0: x0, x: x, x1: x1, into: chunks)
                guard count > 0 else { break }
                for c in chunks..<(chunks + count) {
                    let chunk = c.pointee
                    batched.append(Walked(x: chunk.x, n: Int(chunk.n), level: Int(chunk.level), u: chunk.line.u,
                                          v: chunk.line.v, du: chunk.line.du, dv: chunk.line.dv))
                }
                x = chunks[count - 1].x + Int(chunks[count - 1].n)
            }
        }
        return (walk, batched)
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func theBatchedPlanIsTheWalkOnRandomPerspectiveCards(seed: UInt64) {
        guard let card = TextureChunksTests.randomCard(seed: seed) else { return }
        var recorder = TextureChunksTests.SpanRecorder()
        Raster.scan(card.polygon, clip: PixelRect(width: 480, height: 480), antialiased: true, into: &recorder)
        let plan = TextureChunks(map: card.map, levelCount: card.levels, polygon: card.polygon)
        var chunks = 0, mismatches = 0
        for span in recorder.spans {
            let (walk, batched) = Self.both(plan, y: span.y, x0: span.x0, x1: span.x1)
            if walk != batched { mismatches += 1 }
            chunks += walk.count
        }
        #expect(mismatches == 0, "seed \(seed): \(mismatches) of \(recorder.spans.count) rows differ")
        #expect(chunks >= recorder.spans.count)
    }

    @Test func theBenchCubesRowsArePlannedAsTheyAreWalked() throws {
        for face in try TextureChunksTests.cubeFaces() {
            let plan = TextureChunks(map: face.map, levelCount: 12, polygon: face.polygon)
            #expect(plan.mipmapped, "the far edge is minified: the plan must pick levels")
            var levels = Set<Int>()
            for y in Swift.stride(from: 0, to: 1920, by: 7) {
                let (walk, batched) = Self.both(plan, y: y, x0: 0, x1: 1080)
                #expect(walk == batched, "row \(y)")
                walk.forEach { levels.insert($0.level) }
            }
            #expect(levels.count >= 2, "levels \(levels): both level 0 and a shrunk level are planned")
        }
    }

    @Test func hostileMapsPlanAsTheyWalk() {
        // Non-finite projections (w crossing 0 inside the row), huge and NaN entries, rows of
        // one pixel and rows longer than a batch: clamped alike, never a trap.
        let maps = [
            Homography(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0, m31: -3, m32: 0, m33: -1),
            Homography(m11: 1e300, m12: -1e300, m13: 1e-300, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            Homography(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            Homography(m11: 0.5, m12: 0.2, m13: 0.004, m21: -0.1, m22: 2, m23: 0.001, m31: 4, m32: 5, m33: 1),
            Homography(m11: 1, m12: 0, m13: .infinity, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            Homography(m11: 2, m12: 0.5, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
        ] + TextureChunksTests.horizonMaps
        let polygon = ConvexPolygon([Point(x: 0, y: 0), Point(x: 700, y: 0), Point(x: 700, y: 9), Point(x: 0, y: 9)])
        for (i, map) in maps.enumerated() {
            let plan = TextureChunks(map: map, levelCount: 9, polygon: polygon)
            for (x0, x1) in [(0, 1), (3, 700), (0, 17), (-40, 2000), (0, 512)] {
                let (walk, batched) = Self.both(plan, y: i, x0: x0, x1: x1)
                #expect(walk == batched, "map \(i), pixels \(x0)..<\(x1)")
            }
        }
    }
}
