import Foundation
import StoryKitTestSupport
import Testing

/// An output that cannot be written (issue 24): every command says so in one line, in the
/// system's words, before any work (no page events, no rendering), exits non-zero and prints
/// nothing else. The built `storykit` runs as a child process, as a user runs it.
@Suite struct UnwritableOutputTests {
    private let scratch = ScratchFolders()

    /// Each command, with `OUTPUT` where its output goes (a file name is appended).
    private static let commands: [(arguments: [String], file: String)] = [
        (["render", "cube"], "x.gif"),
        (["render", "ring"], "x.mp4"),
        (["render", "ring"], "frames/"),
        (["render", "tray"], "x.gif"),
        (["render", "zoom"], "x-%03d.png"),
        (["render", "profile"], "x.gif"),
        (["play"], "x.gif"),
        (["render", "scene", "Examples/card/scene.json"], "x.png"),
        (["demo", "--only", "spring-move"], "reel"),
    ]

    private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs every command with its output in `folder`; each must print exactly `expected(path)`.
    private func expectEveryCommandRefuses(in folder: String, expected: (String) -> String) throws {
        for (arguments, file) in Self.commands {
            let path = folder + "/" + file
            let child = try StoryKitProcess.run(arguments.map { $0.hasPrefix("Examples/") ? Self.package + "/" + $0 : $0 }
                                                + ["-o", path])
            let command = arguments.prefix(2).joined(separator: " ")
            #expect(child.standardError == expected(path) + "\n", "\(command)")
            #expect(child.standardOutput.isEmpty, "\(command) printed: \(child.standardOutput)")
            #expect(!child.killedBySignal && child.status == 1, "\(command)")
        }
    }

    #if os(Linux)
    @Test func aFolderTheSystemRefusesIsOneLineInItsWords() throws {
        // /proc takes no new files or folders, not even from root.
        try expectEveryCommandRefuses(in: "/proc") { path in
            path.hasSuffix("/") || !path.contains(".")
                ? "storykit: cannot create the folder \(path.hasSuffix("/") ? String(path.dropLast()) : path): No such file or directory"
                : "storykit: cannot write \(path): No such file or directory"
        }
        #expect(!FileManager.default.fileExists(atPath: "/proc/x.gif"))
    }
    #endif

    @Test func aFileInTheWayIsOneLineNamingIt() throws {
        let folder = try scratch.make("storykit-unwritable")
        let file = folder + "/taken"
        try #require(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        try expectEveryCommandRefuses(in: file) { _ in "storykit: cannot create the folder \(file): a file is in the way" }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken"])
    }

    @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
    func aReadOnlyFolderIsPermissionDenied() throws {
        let folder = try scratch.make("storykit-unwritable")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        try expectEveryCommandRefuses(in: folder) { path in
            path.hasSuffix("/") || !path.contains(".")
                ? "storykit: cannot create the folder \(path.hasSuffix("/") ? String(path.dropLast()) : path): Permission denied"
                : "storykit: cannot write \(path): Permission denied"
        }
    }
}
