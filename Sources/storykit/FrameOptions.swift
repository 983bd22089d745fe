import ArgumentParser
import Foundation
import StoryKit

/// The frame options every rendering command shares: the page size, the frame rate and the
/// scale. A command whose frame is not a phone page (`render ring`) gives its own defaults to
/// ``options(duration:defaultSize:defaultScale:)``.
struct FrameArguments: ParsableArguments {
    // `.unconditional`: a value such as "-1" is the option's value (then refused with its range),
    // not read as another option.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The page size in points (default 270x480; render ring: 96x96).", valueName: "WIDTHxHEIGHT"))
    var size: String?

    @Option(parsing: .unconditional, help: "Frames per second, 1…120.")
    var fps: Double = 30

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point, 0.1…8 (default 1; render ring: 3).", valueName: "scale"))
    var scale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Frames rendered at once, 1…256 (default: every core; 1 renders on one thread; the file is the same).", valueName: "count"))
    var jobs: Int?

    /// The options checked, with the command's defaults for what was not given.
    ///
    /// - Throws: ``CLIError`` naming the option and its range.
    func options(duration: Double?, defaultSize: String = "270x480", defaultScale: Double = 1) throws -> FrameOptions {
        var options = try FrameOptions(size: size ?? defaultSize, fps: fps, scale: scale ?? defaultScale, duration: duration)
        options.jobs = try Jobs.count(jobs)
        return options
    }
}

/// The frame options every rendering command shares, checked the same way with the same
/// one-line errors: `--size`, `--fps`, `--scale` and `--duration`.
struct FrameOptions {
    /// The page size in points.
    let page: Size
    /// The output's pixel size.
    let pixels: (width: Int, height: Int)
    /// Frames per second.
    let fps: Double
    /// Pixels per point.
    let scale: Double
    /// Frames rendered at once (``Jobs``).
    var jobs = Jobs.defaultCount

    /// Checks the options.
    ///
    /// - Throws: ``CLIError`` naming the option and its range.
    init(size: String, fps: Double, scale: Double, duration: Double?) throws {
        page = try Self.pageSize(size)
        guard fps.isFinite, (1...120).contains(fps) else { throw CLIError("--fps must be a number in 1…120, got \(fps)") }
        guard scale.isFinite, (0.1...8).contains(scale) else {
            throw CLIError("--scale must be a number in 0.1…8, got \(scale)")
        }
        self.fps = fps
        self.scale = scale
        pixels = (width: Int((page.width * scale).rounded()), height: Int((page.height * scale).rounded()))
        guard (1...8192).contains(pixels.width), (1...8192).contains(pixels.height) else {
            throw CLIError("--size \(size) at --scale \(scale) is \(pixels.width)×\(pixels.height) px; each side must be 1…8192")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= 600) {
            throw CLIError("--duration must be a number of seconds in 0…600 (not 0), got \(duration)")
        }
    }

    /// `--size` as points: `WIDTHxHEIGHT` (or `×`), each a number in 1…4096.
    static func pageSize(_ size: String) throws -> Size {
        let parts = size.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        if parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
           width.isFinite, height.isFinite, (1...4096).contains(width), (1...4096).contains(height) {
            return Size(width: width, height: height)
        }
        throw CLIError("--size must be WIDTHxHEIGHT in points, each 1…4096 (e.g. 270x480), got \"\(size)\"")
    }

    /// A number without trailing zeros: 30, 2.5, 0.333.
    static func format(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The closing line: what was written, how many frames, how long, how large.
    static func summary(_ destination: FrameOutput, output: String, frameCount: Int, fps: Double, length: Double,
                        pixels: (width: Int, height: Int)) -> String {
        let what: String
        if case .pngFrames = destination {
            what = "\(destination.path(ofFrame: 0)) … \((destination.path(ofFrame: frameCount - 1) as NSString).lastPathComponent)"
        } else {
            what = output
        }
        return "wrote \(what): \(frameCount) frames at \(format(fps)) fps (\(format(length)) s), \(pixels.width)×\(pixels.height) px"
    }
}

/// `--jobs`: how many frames (or storm sequences) are worked on at once.
enum Jobs {
    /// The default: every core the process may use.
    static var defaultCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `--jobs` checked, or the default when it was not given.
    ///
    /// - Throws: ``CLIError`` when it is not in 1…256.
    static func count(_ value: Int?) throws -> Int {
        guard let value else { return defaultCount }
        guard (1...256).contains(value) else { throw CLIError("--jobs must be a whole number in 1…256, got \(value)") }
        return value
    }
}
