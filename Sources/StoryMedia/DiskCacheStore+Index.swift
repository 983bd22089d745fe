import Foundation
import StoryFiles

// MARK: - DiskCacheStore + index

extension DiskCacheStore {
    /// The index, read from the folder on first use: each `*.entry` file's header, deleting
    /// entries whose header is invalid, whose size differs from what the header says, or whose
    /// key does not hash to the file's name, and temporary files of killed writes. Entries are
    /// ordered by modification time (then name), oldest first.
    func loadedIndex() throws -> LeastRecentlyUsed<String, String> {
        if let index = currentIndex { return index }
        var found: [(name: String, key: String, size: Int, modified: Int64)] = []
        for name in try names() {
            let path = self.path(name)
            if DiskCache.isTemporary(name) {
                try? AtomicFile.remove(path)
                continue
            }
            guard DiskCache.isEntry(name) else { continue }
            let prefix = try? AtomicFile.prefix(ofFile: path, count: DiskCacheEntry.headerSize + DiskCache.maximumKeyLength)
            guard let prefix else { continue }   // vanished, or not a regular file: not ours
            guard let header = DiskCacheEntry.header(prefix.bytes), header.fileSize == prefix.size,
                  !header.key.isEmpty, header.key.utf8.count <= DiskCache.maximumKeyLength,
                  fileName(header.key) == name
            else {
                try? AtomicFile.remove(path)
                continue
            }
            found.append((name, header.key, prefix.size, prefix.modified))
        }
        found.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
        var index = LeastRecentlyUsed<String, String>()
        for entry in found { index.insert(entry.key, for: entry.name, cost: entry.size) }
        // Over the bound (a smaller capacity than last time): the oldest go.
        while index.totalCost > capacity, let oldest = index.leastRecent {
            try evict(oldest.key, from: &index)
        }
        stampAtLeast(found.last?.modified ?? 0)
        return index
    }

    /// Runs `body` on the index (read from the folder first when needed), taken out of the store's
    /// state meanwhile so that mutating it does not copy it.
    func withIndex<Result>(_ body: (inout LeastRecentlyUsed<String, String>) throws -> Result) throws -> Result {
        var index = try loadedIndex()
        currentIndex = nil
        defer { currentIndex = index }
        return try body(&index)
    }

    /// Removes the file `name` and its index entry.
    func evict(_ name: String, from index: inout LeastRecentlyUsed<String, String>) throws {
        do {
            try AtomicFile.remove(path(name))
        } catch {
            throw DiskCacheError.unwritable(path: path(name), reason: "\(error)")
        }
        index.remove(name)
    }

    /// The names in the folder, which is created when missing.
    func names() throws -> [String] {
        do {
            return try AtomicFile.names(inFolder: folderPath())
        } catch {
            throw DiskCacheError.unusableFolder(path: folder.path, reason: (error as? FileSystemError)?.reason ?? "\(error)")
        }
    }

    /// The path of the file `name` in the folder.
    func path(_ name: String) -> String { folder.path + "/" + name }

    /// Throws ``DiskCacheError/invalidKey(_:)`` for an empty or too long key.
    func validate(_ key: String) throws {
        if key.isEmpty { throw DiskCacheError.invalidKey("an empty key") }
        let length = key.utf8.count
        if length > DiskCache.maximumKeyLength {
            throw DiskCacheError.invalidKey("a key of \(length) bytes (at most \(DiskCache.maximumKeyLength))")
        }
    }

    /// The folder's path, or `unusableFolder` when the URL is not a file URL.
    private func folderPath() throws -> String {
        guard folder.isFileURL else { throw FileSystemError(operation: "using", path: folder.absoluteString, reason: "not a file URL") }
        return folder.path
    }
}

// MARK: - DiskCache + file names

extension DiskCache {
    /// Whether `name` is an entry file's name.
    static func isEntry(_ name: String) -> Bool { name.hasSuffix(".entry") && !name.hasPrefix(".") }

    /// Whether `name` is a temporary file of an entry's atomic write.
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.contains(".entry.tmp-") }
}
