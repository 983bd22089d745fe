import Foundation
import Testing

/// Decodes a GIF with Pillow, an independent decoder, through `python3`.
///
/// Pillow composites each frame over the previous ones by the disposal methods, as a browser
/// does, and reports every frame as RGBA. CI installs Pillow (`.ci/run`); without it the
/// tests that use this are skipped (``CrossCheckTool/pillow``), or fail with a message saying how
/// to install it under `STORYKIT_REQUIRE_CROSSCHECKS=1`.
struct PillowGIFDecoder {
    /// What Pillow read from the file.
    struct Result: Decodable {
        /// Number of frames.
        var frames: Int
        /// Width and height.
        var size: [Int]
        /// The NETSCAPE2.0 loop count, nil without the extension.
        var loop: Int?
        /// Per-frame durations in milliseconds.
        var durations: [Int]
        /// Per frame, straight RGBA bytes row by row.
        var pixels: [[UInt8]]

        /// The RGBA of pixel (x, y) of `frame`.
        func pixel(_ frame: Int, _ x: Int, _ y: Int) -> [Int] {
            let i = (y * size[0] + x) * 4
            return pixels[frame][i..<i + 4].map(Int.init)
        }
    }

    static let script = """
        import sys, json
        try:
            from PIL import Image
        except ImportError:
            sys.exit(3)
        im = Image.open(sys.argv[1])
        durations, pixels = [], []
        for i in range(im.n_frames):
            im.seek(i)
            durations.append(im.info.get("duration"))
            pixels.append(list(im.convert("RGBA").tobytes()))
        print(json.dumps({"frames": im.n_frames, "size": list(im.size), "loop": im.info.get("loop"),
                          "durations": durations, "pixels": pixels}))
        """

    /// Writes `gif` to a temporary file and decodes it, or records an issue and returns nil.
    static func decode(_ gif: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> Result? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString).gif").path
        try Data(gif).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            Issue.record("cannot run python3 (\(error)); the GIF tests decode with Pillow", sourceLocation: sourceLocation)
            return nil
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            Issue.record("Pillow is not importable: run `python3 -m pip install pillow` (.ci/run does)",
                         sourceLocation: sourceLocation)
            return nil
        }
        guard process.terminationStatus == 0 else {
            Issue.record("Pillow could not decode the GIF: \(String(decoding: stderr, as: UTF8.self))",
                         sourceLocation: sourceLocation)
            return nil
        }
        return try JSONDecoder().decode(Result.self, from: stdout)
    }
}
