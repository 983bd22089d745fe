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

    /// The folder the output's files go into.
    var folder: String {
        (path(ofFrame: 0) as NSString).deletingLastPathComponent
    }

    /// Opens the output for frames of `width × height` pixels shown `framesPerSecond` times a
    /// second, before any rendering: a missing folder is created (``OutputFolder``) and the
    /// temporary file (or folder) is made, which checks that the output can be written.
    ///
    /// - Parameters:
    ///   - name: The output as the user gave it, for messages.
    ///   - staging: The ``StagedOutput`` the files join (the demo reel's, committed with the
    ///     whole reel); `nil` makes one of the writer's own, committed by
    ///     ``FrameWriter/finish()``.
    /// - Throws: ``CLIError`` `cannot write PATH: reason` or `cannot create the folder …`, or
    ///   when ffmpeg is missing or fails to start.
    func open(width: Int, height: Int, framesPerSecond: Double, name: String? = nil,
              staging: StagedOutput? = nil) throws -> FrameWriter {
        let outputs = try staging ?? StagedOutput(name: name ?? path(ofFrame: 0), folder: folder)
        do {
            switch self {
            case let .gif(path):
                let gif = try GIFEncoder(width: width, height: height, loopCount: 0)
                let temporary = try outputs.temporaryFile(for: path)
                guard let file = FileHandle(forWritingAtPath: temporary) else { throw CLIError.cannotWrite(path, errno: errno) }
                return FrameWriter(output: self, staging: outputs, ownsStaging: staging == nil, gif: gif, file: file,
                                   framesPerSecond: framesPerSecond)
            case let .mp4(path):
                let temporary = try outputs.temporaryFile(for: path)
                let video = try VideoEncoder(outputPath: temporary, width: width, height: height,
                                             framesPerSecond: framesPerSecond)
                return FrameWriter(output: self, staging: outputs, ownsStaging: staging == nil, video: video,
                                   framesPerSecond: framesPerSecond)
            case .pngFrames:
                try outputs.prepareFolder(folder)
                return FrameWriter(output: self, staging: outputs, ownsStaging: staging == nil, framesPerSecond: framesPerSecond)
            }
        } catch let error as CodecError {
            throw CLIError("\(error)")
        }
    }

    /// A warning for a GIF that will be large, or nil: its size estimated at 0.2 bytes a pixel a
    /// frame (a 60 s clip at 1080 × 1920 and 30 fps measured 730 MB, 0.196), said when it passes
    /// 100 MB, with the MP4 that holds the same frames in a few MB.
    ///
    /// - Parameters:
    ///   - width: Frame width in pixels.
    ///   - height: Frame height in pixels.
    ///   - frames: How many frames the clip has.
    static func largeGIFWarning(width: Int, height: Int, frames: Int) -> String? {
        let bytes = 0.2 * Double(Swift.max(width, 0)) * Double(Swift.max(height, 0)) * Double(Swift.max(frames, 0))
        guard bytes > 100e6 else { return nil }
        let megabytes = String(format: "%.0f", bytes / 1e6)   // not Int(…): a hostile size would trap
        return "warning: this GIF will be about \(megabytes) MB (\(frames) frames of \(width)×\(height)); "
            + "an .mp4 output holds the same frames in a few MB"
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

/// Frames on their way into a ``FrameOutput``: add them in order, then ``finish()``, or
/// ``cancel()`` to leave nothing behind.
final class FrameWriter {
    /// Where the frames go.
    let output: FrameOutput
    /// The output's temporaries.
    let staging: StagedOutput
    /// Whether ``finish()`` commits ``staging`` (else its owner does).
    private let ownsStaging: Bool
    /// The GIF being built, for ``FrameOutput/gif(_:)``; its finished bytes go to `file` as each
    /// frame is added, so memory holds one frame whatever the length.
    private var gif: GIFEncoder?
    /// The GIF's temporary file.
    private let file: FileHandle?
    /// The running ffmpeg, for ``FrameOutput/mp4(_:)``.
    private let video: VideoEncoder?
    private let framesPerSecond: Double
    /// Frames added so far.
    private(set) var frameCount = 0

    fileprivate init(output: FrameOutput, staging: StagedOutput, ownsStaging: Bool, gif: GIFEncoder? = nil,
                     file: FileHandle? = nil, video: VideoEncoder? = nil, framesPerSecond: Double) {
        self.output = output
        self.staging = staging
        self.ownsStaging = ownsStaging
        self.gif = gif
        self.file = file
        self.video = video
        self.framesPerSecond = framesPerSecond
    }

    deinit {
        // ffmpeg stops before its temporary file goes (the staging's own deinit, or its owner).
        video?.cancel()
        try? file?.close()
        if ownsStaging { staging.discard() }
    }

    /// Adds the next frame.
    ///
    /// GIF delays are whole hundredths of a second, so each frame gets the difference of the
    /// rounded times of its start and the next frame's: at 30 frames/s that is 3, 3, 4, 3, 3, 4 cs,
    /// and the GIF keeps time with the MP4 instead of running 10 % fast.
    func add(_ frame: RGBAImage) throws {
        do {
            if gif != nil {
                try gif?.addFrame(frame, delay: Self.gifDelay(ofFrame: frameCount, framesPerSecond: framesPerSecond))   // in place: no copy of the encoder
                try append(gif?.takeFinishedBytes() ?? [])
            } else if let video {
                try video.addFrame(frame)
            } else {
                try frame.write(toPNGFile: staging.stage(output.path(ofFrame: frameCount)))
            }
        } catch let error as CodecError {
            throw CLIError("\(error)")
        }
        frameCount += 1
    }

    /// Adds the next frame, prepared by ``preparer`` (on any thread): the same bytes as
    /// ``add(_:)-(RGBAImage)`` with its image.
    func add(_ prepared: PreparedFrame) throws {
        guard case let .gif(frame) = prepared else {
            if case let .image(image) = prepared { try add(image) }
            return
        }
        do {
            try gif?.addFrame(frame)
            try append(gif?.takeFinishedBytes() ?? [])
        } catch let error as CodecError {
            throw CLIError("\(error)")
        }
        frameCount += 1
    }

    /// What a worker thread does to this writer's frames before they are added in order.
    var preparer: FramePreparer { FramePreparer(gif: gif, framesPerSecond: framesPerSecond) }

    /// The delay of GIF frame `index`, in seconds: the difference of the rounded hundredths of
    /// its start and of the next frame's.
    static func gifDelay(ofFrame index: Int, framesPerSecond: Double) -> Double {
        let start = (Double(index) * 100 / framesPerSecond).rounded()
        let end = (Double(index + 1) * 100 / framesPerSecond).rounded()
        return (end - start) / 100
    }

    /// Completes the GIF (its last frame and trailer) or waits for ffmpeg to finish the MP4,
    /// then, unless the staging is shared, renames the files into place.
    func finish() throws {
        do {
            if gif != nil {
                try append(gif?.takeRemainingBytes() ?? [])
                do { try file?.close() } catch { throw CLIError("cannot write \(output.path(ofFrame: 0)): \(error.localizedDescription)") }
            }
            try video?.finish()
        } catch let error as CodecError {
            throw CLIError("\(error)")
        }
        if ownsStaging { try staging.commit() }
    }

    /// Stops ffmpeg (and waits for it) and, unless the staging is shared, removes every
    /// temporary file: what an interruption or a failure does.
    func cancel() {
        video?.cancel()
        if ownsStaging { staging.discard() }
    }

    private func append(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty, let file else { return }
        do {
            try file.write(contentsOf: bytes)
        } catch {
            throw CLIError("cannot write \(output.path(ofFrame: 0)): \(error.localizedDescription)")
        }
    }
}
