import StoryFiles

/// StoryRender's files through the package's one file layer (``StoryFiles/AtomicFile``), with its
/// failures as ``CodecError``s whose reasons are the system's own ("No such file or directory",
/// "Permission denied"), for one-line error messages.
enum FileLayer {
    /// The whole contents of the file at `path`, its first `prefixLength` bytes shown to
    /// `checkPrefix` before the rest is read (see ``StoryFiles/AtomicFile/checkedContents(ofFile:prefixLength:checkPrefix:)``).
    ///
    /// - Throws: ``CodecError/unreadableFile(path:reason:)``, or what `checkPrefix` throws.
    static func contents(ofFile path: String, prefixLength: Int = 0,
                         checkPrefix: ([UInt8]) throws -> Void = { _ in }) throws -> [UInt8] {
        do {
            return try AtomicFile.checkedContents(ofFile: path, prefixLength: prefixLength, checkPrefix: checkPrefix)
        } catch let error as FileSystemError {
            throw CodecError.unreadableFile(path: path, reason: error.reason)
        }
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file beside it, synced,
    /// renamed over it, the folder synced; a reader sees the old file or the new one, never a
    /// part. The folder must exist.
    ///
    /// - Throws: ``CodecError/unwritableFile(path:reason:)``.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        do {
            try AtomicFile.replace(path, with: bytes, createFolder: false)
        } catch let error as FileSystemError {
            throw CodecError.unwritableFile(path: path, reason: error.reason)
        }
    }
}
