#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

// MARK: - RGBAImage + ImageIO (Apple platforms)

extension RGBAImage {
    /// Decodes the JPEG in `bytes` with ImageIO.
    ///
    /// ImageIO paints what it can of a file that was cut off and reports no warning, so a file
    /// whose data has no end-of-image marker (`FF D9`) after its first scan is refused first.
    ///
    /// - Parameter bytes: A JPEG file, signature already checked.
    /// - Returns: The size and opaque RGBA8 pixels.
    /// - Throws: ``CodecError/truncated(format:)``, ``CodecError/tooLarge(width:height:)`` or
    ///   ``CodecError/malformed(format:message:)``.
    static func decodeJPEG(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        guard Self.jpegHasEndOfImage(bytes) else { throw CodecError.truncated(format: "JPEG") }
        return try Self.decodeWithImageIO(bytes, format: "JPEG")
    }

    /// Decodes the PNG in `bytes` with ImageIO into premultiplied RGBA8 (Core Graphics
    /// premultiplies).
    ///
    /// - Parameter bytes: A PNG file, signature and `IEND` already checked.
    /// - Throws: ``CodecError/tooLarge(width:height:)`` or ``CodecError/malformed(format:message:)``.
    static func decodePNG(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        try Self.decodeWithImageIO(bytes, format: "PNG")
    }

    /// Encodes straight-alpha RGBA8 as a PNG with ImageIO (sRGB).
    ///
    /// - Throws: ``CodecError/malformed(format:message:)`` if ImageIO fails.
    static func encodePNG(straight: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue | CGBitmapInfo.byteOrder32Big.rawValue)
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let provider = CGDataProvider(data: Data(straight) as CFData),
              let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                                  bytesPerRow: width * 4, space: space, bitmapInfo: bitmapInfo, provider: provider,
                                  decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { throw CodecError.malformed(format: "PNG", message: "Core Graphics cannot make an image of the pixels") }
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, "public.png" as CFString, 1, nil)
        else { throw CodecError.malformed(format: "PNG", message: "ImageIO has no PNG encoder") }
        CGImageDestinationAddImage(destination, image, nil)
        guard CGImageDestinationFinalize(destination) else {
            throw CodecError.malformed(format: "PNG", message: "ImageIO could not write the image")
        }
        return [UInt8](output as Data)
    }

    /// Decodes the first image of `bytes` with ImageIO into premultiplied sRGB RGBA8: the header
    /// first, so that the size is checked before any pixel memory is allocated.
    ///
    /// The `CGImage` carries the file's embedded ICC profile as its colour space, and drawing it
    /// into the sRGB bitmap converts it through ColorSync (perceptual intent, as Little CMS does
    /// on Linux). The pixels come out in stored order: ``init(jpegData:)`` and ``init(pngData:)``
    /// apply the EXIF orientation themselves, from the same tag ImageIO reports as
    /// `kCGImagePropertyOrientation`, so both platforms turn a photo by one shared rule
    /// (``oriented(_:)``) rather than two.
    private static func decodeWithImageIO(_ bytes: [UInt8], format: String) throws
        -> (width: Int, height: Int, pixels: [UInt8])
    {
        let options = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(Data(bytes) as CFData, options),
              CGImageSourceGetCount(source) > 0,
              let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, options) as? [CFString: Any],
              let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue,
              let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue
        else { throw CodecError.malformed(format: format, message: "ImageIO cannot read the header") }
        try Self.checkDecodable(width: width, height: height, format: format)
        guard let image = CGImageSourceCreateImageAtIndex(source, 0, options), image.width == width,
              image.height == height
        else { throw CodecError.malformed(format: format, message: "ImageIO cannot decode the image") }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let drawn = pixels.withUnsafeMutableBytes { buffer -> Bool in
            let bitmapInfo = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue
            guard let space = CGColorSpace(name: CGColorSpace.sRGB),
                  let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width * 4, space: space, bitmapInfo: bitmapInfo)
            else { return false }
            context.setBlendMode(.copy)
            context.setRenderingIntent(.perceptual)
            context.interpolationQuality = .none
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw CodecError.malformed(format: format, message: "Core Graphics cannot draw the image") }
        return (width, height, pixels)
    }
}
#endif
