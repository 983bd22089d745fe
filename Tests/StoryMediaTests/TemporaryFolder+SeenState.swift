import Foundation
import StoryFiles
@testable import StoryMedia
import StoryKitTestSupport

extension TemporaryFolder {
    /// `seen.json` in the folder (not created).
    var seenFile: URL { url.appendingPathComponent("seen.json") }

    /// The names of the save's temporary files for `file` left in its folder.
    func temporaryFiles(for file: URL) throws -> [String] {
        let prefix = AtomicFile.temporaryPrefix(for: file.lastPathComponent)
        return try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(prefix) }
    }

    /// Writes `bytes` to `name` in the folder, as some other program would.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String = "seen.json") throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }
}

/// `content` sealed as the format seals it: followed by its CRC-32 trailer, so that tests can make
/// files whose checksum is right and whose document is not.
func sealed(_ content: String) -> [UInt8] {
    let bytes = Array(content.utf8)
    let digits = String(CRC32.checksum(bytes), radix: 16)
    let crc = String(repeating: "0", count: 8 - digits.count) + digits
    return bytes + Array(#","crc32":"\#(crc)"}"#.utf8) + [UInt8(ascii: "\n")]
}
