#if !canImport(ImageIO)
import CJPEG

// MARK: - RGBAImage + libjpeg (Linux)

extension RGBAImage {
    /// Decodes the JPEG in `bytes` with libjpeg (through the `CJPEG` C target, which keeps
    /// libjpeg's `setjmp`/`longjmp` inside C): the header first, so that the size is checked
    /// before any pixel memory is allocated, then the pixels, converted to sRGB with Little CMS
    /// when the file embeds an ICC profile (APP2 `ICC_PROFILE`).
    ///
    /// - Parameter bytes: A JPEG file, signature already checked.
    /// - Returns: The size and opaque RGBA8 pixels.
    /// - Throws: ``CodecError/tooLarge(width:height:)`` or ``CodecError/malformed(format:message:)``
    ///   with libjpeg's message.
    static func decodeJPEG(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var message = [CChar](repeating: 0, count: Int(STORYKIT_JPEG_MESSAGE_CAPACITY))
        return try bytes.withUnsafeBufferPointer { jpeg in
            var header = storykit_jpeg_header()
            guard storykit_jpeg_read_header(jpeg.baseAddress, jpeg.count, &header, &message) == 0 else {
                throw Self.libjpegError(message)
            }
            let width = Int(header.width), height = Int(header.height)
            try Self.checkDecodable(width: width, height: height, format: "JPEG")
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var profile = [UInt8](repeating: 0, count: header.icc_size)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                profile.withUnsafeMutableBufferPointer { icc in
                    storykit_jpeg_decode(jpeg.baseAddress, jpeg.count, out.baseAddress, out.count, icc.baseAddress,
                                         icc.count, &message)
                }
            }
            guard status == 0 else { throw Self.libjpegError(message) }
            if header.is_cmyk != 0 {
                // A CMYK profile says what the inks look like; without one, Adobe's inverted CMYK
                // is converted naively.
                if !ColorManagement.convertToSRGB(&pixels, profile: profile, content: .invertedCMYK) {
                    Self.convertInvertedCMYKToRGBA(&pixels)
                }
            } else if !profile.isEmpty {
                ColorManagement.convertToSRGB(&pixels, profile: profile, content: header.is_grey != 0 ? .grey : .rgb)
            }
            return (width, height, pixels)
        }
    }

    /// libjpeg's one-line message, NUL-terminated in `message`, as a ``CodecError``.
    private static func libjpegError(_ message: [CChar]) -> CodecError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .malformed(format: "JPEG", message: text.isEmpty ? "unknown libjpeg error" : text)
    }
}
#endif
