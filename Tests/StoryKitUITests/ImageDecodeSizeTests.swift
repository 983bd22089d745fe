import Foundation
import StoryKit
import StoryMedia
@testable import StoryKitUI
import Testing

/// Images decoded at the size they are shown, cached by that size, bounded in bytes and emptied
/// on a memory warning.
@Suite struct ImageDecodeSizeTests {
    static let photo = Size(width: 4000, height: 3000)

    @Test func anAvatarIsDecodedToCoverItsCircleAtTheScreensScale() {
        // A 64-point avatar at 3x: the 4:3 photo's short side covers 192 px, its long side is 256.
        #expect(ImageDecodeSize(imagePixels: Self.photo, points: Size(width: 64, height: 64), scale: 3).maxPixelSize == 256)
        #expect(ImageDecodeSize(imagePixels: Self.photo, points: Size(width: 64, height: 64), scale: 2).maxPixelSize == 171)
        // Fit: the long side fits the box.
        #expect(ImageDecodeSize(imagePixels: Self.photo, points: Size(width: 64, height: 64), scale: 3,
                                mode: .fit).maxPixelSize == 192)
    }

    @Test func aStoryPageFillsThePortraitScreen() {
        // 390 x 844 points at 3x = 1170 x 2532 px; a landscape photo must be 2532 px high.
        let size = ImageDecodeSize(imagePixels: Self.photo, points: Size(width: 390, height: 844), scale: 3)
        #expect(size.maxPixelSize == 3376)
    }

    @Test func neverLargerThanTheImageNorTheCap() {
        #expect(ImageDecodeSize(imagePixels: Size(width: 100, height: 80), points: Size(width: 390, height: 844),
                                scale: 3).maxPixelSize == 100)
        #expect(ImageDecodeSize(imagePixels: Size(width: 20000, height: 100), points: Size(width: 390, height: 844),
                                scale: 3).maxPixelSize == ImageDecodeSize.cap)
    }

    @Test(arguments: [0, -5, Double.nan, Double.infinity])
    func unknownSizesAreBoundedByTheCap(_ bad: Double) {
        // Box unknown: the image's own size (capped).
        #expect(ImageDecodeSize(imagePixels: Self.photo, points: Size(width: bad, height: 64), scale: 3).maxPixelSize == 4000)
        // Image unknown: the cap.
        #expect(ImageDecodeSize(imagePixels: Size(width: bad, height: bad), points: Size(width: 64, height: 64),
                                scale: 3).maxPixelSize == ImageDecodeSize.cap)
        // A bad scale counts as 1.
        #expect(ImageDecodeSize(imagePixels: Self.photo, points: Size(width: 64, height: 64), scale: bad).maxPixelSize == 86)
    }

    @Test func aPortraitPhotoStoredSidewaysIsSizedAsShown() {
        // A phone's portrait photo is often stored 4032×3024 with EXIF orientation 6 (turn right).
        #expect(ImageDecodeSize.shownPixels(width: 4032, height: 3024, orientation: 6) == Size(width: 3024, height: 4032))
        #expect(ImageDecodeSize.shownPixels(width: 4032, height: 3024, orientation: 1) == Size(width: 4032, height: 3024))
        #expect(ImageDecodeSize.shownPixels(width: 4032, height: 3024, orientation: 3) == Size(width: 4032, height: 3024),
                "upside down is still landscape")
        #expect(ImageDecodeSize.shownPixels(width: 4032, height: 3024, orientation: 9) == Size(width: 4032, height: 3024),
                "an orientation EXIF does not define turns nothing")
    }

    @Test func imageIOsHeaderGivesTheSizeAsShown() {
        // ImageIO's properties as `CGImageSourceCopyPropertiesAtIndex` gives them (CFNumbers).
        let sideways: [String: Any] = ["PixelWidth": NSNumber(value: 4032), "PixelHeight": NSNumber(value: 3024),
                                       "Orientation": NSNumber(value: 6)]
        #expect(ImageDecodeSize.shownPixels(properties: sideways) == Size(width: 3024, height: 4032))
        let upright: [String: Any] = ["PixelWidth": NSNumber(value: 640), "PixelHeight": NSNumber(value: 480)]
        #expect(ImageDecodeSize.shownPixels(properties: upright) == Size(width: 640, height: 480), "no orientation: as stored")
        #expect(ImageDecodeSize.shownPixels(properties: ["PixelWidth": NSNumber(value: 640)]) == .zero,
                "a header without both sides is not known: the decode is bounded by the cap")
        let decode = ImageDecodeSize(imagePixels: ImageDecodeSize.shownPixels(properties: sideways),
                                     points: Size(width: 390, height: 844), scale: 3)
        #expect(decode.maxPixelSize == 2_532, "the sideways photo fills a 3× portrait page from its own height")
    }

    @Test func aScaleBelowOneOrUnknownDecodesAtOnePixelPerPoint() {
        #expect(ImageDecodeSize.pixelsPerPoint(3) == 3)
        #expect(ImageDecodeSize.pixelsPerPoint(0.5) == 1)
        #expect(ImageDecodeSize.pixelsPerPoint(.nan) == 1)
        #expect(ImageDecodeSize.pixelsPerPoint(.infinity) == 1)
    }

    @Test func theCostIsTheBitmapsBytes() {
        #expect(ImageDecodeSize.cost(bytesPerRow: 256 * 4, height: 192) == 196_608)
        #expect(ImageDecodeSize.cost(bytesPerRow: 0, height: 0) == 1)
        #expect(ImageDecodeSize.cost(bytesPerRow: .max, height: 2) == .max)
    }

    @Test func aBiggerRequestIsNotServedASmallerDecode() throws {
        let url = try #require(URL(string: "https://cdn.example.com/a.jpg"))
        let cache = MemoryImageCache<ImageCacheKey, String>(capacity: 1 << 20)
        let avatar = ImageCacheKey(url: url, points: Size(width: 64, height: 64), scale: 3)
        cache.insert("avatar decode", for: avatar, cost: 196_608)
        #expect(cache.value(for: ImageCacheKey(url: url, points: Size(width: 64, height: 64), scale: 3)) == "avatar decode")
        #expect(cache.value(for: ImageCacheKey(url: url, points: Size(width: 390, height: 844), scale: 3)) == nil)
        #expect(cache.value(for: ImageCacheKey(url: url, points: Size(width: 64, height: 64), scale: .nan)) == nil,
                "a 1x request is another size")
    }

    @Test func decodesAreEvictedByBytesLeastRecentFirst() throws {
        let url = try #require(URL(string: "https://cdn.example.com/a.jpg"))
        let cache = MemoryImageCache<ImageCacheKey, String>(capacity: 1_000_000)
        let keys = (1...4).map { ImageCacheKey(url: url, points: Size(width: Double($0) * 100, height: 100), scale: 1) }
        for key in keys { cache.insert("\(key.pixelWidth)", for: key, cost: 300_000) }
        #expect(cache.totalCost <= 1_000_000 && cache.count == 3)
        #expect(cache.value(for: keys[0]) == nil && cache.value(for: keys[3]) == "400")
    }

    @Test func aMemoryWarningEmptiesTheCacheForAsLongAsTheObservationIsKept() {
        let center = NotificationCenter()
        let warning = Notification.Name("MemoryWarning")
        let cache = MemoryImageCache<String, Int>(capacity: 100)
        var observation: NotificationObservation? = cache.removesAll(on: warning, center: center)
        cache.insert(1, for: "a", cost: 10)
        center.post(name: Notification.Name("Other"), object: nil)
        #expect(cache.count == 1)
        center.post(name: warning, object: nil)
        #expect(cache.count == 0 && cache.totalCost == 0)
        cache.insert(2, for: "b", cost: 10)
        withExtendedLifetime(observation) {}
        observation = nil
        center.post(name: warning, object: nil)
        #expect(cache.count == 1, "no longer observed")
    }
}
