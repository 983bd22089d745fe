import Foundation
@testable import StoryRender
import Testing

/// Issue 24, point 4: the EXIF orientation is applied as ImageIO shows it, checked on JPEGs from
/// `Fixtures/make-jpeg-fixtures.c` whose six flat blocks are stored as
///
///     R G B
///     W K Y      (red green blue / white black grey 128)
///
/// and tagged 1…8. The expected arrangements are written out by hand from the EXIF
/// specification's pictures (and ImageIO's `CGImagePropertyOrientation` documentation).
@Suite struct ImageOrientationTests {
    static let colours: [Character: [Int]] = [
        "R": [255, 0, 0], "G": [0, 255, 0], "B": [0, 0, 255], "W": [255, 255, 255], "K": [0, 0, 0],
        "Y": [128, 128, 128],
    ]

    /// The displayed blocks, row by row, for each orientation tag.
    static let displayed: [UInt8: [String]] = [
        1: ["RGB", "WKY"],
        2: ["BGR", "YKW"],  // mirrored left to right
        3: ["YKW", "BGR"],  // turned 180°
        4: ["WKY", "RGB"],  // mirrored top to bottom
        5: ["RW", "GK", "BY"],  // transposed
        6: ["WR", "KG", "YB"],  // turned 90° clockwise: the top row becomes the right column
        7: ["YB", "KG", "WR"],  // transversed
        8: ["BY", "GK", "RW"],  // turned 90° counter-clockwise: the top row becomes the left column
    ]

    /// Whether each 8×8 block's centre (or each pixel, `block` 1) shows the expected colour.
    static func check(_ image: RGBAImage, rows: [String], block: Int, within tolerance: Int,
                      colour: (Character) -> [Int] = { colours[$0] ?? [] }) -> [String] {
        var problems: [String] = []
        guard image.width == rows[0].count * block, image.height == rows.count * block else {
            return ["size \(image.width)×\(image.height)"]
        }
        for (by, row) in rows.enumerated() {
            for (bx, name) in row.enumerated() {
                let p = image[bx * block + block / 2, by * block + block / 2]
                let got = [Int(p.r), Int(p.g), Int(p.b)]
                if !zip(got, colour(name)).allSatisfy({ abs($0 - $1) <= tolerance }) {
                    problems.append("block \(bx),\(by) is \(got), not \(name)")
                }
            }
        }
        return problems
    }

    @Test(arguments: UInt8(1)...8)
    func everyJPEGOrientationIsDisplayedAsImageIOShowsIt(tag: UInt8) throws {
        let image = try RGBAImage(jpegData: CodecFixtures.file("orientation-\(tag).jpg"))
        let rows = try #require(Self.displayed[tag])
        #expect(Self.check(image, rows: rows, block: 8, within: 6) == [])
    }

    @Test func aPNGsEXIfOrientationIsApplied() throws {
        let image = try RGBAImage(pngData: CodecFixtures.file("exif-orientation-6.png"))
        #expect(Self.check(image, rows: ["WR", "KG", "YB"], block: 1, within: 0) == [])
    }

    @Test func aPhonePhotoIsTurnedAndColourManaged() throws {
        // Adobe RGB blocks tagged 6, as a phone held upright writes them.
        let image = try RGBAImage(jpegData: CodecFixtures.file("phone-adobe-rgb-orientation-6.jpg"))
        let srgb: (Character) -> [Int] = { ICCProfileTests.adobeToSRGB((Self.colours[$0] ?? []).map(Double.init)) }
        #expect(srgb("Y") == [129, 129, 129] && srgb("G") == [0, 255, 0])
        #expect(Self.check(image, rows: ["WR", "KG", "YB"], block: 8, within: 6, colour: srgb) == [])
    }

    @Test func orientingAndTheInverseGiveTheStoredImageBack() {
        var stored = RGBAImage(width: 3, height: 2)
        for i in 0..<6 { stored[i % 3, i / 3] = (UInt8(i * 40), UInt8(i), 0, 255) }
        let inverse: [RGBAImage.Orientation: RGBAImage.Orientation] = [
            .up: .up, .upMirrored: .upMirrored, .down: .down, .downMirrored: .downMirrored,
            .leftMirrored: .leftMirrored, .right: .left, .rightMirrored: .rightMirrored, .left: .right,
        ]
        for orientation in RGBAImage.Orientation.allCases {
            let shown = stored.oriented(orientation)
            #expect(shown.width == (orientation.swapsSides ? 2 : 3))
            #expect(shown.oriented(inverse[orientation] ?? .up) == stored, "\(orientation)")
        }
    }

    @Test func exifWithoutAnOrientationOrOutOfRangeLeavesTheImageAsStored() {
        // Big-endian TIFF, one entry: Orientation (0x0112), SHORT, count 1, value v.
        func tiff(_ value: UInt8) -> ArraySlice<UInt8> {
            [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0][...]
        }
        #expect(RGBAImage.exifOrientation(tiff: tiff(6)) == .right)
        #expect(RGBAImage.exifOrientation(tiff: tiff(0)) == nil)
        #expect(RGBAImage.exifOrientation(tiff: tiff(9)) == nil)
        #expect(RGBAImage.exifOrientation(tiff: tiff(6).prefix(12)) == nil)  // cut inside the entry
        #expect(RGBAImage.exifOrientation(tiff: [0x41, 0x41, 0, 42, 0, 0, 0, 8][...]) == nil)
    }
}
