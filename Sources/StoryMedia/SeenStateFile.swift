import Foundation
import StoryFiles

/// The seen state's file and the ids in memory, used on ``SeenStateStore``'s serial queue only
/// (never on Swift's cooperative pool): every call is synchronous, and a save blocks its thread
/// for the write and its sync. See ``SeenStateStore`` for the behaviour.
final class SeenStateFile {
    /// The file the seen state lives in.
    let fileURL: URL
    /// The most ids kept, 1…``SeenStateStore/maximumCapacity``; beyond it the oldest are dropped.
    let capacity: Int

    /// The ids in memory, the same as on disk once loaded or saved.
    private var seen: SeenIDs
    /// Whether `seen` reflects the file (read, found missing or corrupt, or written).
    private var isLoaded = false
    /// Called after each step of a save (tests stop the process there).
    private let afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?

    /// The state of the file at `fileURL`, keeping at most `capacity` ids (already clamped),
    /// calling `afterEachStage` after each step of every save.
    init(fileURL: URL, capacity: Int, afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?) {
        self.fileURL = fileURL
        self.capacity = capacity
        self.afterEachStage = afterEachStage
        seen = SeenIDs(capacity: capacity)
    }

    /// Reads the seen ids from the file.
    ///
    /// A file with more than ``capacity`` ids gives its newest ``capacity``.
    ///
    /// - Returns: The seen ids; empty when there is no file yet.
    /// - Throws: ``SeenStateError``: `corrupt` when the file is damaged — the store then holds no
    ///   ids and the next save replaces the file, so start with nothing seen; `newerVersion`
    ///   when a newer release wrote it — start with nothing seen too, but the store will not
    ///   overwrite that file with ``markSeen(_:)``, only with ``save(_:)``; `unreadable` when
    ///   the file system refuses.
    @discardableResult
    func load() throws -> Set<String> {
        let path = try filePath(unusable: SeenStateError.unreadable)
        let readLimit = SeenStateFormat.maximumSize(capacity: max(capacity, SeenStateStore.defaultCapacity))
        let contents: [UInt8]?
        do {
            contents = try AtomicFile.contents(ofFile: path, limit: readLimit)
        } catch {
            throw SeenStateError.unreadable(path: path, reason: "\(error)")
        }
        do {
            var ids: [String] = []
            if let contents {
                guard contents.count <= readLimit else {
                    throw SeenStateFormat.Failure.corrupt(.tooLarge(limit: readLimit))
                }
                ids = try SeenStateFormat.decode(contents)
            }
            seen = SeenIDs(capacity: capacity, ordered: ids)
            isLoaded = true
            return seen.members
        } catch let SeenStateFormat.Failure.corrupt(corruption) {
            seen = SeenIDs(capacity: capacity)
            isLoaded = true
            throw SeenStateError.corrupt(path: path, corruption)
        } catch let SeenStateFormat.Failure.newerVersion(version) {
            throw SeenStateError.newerVersion(path: path, version: version, supported: SeenStateFormat.version)
        }
    }

    /// Records `ids` as seen and saves, when any is new.
    ///
    /// Ids already seen keep their age. Loads the file first if ``load()`` has not run (a
    /// corrupt file is then replaced without a word: call ``load()`` first to hear about it).
    ///
    /// - Parameter ids: Item ids, each 1…``maximumIDLength`` bytes of UTF-8 without control
    ///   characters; repeats are fine.
    /// - Throws: ``SeenStateError``: `invalidID` before anything changes if any id is invalid;
    ///   what ``load()`` throws, but `corrupt`; `unwritable` when the save fails, in which case
    ///   the file and the store are as they were.
    func markSeen(_ ids: some Sequence<String>) throws {
        let ids = Array(ids)
        try validate(ids)
        if !isLoaded {
            do { try load() } catch SeenStateError.corrupt { /* load() started empty: replace it */ }
        }
        var next = seen
        guard next.insert(contentsOf: ids) else { return }
        try write(next)
    }

    /// Replaces the seen ids with `set` and saves, whatever the file held (a corrupt file or one
    /// from a newer release included).
    ///
    /// Ids already in the store (or in a readable file, when nothing was loaded yet) keep their age,
    /// new ones are younger, in ascending order among themselves; beyond ``capacity`` the oldest
    /// are dropped. `save([])` is how to start over.
    ///
    /// - Parameter set: Item ids, each 1…``maximumIDLength`` bytes of UTF-8 without control
    ///   characters.
    /// - Throws: ``SeenStateError``: `invalidID` before anything changes if any id is invalid;
    ///   `unwritable` when the save fails, in which case the file and the store are as they were.
    func save(_ set: Set<String>) throws {
        try validate(set)
        if !isLoaded {
            // For the ages of the ids it keeps; whatever the file holds, it is replaced.
            _ = try? load()
        }
        var next = seen
        next.replace(with: set)
        try write(next)
    }

    /// Throws ``SeenStateError/invalidID(_:)`` for the first invalid id.
    private func validate(_ ids: some Sequence<String>) throws {
        for id in ids {
            if let problem = SeenIDs.problem(with: id) { throw SeenStateError.invalidID(problem) }
        }
    }

    /// Writes `next` to the file atomically, then makes it the store's state.
    private func write(_ next: SeenIDs) throws {
        let path = try filePath(unusable: SeenStateError.unwritable)
        let bytes = SeenStateFormat.encode(next.ordered)
        do {
            try AtomicFile.replace(path, with: bytes) { stage in afterEachStage?(stage) }
        } catch {
            throw SeenStateError.unwritable(path: path, reason: "\(error)")
        }
        seen = next
        isLoaded = true
    }

    /// The file's path, or the error `unusable` makes when the URL is not a file URL.
    private func filePath(unusable: (_ path: String, _ reason: String) -> SeenStateError) throws -> String {
        guard fileURL.isFileURL else { throw unusable(fileURL.absoluteString, "not a file URL") }
        return fileURL.path
    }
}
