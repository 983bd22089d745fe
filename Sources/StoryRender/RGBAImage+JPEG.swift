import CJPEG

// MARK: - RGBAImage + JPEG

extension RGBAImage {
    /// Decodes a baseline or progressive JPEG into opaque RGBA8.
    ///
    /// libjpeg-turbo's TurboJPEG API does the decoding (accurate integer IDCT, smooth chroma
    /// upsampling). Unlike libjpeg's classic API, whose default `error_exit` calls `exit()` and
    /// whose usual recovery is a `longjmp` that Swift frames must not be jumped across,
    /// TurboJPEG catches libjpeg's errors inside C and returns an error code and message, and it
    /// prints nothing.
    ///
    /// - YCbCr, RGB and greyscale JPEGs decode directly; every pixel gets alpha 255.
    /// - CMYK and YCCK JPEGs are decoded to CMYK and converted as Adobe (Photoshop) files store
    ///   them, with inverted ink values: `R = C · K / 255` and so on. That is what nearly every
    ///   CMYK JPEG is and what browsers assume; colour management is not applied.
    /// - The EXIF orientation tag is not applied: pixels come out in stored order.
    /// - libjpeg's warnings are errors here, because they mean pixels were lost and painted grey
    ///   ("JPEG: Premature end of JPEG file"), with one exception that browsers also accept and
    ///   that loses nothing: stray bytes between segments ("Corrupt JPEG data: 3 extraneous
    ///   bytes before marker 0xd9"). A progressive file with more than 500 scans is refused
    ///   (`TJFLAG_LIMITSCANS`), which bounds the time a hostile file can take.
    ///
    /// - Parameter jpegData: The bytes of a JPEG (JFIF or EXIF) file.
    /// - Throws: ``CodecError``: ``CodecError/emptyData``, ``CodecError/notJPEG``,
    ///   ``CodecError/truncated(format:)`` (fewer than three bytes),
    ///   ``CodecError/tooLarge(width:height:)`` (checked on the header, before any pixel memory is
    ///   allocated) or ``CodecError/malformed(format:message:)`` with libjpeg's message.
    public init(jpegData: some Collection<UInt8>) throws {
        let bytes = Array(jpegData)
        if bytes.isEmpty { throw CodecError.emptyData }
        guard bytes.count > 3 else {
            throw bytes.starts(with: Self.jpegSignature.prefix(bytes.count)) ? CodecError.truncated(format: "JPEG")
                : CodecError.notJPEG
        }
        guard bytes.starts(with: Self.jpegSignature) else { throw CodecError.notJPEG }
        guard let handle = tjInitDecompress() else {
            throw CodecError.malformed(format: "JPEG", message: "cannot create a TurboJPEG decoder")
        }
        defer { tjDestroy(handle) }

        let (width, height, pixels) = try bytes.withUnsafeBufferPointer { jpeg -> (Int, Int, [UInt8]) in
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, jpeg.baseAddress, UInt(jpeg.count), &width, &height,
                                      &subsampling, &colorspace) == 0
            else { throw Self.jpegError(handle) }
            try Self.checkDecodable(width: Int(width), height: Int(height), format: "JPEG")
            let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
            let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
            var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, jpeg.baseAddress, UInt(jpeg.count), out.baseAddress, width, 0, height,
                              Int32(format.rawValue), TJFLAG_LIMITSCANS)
            }
            if status != 0 {
                // Most warnings mean missing or damaged data painted grey ("Premature end of JPEG
                // file", "Bogus Huffman table definition" from a cut-off progressive file); only
                // stray bytes between segments leave every pixel intact.
                let isWarning = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
                if !isWarning || !Self.jpegMessage(handle).contains("extraneous bytes before marker") {
                    throw Self.jpegError(handle)
                }
            }
            if isCMYK { Self.convertInvertedCMYKToRGBA(&pixels) }
            return (Int(width), Int(height), pixels)
        }
        self.init(width: width, height: height, pixels: pixels)!
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

    /// TurboJPEG's last message for `handle`, without the "function(): " prefix it sometimes adds.
    private static func jpegMessage(_ handle: tjhandle) -> String {
        guard let cString = tjGetErrorStr2(handle) else { return "unknown libjpeg error" }
        var message = String(cString: cString)
        if let range = message.firstRange(of: "(): ") { message = String(message[range.upperBound...]) }
        return message.isEmpty ? "unknown libjpeg error" : message
    }

    /// TurboJPEG's last error for `handle`, as a ``CodecError``.
    private static func jpegError(_ handle: tjhandle) -> CodecError {
        .malformed(format: "JPEG", message: jpegMessage(handle))
    }
}
