// ffmpeg runs as a child process (Foundation's Process): macOS and Linux only, not iOS.
#if os(Linux) || os(macOS)
import Foundation
import StoryFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an H.264 MP4 by piping raw frames to an installed `ffmpeg`.
///
/// StoryKit does not link a video encoder: MP4 output needs the `ffmpeg` executable on the
/// search path, and without it ``init(outputPath:width:height:framesPerSecond:searchPath:)``
/// throws ``CodecError/ffmpegNotFound``, whose message says how to install it. ffmpeg runs as
///
/// ```
/// ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgba -s W×H -r FPS -i -
///        -c:v libx264 -pix_fmt yuv420p -movflags +faststart -f mp4 OUTPUT
/// ```
///
/// and each ``addFrame(_:)`` writes one frame's bytes to its standard input. yuv420p, the
/// format every player accepts, needs even sizes, so an odd width or height is padded with one
/// black column or row on the right or bottom. `OUTPUT` is a hidden temporary file beside
/// ``outputPath`` (`.NAME.tmp-` and 16 hexadecimal digits; the container is named with `-f mp4`
/// since that name has no extension): ``finish()`` syncs it and renames it into place in one
/// step, and ``cancel()``, a failure or dropping the encoder removes it. The file at
/// ``outputPath`` is therefore either what was there before or a complete video, never a part of one.
/// The video has no alpha channel: premultiplied pixels are sent as they are, which is the
/// frame composited over black.
///
/// Writing to an ffmpeg that has exited would raise `SIGPIPE` and kill the process; on Linux
/// the encoder therefore sets `SIGPIPE` to be ignored process-wide (as servers commonly do),
/// so a failed write becomes an error; on Darwin it marks only its own pipe.
public final class VideoEncoder {
    /// Width of the frames passed to ``addFrame(_:)``, in pixels.
    public let width: Int
    /// Height of the frames passed to ``addFrame(_:)``, in pixels.
    public let height: Int
    /// Width of the video: ``width`` rounded up to even.
    public let videoWidth: Int
    /// Height of the video: ``height`` rounded up to even.
    public let videoHeight: Int
    /// Frames per second of the video.
    public let framesPerSecond: Double
    /// Where the MP4 goes once ``finish()`` succeeds.
    public let outputPath: String
    /// The hidden file beside ``outputPath`` that ffmpeg writes until ``finish()`` moves it into place.
    private let stagingPath: String

    private let process: Process
    private let input: FileHandle
    private let logPath: String
    private var isFinished = false
    /// The error that stopped ffmpeg early, thrown again by ``finish()``.
    private var failure: CodecError?

