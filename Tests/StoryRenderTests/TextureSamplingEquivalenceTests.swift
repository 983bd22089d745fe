import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
@testable import StoryRender
import Testing

/// The texture sampler's fast loops against the loops they replaced, byte for byte: the
/// reference below is the sampler as it was before the sampling loop was optimised (issue 28), so
/// any difference in one output byte fails, over random projective maps, texture and clamp sizes,
/// opacities, translucent textures and the edge cases of a chunk (taps leaving the level at
/// either end, runs of 0, 1 and odd lengths, negative steps).
@Suite struct TextureSamplingEquivalenceTests {
    /// The sampler before issue 28's optimisations: a chunk whose taps all lie inside the level is
    /// stored by `referenceStoreRun`, any other chunk is sampled pixel by pixel with clamped taps.
    struct ReferenceSink: SpanSink {
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int
        let texels: UnsafePointer<UInt32>
        let levels: UnsafePointer<MipLevel>
        let clamp: PixelRect
        let opacity: Double
        let opaqueTexture: Bool
        let chunks: TextureChunks

        func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double) {
            let alpha = PixelMath.alphaByte(coverage * opacity)
            guard alpha > 0 else { return }
            shade(y: y, x0: x0, x1: x1, alphas: nil, constant: alpha)
        }

