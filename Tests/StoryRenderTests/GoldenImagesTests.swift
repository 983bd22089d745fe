import Foundation
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct GoldenImagesTests {
    private func square(offset: Int, value: UInt8 = 255) -> RGBAImage {
        var image = RGBAImage(width: 40, height: 40, fill: (0, 0, 0, 255))
        for y in 10..<30 { for x in (10 + offset)..<(30 + offset) { image[x, y] = (value, value, value, 255) } }
        return image
    }

    @Test func identicalAndSlightlyNoisyRendersMatch() {
        #expect(GoldenImages.difference(square(offset: 0), square(offset: 0), tolerance: .standard) == nil)
        #expect(GoldenImages.difference(square(offset: 0, value: 250), square(offset: 0), tolerance: .standard) == nil)
    }

    @Test func aMovedEdgeOrAWrongColourDoesNotMatch() {
        let moved = GoldenImages.difference(square(offset: 1), square(offset: 0), tolerance: .standard)
        #expect(moved == "40 pixels (2.500 %) differ by more than 6, worst 255")
        #expect(GoldenImages.difference(square(offset: 0, value: 200), square(offset: 0), tolerance: .standard) != nil)
        #expect(GoldenImages.difference(RGBAImage(width: 2, height: 2), square(offset: 0), tolerance: .standard)
            == "size 2×2, golden 40×40")
    }

    /// A 100×100 photo as another JPEG decoder returns it, from the spread measured between
    /// libjpeg's decoding modes: every pixel 5 levels off (IDCT), 40 pixels (0.4 %) 30 levels off
    /// (chroma upsampling at colour edges).
    private func redecoded(_ image: RGBAImage) -> RGBAImage {
        var other = image
        for i in 0..<other.pixels.count where i % 4 != 3 { other.pixels[i] = other.pixels[i] &+ 5 }
        for k in 0..<40 { other[k * 2, 50] = (200, 10, 10, 255) }
        return other
    }

    private func photo() -> RGBAImage {
        var image = RGBAImage(width: 100, height: 100)
        for y in 0..<100 { for x in 0..<100 { image[x, y] = (UInt8(x + 60), UInt8(y + 60), 170, 255) } }
        return image
    }

    @Test func aGoldenDrawnFromAJPEGAllowsTheSpreadBetweenDecoders() throws {
        let folder = NSTemporaryDirectory() + "golden-jpeg-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let goldens = GoldenImages(["photo": []], testFile: folder + "/Spread.swift")
        #expect(goldens.directory == folder + "/__Snapshots__/Spread")
        try FileManager.default.createDirectory(atPath: goldens.directory, withIntermediateDirectories: true)
        try photo().write(toPNGFile: goldens.directory + "/photo.png")
        goldens.assertMatches(redecoded(photo()), test: "photo()", dependsOn: .jpegDecoder)
        withKnownIssue("the standard tolerance is the compositor's own: 0.2 % of pixels") {
            goldens.assertMatches(redecoded(photo()), test: "photo()")
        }
        // A wrong colour is still caught.
        var wrong = photo()
        for y in 0..<10 { for x in 0..<10 { wrong[x, y] = (0, 0, 0, 255) } }
        withKnownIssue("a 10×10 block is not decoder spread") {
            goldens.assertMatches(wrong, test: "photo()", dependsOn: .jpegDecoder)
        }
    }

    @Test func aGoldensNameIsItsTestFunctionAndLabel() {
        #expect(GoldenImages.name(test: "theCubeTurns(position:)", label: "50") == "theCubeTurns.50")
        #expect(GoldenImages.name(test: "theCubeTurns()", label: nil) == "theCubeTurns")
        #expect(GoldenImages.name(test: "helper", label: "a.b") == "helper.a.b")
    }

    @Test func leftoversUnrecordedGoldensAndRenamedTestsAreFound() throws {
        let folder = NSTemporaryDirectory() + "golden-catalog-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "@Test func turns(position: Double) {}\n@Test func rests() {}\n".write(toFile: folder + "/CubeTests.swift",
                                                                                 atomically: true, encoding: .utf8)
        let goldens = GoldenImages(["turns": ["0", "50"], "rests": [], "renamed": ["x"]], testFile: folder + "/CubeTests.swift")
        try FileManager.default.createDirectory(atPath: goldens.directory, withIntermediateDirectories: true)
        for name in ["turns.0", "rests", "turns.75", "old-name"] {
            try RGBAImage(width: 2, height: 2).write(toPNGFile: goldens.directory + "/" + name + ".png")
        }
        #expect(goldens.orphans() == ["old-name", "turns.75"])
        #expect(goldens.missing() == ["renamed.x", "turns.50"])
        #expect(goldens.undeclaredTests() == ["renamed"])
        #expect(goldens.declares("50", test: "turns(position:)") && !goldens.declares("75", test: "turns(position:)"))
        withKnownIssue("a label the test did not declare") {
            goldens.assertMatches(RGBAImage(width: 2, height: 2), label: "75", test: "turns(position:)")
        }
    }

    @Test func theReferenceTextEngineIsThisMachinesWhenDejaVuIsInstalled() {
        #if canImport(CoreText)
        #expect(!GoldenImages.referenceTextEngineIsAvailable)
        #else
        let installed = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(GoldenImages.referenceTextEngineIsAvailable == installed)
        #endif
    }
}
