#if !canImport(ImageIO)
import CPNG

// MARK: - RGBAImage + libpng (Linux)

extension RGBAImage {
    /// Decodes the PNG in `bytes` with libpng's simplified API (`png_image`): the header first,
    /// so that the size is checked before any pixel memory is allocated, then every colour type
    /// and bit depth as 8-bit sRGB RGBA (a 16-bit file without `gAMA`/`sRGB` taken as sRGB).
    ///
    /// - Parameter bytes: A PNG file, signature and `IEND` already checked.
    /// - Returns: The size and premultiplied RGBA8 pixels.
    /// - Throws: ``CodecError/tooLarge(width:height:)``, ``CodecError/truncated(format:)`` or
    ///   ``CodecError/malformed(format:message:)`` with libpng's message.
    static func decodePNG(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let (width, height, pixels) = try bytes.withUnsafeBytes { raw -> (Int, Int, [UInt8]) in
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw Self.pngError(&image)
            }
            let width = Int(image.width), height = Int(image.height)
            try Self.checkDecodable(width: width, height: height, format: "PNG")
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else { throw Self.pngError(&image) }
            return (width, height, pixels)
        }
        var decoded = (width: width, height: height, pixels: pixels)
        Self.premultiply(&decoded.pixels)
        return decoded
    }

    /// Encodes straight-alpha RGBA8 as an 8-bit RGBA PNG with libpng (an sRGB chunk, default
    /// zlib compression).
    ///
    /// - Throws: ``CodecError/malformed(format:message:)`` if libpng fails.
    static func encodePNG(straight: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        // Stored deflate blocks bound the output: 5 bytes per 64 KiB block and 12 per IDAT chunk.
        let raw = height * (1 + width * 4)
        var capacity = raw + raw / 256 + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let written = straight.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, input.baseAddress,
                                              Int32(width * 4), nil)
                }
            }
            if written != 0 {
                output.removeSubrange(size...)
                return output
            }
            // libpng sets `size` to the space it needs when only the buffer was too small.
            guard size > capacity else { break }
            capacity = size
        }
        defer { png_image_free(&image) }
        throw Self.pngError(&image)
    }

    /// The error libpng left in `image.message`, as a ``CodecError``.
    private static func pngError(_ image: inout png_image) -> CodecError {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if message.contains("end of data") { return .truncated(format: "PNG") }
        return .malformed(format: "PNG", message: message.isEmpty ? "unknown libpng error" : message)
    }
}
#endif