        func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int) {
            let alphas = (0..<count).map { UInt8(PixelMath.alphaByte(coverage[$0] * opacity)) }
            alphas.withUnsafeBufferPointer { shade(y: y, x0: x0, x1: x0 + count, alphas: $0.baseAddress, constant: 0) }
        }

        func shade(y: Int, x0: Int, x1: Int, alphas: UnsafePointer<UInt8>?, constant: UInt32) {
            let row = pixels + y * width
            let store = alphas == nil && constant == 255 && opaqueTexture
            chunks.walk(y: y, x0: x0, x1: x1) { x, n, k, line, _ in
                let info = levels[k]
                let base = texels + info.offset, stride = info.stride
                let minU = (clamp.x0 >> k) << 16, maxU = Swift.max(clamp.x0 >> k, (clamp.x1 - 1) >> k) << 16
                let minV = (clamp.y0 >> k) << 16, maxV = Swift.max(clamp.y0 >> k, (clamp.y1 - 1) >> k) << 16
                var u = line.u, v = line.v
                let du = line.du, dv = line.dv
                let lastU = u &+ du &* (n - 1), lastV = v &+ dv &* (n - 1)
                let out = row + x
                if store && Swift.min(u, lastU) >= minU && Swift.max(u, lastU) <= maxU
                    && Swift.min(v, lastV) >= minV && Swift.max(v, lastV) <= maxV {
                    referenceStoreRun(out, count: n, base: base, stride: stride, u: u, v: v, du: du, dv: dv)
                } else {
                    for i in 0..<n {
                        let alpha = alphas.map { UInt32($0[x - x0 + i]) } ?? constant
                        if alpha > 0 {
                            let cu = Swift.min(Swift.max(u, minU), maxU), cv = Swift.min(Swift.max(v, minV), maxV)
                            let s = Bilinear.sample(base, stride: stride, u: cu, v: cv)
                            out[i] = store ? s : PixelMath.over(alpha == 255 ? s : PixelMath.scale(s, by: alpha), out[i])
                        }
                        u &+= du
                        v &+= dv
                    }
                }
            }
        }
    }

    /// `Bilinear.storeRun` as it was before issue 28 (its prefetch left out: a hint only).
    static func referenceStoreRun(_ out: UnsafeMutablePointer<UInt32>, count: Int, base: UnsafePointer<UInt32>,
                                  stride: Int, u: Int, v: Int, du: Int, dv: Int) {
        var u = u, v = v, i = 0
        let rowBytes = stride &* 4
        let du2 = du &* 2, dv2 = dv &* 2
        var fx = SIMD8<UInt16>(lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: u)),
                               highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: u &+ du)))
        var fy = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: v))
        let stepX = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: du2))
        let stepY = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: dv))
        let stepY2 = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: dv2))
        while i &+ 2 <= count {
            let pa = Bilinear.tap(base, stride: stride, u: u, v: v)
            let pb = Bilinear.tap(base, stride: stride, u: u &+ du, v: v &+ dv)
            let a = Bilinear.lerp(Bilinear.widen(pa.loadUnaligned(as: SIMD8<UInt8>.self)),
                                  Bilinear.widen(pa.loadUnaligned(fromByteOffset: rowBytes, as: SIMD8<UInt8>.self)),
                                  Bilinear.weights(fy))
            let b = Bilinear.lerp(Bilinear.widen(pb.loadUnaligned(as: SIMD8<UInt8>.self)),
                                  Bilinear.widen(pb.loadUnaligned(fromByteOffset: rowBytes, as: SIMD8<UInt8>.self)),
                                  Bilinear.weights(fy &+ stepY))
            let left = SIMD8<Int16>(lowHalf: a.lowHalf, highHalf: b.lowHalf)
            let right = SIMD8<Int16>(lowHalf: a.highHalf, highHalf: b.highHalf)
            let pair = Bilinear.lerp(left, right, Bilinear.weights(fx))
            UnsafeMutableRawPointer(out + i).storeBytes(of: Bilinear.narrow(pair), as: UInt64.self)
            u &+= du2
            v &+= dv2
            fx &+= stepX
            fy &+= stepY2
            i &+= 2
        }
        if i < count { out[i] = Bilinear.sample(base, stride: stride, u: u, v: v) }
    }

    /// A `width × height` image of random premultiplied texels, opaque or with random alpha.
    static func noise(width: Int, height: Int, opaque: Bool, rng: inout SeededRandom) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = opaque ? 255 : UInt8(rng.next() % 256)
                func channel() -> UInt8 { UInt8(rng.next() % (UInt64(a) + 1)) }
                image[x, y] = (channel(), channel(), channel(), a)
            }
        }
        return image
    }

    /// Draws like `Raster.draw` (mipmapped or linear), but through ``ReferenceSink``.
    static func referenceDraw(_ dst: inout RGBAImage, polygon: ConvexPolygon, texture: Texture, map: Homography,
                              sourceClamp: PixelRect, opacity: Double, clip: PixelRect, mipmapped: Bool) {
        let region = clip.intersection(dst.bounds), source = sourceClamp.intersection(texture.bounds)
        let k = PixelMath.unit(opacity), width = dst.width
        guard !region.isEmpty, !source.isEmpty, k > 0, map.isFinite else { return }
        texture.texels.withUnsafeBufferPointer { texels in
            texture.levels.withUnsafeBufferPointer { levels in
                guard let firstTexel = texels.baseAddress, let firstLevel = levels.baseAddress else { return }
                Raster.withPixels(&dst) { pixels in
                    var sink = ReferenceSink(pixels: pixels, width: width, texels: firstTexel, levels: firstLevel,
                                             clamp: source, opacity: k, opaqueTexture: texture.isOpaque,
                                             chunks: TextureChunks(map: map, levelCount: mipmapped ? levels.count : 1,
                                                                   polygon: polygon))
                    Raster.scan(polygon, clip: region, antialiased: true, into: &sink)
                }
            }
        }
    }

    @Test func storeRunMatchesTheReferenceLoopOnRandomLines() {
        var rng = SeededRandom(seed: 28)
        var compared = 0
        for trial in 0..<400 {
            let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...40, using: &rng)
            let texture = Texture(Self.noise(width: w, height: h, opaque: trial % 2 == 0, rng: &rng))
            let count = trial < 8 ? trial : Int.random(in: 0...150, using: &rng)
            // Taps stay inside 0…(w − 1) × 0…(h − 1) texels (16.16) at both ends, so all between.
            let maxU = (w - 1) << 16, maxV = (h - 1) << 16
            let u0 = Int.random(in: 0...maxU, using: &rng), v0 = Int.random(in: 0...maxV, using: &rng)
            let u1 = Int.random(in: 0...maxU, using: &rng), v1 = Int.random(in: 0...maxV, using: &rng)
            let steps = Swift.max(1, count - 1)
            let du = (u1 - u0) / steps, dv = (v1 - v0) / steps
            var expected = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
            var actual = expected
            texture.texels.withUnsafeBufferPointer { texels in
                guard let base = texels.baseAddress else { return }
                expected.withUnsafeMutableBufferPointer { out in
                    guard let o = out.baseAddress else { return }
                    Self.referenceStoreRun(o, count: count, base: base, stride: w + 1, u: u0, v: v0, du: du, dv: dv)
                }
                actual.withUnsafeMutableBufferPointer { out in
                    guard let o = out.baseAddress else { return }
                    Bilinear.storeRun(o, count: count, base: base, stride: w + 1, u: u0, v: v0, du: du, dv: dv,
                                      prefetch: 0)
                }
                for i in 0..<count {
                    let s = Bilinear.sample(base, stride: w + 1, u: u0 + i * du, v: v0 + i * dv)
                    #expect(s == expected[i], "trial \(trial) pixel \(i): the reference loop is not the per-pixel sample")
                }
            }
            #expect(actual == expected, "trial \(trial): \(w)×\(h) count \(count) u \(u0) v \(v0) du \(du) dv \(dv)")
            compared += count
        }
        #expect(compared > 20_000)
    }

    @Test func drawMatchesTheReferenceSamplerOverRandomProjectiveMaps() throws {
        var rng = SeededRandom(seed: 2028)
        for trial in 0..<240 {
            let tw = Int.random(in: 1...90, using: &rng), th = Int.random(in: 1...90, using: &rng)
            let opaque = trial % 3 != 2
            let texture = Texture(Self.noise(width: tw, height: th, opaque: opaque, rng: &rng))
            let dw = Int.random(in: 1...200, using: &rng), dh = Int.random(in: 1...160, using: &rng)
            // A random quad roughly over the destination (some corners outside), mapped onto the
            // whole texture: perspective of every strength, magnified and minified.
            func corner(_ x: Double, _ y: Double) -> Point {
                Point(x: x * Double(dw) + Double.random(in: -0.3...0.3, using: &rng) * Double(dw),
                      y: y * Double(dh) + Double.random(in: -0.3...0.3, using: &rng) * Double(dh))
            }
            let quad = (corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1))
            let textureRect = Rect(x: 0, y: 0, width: Double(tw), height: Double(th))
            guard let forward = Homography.mapping(textureRect, to: quad), let inverse = forward.inverted() else { continue }
            let polygon = ConvexPolygon([quad.0, quad.1, quad.2, quad.3])
            let x0 = Int.random(in: 0..<tw, using: &rng), y0 = Int.random(in: 0..<th, using: &rng)
            let clamp = trial % 4 == 0
                ? PixelRect(x0: x0, y0: y0, x1: Int.random(in: x0 + 1...tw, using: &rng), y1: Int.random(in: y0 + 1...th, using: &rng))
                : PixelRect(width: tw, height: th)
            let opacity = trial % 5 == 4 ? Double.random(in: 0.2...1, using: &rng) : 1
            let mipmapped = trial % 2 == 0
            let background = Self.noise(width: dw, height: dh, opaque: false, rng: &rng)
            var expected = background, actual = background
            Self.referenceDraw(&expected, polygon: polygon, texture: texture, map: inverse, sourceClamp: clamp,
                               opacity: opacity, clip: expected.bounds, mipmapped: mipmapped)
            Raster.draw(&actual, polygon: polygon, texture: texture, destinationToTexture: inverse, sourceClamp: clamp,
                        opacity: opacity, clip: actual.bounds, filter: mipmapped ? .mipmapped : .linear)
            #expect(actual == expected, "trial \(trial): texture \(tw)×\(th) into \(dw)×\(dh), clamp \(clamp)")
        }
    }
}
