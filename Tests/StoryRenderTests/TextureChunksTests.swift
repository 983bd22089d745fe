import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
@testable import StoryRender
import Testing

/// The texture sampler's perspective chunks: the coordinates it interpolates between exact
/// divides stay within 1/8 texel (of the mip level sampled) of the exact projection, for the
/// chunks `TextureSink.shade` actually draws.
@Suite struct TextureChunksTests {
    /// Records the spans the coverage scan reports.
    struct SpanRecorder: SpanSink {
        var spans: [(y: Int, x0: Int, x1: Int)] = []
        mutating func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double) { spans.append((y, x0, x1)) }
        mutating func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int) {
            spans.append((y, x0, x0 + count))
        }
    }

    /// What walking every row of a polygon found.
    struct Walk {
        /// The largest distance between an interpolated and the exact texture coordinate, in
        /// texels of the mip level sampled.
        var maxError = 0.0
        /// How many pixels were compared.
        var pixels = 0
        /// How many chunks (exact divides) the rows took.
        var chunks = 0
        /// The shortest and the longest chunk, in pixels.
        var shortest = Int.max, longest = 0
        /// Whether every span was cut into chunks of 1…`TextureChunks.longest` pixels that follow
        /// one another from its first pixel to its last, each pixel once.
        var contiguous = true
    }

    /// Walks the chunks of every span the scan reports for `polygon` with the sampler's own walk
    /// (`TextureChunks.walk`), and compares each pixel's interpolated tap coordinate with the
    /// exact projection of its centre.
    static func walk(_ map: Homography, polygon: ConvexPolygon, levelCount: Int, clip: PixelRect,
                     rowStep: Int = 1) -> Walk {
        var recorder = SpanRecorder()
        Raster.scan(polygon, clip: clip, antialiased: true, into: &recorder)
        let plan = TextureChunks(map: map, levelCount: levelCount, polygon: polygon)
        var result = Walk()
        for span in recorder.spans where span.y % rowStep == 0 {
            let yc = Double(span.y) + 0.5
            var next = span.x0
            plan.walk(y: span.y, x0: span.x0, x1: span.x1) { x, n, level, line, _ in
                if x != next || !(1...TextureChunks.longest).contains(n) { result.contiguous = false }
                next = x + n
                result.chunks += 1
                result.shortest = min(result.shortest, n)
                result.longest = max(result.longest, n)
                let size = Double(sign: .plus, exponent: level, significand: 1)
                for i in 0..<n {
                    let h = map.applyHomogeneous(Point(x: Double(x + i) + 0.5, y: yc))
                    // Tap coordinates are shifted by −½ texel of the level.
                    let u = Double(line.u + i * line.du) / 65536 + 0.5 - h.u / h.w / size
                    let v = Double(line.v + i * line.dv) / 65536 + 0.5 - h.v / h.w / size
                    result.maxError = max(result.maxError, (u * u + v * v).squareRoot())
                    result.pixels += 1
                }
            }
            if next != span.x1 { result.contiguous = false }
        }
        return result
    }

    /// A random rectangle of texture turned about a random axis and seen in perspective, filling
    /// much of a 480 × 480 screen; `nil` when a corner falls behind the eye.
    static func randomCard(seed: UInt64) -> (map: Homography, polygon: ConvexPolygon, levels: Int)? {
        var rng = SeededRandom(seed: seed)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        let width = random(32...2048).rounded(), height = random(32...2048).rounded()
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        let size = random(200...700)
        let fit = size / max(width, height)
        let axis = Vector3(x: random(-1...1), y: random(-1...1), z: random(-0.3...0.3))
        let transform = Transform3D(scaleX: fit, y: fit, z: fit)
            .concatenating(Transform3D(rotationAngle: random(-1.35...1.35), axis: axis))
            .concatenating(Transform3D(translationX: 0, y: 0, z: random(-300...200)))
        let toScreen = Transform3D.layer(position: Point(x: random(120...360), y: random(120...360)),
                                         anchorPoint: Point(x: 0.5, y: 0.5), bounds: bounds, transform: transform)
            .concatenating(Transform3D(translationX: -240, y: -240, z: 0))
            .concatenating(.perspective(eyeDistance: random(250...3000)))
            .concatenating(Transform3D(translationX: 240, y: 240, z: 0))
        let forward = Homography(planeOf: toScreen)
        let corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
        guard corners.allSatisfy({ forward.applyHomogeneous($0).w > 0.05 }),
              let inverse = forward.inverted() else { return nil }
        let quad = corners.compactMap { forward.apply($0) }
        guard quad.count == 4 else { return nil }
        let levels = 1 + Int(log2(max(width, height)).rounded(.up))
        return (inverse, ConvexPolygon(quad), levels)
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func interpolatedCoordinatesStayWithinAnEighthTexelOnRandomPerspectiveCards(seed: UInt64) {
        guard let card = Self.randomCard(seed: seed) else { return }
        let walk = Self.walk(card.map, polygon: card.polygon, levelCount: card.levels,
                             clip: PixelRect(width: 480, height: 480))
        #expect(walk.maxError <= TextureChunks.interpolationTolerance, "seed \(seed): \(walk.maxError) texels")
        #expect(walk.contiguous, "seed \(seed)")
    }

    @Test func mostRandomCardsAreDrawn() {
        // The law above is only tested on cards in front of the eye; most seeds must give one.
        #expect((1...40 as ClosedRange<UInt64>).filter { Self.randomCard(seed: $0) != nil }.count >= 30)
    }

    /// The faces of the bench's cube frame, as the compositor draws them: destination pixel →
    /// texel map and the clipped screen polygon.
    static func cubeFaces() throws -> [(map: Homography, polygon: ConvexPolygon)] {
        let size = Size(width: 1080, height: 1920)
        func face(_ name: String, angle: Double) -> Layer {
            var layer = Layer(name: name, bounds: Rect(origin: .zero, size: size),
                              position: Point(x: size.width / 2, y: size.height / 2))
            // The cube model's face turn: about the cube's centre, half a width behind the screen.
            layer.transform = CubePager.cubeFaceTransform(offset: angle / (Double.pi / 2), width: size.width)
            layer.isDoubleSided = false
            layer.contents = ImageContents(image: name)
            return layer
        }
        var cube = Layer(name: "cube", frame: Rect(origin: .zero, size: size))
        cube.sublayerTransform = .perspective(eyeDistance: 2_000)
        cube.sublayers = [face("a", angle: -.pi / 4), face("b", angle: .pi / 4)]
        let scene = LayerScene(size: size, backgroundColor: .black, layers: [cube])
        // The 1080 × 1920 photos fill their 1080 × 1920 pt layers, so layer points are texels.
        return try RecordingVisitor.nodes(scene).filter { $0.layer.contents != nil }.map { node in
            let map = try #require(node.pixelsToLayer)
            let polygon = try #require(FrameCompositor.region(node.quad, clip: nil, in: PixelRect(width: 1080, height: 1920),
                                                              origin: (0, 0)))
            return (map, polygon)
        }
    }

    @Test func theBenchCubeStaysWithinAnEighthTexel() throws {
        let faces = try Self.cubeFaces()
        #expect(faces.count == 2)
        for face in faces {
            let walk = Self.walk(face.map, polygon: face.polygon, levelCount: 12,
                                 clip: PixelRect(width: 1080, height: 1920), rowStep: 3)
            // 16-pixel chunks: about 0.08 texel where the face recedes most.
            #expect(walk.maxError <= TextureChunks.interpolationTolerance, "\(walk.maxError) texels")
            #expect(walk.pixels > 300_000)
            #expect(walk.contiguous)
        }
    }

    /// A 512 × 64 plane receding to its horizon just beyond pixel 512 (`w` from 1 down to 0.015,
    /// the coordinates up to 34 000 texels), or the same mirrored (`w` rising from 0.015).
    static let horizonMaps = [
        Homography(m11: 1, m12: 0, m13: -1.0 / 520, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
        Homography(m11: 1, m12: 0.3, m13: 1.0 / 520, m21: -0.2, m22: 1, m23: 0, m31: 7, m32: 0, m33: 0.015),
    ]

    @Test(arguments: [1, 16])
    func planesRunningToTheHorizonStayWithinAnEighthTexel(levels: Int) {
        for (i, map) in Self.horizonMaps.enumerated() {
            let polygon = ConvexPolygon([Point(x: 0, y: 0), Point(x: 512, y: 0), Point(x: 512, y: 64), Point(x: 0, y: 64)])
            // Even 8 pixels a divide err by texels there (3 at 16 levels, 3 000 at 1 level):
            // the rows are cut where they lie.
            #expect(TextureChunks(map: map, levelCount: levels, polygon: polygon).local, "map \(i)")
            let walk = Self.walk(map, polygon: polygon, levelCount: levels, clip: PixelRect(width: 512, height: 64))
            #expect(walk.maxError <= TextureChunks.interpolationTolerance, "map \(i): \(walk.maxError) texels")
            #expect(walk.contiguous, "map \(i)")
            #expect(walk.pixels == 512 * 64)
            // Near the horizon one divide a pixel or two; far from it, many times longer chunks.
            #expect(walk.shortest <= 2 && walk.longest >= 8 * walk.shortest, "map \(i): \(walk.shortest)…\(walk.longest) pixels")
        }
    }

    @Test func hostileMapsCutEveryRowIntoChunksWithoutATrap() {
        // w crossing 0 inside the row, huge, NaN and infinite entries, an affine map: every pixel
        // in exactly one chunk of 1…128 pixels, and the walk ends.
        let maps = [
            Homography(m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0, m31: -3, m32: 0, m33: -1),
            Homography(m11: 1e300, m12: -1e300, m13: 1e-300, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            Homography(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            Homography(m11: 1, m12: 0, m13: .infinity, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            Homography(m11: 1, m12: 0, m13: .leastNonzeroMagnitude, m21: 0, m22: 1, m23: 1e300, m31: 0, m32: 0, m33: 1e-300),
            Homography(m11: 2, m12: 0.5, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
        ]
        let polygon = ConvexPolygon([Point(x: 0, y: 0), Point(x: 700, y: 0), Point(x: 700, y: 9), Point(x: 0, y: 9)])
        for (i, map) in maps.enumerated() {
            for levels in [1, 9] {
                let plan = TextureChunks(map: map, levelCount: levels, polygon: polygon)
                for (x0, x1) in [(0, 1), (3, 700), (-40, 2000)] {
                    var next = x0
                    plan.walk(y: i, x0: x0, x1: x1) { x, n, _, _, _ in
                        #expect(x == next && (1...TextureChunks.longest).contains(n), "map \(i): chunk \(x), \(n)")
                        next = x + max(n, 1)
                    }
                    #expect(next == x1, "map \(i), pixels \(x0)..<\(x1)")
                }
            }
        }
        // An affine map needs no divide between the longest chunks.
        var lengths: [Int] = []
        TextureChunks(map: maps[5], levelCount: 1, polygon: polygon).walk(y: 0, x0: 0, x1: 300) { _, n, _, _, _ in
            lengths.append(n)
        }
        #expect(lengths == [128, 128, 44])
    }
}
