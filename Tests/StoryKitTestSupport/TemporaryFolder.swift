import Foundation

/// A fresh folder for one test's files under the system's temporary folder, removed with
/// everything in it when the test's body returns or throws.
///
/// ```swift
/// try await TemporaryFolder.with { folder in
///     let file = folder.url.appendingPathComponent("seen.json")
///     …
/// }
/// ```
public struct TemporaryFolder: Sendable {
    /// The folder, which exists and is empty when the body starts.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// Runs `body` with a new folder, then removes the folder, also when `body` throws. Folders
    /// the body made read-only inside it are made writable again first, so removal works without
    /// root privileges too.
    public static func with(_ body: (TemporaryFolder) async throws -> Void) async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("storykit-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { remove(url) }
        try await body(TemporaryFolder(url: url))
    }

    /// Removes `url` and everything in it (best effort).
    private static func remove(_ url: URL) {
        let manager = FileManager.default
        let writable: [FileAttributeKey: Any] = [.posixPermissions: 0o755]
        try? manager.setAttributes(writable, ofItemAtPath: url.path)
        if let contents = manager.enumerator(atPath: url.path) {
            for case let relative as String in contents {
                let path = url.appendingPathComponent(relative).path
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    try? manager.setAttributes(writable, ofItemAtPath: path)
                }
            }
        }
        try? manager.removeItem(at: url)
    }
}
