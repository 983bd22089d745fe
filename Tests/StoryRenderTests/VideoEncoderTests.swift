import Foundation
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct VideoEncoderTests {
    /// A fresh empty directory, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("VideoEncoderTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Puts an executable `ffmpeg` shell script with `body` in `directory`.
    ///
    /// Written through a descriptor opened close-on-exec: other tests start child processes at the
    /// same time, and a child that inherited a descriptor open for writing on the script would make
    /// running it fail with "Text file busy" (ETXTBSY) — which Foundation's `write(toFile:)` allowed.
    static func installFakeFFmpeg(in directory: String, body: String) throws {
        let path = directory + "/ffmpeg"
        let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard close(descriptor) == 0, written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    @Test func withoutFFmpegTheErrorSaysHowToGetIt() throws {
        let empty = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(VideoEncoder.ffmpegPath(searchPath: empty) == nil)
        let error = #expect(throws: CodecError.ffmpegNotFound) {
            try VideoEncoder(outputPath: empty + "/out.mp4", width: 8, height: 8, searchPath: empty)
        }
        #expect(error?.description == "MP4 needs ffmpeg on the PATH (apt-get install ffmpeg / brew install ffmpeg); "
            + "GIF and PNG work without it")
        #expect(throws: CodecError.ffmpegNotFound) {
            try VideoEncoder(outputPath: empty + "/out.mp4", width: 8, height: 8, searchPath: "")
        }
    }

    @Test func framesArePipedAsRawRGBAPaddedToEvenSizes() throws {
        // A stand-in ffmpeg that saves its arguments and copies standard input to the output file.
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.installFakeFFmpeg(in: directory, body: """
            for last; do :; done
            echo "$@" > "$(dirname "$0")/args"
            cat > "$last"
            """)
        #expect(VideoEncoder.ffmpegPath(searchPath: "/nonexistent:" + directory) == directory + "/ffmpeg")
        let output = directory + "/clip.mp4"
        let encoder = try VideoEncoder(outputPath: output, width: 5, height: 3, framesPerSecond: 24,
                                       searchPath: directory)
        #expect(encoder.videoWidth == 6 && encoder.videoHeight == 4)
        for value in [UInt8(10), 20, 30] {
            try encoder.addFrame(RGBAImage(width: 5, height: 3, fill: (value, value, value, 255)))
        }
        #expect(throws: CodecError.self) { try encoder.addFrame(RGBAImage(width: 4, height: 3)) }
        try encoder.finish()

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(bytes.count == 3 * 6 * 4 * 4)
        // Frame 1, row 0: five grey pixels, then the black padding column; row 3 is all padding.
        let frame1 = Array(bytes[96..<192])
        #expect(Array(frame1[0..<20]) == [UInt8](repeating: 20, count: 20).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        #expect(Array(frame1[20..<24]) == [0, 0, 0, 0])
        #expect(frame1[72..<96].allSatisfy { $0 == 0 })
        let arguments = try String(contentsOfFile: directory + "/args", encoding: .utf8)
        #expect(arguments.contains("-f rawvideo -pix_fmt rgba -s 6x4 -r 24 -i -"))
        // ffmpeg writes a hidden temporary beside the output (`-f mp4`: it has no extension).
        #expect(arguments.contains("-c:v libx264 -pix_fmt yuv420p -movflags +faststart -f mp4 " + directory + "/.clip.mp4.tmp-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["args", "clip.mp4", "ffmpeg"])
    }

    @Test func theOutputIsTheOldFileOrACompleteVideoNeverAPart() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.installFakeFFmpeg(in: directory, body: """
            for last; do :; done
            cat > "$last"
            """)
        let output = directory + "/clip.mp4"
        let old = [UInt8]("the previous clip".utf8)
        try Data(old).write(to: URL(fileURLWithPath: output))
        func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }
        func current() throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: output))) }

        // Cancelled after two frames: the old file is untouched and no temporary file is left.
        let cancelled = try VideoEncoder(outputPath: output, width: 4, height: 4, searchPath: directory)
        for _ in 0..<2 { try cancelled.addFrame(RGBAImage(width: 4, height: 4, fill: (9, 9, 9, 255))) }
        #expect(try current() == old)
        cancelled.cancel()
        #expect(try current() == old)
        #expect(try files() == ["clip.mp4", "ffmpeg"])

        // Dropped without finish(): the same.
        do {
            let dropped = try VideoEncoder(outputPath: output, width: 4, height: 4, searchPath: directory)
            try dropped.addFrame(RGBAImage(width: 4, height: 4, fill: (9, 9, 9, 255)))
        }
        #expect(try current() == old)
        #expect(try files() == ["clip.mp4", "ffmpeg"])

        // Finished: the three frames replace the old file in one step.
        let finished = try VideoEncoder(outputPath: output, width: 4, height: 4, searchPath: directory)
        for _ in 0..<3 { try finished.addFrame(RGBAImage(width: 4, height: 4, fill: (7, 7, 7, 255))) }
        #expect(try current() == old)
        try finished.finish()
        #expect(try current().count == 3 * 4 * 4 * 4)
        #expect(try files() == ["clip.mp4", "ffmpeg"])
    }

    @Test func aFailedEncodeLeavesTheOldFileAndNoTemporary() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.installFakeFFmpeg(in: directory, body: """
            for last; do :; done
            head -c 10 > "$last"
            echo "Conversion failed!" >&2
            exit 1
            """)
        let output = directory + "/clip.mp4"
        let old = [UInt8]("the previous clip".utf8)
        try Data(old).write(to: URL(fileURLWithPath: output))
        let encoder = try VideoEncoder(outputPath: output, width: 4, height: 4, searchPath: directory)
        let error = #expect(throws: CodecError.self) {
            for _ in 0..<100 { try encoder.addFrame(RGBAImage(width: 4, height: 4)) }
            try encoder.finish()
        }
        #expect(error == .ffmpegFailed(message: "Conversion failed!"))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: output))) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["clip.mp4", "ffmpeg"])
    }

    @Test func ffmpegFailuresCarryItsMessage() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.installFakeFFmpeg(in: directory, body: """
            echo "Unknown encoder 'libx264'" >&2
            exit 1
            """)
        let encoder = try VideoEncoder(outputPath: directory + "/clip.mp4", width: 64, height: 64,
                                       searchPath: directory)
        let error = #expect(throws: CodecError.self) {
            for _ in 0..<100 { try encoder.addFrame(RGBAImage(width: 64, height: 64)) }
            try encoder.finish()
        }
        #expect(error == .ffmpegFailed(message: "Unknown encoder 'libx264'"))
        #expect(error?.description == "ffmpeg failed: Unknown encoder 'libx264'")
    }

    @Test func badSizesAreRefused() {
        // A path in a folder that does not exist (nothing may be written for a refused size).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("VideoEncoderTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("x.mp4").path
        #expect(throws: CodecError.invalidSize(format: "MP4", width: 0, height: 4, maximum: 16384)) {
            try VideoEncoder(outputPath: output, width: 0, height: 4)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test(.enabled(if: CrossCheckTool.ffmpeg.shouldRun, CrossCheckTool.ffmpeg.skipComment))
    func realFFmpegWritesAnMP4() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/clip.mp4"
        let encoder = try VideoEncoder(outputPath: output, width: 33, height: 17, framesPerSecond: 30)
        for step in 0..<15 {
            try encoder.addFrame(RGBAImage(width: 33, height: 17, fill: (UInt8(step * 15), 80, 160, 255)))
        }
        try encoder.finish()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(bytes.count > 100)
        #expect(Array(bytes[4..<8]) == Array("ftyp".utf8))
    }
}
