import Foundation

/// Fresh folders for one test's files, removed with everything in them when the test's suite
/// instance goes away: hold one in a suite's stored property (`let scratch = ScratchFolders()`;
/// Swift Testing makes a suite instance per test), and ask it for folders.
///
/// Before it, command-line tests left a folder in the temporary directory per run.
public final class ScratchFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [String] = []

    /// No folders yet.
    public init() {}

    /// A new, empty folder named `prefix-UUID` in the temporary directory, removed later.
    public func make(_ prefix: String = "storykit") throws -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        lock.lock()
        made.append(path)
        lock.unlock()
        return path
    }

    deinit {
        for path in made { try? FileManager.default.removeItem(atPath: path) }
    }
}
