import Foundation

/// The set of story items the viewer has shown long enough to count as seen, kept in a file so
/// that the tray's order and the viewer's starting item survive relaunches.
///
/// The store owns one file. ``load()`` reads it; ``markSeen(_:)`` adds ids and ``save(_:)``
/// replaces the whole set, each persisting before it returns:
///
/// ```swift
/// let store = SeenStateStore(fileURL: folder.appendingPathComponent("seen.json"))
/// var seen: Set<String>
/// do {
///     seen = try await store.load()                  // [] before the first save
/// } catch {
///     seen = []   // corrupt, or from a newer release: start with nothing seen (see SeenStateError)
/// }
/// let start = stories.firstIndex { !seen.contains($0.id) } ?? 0   // the viewer opens here
///
/// // When the viewer says an item counts as seen:
/// try await store.markSeen([stories[start].id])      // saved atomically before it returns
/// seen.insert(stories[start].id)
/// ```
///
/// **Atomic.** Every save writes a temporary file in the same folder, syncs it, renames it over
/// the file and syncs the folder, so the file holds the old set or the new one, never a mix, even
/// when the process is killed mid-save; a failed save throws and leaves the old file intact. The
/// file carries a CRC-32 of its content, so a file damaged some other way (torn by another
/// program, a flipped bit) is reported by ``load()`` as ``SeenStateError/corrupt(path:_:)``
/// rather than read wrong. The format is described in <doc:SeenStateFile>.
///
/// **Bounded.** At most ``capacity`` ids are kept (10,000 by default); beyond that the oldest,
/// those seen first, are dropped. Ids are 1…1,024 bytes of UTF-8 without control characters
/// (``maximumIDLength``); others are refused with ``SeenStateError/invalidID(_:)``.
///
/// **One store per file.** The actor serialises the calls made to one store, so concurrent
/// `markSeen` calls from many tasks lose nothing. Two stores (or two processes) writing the same
/// file are not supported: each would overwrite the other's ids. A save blocks the thread it
/// runs on for the write and its sync (`F_FULLFSYNC` on Apple platforms), which can take
/// milliseconds on flash storage.
public actor SeenStateStore {
    /// How many ids a store keeps unless told otherwise: 10,000.
    public static let defaultCapacity = 10_000
    /// The largest capacity a store accepts: 100,000 ids. Larger capacities are lowered to it.
    public static let maximumCapacity = 100_000
    /// The longest id, in bytes of UTF-8: 1,024 (1 KiB).
    public static let maximumIDLength = 1_024

    /// The file the seen state lives in.
    public nonisolated let fileURL: URL
    /// The most ids kept, 1…``maximumCapacity``; beyond it the oldest are dropped.
    public nonisolated let capacity: Int

    /// The ids in memory, the same as on disk once loaded or saved.
    private var seen: SeenIDs
    /// Whether `seen` reflects the file (read, found missing or corrupt, or written).
    private var isLoaded = false
    /// Called after each step of a save (tests stop the process there).
    private let afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?

    /// A store for the file at `fileURL`; nothing is read until ``load()`` or the first save.
    ///
    /// - Parameters:
    ///   - fileURL: A file URL. Its folder is created by the first save when missing.
    ///   - capacity: The most ids kept, clamped to 1…``maximumCapacity``.
    public init(fileURL: URL, capacity: Int = SeenStateStore.defaultCapacity) {
        self.init(fileURL: fileURL, capacity: capacity, afterEachStage: nil)
    }

    /// A store that calls `afterEachStage` after each step of every save, for tests that kill the
    /// process at a chosen step.
    package init(fileURL: URL, capacity: Int = SeenStateStore.defaultCapacity,
                 afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?) {
        self.fileURL = fileURL
        self.capacity = min(max(capacity, 1), Self.maximumCapacity)
        self.afterEachStage = afterEachStage
        seen = SeenIDs(capacity: self.capacity)
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
    public func load() throws -> Set<String> {
        let path = try filePath(unusable: SeenStateError.unreadable)
        let readLimit = SeenStateFormat.maximumSize(capacity: max(capacity, Self.defaultCapacity))
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
    public func markSeen(_ ids: some Sequence<String>) throws {
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
    public func save(_ set: Set<String>) throws {
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
