@testable import StoryRender
import StoryKit
import Testing

/// Where the CPU has AVX-512, the box blur's column pass runs eight pixels a step (an odd last
/// quad in AVX2) and the row pass widens and differences its rows 512 bits at a time: the bytes
/// of the AVX2 kernels and of the portable Swift path, for rows of any number of quads (odd,
/// even, more than one 48-oct strip), windows at odd columns, grown canvases and edge-extended
/// copies.
@Suite(.enabled(if: GaussianBlur.avx512, "this CPU has no AVX-512"))
struct ContentBlurAVX512Tests {
    @Test(arguments: [2.0, 3.0, 10.0, 40.0])
    func theAVX512KernelsDrawTheAVX2Bytes(sigma: Double) throws {
        let kernel = try #require(GaussianBlur.Kernel(sigma: sigma))
        for (width, height, seed) in [(1, 7, 1), (3, 40, 2), (12, 9, 3), (37, 23, 4), (130, 21, 5), (803, 9, 7)] {
            let image = ContentBlurWindowTests.noise(width: width, height: height, seed: UInt32(seed))
            func expectAlike(padding: Int = 0, window: PixelRect? = nil, extending e: Int = 0, _ what: String) {
                func blur(avx2Only: Bool = false, portable: Bool = false) -> RGBAImage {
                    GaussianBlur.boxBlur(image, kernel: kernel, padding: padding, window: window, extending: e,
                                         portable: portable, avx2Only: avx2Only)
                }
                let widest = blur()
                #expect(ContentBlurAVX2Tests.differing(widest, blur(avx2Only: true)) == 0, "σ \(sigma), \(width)×\(height), \(what)")
                #expect(ContentBlurAVX2Tests.differing(widest, blur(portable: true)) == 0, "σ \(sigma), \(width)×\(height), \(what), portable")
            }
            expectAlike("whole")
            expectAlike(padding: kernel.padding, "grown")
            expectAlike(window: PixelRect(x0: 5, y0: 2, x1: width + 3, y1: height - 1), "window from column 5")
            expectAlike(window: PixelRect(x0: 2, y0: 0, x1: width, y1: height), "window from column 2")
            let e = kernel.padding
            expectAlike(window: PixelRect(x0: e, y0: e, x1: e + width, y1: e + height), extending: e, "edges extended")
        }
    }

    @Test func aFullFramePhotoBlursAlikeOnEveryPath() throws {
        // The benchmark's frame width, many bands, the dither's four rows and both pair phases.
        let image = ContentBlurWindowTests.noise(width: 1080, height: 70, seed: 9)
        let kernel = try #require(GaussianBlur.Kernel(sigma: 10))
        let widest = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0)
        let avx2 = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, avx2Only: true)
        let portable = GaussianBlur.boxBlur(image, kernel: kernel, padding: 0, portable: true)
        #expect(ContentBlurAVX2Tests.differing(widest, avx2) == 0)
        #expect(ContentBlurAVX2Tests.differing(widest, portable) == 0)
    }
}
