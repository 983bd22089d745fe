import Foundation
import StoryRender
import Testing

/// An outside program that some tests use to cross-check our output with an independent
/// implementation: Pillow reads our GIFs back, ffmpeg encodes our frames to MP4.
///
/// Neither is needed to build or use StoryKit, so `swift test` runs those tests only where the
/// tool is installed, and the first time it finds one missing it says once, on standard error,
/// which cross-checks it skips and how to enable them. Under `STORYKIT_REQUIRE_CROSSCHECKS=1`
/// (set by `.ci/run`, which installs both) the tests always run, so a missing tool is a failure
/// rather than a silent skip.
///
/// ```swift
/// @Test(.enabled(if: CrossCheckTool.pillow.shouldRun, CrossCheckTool.pillow.skipComment))
/// func pillowReadsOurGIF() throws { … }
/// ```
public struct CrossCheckTool: Sendable {
    /// The tool's name, as the skip message says it.
    public let name: String
    /// What the cross-check does, e.g. "the GIF read-back tests".
    public let checks: String
    /// The command that installs it.
    public let installCommand: String
    /// Whether the tool was found on this machine.
    public let isInstalled: Bool

    /// The environment variable under which a missing tool fails the tests that need it.
    public static let requireVariable = "STORYKIT_REQUIRE_CROSSCHECKS"

    /// Whether missing tools are failures here (`STORYKIT_REQUIRE_CROSSCHECKS=1`, as in CI).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment[requireVariable] == "1" }

    /// Pillow, the Python imaging library, found when `python3 -c "import PIL"` succeeds.
    public static let pillow = CrossCheckTool(
        name: "Pillow", checks: "the GIF tests that read our animations back with an independent decoder",
        installCommand: "python3 -m pip install pillow", isInstalled: pythonImports("PIL")
    ).announcingSkip()

    /// ffmpeg, found on the `PATH`.
    public static let ffmpeg = CrossCheckTool(
        name: "ffmpeg", checks: "the MP4 test that has ffmpeg encode real frames",
        installCommand: "apt-get install ffmpeg / brew install ffmpeg", isInstalled: VideoEncoder.ffmpegPath() != nil
    ).announcingSkip()

    /// Whether the tests that need this tool run: where it is installed, and always when
    /// ``isRequired`` (they then fail if it is missing).
    public var shouldRun: Bool { isInstalled || Self.isRequired }

    /// The reason Swift Testing prints for each skipped test.
    public var skipComment: Comment {
        Comment(rawValue: "\(name) is not installed (\(installCommand)); \(Self.requireVariable)=1 makes this a failure")
    }

    /// Prints the one-line notice of the skipped cross-checks, the first (and only) time the
    /// tool is looked up, when it is missing and not required.
    private func announcingSkip() -> CrossCheckTool {
        if !isInstalled && !Self.isRequired {
            let line = "note: skipping \(checks): \(name) is not installed (`\(installCommand)` enables "
                + "them; \(Self.requireVariable)=1 makes a missing tool fail)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return self
    }

    /// Whether `python3` can import `module`.
    private static func pythonImports(_ module: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
