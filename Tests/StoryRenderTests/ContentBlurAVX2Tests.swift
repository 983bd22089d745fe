@testable import StoryRender
import StoryKit
import Testing

/// The box blur's row pass (two rows at a time) and column pass in AVX2, where the CPU has it,
/// give the bytes of the portable Swift path: whole pictures, grown canvases, windows at odd
/// columns, edge-extended copies (repeated rows), single rows and columns. The AVX2 column pass
/// takes the column differences itself, a band after its row passes, from a longer ring. (The
/// AVX-512 kernels, where the CPU has them, are checked in ContentBlurAVX512Tests; these keep to
/// AVX2 with `avx2Only`.)
@Suite struct ContentBlurAVX2Tests {
    static func differing(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return -1 }
        return zip(a.pixels, b.pixels).filter { $0 != $1 }.count
    }

    @Test(arguments: [2.0, 3.0, 10.0, 30.0, 100.0])
    func theAVX2PassesDrawThePortableBytes(sigma: Double) throws {
        let kernel = try #require(GaussianBlur.Kernel(sigma: sigma))
        for (width, height, seed) in [(83, 57, 1), (1, 9, 2), (9, 1, 3), (130, 41, 4), (7, 300, 5)] {
            let image = ContentBlurWindowTests.noise(width: width, height: height, seed: UInt32(seed))
            for padding in [0, kernel.padding] {
                let wide = GaussianBlur.boxBlur(image, kernel: kernel, padding: padding, avx2Only: true)
                let portable = GaussianBlur.boxBlur(image, kernel: kernel, padding: padding, portable: true)
                #expect(Self.differing(wide, portable) == 0, "σ \(sigma), \(width)×\(height), padding \(padding)")
            }
            for window in [PixelRect(x0: 3, y0: 2, x1: width - 1, y1: height + 40), PixelRect(x0: 1, y0: 0, x1: 6, y1: 5),
                           PixelRect(x0: 0, y0: 5, x1: width, y1: height - 2)] {
                let wide = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, window: window, avx2Only: true)
                let portable = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, window: window, portable: true)
                #expect(Self.differing(wide, portable) == 0, "σ \(sigma), \(width)×\(height), window \(window)")
            }
            let e = kernel.padding, inside = PixelRect(x0: e, y0: e, x1: e + width, y1: e + height)
            let extended = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, window: inside, extending: e, avx2Only: true)
            let portable = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, window: inside, extending: e, portable: true)
            #expect(Self.differing(extended, portable) == 0, "σ \(sigma), \(width)×\(height), edges extended")
        }
    }

    @Test func aWidePhotoBlursAlikeOnBothPaths() throws {
        // Wide enough for many quads a row, and for the dither's four rows and two pair phases.
        let image = ContentBlurWindowTests.noise(width: 1080, height: 64, seed: 8)
        let kernel = try #require(GaussianBlur.Kernel(sigma: 10))
        let wide = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, avx2Only: true)
        #expect(Self.differing(wide, GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, portable: true)) == 0)
    }

    @Test(arguments: [2.0, 10.0, 40.0])
    func theFusedColumnDifferencesMatchAcrossBandsAndWindows(sigma: Double) throws {
        // Many bands, windows that start mid-band and at odd columns, rows shorter than a quad.
        let kernel = try #require(GaussianBlur.Kernel(sigma: sigma))
        let image = ContentBlurWindowTests.noise(width: 301, height: 203, seed: 11)
        let p = kernel.padding
        for window in [PixelRect(x0: 0, y0: 0, x1: 301 + 2 * p, y1: 203 + 2 * p), PixelRect(x0: 5, y0: 37, x1: 290, y1: 181),
                       PixelRect(x0: 17, y0: 3, x1: 24, y1: 200), PixelRect(x0: 1, y0: 50, x1: 10, y1: 51)] {
            let wide = GaussianBlur.boxBlur(image, kernel: kernel, padding: p, window: window, avx2Only: true)
            let portable = GaussianBlur.boxBlur(image, kernel: kernel, padding: p, window: window, portable: true)
            #expect(wide.width == window.x1 - window.x0 && wide.height == window.y1 - window.y0)
            #expect(Self.differing(wide, portable) == 0, "σ \(sigma), window \(window)")
        }
    }
}
