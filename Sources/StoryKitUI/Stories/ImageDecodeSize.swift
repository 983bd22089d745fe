import Foundation
import MotionCore

// MARK: - ImageDecodeSize

/// How large an image is decoded: the longest side, in pixels, of the bitmap that fills (or fits)
/// the box it is shown in, never larger than the image itself and never larger than ``cap``.
///
/// The front-ends decode with ImageIO's thumbnail call (`kCGImageSourceThumbnailMaxPixelSize`
/// is this value), so a 4000 × 3000 photo shown in a 64-point avatar at 3× becomes a 256 × 192
/// bitmap (192 px covers the 192-px circle), not a 48 MB one. Sizes that are zero, negative, NaN
/// or infinite are unknown: the decode is then bounded by ``cap`` alone.
package struct ImageDecodeSize: Sendable, Hashable {
    /// How the image covers its box.
    package enum Mode: Sendable, Hashable {
        /// The image covers the whole box (aspect fill), cropped: the tray's avatars, story pages.
        case fill
        /// The whole image shows inside the box (aspect fit).
        case fit
    }

    /// The largest side ever decoded, in pixels: 4096 (a 4096 × 4096 bitmap is 64 MiB).
    package static let cap = 4096

    /// The longest side to decode, in pixels (1…``cap``).
    package var maxPixelSize: Int

    /// The decode size of an image of `imagePixels` (pixels; zero when not known) shown in a box
    /// of `points` at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - imagePixels: The image's own size in pixels (ImageIO's `kCGImagePropertyPixelWidth`
    ///     and height, after its EXIF orientation); zero or non-finite when not known.
    ///   - points: The box the image is shown in, in points (a view's bounds).
    ///   - scale: Pixels per point (the screen's or trait collection's `displayScale`); values
    ///     below 1 or non-finite count as 1.
    ///   - mode: Whether the image fills or fits the box.
    ///   - cap: The largest side ever decoded, in pixels.
    package init(imagePixels: Size, points: Size, scale: Double, mode: Mode = .fill, cap: Int = ImageDecodeSize.cap) {
        let cap = Swift.max(cap, 1)
        let scale = Self.pixelsPerPoint(scale)
        let box = Size(width: Self.known(points.width) * scale, height: Self.known(points.height) * scale)
        let image = Size(width: Self.known(imagePixels.width), height: Self.known(imagePixels.height))
        let imageLongest = Swift.max(image.width, image.height)
        var target: Double
        if box.width > 0, box.height > 0, image.width > 0, image.height > 0 {
            let ratios = (box.width / image.width, box.height / image.height)
            let factor = mode == .fill ? Swift.max(ratios.0, ratios.1) : Swift.min(ratios.0, ratios.1)
            target = Swift.min(imageLongest * factor, imageLongest)          // never upscaled
        } else if image.width > 0, image.height > 0 {
            target = imageLongest                                           // box unknown: the image
        } else {
            target = Double(cap)                                            // image unknown: the cap
        }
        target = target.rounded(.up)
        maxPixelSize = target.isFinite ? Int(Swift.min(Swift.max(target, 1), Double(cap))) : cap
    }

    /// An image's size in pixels as shown: ImageIO's pixel width and height, swapped for the EXIF
    /// orientations 5…8 (the image is turned a quarter), as they are stored otherwise.
    ///
    /// - Parameters:
    ///   - width: `kCGImagePropertyPixelWidth`, in pixels.
    ///   - height: `kCGImagePropertyPixelHeight`, in pixels.
    ///   - orientation: `kCGImagePropertyOrientation` (1…8; 1, up, when the file does not say).
    package static func shownPixels(width: Double, height: Double, orientation: Int) -> Size {
        (5...8).contains(orientation) ? Size(width: height, height: width) : Size(width: width, height: height)
    }

    /// An image's size in pixels as shown, from ImageIO's properties of it
    /// (`CGImageSourceCopyPropertiesAtIndex`): `kCGImagePropertyPixelWidth` ("PixelWidth") and
    /// `kCGImagePropertyPixelHeight` ("PixelHeight"), turned by `kCGImagePropertyOrientation`
    /// ("Orientation", 1 when missing) as ``shownPixels(width:height:orientation:)`` says; zero
    /// when the header does not give both sides.
    ///
    /// - Parameter properties: The image's properties, keyed by ImageIO's key strings.
    package static func shownPixels(properties: [String: Any]) -> Size {
        guard let width = (properties["PixelWidth"] as? NSNumber)?.doubleValue,
              let height = (properties["PixelHeight"] as? NSNumber)?.doubleValue else { return .zero }
        return shownPixels(width: width, height: height, orientation: (properties["Orientation"] as? NSNumber)?.intValue ?? 1)
    }

    /// The pixels per point a decode is made at: `scale` (a `displayScale`), or 1 when it is
    /// below 1 or not finite.
    package static func pixelsPerPoint(_ scale: Double) -> Double {
        scale.isFinite ? Swift.max(scale, 1) : 1
    }

    /// `value` if it is a finite positive size, else 0.
    private static func known(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// The memory a decoded bitmap takes, in bytes: `bytesPerRow` × `height` (at least 1), the
    /// cost it is kept at in the memory cache.
    package static func cost(bytesPerRow: Int, height: Int) -> Int {
        let (product, overflow) = Swift.max(bytesPerRow, 0).multipliedReportingOverflow(by: Swift.max(height, 0))
        return overflow ? Int.max : Swift.max(product, 1)
    }
}

// MARK: - ImageCacheKey

/// What a decoded image is cached under: its URL and the box it was decoded for, in pixels, so
/// that a request for a bigger bitmap is never served a smaller decode of the same file (a
/// 64-point avatar's decode is not stretched over a full-screen story page).
///
/// The box, not the decode's own size, is the key: it is known before the image is read.
package struct ImageCacheKey: Sendable, Hashable {
    /// The image's location.
    package var url: URL
    /// The box's width in pixels, rounded up (0 when not known).
    package var pixelWidth: Int
    /// The box's height in pixels, rounded up (0 when not known).
    package var pixelHeight: Int

    /// The key of `url` decoded for a box of `points` at `scale` pixels per point (as
    /// ``ImageDecodeSize/init(imagePixels:points:scale:mode:cap:)`` takes them).
    package init(url: URL, points: Size, scale: Double) {
        self.url = url
        let scale = ImageDecodeSize.pixelsPerPoint(scale)
        pixelWidth = Self.pixels(points.width * scale)
        pixelHeight = Self.pixels(points.height * scale)
    }

    /// `value` rounded up to whole pixels, 0 when not a finite positive size, at most the cap.
    private static func pixels(_ value: Double) -> Int {
        value.isFinite && value > 0 ? Int(Swift.min(value.rounded(.up), Double(ImageDecodeSize.cap))) : 0
    }
}
