import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile places for the file: missing folders, a folder or a FIFO where the file should be, a
/// file where a folder should be, a URL that is not a file. Each is a clear error or works; none
/// traps, and no failed save leaves a temporary file behind.
@Suite struct SeenStatePathTests {
    @Test func theFirstSaveCreatesMissingFolders() async throws {
        try await TemporaryFolder.with { folder in
            let file = folder.url.appendingPathComponent("a/b/c/seen.json")
            try await SeenStateStore(fileURL: file).markSeen(["x"])
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == ["x"])
        }
    }

    @Test func aFolderWhereTheFileShouldBeIsAClearErrorBothWays() async throws {
        try await TemporaryFolder.with { folder in
            let file = folder.seenFile
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            let store = SeenStateStore(fileURL: file)
            await #expect(throws: SeenStateError.unreadable(
                path: file.path, reason: "reading \(file.path): Is a directory")) {
                try await store.load()
            }
            await #expect(throws: SeenStateError.unwritable(
                path: file.path, reason: "replacing \(file.path): Is a directory")) {
                try await store.save(["x"])
            }
            #expect(try folder.temporaryFiles(for: file).isEmpty)
        }
    }

    @Test func aFIFOWhereTheFileShouldBeIsRefusedWithoutBlocking() async throws {
        try await TemporaryFolder.with { folder in
            let file = folder.seenFile
            #expect(mkfifo(file.path, 0o644) == 0)
            await #expect(throws: SeenStateError.unreadable(
                path: file.path, reason: "reading \(file.path): not a regular file")) {
                try await SeenStateStore(fileURL: file).load()
            }
        }
    }

    @Test func aFileWhereAFolderShouldBeIsAClearError() async throws {
        try await TemporaryFolder.with { folder in
            let blocker = try folder.write(Array("not a folder".utf8), to: "blocker")
            let file = blocker.appendingPathComponent("seen.json")
            let store = SeenStateStore(fileURL: file)
            await #expect(throws: SeenStateError.unreadable(
                path: file.path, reason: "opening \(file.path): Not a directory")) {
                try await store.load()
            }
            await #expect(throws: SeenStateError.unwritable(
                path: file.path, reason: "creating the folder \(blocker.path): Not a directory")) {
                try await store.save(["x"])
            }
        }
    }

    @Test func aURLThatIsNotAFileIsRefused() async throws {
        let url = try #require(URL(string: "https://example.com/seen.json"))
        let store = SeenStateStore(fileURL: url)
        await #expect(throws: SeenStateError.unreadable(path: url.absoluteString, reason: "not a file URL")) {
            try await store.load()
        }
        await #expect(throws: SeenStateError.unwritable(path: url.absoluteString, reason: "not a file URL")) {
            try await store.save([])
        }
    }

    @Test func aStaleTemporaryFileDoesNotStopTheNextSave() async throws {
        try await TemporaryFolder.with { folder in
            // Left by a save that died before its rename.
            try folder.write(Array("half a seen sta".utf8), to: ".seen.json.tmp-0123456789abcdef")
            try folder.write(Array("someone else's".utf8), to: ".other.json.tmp-0123456789abcdef")
            try await SeenStateStore(fileURL: folder.seenFile).save(["x"])
            let loaded = try await SeenStateStore(fileURL: folder.seenFile).load()
            #expect(loaded == ["x"])
            #expect(try folder.temporaryFiles(for: folder.seenFile).isEmpty)
            let othersFile = folder.url.appendingPathComponent(".other.json.tmp-0123456789abcdef")
            #expect(FileManager.default.fileExists(atPath: othersFile.path))
        }
    }

    @Test func aFileNameOfTwoHundredAndFiftyBytesSaves() async throws {
        try await TemporaryFolder.with { folder in
            // The temporary name keeps 200 bytes of it, so with its suffix it stays within the
            // 255-byte limit of a file name.
            let file = folder.url.appendingPathComponent(String(repeating: "s", count: 245) + ".json")
            try await SeenStateStore(fileURL: file).save(["x"])
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == ["x"])
        }
    }
}
