// MARK: - RGBAImage + JPEG

extension RGBAImage {
    /// Decodes a baseline or progressive JPEG into opaque RGBA8.
    ///
    /// The platform's own decoder does the work: libjpeg's classic API on Linux (Debian's
    /// libjpeg-dev, i.e. libjpeg-turbo; accurate integer IDCT, smooth chroma upsampling), with its
    /// `setjmp`/`longjmp` error recovery kept inside a small C function so that no jump crosses a
    /// Swift frame and libjpeg never calls `exit()` or prints; ImageIO on Apple platforms.
    ///
    /// - YCbCr, RGB and greyscale JPEGs decode directly; every pixel gets alpha 255.
    /// - An embedded ICC profile (APP2 `ICC_PROFILE`, e.g. Adobe RGB or Display P3 from a camera)
    ///   is applied: the colours are converted to sRGB, by Little CMS on Linux and ColorSync
    ///   through ImageIO on Apple platforms. A profile that cannot be read or does not fit the
    ///   pixels is ignored.
    /// - CMYK and YCCK JPEGs are decoded to CMYK as Adobe (Photoshop) files store them, with
    ///   inverted ink values, and converted through their CMYK profile; one without a profile is
    ///   converted naively, `R = C · K / 255` and so on, which is what browsers assume.
    /// - The EXIF orientation (APP1 `Exif`, tag 0x0112) is applied, as ImageIO thumbnails with
    ///   `kCGImageSourceCreateThumbnailWithTransform` and `UIImage` show it: a phone photo tagged
    ///   6 comes out turned 90° clockwise, its width and height swapped (see ``oriented(_:)``).
    /// - libjpeg's warnings are errors here, because they mean pixels were lost and painted grey
    ///   ("JPEG: Premature end of JPEG file"), with one exception that browsers also accept and
    ///   that loses nothing: stray bytes between segments ("Corrupt JPEG data: 3 extraneous
    ///   bytes before marker 0xd9"). A progressive file with more than 500 scans is refused,
    ///   which bounds the time a hostile file can take. ImageIO reports no warnings, so on Apple
    ///   platforms a file whose data ends before its end-of-image marker is refused as truncated.
    ///
    /// - Parameter jpegData: The bytes of a JPEG (JFIF or EXIF) file.
    /// - Throws: ``CodecError``: ``CodecError/emptyData``, ``CodecError/notJPEG``,
    ///   ``CodecError/truncated(format:)`` (fewer than three bytes),
    ///   ``CodecError/tooLarge(width:height:)`` (checked on the header, before any pixel memory is
    ///   allocated) or ``CodecError/malformed(format:message:)`` with the decoder's message.
    public init(jpegData: some Collection<UInt8>) throws {
        let bytes = Array(jpegData)
        if bytes.isEmpty { throw CodecError.emptyData }
        guard bytes.count > 3 else {
            throw bytes.starts(with: Self.jpegSignature.prefix(bytes.count)) ? CodecError.truncated(format: "JPEG")
                : CodecError.notJPEG
        }
        guard bytes.starts(with: Self.jpegSignature) else { throw CodecError.notJPEG }
        let decoded = try Self.decodeJPEG(bytes)
        let stored = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)!
        self = stored.oriented(Self.jpegExif(bytes).flatMap(Self.exifOrientation(tiff:)) ?? .up)
    }

    /// Converts Adobe-style inverted CMYK (255 = no ink) to opaque RGBA in place.
    static func convertInvertedCMYKToRGBA(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let k = UInt32(p[i + 3])
                p[i] = UInt8((UInt32(p[i]) &* k &+ 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) &* k &+ 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) &* k &+ 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// Whether an end-of-image marker (`FF D9`) follows the first start-of-scan (`FF DA`).
    /// The segments before the scan are skipped by their lengths (an EXIF thumbnail holds a whole
    /// JPEG of its own); entropy-coded data never holds `FF D9` (a data byte `FF` is stored as
    /// `FF 00`), so a file without one after its first scan was cut off. ImageIO, which reports
    /// no warnings, is asked only about files that pass this.
    static func jpegHasEndOfImage(_ bytes: [UInt8]) -> Bool {
        var index = 2  // after SOI
        var scan: Int?
        while scan == nil, index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return false }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xDA { scan = index; break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }  // no length
            guard index + 3 < bytes.count else { return false }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        guard let scan else { return false }
        var end = bytes.count - 2
        while end > scan {
            if bytes[end] == 0xFF, bytes[end + 1] == 0xD9 { return true }
            end -= 1
        }
        return false
    }
}
