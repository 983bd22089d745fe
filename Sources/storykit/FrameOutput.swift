import Foundation
import StoryRender

/// Where an animation's frames go, chosen by the output path: an animated GIF, an MP4 made by
/// ffmpeg, or one PNG per frame.
///
/// | path | output |
/// |---|---|
/// | `cube.gif` | an animated GIF that loops (``GIFEncoder``) |
/// | `cube.mp4` | H.264 through an installed `ffmpeg` (``VideoEncoder``) |
/// | `frames/cube-%03d.png` | numbered PNGs, `%d` or `%0Nd` replaced by the frame index from 0 |
/// | `frames/` (or an existing folder, or a path without extension) | `frame-0000.png`, `frame-0001.png`, … in that folder, created if needed |
///
/// Anything else (a `.png` without a `%d`, `.jpg`, `.webp`, …) is refused with a one-line error.
enum FrameOutput: Sendable, Hashable {
    /// An animated GIF at this path.
    case gif(String)
    /// An MP4 at this path.
    case mp4(String)
    /// One PNG per frame: `prefix`, the index (zero-padded to `digits`, 0 for none), `suffix`.
    case pngFrames(prefix: String, digits: Int, suffix: String)

    /// The output a path asks for, by its extension.
    ///
    /// - Throws: ``CLIError`` naming the path when the extension is not one of the above.
    init(path: String) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        var isFolder: ObjCBool = false
        if path.hasSuffix("/") || ext.isEmpty
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) {
            let folder = path.hasSuffix("/") ? path : path + "/"
            self = .pngFrames(prefix: folder + "frame-", digits: 4, suffix: ".png")
            return
        }
        switch ext {
        case "gif": self = .gif(path)
        case "mp4": self = .mp4(path)
        case "png":
            guard let pattern = Self.pattern(path) else {
                throw CLIError("\(path): one PNG cannot hold an animation; give a pattern such as "
                    + "frames/cube-%03d.png, or a folder")
            }
            self = pattern
        default:
            throw CLIError("\(path): unknown output type \".\(ext)\"; use .gif, .mp4, a .png pattern with %d, or a folder")
        }
    }

    /// The path of frame `index` for PNG frames; the file itself for GIF and MP4.
    func path(ofFrame index: Int) -> String {
        switch self {
        case let .gif(path), let .mp4(path): return path
        case let .pngFrames(prefix, digits, suffix):
            let number = String(index)
            return prefix + String(repeating: "0", count: max(0, digits - number.count)) + number + suffix
        }
    }

    /// Opens the output for frames of `width × height` pixels shown `framesPerSecond` times a second.
    ///
    /// A missing parent folder is created first (``OutputFolder``), for every kind of output.
    ///
    /// - Throws: ``CLIError`` when the folder cannot be created or ffmpeg is missing or fails to start.
    func open(width: Int, height: Int, framesPerSecond: Double) throws -> FrameWriter {
        try OutputFolder.createParent(of: path(ofFrame: 0))
        do {
            switch self {
            case let .gif(path):
                let gif = try GIFEncoder(width: width, height: height, loopCount: 0)
                return FrameWriter(output: self, gif: gif, file: try StreamedFile(path: path), framesPerSecond: framesPerSecond)
            case let .mp4(path):
                let video = try VideoEncoder(outputPath: path, width: width, height: height,
                                             framesPerSecond: framesPerSecond)
                return FrameWriter(output: self, video: video, framesPerSecond: framesPerSecond)
            case .pngFrames:
                return FrameWriter(output: self, framesPerSecond: framesPerSecond)
            }
        } catch let error as CodecError {
            throw CLIError("\(error)")
        } catch {
            throw CLIError("\(path(ofFrame: 0)): \(error.localizedDescription)")
        }
    }

    /// `name-%03d.png` as a PNG-frames output; `nil` unless the path holds exactly one `%d` or
    /// `%0Nd` (N in 1…9) and no other `%`.
    private static func pattern(_ path: String) -> FrameOutput? {
        let parts = path.split(separator: "%", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var spec = parts[1][...]
        var digits = 0
        if spec.first == "0", let width = spec.dropFirst().first?.wholeNumberValue, width > 0 {
            digits = width
            spec = spec.dropFirst(2)
        }
        guard spec.first == "d" else { return nil }
        return .pngFrames(prefix: String(parts[0]), digits: digits, suffix: String(spec.dropFirst()))
    }
}

/// Frames on their way into a ``FrameOutput``: add them in order, then ``finish()``.
struct FrameWriter {
    /// Where the frames go.
    let output: FrameOutput
    /// The GIF being built, for ``FrameOutput/gif(_:)``; its finished bytes go to `file` as each
    /// frame is added, so memory holds one frame whatever the length.
    private var gif: GIFEncoder?
    /// The GIF's file, written as frames come and renamed into place at the end.
    private let file: StreamedFile?
    /// The running ffmpeg, for ``FrameOutput/mp4(_:)``.
    private let video: VideoEncoder?
    private let framesPerSecond: Double
    /// Frames added so far.
    private(set) var frameCount = 0

    fileprivate init(output: FrameOutput, gif: GIFEncoder? = nil, file: StreamedFile? = nil, video: VideoEncoder? = nil,
                     framesPerSecond: Double) {
        self.output = output
        self.gif = gif
        self.file = file
        self.video = video
        self.framesPerSecond = framesPerSecond
    }

    /// Adds the next frame.
    ///
    /// GIF delays are whole hundredths of a second, so each frame gets the difference of the
    /// rounded times of its start and the next frame's: at 30 frames/s that is 3, 3, 4, 3, 3, 4 cs,
    /// and the GIF keeps time with the MP4 instead of running 10 % fast.
    mutating func add(_ frame: RGBAImage) throws {
        do {
            if gif != nil {
                let start = (Double(frameCount) * 100 / framesPerSecond).rounded()
                let end = (Double(frameCount + 1) * 100 / framesPerSecond).rounded()
                try gif!.addFrame(frame, delay: (end - start) / 100)
                try file?.append(gif!.takeFinishedBytes())
            } else if let video {
                try video.addFrame(frame)
            } else {
                try frame.write(toPNGFile: output.path(ofFrame: frameCount))
            }
        } catch let error as CodecError {
            throw CLIError("\(error)")
        }
        frameCount += 1
    }

    /// Completes the GIF (its last frame and trailer, then the file moved into place) or waits
    /// for ffmpeg to finish the MP4; PNG frames are already written.
    mutating func finish() throws {
        do {
            if gif != nil {
                try file?.append(gif!.takeRemainingBytes())
                try file?.commit()
            }
            try video?.finish()
        } catch let error as CodecError {
            throw CLIError("\(error)")
        }
    }
}

/// A file written in pieces under a temporary name beside its destination and renamed into place
/// when complete, so a reader never sees half a file and a failed render leaves none.
final class StreamedFile {
    /// Where the file goes.
    let path: String
    /// The temporary file being written.
    private let temporaryPath: String
    private let handle: FileHandle
    private var committed = false

    /// Creates the temporary file beside `path`.
    ///
    /// - Throws: ``CLIError`` naming `path` when its folder cannot be written.
    init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        temporaryPath = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).partial"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporaryPath)
        else {
            throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
    }

    deinit {
        if !committed {
            try? handle.close()
            unlink(temporaryPath)
        }
    }

    /// Appends `bytes`.
    func append(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Closes the file and renames it to ``path``, replacing any file there.
    func commit() throws {
        do {
            try handle.close()
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CLIError("cannot write \(path): \(reason)")
        }
        committed = true
    }
}