    /// Starts `ffmpeg`, ready for frames.
    ///
    /// - Parameters:
    ///   - outputPath: The MP4 file to write, replaced in one step by ``finish()`` if it exists;
    ///     its folder must exist.
    ///   - width: Frame width in pixels, 1…16384.
    ///   - height: Frame height in pixels, 1…16384.
    ///   - framesPerSecond: Frame rate, e.g. 30 or 60; non-finite or non-positive values give
    ///     30, and rates are limited to 1000.
    ///   - searchPath: Directories to look for `ffmpeg` in, separated by `:`; `nil` (the
    ///     default) uses the `PATH` environment variable.
    /// - Throws: ``CodecError/invalidSize(format:width:height:maximum:)``,
    ///   ``CodecError/ffmpegNotFound`` or ``CodecError/ffmpegFailed(message:)`` if it cannot start.
    public init(outputPath: String, width: Int, height: Int, framesPerSecond: Double = 30,
                searchPath: String? = nil) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw CodecError.invalidSize(format: "MP4", width: width, height: height, maximum: 16384)
        }
        guard let ffmpeg = Self.ffmpegPath(searchPath: searchPath) else { throw CodecError.ffmpegNotFound }
        self.width = width
        self.height = height
        videoWidth = width + width % 2
        videoHeight = height + height % 2
        self.framesPerSecond = framesPerSecond.isFinite && framesPerSecond > 0 ? Swift.min(framesPerSecond, 1000) : 30
        self.outputPath = outputPath
        let (folder, name) = AtomicFile.split(outputPath)
        let digits = String(UInt64.random(in: .min ... .max), radix: 16)
        stagingPath = folder + "/" + AtomicFile.temporaryPrefix(for: name)
            + String(repeating: "0", count: 16 - digits.count) + digits

        logPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("storykit-ffmpeg-\(UUID().uuidString).log").path
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
              let log = FileHandle(forWritingAtPath: logPath)
        else { throw CodecError.ffmpegFailed(message: "cannot create a log file in the temporary directory") }
        let pipe = Pipe()
        input = pipe.fileHandleForWriting
        #if canImport(Darwin)
        _ = fcntl(input.fileDescriptor, F_SETNOSIGPIPE, 1)
        #else
        _ = signal(SIGPIPE, SIG_IGN)
        #endif
        let rate = self.framesPerSecond.rounded() == self.framesPerSecond
            ? String(Int(self.framesPerSecond)) : String(self.framesPerSecond)
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(videoWidth)x\(videoHeight)", "-r", rate,
                             "-i", "-",
                             "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", stagingPath]
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: logPath)
            unlink(stagingPath)
            throw CodecError.ffmpegFailed(message: "cannot start \(ffmpeg): \(error)")
        }
        try? log.close()
    }

    deinit {
        if !isFinished {
            try? input.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: logPath)
            unlink(stagingPath)
        }
    }

    /// Sends one frame to ffmpeg.
    ///
    /// - Parameter image: A premultiplied frame of exactly ``width`` × ``height`` pixels.
    /// - Throws: ``CodecError/frameSizeMismatch(expectedWidth:expectedHeight:width:height:)``, or
    ///   ``CodecError/ffmpegFailed(message:)`` if ffmpeg has stopped (or ``finish()`` was called).
    public func addFrame(_ image: RGBAImage) throws {
        guard image.width == width, image.height == height else {
            throw CodecError.frameSizeMismatch(expectedWidth: width, expectedHeight: height,
                                               width: image.width, height: image.height)
        }
        if let failure { throw failure }
        guard !isFinished else { throw CodecError.ffmpegFailed(message: "frame added after finish()") }
        do {
            try input.write(contentsOf: Data(padded(image)))
        } catch {
            let error = stop(orElse: "ffmpeg stopped reading frames")
            failure = error
            throw error
        }
    }

    /// Closes ffmpeg's input, waits for it to write the file and moves the file into place at
    /// ``outputPath`` (synced, then renamed over whatever was there).
    ///
    /// - Throws: ``CodecError/ffmpegFailed(message:)`` with ffmpeg's last message when it fails,
    ///   or with the file system's reason when the finished file cannot be moved into place; the
    ///   temporary file is then removed and ``outputPath`` is left as it was.
    public func finish() throws {
        if let failure { throw failure }
        guard !isFinished else { return }
        let error = stop(orElse: nil)
        guard process.terminationStatus == 0 else {
            unlink(stagingPath)
            failure = error
            throw error
        }
        do {
            try AtomicFile.moveIntoPlace(stagingPath, replacing: outputPath)
        } catch {
            unlink(stagingPath)
            let failed = CodecError.ffmpegFailed(message: "\(error)")
            failure = failed
            throw failed
        }
    }

    /// Stops ffmpeg at once (closing its input and killing it), waits for it to exit and removes
    /// the unfinished temporary file, leaving ``outputPath`` as it was: what an interrupted
    /// render does. Nothing happens after ``finish()``.
    public func cancel() {
        guard !isFinished else { return }
        isFinished = true
        failure = .ffmpegFailed(message: "cancelled")
        try? input.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: logPath)
        unlink(stagingPath)
    }

    /// The `ffmpeg` executable in the first directory of `searchPath` that has one.
    ///
    /// - Parameter searchPath: `:`-separated directories; `nil` uses the `PATH` variable.
    /// - Returns: Its path, or `nil` when none of the directories has an executable `ffmpeg`.
    public static func ffmpegPath(searchPath: String? = nil) -> String? {
        let directories = (searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":", omittingEmptySubsequences: true)
        for directory in directories {
            let candidate = directory.hasSuffix("/") ? "\(directory)ffmpeg" : "\(directory)/ffmpeg"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Closes the input, waits for ffmpeg and returns the error its log describes.
    private func stop(orElse fallback: String?) -> CodecError {
        isFinished = true
        try? input.close()
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: logPath)
        let lastLine = log.split(whereSeparator: \.isNewline).last.map(String.init)
        return .ffmpegFailed(message: lastLine ?? fallback ?? "exit status \(process.terminationStatus)")
    }

    /// The frame's bytes, with a black column and row added where the size is odd.
    private func padded(_ image: RGBAImage) -> [UInt8] {
        guard videoWidth != width || videoHeight != height else { return image.pixels }
        var bytes = [UInt8](repeating: 0, count: videoWidth * videoHeight * 4)
        for y in 0..<height {
            bytes.replaceSubrange(y * videoWidth * 4..<(y * videoWidth + width) * 4,
                                  with: image.pixels[y * width * 4..<(y + 1) * width * 4])
        }
        return bytes
    }
}
#endif
