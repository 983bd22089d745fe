import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// Loading and saving the seen state: round trips, the bound, concurrent callers, hostile ids.
@Suite struct SeenStateStoreTests {
    @Test func savedIDsComeBackInANewStore() async throws {
        try await TemporaryFolder.with { folder in
            let ids: Set<String> = ["story-1", "story-2", #"quote " and \ backslash"#, "é/ü/😀", "a/b"]
            try await SeenStateStore(fileURL: folder.seenFile).save(ids)
            #expect(try await SeenStateStore(fileURL: folder.seenFile).load() == ids)
        }
    }

    @Test func aMissingFileIsAnEmptySetAndLoadingCreatesNothing() async throws {
        try await TemporaryFolder.with { folder in
            let loaded = try await SeenStateStore(fileURL: folder.seenFile).load()
            #expect(loaded == [])
            #expect(!FileManager.default.fileExists(atPath: folder.seenFile.path))
        }
    }

    @Test func markSeenAddsToWhatIsOnDiskWithoutAnExplicitLoad() async throws {
        try await TemporaryFolder.with { folder in
            try await SeenStateStore(fileURL: folder.seenFile).save(["a", "b"])
            try await SeenStateStore(fileURL: folder.seenFile).markSeen(["c", "a"])
            #expect(try await SeenStateStore(fileURL: folder.seenFile).load() == ["a", "b", "c"])
        }
    }

    @Test func markingOnlySeenIDsLeavesTheFileUntouched() async throws {
        try await TemporaryFolder.with { folder in
            let store = SeenStateStore(fileURL: folder.seenFile)
            try await store.markSeen(["a", "b"])
            let before = try inode(of: folder.seenFile)
            try await store.markSeen(["b", "a", "a"])
            // Every save renames a new file into place, so an unchanged inode means no save.
            #expect(try inode(of: folder.seenFile) == before)
            try await store.markSeen(["c"])
            #expect(try inode(of: folder.seenFile) != before)
        }
    }

    @Test func theBoundDropsTheOldestFirstAcrossRelaunches() async throws {
        try await TemporaryFolder.with { folder in
            let store = SeenStateStore(fileURL: folder.seenFile, capacity: 3)
            try await store.markSeen(["a", "b", "c"])
            try await store.markSeen(["d"])
            #expect(try await store.load() == ["b", "c", "d"])
            // A relaunch keeps the age: b is still the oldest, and seeing it again does not
            // make it younger.
            let relaunched = SeenStateStore(fileURL: folder.seenFile, capacity: 3)
            try await relaunched.markSeen(["b"])
            try await relaunched.markSeen(["e"])
            #expect(try await SeenStateStore(fileURL: folder.seenFile, capacity: 3).load() == ["c", "d", "e"])
        }
    }

    @Test func aHundredThousandIDsKeepTheNewestTenThousand() async throws {
        try await TemporaryFolder.with { folder in
            let store = SeenStateStore(fileURL: folder.seenFile)
            try await store.markSeen((0..<100_000).map { "item-\($0)" })
            let expected = Set((90_000..<100_000).map { "item-\($0)" })
            #expect(try await SeenStateStore(fileURL: folder.seenFile).load() == expected)
        }
    }

    @Test func aFileWithMoreIDsThanTheCapacityLoadsTheNewest() async throws {
        try await TemporaryFolder.with { folder in
            try await SeenStateStore(fileURL: folder.seenFile).markSeen((0..<10).map { "\($0)" })
            #expect(try await SeenStateStore(fileURL: folder.seenFile, capacity: 4).load() == ["6", "7", "8", "9"])
        }
    }

    @Test func saveKeepsTheAgeOfKnownIDsAndAddsNewOnesInAscendingOrder() async throws {
        try await TemporaryFolder.with { folder in
            try await SeenStateStore(fileURL: folder.seenFile, capacity: 3).markSeen(["z", "y"])
            // After a relaunch: ages, oldest first, z, y, then the new a, b; the bound drops z.
            try await SeenStateStore(fileURL: folder.seenFile, capacity: 3).save(["b", "y", "a", "z"])
            #expect(try await SeenStateStore(fileURL: folder.seenFile, capacity: 3).load() == ["y", "a", "b"])
        }
    }

    @Test func concurrentMarkSeenCallsLoseNothing() async throws {
        try await TemporaryFolder.with { folder in
            let store = SeenStateStore(fileURL: folder.seenFile)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<200 {
                    group.addTask { try await store.markSeen((0..<5).map { "task-\(task)-\($0)" }) }
                }
                try await group.waitForAll()
            }
            let expected = Set((0..<200).flatMap { task in (0..<5).map { "task-\(task)-\($0)" } })
            #expect(try await SeenStateStore(fileURL: folder.seenFile).load() == expected)
        }
    }

    /// An invalid id, named shortly in the test report.
    struct InvalidID: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let id: String
        let reason: String
    }

    @Test(arguments: [
        InvalidID(testDescription: "empty", id: "", reason: "an empty id"),
        InvalidID(testDescription: "1,025 ASCII bytes", id: String(repeating: "x", count: 1_025),
                  reason: "an id of 1025 bytes (at most 1024)"),
        InvalidID(testDescription: "513 two-byte characters", id: String(repeating: "é", count: 513),
                  reason: "an id of 1026 bytes (at most 1024)"),
        InvalidID(testDescription: "a line break", id: "line\nbreak",
                  reason: "an id with the control character U+000A"),
        InvalidID(testDescription: "a NUL", id: "nul\u{0}", reason: "an id with the control character U+0000"),
        InvalidID(testDescription: "a DEL", id: "del\u{7F}", reason: "an id with the control character U+007F"),
    ])
    func anInvalidIDIsRefusedAndNothingIsRecorded(_ invalid: InvalidID) async throws {
        try await TemporaryFolder.with { folder in
            let store = SeenStateStore(fileURL: folder.seenFile)
            let error = SeenStateError.invalidID(invalid.reason)
            await #expect(throws: error) { try await store.markSeen(["fine", invalid.id]) }
            await #expect(throws: error) { try await store.save(["fine", invalid.id]) }
            #expect(!FileManager.default.fileExists(atPath: folder.seenFile.path))
        }
    }

    @Test func idsOfExactlyOneKibibyteAreKept() async throws {
        try await TemporaryFolder.with { folder in
            let ids: Set<String> = [String(repeating: "x", count: 1_024), String(repeating: "é", count: 512)]
            try await SeenStateStore(fileURL: folder.seenFile).markSeen(ids)
            #expect(try await SeenStateStore(fileURL: folder.seenFile).load() == ids)
        }
    }

    @Test func theCapacityIsClampedToItsRange() {
        let file = URL(fileURLWithPath: "/nonexistent/seen.json")
        #expect(SeenStateStore(fileURL: file, capacity: 0).capacity == 1)
        #expect(SeenStateStore(fileURL: file, capacity: -5).capacity == 1)
        #expect(SeenStateStore(fileURL: file, capacity: .max).capacity == SeenStateStore.maximumCapacity)
        #expect(SeenStateStore(fileURL: file).capacity == 10_000)
    }

    /// The file's inode number.
    private func inode(of file: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }
}
