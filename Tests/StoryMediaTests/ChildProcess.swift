import Foundation

/// A run of one of this package's test-only executables (`seen-state-crasher`), found next to the
/// test bundle in the build folder.
struct ChildProcess {
    /// How the process ended: its exit status, or the signal that killed it.
    let reason: Process.TerminationReason
    /// The exit status or the signal's number, as `reason` says.
    let status: Int32
    /// What it wrote to standard output and standard error.
    let output: String

    /// Whether the process was killed by `signal`.
    func wasKilled(by signal: Int32) -> Bool { reason == .uncaughtSignal && status == signal }

    /// Runs the built product `name` with `arguments` and waits for it to end.
    static func run(_ name: String, _ arguments: [String]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = try productURL(name)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildProcess(reason: process.terminationReason, status: process.terminationStatus,
                            output: String(decoding: output, as: UTF8.self))
    }

    /// The executable `name` in the build folder: the folder that holds the test bundle (the
    /// `.xctest` file on Linux is the running executable; on Apple platforms it is a bundle loaded
    /// into a runner), or else `.build/debug` in the package.
    private static func productURL(_ name: String) throws -> URL {
        var folders: [URL] = []
        #if os(Linux)
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        #endif
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(package.appendingPathComponent(".build/debug"))
        for folder in folders {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [
            NSLocalizedDescriptionKey: "no built \(name) in \(folders.map(\.path)); run swift build first",
        ])
    }
}
