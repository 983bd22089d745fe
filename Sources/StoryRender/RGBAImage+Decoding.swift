// MARK: - RGBAImage + Decoding

extension RGBAImage {
    /// The largest width or height the decoders accept, in pixels (16384).
    ///
    /// Limits stop a small malicious file that declares a huge image (a decompression bomb) from
    /// allocating gigabytes; they are checked against the header before any pixel memory exists.
    public static let maximumDimension = 16_384

    /// The largest pixel count the decoders accept: 2²⁷ (134 megapixels, 512 MiB of RGBA8).
    public static let maximumPixelCount = 1 << 27

    /// The PNG file signature, `89 50 4E 47 0D 0A 1A 0A`.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The start of every JPEG file: the SOI marker followed by another marker, `FF D8 FF`.
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Decodes a PNG or a JPEG, told apart by their leading signature bytes.
    ///
    /// - Parameter imageData: The bytes of a PNG or JPEG file.
    /// - Throws: ``CodecError``: ``CodecError/unknownFormat(prefix:)`` for anything else, or the
    ///   error of ``init(pngData:)`` / ``init(jpegData:)``.
    public init(imageData: some Collection<UInt8>) throws {
        let bytes = Array(imageData)
        if bytes.isEmpty { throw CodecError.emptyData }
        if bytes.starts(with: Self.pngSignature.prefix(Swift.min(bytes.count, 8))) {
            try self.init(pngData: bytes)
        } else if bytes.starts(with: Self.jpegSignature.prefix(Swift.min(bytes.count, 3))) {
            try self.init(jpegData: bytes)
        } else {
            throw CodecError.unknownFormat(prefix: Array(bytes.prefix(4)))
        }
    }

    /// Reads and decodes a PNG or JPEG file, told apart by its signature bytes, not its name.
    ///
    /// - Parameter path: A file system path.
    /// - Throws: ``CodecError/unreadableFile(path:reason:)`` when the file cannot be read, or
    ///   ``CodecError/inFile(path:_:)`` wrapping the decoding error, so the message names the file.
    public init(contentsOfFile path: String) throws {
        do {
            // The signature is checked on the first bytes, so a device or a huge file that is no
            // image (/dev/zero, a video) is refused at once rather than read up to the size limit.
            let bytes = try FileLayer.contents(ofFile: path, prefixLength: 8) { prefix in
                guard !prefix.isEmpty else { throw CodecError.emptyData }
                let png = prefix.starts(with: Self.pngSignature.prefix(Swift.min(prefix.count, 8)))
                let jpeg = prefix.starts(with: Self.jpegSignature.prefix(Swift.min(prefix.count, 3)))
                guard png || jpeg else { throw CodecError.unknownFormat(prefix: Array(prefix.prefix(4))) }
            }
            try self.init(imageData: bytes)
        } catch let error as CodecError {
            if case .unreadableFile = error { throw error }
            throw CodecError.inFile(path: path, error)
        }
    }

    /// Encodes the image as PNG (see ``pngData()``) and writes it to `path`, replacing any file
    /// atomically (a temporary file beside it, synced, then renamed over it).
    ///
    /// - Parameter path: A file system path; the directory must exist.
    /// - Throws: ``CodecError/unwritableFile(path:reason:)`` or ``CodecError/inFile(path:_:)``.
    public func write(toPNGFile path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try pngData()
        } catch let error as CodecError {
            throw CodecError.inFile(path: path, error)
        }
        try FileLayer.replace(path, with: bytes)
    }

    /// Throws unless a decoder may allocate a `width × height` bitmap: both sides
    /// 1…``maximumDimension`` and at most ``maximumPixelCount`` pixels.
    ///
    /// - Throws: ``CodecError/malformed(format:message:)`` for an empty size,
    ///   ``CodecError/tooLarge(width:height:)`` beyond the limits.
    static func checkDecodable(width: Int, height: Int, format: String) throws {
        guard width > 0, height > 0 else {
            throw CodecError.malformed(format: format, message: "image has no pixels (\(width)×\(height))")
        }
        guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixelCount
        else { throw CodecError.tooLarge(width: width, height: height) }
    }
}
