import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves in a child process (`seen-state-crasher`) that dies at a chosen step, and saves the
/// system refuses: afterwards the file holds exactly the old set or exactly the new one, and the
/// next save works.
@Suite struct SeenStateCrashTests {
    /// How many times each step is killed, each time with a new set of a different size.
    static let runs = 0..<8

    @Test(arguments: AtomicWriteStage.allCases, runs)
    func aSaveKilledAtAnyStepLeavesTheOldSetOrTheNewNeverAMix(stage: AtomicWriteStage, run: Int) async throws {
        try await TemporaryFolder.with { folder in
            let file = folder.seenFile
            let old = Set((0..<(50 + 10 * run)).map { "old-\($0)" })
            try await SeenStateStore(fileURL: file).save(old)
            let newCount = 200 + 500 * run   // 200 to 3,700 ids: files of about 2 KB to 41 KB
            let new = Set((0..<newCount).map { "new-\($0)" })

            let child = try ChildProcess.run("seen-state-crasher",
                                             ["save", file.path, stage.rawValue, "new", "\(newCount)"])

            #expect(child.wasKilled(by: SIGKILL), "\(child.reason) \(child.status): \(child.output)")
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == (stage == .renamed ? new : old))
            // What the child left: the temporary file until the rename, cut where it died.
            let newBytes = SeenStateFormat.encode(new.sorted())
            let leftovers = try folder.temporaryFiles(for: file)
                .map { try Data(contentsOf: folder.url.appendingPathComponent($0)) }
            switch stage {
            case .halfWritten:
                #expect(leftovers == [Data(newBytes.prefix(newBytes.count / 2))])
            case .written, .synced:
                #expect(leftovers == [Data(newBytes)])
            case .renamed:
                #expect(leftovers.isEmpty)
                #expect(try Data(contentsOf: file) == Data(newBytes))
            }

            // The next save sweeps the leftover and replaces the file.
            let next: Set<String> = ["after-\(run)"]
            try await SeenStateStore(fileURL: file).save(next)
            let reloaded = try await SeenStateStore(fileURL: file).load()
            #expect(reloaded == next)
            #expect(try folder.temporaryFiles(for: file).isEmpty)
        }
    }

    @Test func aSaveIntoAReadOnlyFolderFailsClearlyAndKeepsTheOldFile() async throws {
        try await TemporaryFolder.with { folder in
            let readOnly = folder.url.appendingPathComponent("read-only")
            let file = readOnly.appendingPathComponent("seen.json")
            try await SeenStateStore(fileURL: file).save(["old"])
            #expect(chmod(readOnly.path, 0o555) == 0)

            // In a child that drops root privileges first: root may write into any folder.
            let child = try ChildProcess.run("seen-state-crasher", ["save-unprivileged", file.path, "new", "3"])

            #expect(child.reason == .exit && child.status == 1)
            #expect(child.output == "cannot save the seen state to \(file.path): creating a temporary file in "
                + "\(readOnly.path): Permission denied; the file is as it was\n")
            let loaded = try await SeenStateStore(fileURL: file).load()
            #expect(loaded == ["old"])
            #expect(try folder.temporaryFiles(for: file).isEmpty)
        }
    }
}
