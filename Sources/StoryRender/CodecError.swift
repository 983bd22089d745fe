/// Why an image could not be decoded, encoded, read or written.
///
/// Every case describes itself in one line that names the problem (and the file, for the file
/// helpers), so a command-line tool can print `error: \(error)` and exit:
///
/// ```
/// shot.png: truncated PNG data
/// scan.png: corrupt PNG data: the IEND chunk fails its CRC check (the file is damaged)
/// photo.jpg: JPEG: Premature end of JPEG file
/// image too large: 100000×100000 (limit 16384 per side and 134217728 pixels)
/// ```
public enum CodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data holds no bytes at all.
    case emptyData
    /// The data does not start with the eight-byte PNG signature.
    case notPNG
    /// The data does not start with a JPEG start-of-image marker (`FF D8 FF`).
    case notJPEG
    /// The data starts with neither the PNG nor the JPEG signature; `prefix` holds up to its first
    /// four bytes.
    case unknownFormat(prefix: [UInt8])
    /// The data ends before the image does; `format` is `"PNG"` or `"JPEG"`.
    case truncated(format: String)
    /// The data is damaged: a checksum does not match what it guards (e.g. a PNG chunk's CRC);
    /// `detail` says which part, e.g. "the IDAT chunk fails its CRC check (the file is damaged)".
    case corrupt(format: String, detail: String)
    /// The decoder or encoder rejected the data; `message` is the library's own one-line reason.
    case malformed(format: String, message: String)
    /// The declared dimensions exceed ``RGBAImage/maximumDimension`` or
    /// ``RGBAImage/maximumPixelCount``; decoding is refused before any pixel
    /// memory is allocated.
    case tooLarge(width: Int, height: Int)
    /// An encoder was created with a size its format cannot hold (`maximum` pixels per side).
    case invalidSize(format: String, width: Int, height: Int, maximum: Int)
    /// A frame handed to an encoder does not have the encoder's size.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A file could not be read; `reason` is the system's message (e.g. "No such file or directory").
    case unreadableFile(path: String, reason: String)
    /// A file could not be written; `reason` is the system's message.
    case unwritableFile(path: String, reason: String)
    /// Another codec error, raised while decoding or encoding the file at `path`.
    indirect case inFile(path: String, CodecError)
    /// MP4 output was asked for but no `ffmpeg` executable is on the search path.
    case ffmpegNotFound
    /// `ffmpeg` stopped or failed; `message` is the last line it printed (or its exit status).
    case ffmpegFailed(message: String)

    /// The one-line message a command-line tool prints.
    public var description: String {
        switch self {
        case .emptyData:
            return "no image data (0 bytes)"
        case .notPNG:
            return "not a PNG: bad signature"
        case .notJPEG:
            return "not a JPEG: bad signature"
        case let .unknownFormat(prefix):
            let hex = prefix.map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }
            return "not a PNG or JPEG image (starts with \(hex.joined(separator: " ")))"
        case let .truncated(format):
            return "truncated \(format) data"
        case let .corrupt(format, detail):
            return "corrupt \(format) data: \(detail)"
        case let .malformed(format, message):
            return "\(format): \(message)"
        case let .tooLarge(width, height):
            return "image too large: \(width)×\(height) (limit \(RGBAImage.maximumDimension) per side "
                + "and \(RGBAImage.maximumPixelCount) pixels)"
        case let .invalidSize(format, width, height, maximum):
            return "\(format) size must be 1…\(maximum) pixels per side, not \(width)×\(height)"
        case let .frameSizeMismatch(expectedWidth, expectedHeight, width, height):
            return "frame is \(width)×\(height) but the encoder was created for \(expectedWidth)×\(expectedHeight)"
        case let .unreadableFile(path, reason):
            return "cannot read \(path): \(reason)"
        case let .unwritableFile(path, reason):
            return "cannot write \(path): \(reason)"
        case let .inFile(path, error):
            return "\(path): \(error)"
        case .ffmpegNotFound:
            return "MP4 needs ffmpeg on the PATH (apt-get install ffmpeg / brew install ffmpeg); "
                + "GIF and PNG work without it"
        case let .ffmpegFailed(message):
            return "ffmpeg failed: \(message)"
        }
    }
}
