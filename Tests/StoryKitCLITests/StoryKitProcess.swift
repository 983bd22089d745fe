import Foundation

/// A run of the built `storykit` executable as a child process, as a user runs it: its standard
/// output and standard error apart, its exit status, and signals sent to it.
final class StoryKitProcess {
    /// The running (or finished) process.
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var collected: (out: Data, err: Data)?

    /// Starts `storykit` with `arguments`.
    init(_ arguments: [String]) throws {
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Runs `storykit` with `arguments` to its end.
    static func run(_ arguments: [String]) throws -> StoryKitProcess {
        let child = try StoryKitProcess(arguments)
        child.wait()
        return child
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end, reading its output meanwhile.
    func wait() {
        guard collected == nil else { return }
        // Both pipes are read to their end first, so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        let box = Box()
        let errorHandle = errors.fileHandleForReading
        DispatchQueue.global().async(group: group) { box.err = errorHandle.readDataToEndOfFile() }
        box.out = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        collected = (box.out, box.err)
    }

    /// The exit status, or the number of the signal that killed it (see ``killedBySignal``).
    var status: Int32 { wait(); return process.terminationStatus }
    /// Whether a signal killed the process (instead of it exiting).
    var killedBySignal: Bool { wait(); return process.terminationReason == .uncaughtSignal }
    /// What it printed on standard output.
    var standardOutput: String { wait(); return String(decoding: collected?.out ?? Data(), as: UTF8.self) }
    /// What it printed on standard error.
    var standardError: String { wait(); return String(decoding: collected?.err ?? Data(), as: UTF8.self) }

    private final class Box: @unchecked Sendable {
        var out = Data()
        var err = Data()
    }

    /// The built `storykit` beside the test bundle (on Linux the running test executable's
    /// folder), or else in the package's `.build/debug`.
    private static func executable() throws -> URL {
        var folders: [URL] = []
        #if os(Linux)
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: running).deletingLastPathComponent())
        }
        #endif
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(package.appendingPathComponent(".build/debug"))
        for folder in folders {
            let url = folder.appendingPathComponent("storykit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no built storykit in \(folders.map(\.path)); run swift build first"])
    }
}

/// Polls `condition` up to `attempts` times, 20 ms apart (a bounded wait, not a timing
/// assertion); whether it became true.
func eventually(attempts: Int = 3_000, _ condition: () -> Bool) -> Bool {
    for _ in 0..<attempts {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
