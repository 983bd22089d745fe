// MARK: - RGBAImage + PNG

extension RGBAImage {
    /// Decodes a PNG of any colour type and bit depth into premultiplied RGBA8.
    ///
    /// The platform's decoder does the reading: libpng's classic API on Linux (the `CPNG` target),
    /// ImageIO on Apple platforms. Grey, grey + alpha, palette (with
    /// `tRNS` transparency), RGB and RGBA, 1…16 bits per channel, interlaced (Adam7) or not, all
    /// come out as 8-bit sRGB RGBA. A 16-bit file without `gAMA`/`sRGB` chunks is taken as
    /// sRGB-encoded (as browsers do), so 16-bit values map to 8 bits as `round(v / 257)`, in every
    /// interlace pass; files that declare another gamma are converted to sRGB.
    ///
    /// PNG stores straight (unassociated) alpha; each colour channel is premultiplied as
    /// `(c · a + 127) / 255`, i.e. `c · a / 255` rounded to nearest, and fully transparent pixels
    /// become `(0, 0, 0, 0)` (on Apple platforms Core Graphics premultiplies, to within one unit).
    ///
    /// An embedded ICC profile (`iCCP`, unless an `sRGB` chunk says the file is sRGB) is applied:
    /// the colours are converted to sRGB (Little CMS on Linux, ColorSync through ImageIO on Apple
    /// platforms). An `eXIf` chunk's orientation is applied as in ``init(jpegData:)``.
    ///
    /// A file that ends before its `IEND` chunk is refused as truncated, even when the cut spared
    /// every pixel, and one whose critical chunk fails its CRC check as corrupt
    /// (``CodecError/corrupt(format:detail:)``); bytes after `IEND` are ignored.
    ///
    /// - Parameter pngData: The bytes of a PNG file.
    /// - Throws: ``CodecError``: ``CodecError/emptyData``, ``CodecError/notPNG``,
    ///   ``CodecError/truncated(format:)``, ``CodecError/corrupt(format:detail:)``,
    ///   ``CodecError/tooLarge(width:height:)`` (checked on the header, before pixel memory is
    ///   allocated) or ``CodecError/malformed(format:message:)`` with the decoder's message.
    public init(pngData: some Collection<UInt8>) throws {
        let bytes = Array(pngData)
        if bytes.isEmpty { throw CodecError.emptyData }
        guard bytes.count > 8 else {
            throw bytes.starts(with: Self.pngSignature.prefix(bytes.count)) ? CodecError.truncated(format: "PNG")
                : CodecError.notPNG
        }
        guard bytes.starts(with: Self.pngSignature) else { throw CodecError.notPNG }
        // libpng stops reading once it has the pixels; a file cut before its end is still refused,
        // and a damaged chunk is named before the decoder sees it.
        let exif = try Self.checkPNGChunks(bytes)
        let decoded = try Self.decodePNG(bytes)
        let stored = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)!
        self = stored.oriented(exif.flatMap(Self.exifOrientation(tiff:)) ?? .up)
    }

    /// Encodes the image as an 8-bit RGBA PNG with straight alpha.
    ///
    /// Colour channels are un-premultiplied as `(p · 255 + a / 2) / a`, rounded and clamped to
    /// 255. For a valid premultiplied image (every channel ≤ its alpha) decoding the result with
    /// ``init(pngData:)`` gives back exactly the same bytes: the rounding error of either step is
    /// at most half a unit of the premultiplied value. The straight colours stored in the file are
    /// coarse at low alpha (at alpha 1 every channel is 0 or 255), and fully transparent pixels are
    /// stored as `(0, 0, 0, 0)`.
    ///
    /// - Returns: The bytes of a PNG file (with an sRGB chunk, default zlib compression).
    /// - Throws: ``CodecError/invalidSize(format:width:height:maximum:)`` for an empty image (PNG
    ///   has no 0-pixel images) or ``CodecError/malformed(format:message:)`` if the encoder fails
    ///   (libpng on Linux, ImageIO on Apple platforms).
    public func pngData() throws -> [UInt8] {
        let maximum = 1 << 24
        guard width > 0, height > 0, width <= maximum, height <= maximum else {
            throw CodecError.invalidSize(format: "PNG", width: width, height: height, maximum: maximum)
        }
        let straight = Self.unpremultiplied(pixels)
        return try Self.encodePNG(straight: straight, width: width, height: height)
    }

    /// Walks the chunks after the signature up to `IEND`, checking each critical chunk's CRC.
    ///
    /// A damaged ancillary chunk (lower-case first letter, e.g. `eXIf`) is skipped, as libpng
    /// does; a damaged critical one (`IHDR`, `PLTE`, `IDAT`, `IEND`) refuses the file.
    ///
    /// - Returns: The data of the first intact `eXIf` chunk, if any.
    /// - Throws: ``CodecError/truncated(format:)`` when the data ends before `IEND`,
    ///   ``CodecError/corrupt(format:detail:)`` for a CRC mismatch.
    static func checkPNGChunks(_ bytes: [UInt8]) throws -> ArraySlice<UInt8>? {
        var index = 8, exif: ArraySlice<UInt8>?
        while true {
            guard index <= bytes.count - 12 else { throw CodecError.truncated(format: "PNG") }
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let typeBytes = bytes[index + 4..<index + 8]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else {
                throw CodecError.malformed(format: "PNG", message: "\(type): chunk length \(length) too large")
            }
            guard length <= bytes.count - index - 12 else { throw CodecError.truncated(format: "PNG") }
            let crcAt = index + 8 + length
            let stored = bytes[crcAt..<crcAt + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let intact = PNGCRC.checksum(bytes[index + 4..<crcAt]) == stored
            let critical = typeBytes.first.map { $0 & 0x20 == 0 } ?? true
            if !intact && critical {
                throw CodecError.corrupt(format: "PNG", detail: "the \(type) chunk fails its CRC check (the file is damaged)")
            }
            if intact, type == "eXIf", exif == nil { exif = bytes[index + 8..<crcAt] }
            if type == "IEND" { return exif }
            index = crcAt + 4
        }
    }

    /// Premultiplies straight RGBA8 in place: `c ← (c · a + 127) / 255`.
    static func premultiply(_ pixels: inout [UInt8]) {
        convertColours(&pixels) { c, a in UInt8((UInt32(c) &* a &+ 127) / 255) }
    }

    /// Straight RGBA8 from premultiplied: `c = min(255, (p · 255 + a / 2) / a)`, 0 where a = 0.
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        var straight = pixels
        convertColours(&straight) { c, a in UInt8(Swift.min(255, (UInt32(c) &* 255 &+ a / 2) / a)) }
        return straight
    }

    /// Applies `convert(channel, alpha)` to the colour channels of every partly transparent RGBA8
    /// pixel; a transparent one becomes all zero, an opaque one stays as it is.
    @inline(__always)
    private static func convertColours(_ pixels: inout [UInt8], _ convert: (UInt8, UInt32) -> UInt8) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let a = UInt32(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    p[i] = convert(p[i], a)
                    p[i + 1] = convert(p[i + 1], a)
                    p[i + 2] = convert(p[i + 2], a)
                }
                i += 4
            }
        }
    }
}
