import Foundation

/// The one rule every command follows for where it writes: a missing parent folder is created
/// before any rendering, and a folder that cannot be created stops the command at once with one
/// line naming it.
enum OutputFolder {
    /// Creates the folder `path` will be written into, with its parents, if it is missing.
    ///
    /// - Throws: ``CLIError`` `cannot create the folder FOLDER: reason`.
    static func createParent(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        try create(folder)
    }

    /// Creates the folder `folder`, with its parents, if it is missing.
    ///
    /// - Throws: ``CLIError`` `cannot create the folder FOLDER: reason`.
    static func create(_ folder: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CLIError("cannot create the folder \(folder): a file is in the way") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.localizedDescription ?? "\($0)" }
                ?? error.localizedDescription
            throw CLIError("cannot create the folder \(folder): \(reason)")
        }
    }

    /// The PNG and JPEG files directly in `folder`, sorted by name (as the shell lists them).
    static func images(in folder: String) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw CLIError("cannot read the folder \(folder): \(error.localizedDescription)")
        }
        return names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Whether `path` is an existing folder.
    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
