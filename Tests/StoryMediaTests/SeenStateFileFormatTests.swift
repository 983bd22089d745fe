import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The file format, and damaged files: each is the specific error, never a crash, never a
/// misread set, and the store starts over from nothing.
@Suite struct SeenStateFileFormatTests {
    @Test func theChecksumIsZlibsCRC32() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func theFileIsOneLineOfVersionedJSONWithItsChecksumLast() async throws {
        try await TemporaryFolder.with { folder in
            try await SeenStateStore(fileURL: folder.seenFile).markSeen(["story-17", "story-4"])
            let text = try String(contentsOf: folder.seenFile, encoding: .utf8)
            // The CRC-32 of {"version":1,"seen":["story-17","story-4"] by Python's zlib.crc32.
            #expect(text == #"{"version":1,"seen":["story-17","story-4"],"crc32":"e546211e"}"# + "\n")
        }
    }

    /// Where a file is cut: how many of its `count` bytes are kept.
    struct Cut: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let kept: @Sendable (_ count: Int) -> Int
    }

    @Test(arguments: [
        Cut(testDescription: "nothing kept") { _ in 0 },
        Cut(testDescription: "one byte kept") { _ in 1 },
        Cut(testDescription: "half kept") { $0 / 2 },
        Cut(testDescription: "all but the trailer") { $0 - 21 },
        Cut(testDescription: "all but the last checksum digit and the end") { $0 - 4 },
        Cut(testDescription: "all but the newline") { $0 - 1 },
    ])
    func aTruncatedFileIsReportedAsTruncated(_ cut: Cut) async throws {
        try await TemporaryFolder.with { folder in
            let whole = SeenStateFormat.encode(["story-1", "story-2", "story-3"])
            let file = try folder.write(Array(whole.prefix(cut.kept(whole.count))))
            await #expect(throws: SeenStateError.corrupt(path: file.path, .truncated)) {
                try await SeenStateStore(fileURL: file).load()
            }
        }
    }

    @Test func everySingleBitFlipIsDetected() async throws {
        try await TemporaryFolder.with { folder in
            let whole = SeenStateFormat.encode(["story-1", "é"])
            let contentLength = whole.count - 21   // the bytes the checksum covers
            for index in whole.indices {
                for bit in 0..<8 {
                    var flipped = whole
                    flipped[index] ^= 1 << bit
                    let file = try folder.write(flipped)
                    do {
                        let loaded = try await SeenStateStore(fileURL: file).load()
                        Issue.record("byte \(index) bit \(bit) flipped, yet the file loaded as \(loaded)")
                    } catch let SeenStateError.corrupt(_, corruption) {
                        if index < contentLength, case .checksumMismatch = corruption {} else if index < contentLength {
                            Issue.record("byte \(index) bit \(bit): \(corruption), expected a checksum mismatch")
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: ["", "hello", #"{"version":1,"seen":[]}"#, "\u{89}PNG\r\n\u{1A}\n"])
    func aFileThatIsNotASeenStateIsReportedAsTruncated(content: String) async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.write(Array(content.utf8))
            await #expect(throws: SeenStateError.corrupt(path: file.path, .truncated)) {
                try await SeenStateStore(fileURL: file).load()
            }
        }
    }

    @Test(arguments: [
        (#"{"version":1,"seen":["a","a"]"#, "seen[1] repeats an earlier id"),
        (#"{"version":1,"seen":[""]"#, "seen[0] is an empty id"),
        (#"{"version":0,"seen":[]"#, "version 0 is not a format version"),
        (#"{"version":1,"seen":[1]"#, #"not a seen-state document ("seen.Index 0" has the wrong type)"#),
        (#"{"version":1,"saw":[]"#, #"not a seen-state document (no "seen")"#),
        (#"{"version":1 "seen":["a"]"#, "not a seen-state document (malformed JSON)"),
    ])
    func aSealedButInvalidDocumentSaysWhatIsWrong(content: String, reason: String) async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.write(sealed(content))
            await #expect(throws: SeenStateError.corrupt(path: file.path, .invalidDocument(reason))) {
                try await SeenStateStore(fileURL: file).load()
            }
        }
    }

    @Test func aFileLargerThanAnyStoreWritesIsRefusedBeforeDecoding() async throws {
        try await TemporaryFolder.with { folder in
            let limit = SeenStateFormat.maximumSize(capacity: SeenStateStore.defaultCapacity)
            let file = try folder.write([UInt8](repeating: UInt8(ascii: " "), count: limit + 1))
            await #expect(throws: SeenStateError.corrupt(path: file.path, .tooLarge(limit: limit))) {
                try await SeenStateStore(fileURL: file).load()
            }
        }
    }

    @Test func afterACorruptFileTheStoreStartsEmptyAndTheNextSaveReplacesIt() async throws {
        try await TemporaryFolder.with { folder in
            var bytes = SeenStateFormat.encode(["old-1", "old-2"])
            bytes[25] ^= 0x04
            let file = try folder.write(bytes)
            let store = SeenStateStore(fileURL: file)
            await #expect(throws: SeenStateError.self) { try await store.load() }
            try await store.markSeen(["new"])
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == ["new"])
        }
    }

    @Test func markSeenWithoutALoadReplacesACorruptFile() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.write(Array("garbage".utf8))
            try await SeenStateStore(fileURL: file).markSeen(["new"])
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == ["new"])
        }
    }

    @Test func aFileFromANewerVersionIsRefusedAndKeptUntilSaveReplacesIt() async throws {
        try await TemporaryFolder.with { folder in
            let newer = sealed(#"{"version":2,"seen":{"ids":["a"],"times":[1]}"#)
            let file = try folder.write(newer)
            let store = SeenStateStore(fileURL: file)
            let refusal = SeenStateError.newerVersion(path: file.path, version: 2, supported: 1)
            await #expect(throws: refusal) { try await store.load() }
            await #expect(throws: refusal) { try await store.markSeen(["b"]) }
            #expect(try Array(Data(contentsOf: file)) == newer)
            try await store.save([])
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == [])
        }
    }

    @Test func errorsSayWhichFileAndWhatToDoInOneLine() {
        let mismatch = SeenStateError.corrupt(path: "/s.json", .checksumMismatch(stored: 0xAB, computed: 0x1234_5678))
        #expect(mismatch.description == "seen state at /s.json is corrupt: its checksum does not match "
            + "(stored 0x000000ab, computed 0x12345678); starting with nothing seen")
        #expect(SeenStateError.newerVersion(path: "/s.json", version: 3, supported: 1).description
            == "seen state at /s.json was written in format version 3 by a newer release; "
            + "this one reads version 1 at most")
        #expect(SeenStateError.invalidID("an empty id").localizedDescription
            == "seen ids are 1…1024 bytes of UTF-8 without control characters, got an empty id")
    }
}
