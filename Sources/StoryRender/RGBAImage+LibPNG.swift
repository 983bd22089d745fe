#if !canImport(ImageIO)
import CPNG

// MARK: - RGBAImage + libpng (Linux)

extension RGBAImage {
    /// Decodes the PNG in `bytes` with libpng's classic API (through the `CPNG` C target, which
    /// keeps libpng's `setjmp`/`longjmp` inside C): the header first, so that the size is checked
    /// before any pixel memory is allocated, then every colour type, bit depth and interlace pass
    /// as 8-bit RGBA, converted to sRGB with Little CMS when the file embeds an ICC profile.
    ///
    /// libpng's simplified API (`png_image`) is not used for reading: it gets the even rows of
    /// Adam7-interlaced 16-bit files wrong (by up to 251 levels in PngSuite's basi0g16).
    ///
    /// - Parameter bytes: A PNG file, signature and chunks already checked.
    /// - Returns: The size and premultiplied RGBA8 pixels.
    /// - Throws: ``CodecError/tooLarge(width:height:)``, ``CodecError/truncated(format:)``,
    ///   ``CodecError/corrupt(format:detail:)`` or ``CodecError/malformed(format:message:)`` with
    ///   libpng's message.
    static func decodePNG(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var message = [CChar](repeating: 0, count: Int(STORYKIT_PNG_MESSAGE_CAPACITY))
        return try bytes.withUnsafeBufferPointer { png in
            var header = storykit_png_header()
            guard storykit_png_read_header(png.baseAddress, png.count, &header, &message) == 0 else {
                throw Self.pngError(message)
            }
            let width = Int(header.width), height = Int(header.height)
            try Self.checkDecodable(width: width, height: height, format: "PNG")
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var profile = [UInt8](repeating: 0, count: header.icc_size)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                profile.withUnsafeMutableBufferPointer { icc in
                    storykit_png_decode(png.baseAddress, png.count, out.baseAddress, out.count, icc.baseAddress,
                                        icc.count, &message)
                }
            }
            guard status == 0 else { throw Self.pngError(message) }
            if !profile.isEmpty {
                ColorManagement.convertToSRGB(&pixels, profile: profile, content: header.is_grey != 0 ? .grey : .rgb)
            }
            Self.premultiply(&pixels)
            return (width, height, pixels)
        }
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
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        throw CodecError.malformed(format: "PNG", message: message.isEmpty ? "unknown libpng error" : message)
    }

    /// libpng's one-line message, NUL-terminated in `message`, as a ``CodecError``.
    private static func pngError(_ message: [CChar]) -> CodecError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.contains("end of data") { return .truncated(format: "PNG") }
        if text.contains("CRC error") { return .corrupt(format: "PNG", detail: text + " (the file is damaged)") }
        return .malformed(format: "PNG", message: text.isEmpty ? "unknown libpng error" : text)
    }
}
#endif
