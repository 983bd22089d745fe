import Foundation

/// The one rule every command follows for where it writes: a missing parent folder is created
/// before any rendering, and a folder that cannot be created stops the command at once with one
/// line naming it.
enum OutputFolder {
    /// Creates the folder `path` will be written into, with its parents, if it is missing, and
    /// returns the folders it created, outermost first.
    ///
    /// - Throws: ``CLIError`` `cannot create the folder FOLDER: reason`.
    @discardableResult
    static func createParent(of path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return [] }
        return try create(folder)
    }

    /// Creates the folder `folder`, with its parents, if it is missing.
    ///
    /// - Returns: The folders it created, outermost first (empty when `folder` existed), so
    ///   that an output that is abandoned can remove them again.
    /// - Throws: ``CLIError`` `cannot create the folder FOLDER: reason`, the reason being the
    ///   system's (`No such file or directory`, `Permission denied`) or `a file is in the way`.
    @discardableResult
    static func create(_ folder: String) throws -> [String] {
        var missing: [String] = []
        var current = folder
        while current.count > 1, current.hasSuffix("/") { current.removeLast() }
        while !current.isEmpty {
            var info = stat()
            if stat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw CLIError("cannot create the folder \(current): a file is in the way")
                }
                break
            }
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            guard parent != current else { break }
            current = parent
        }
        var created: [String] = []
        for path in missing.reversed() {
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                let reason = String(cString: strerror(errno))
                for made in created.reversed() { rmdir(made) }
                throw CLIError("cannot create the folder \(folder): \(reason)")
            }
            created.append(path)
        }
        return created
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
