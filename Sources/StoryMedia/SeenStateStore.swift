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
/// **One store per file, on its own thread.** Every call runs on the store's own serial
/// `DispatchQueue`, in the order the calls were made, so concurrent `markSeen` calls from many
/// tasks lose nothing, and a save's write and sync (`F_FULLFSYNC` on Apple platforms, milliseconds
/// on flash storage) never block a thread of Swift's cooperative pool. Two stores (or two
/// processes) writing the same file are not supported: each would overwrite the other's ids.
public final class SeenStateStore: Sendable {
    /// How many ids a store keeps unless told otherwise: 10,000.
    public static let defaultCapacity = 10_000
    /// The largest capacity a store accepts: 100,000 ids. Larger capacities are lowered to it.
    public static let maximumCapacity = 100_000
    /// The longest id, in bytes of UTF-8: 1,024 (1 KiB).
    public static let maximumIDLength = 1_024

    /// The file the seen state lives in.
    public let fileURL: URL
    /// The most ids kept, 1…``maximumCapacity``; beyond it the oldest are dropped.
    public let capacity: Int

    /// The file and the ids in memory, on the serial queue every call runs on.
    private let queue: FileQueue<SeenStateFile>

    /// A store for the file at `fileURL`; nothing is read until ``load()`` or the first save.
    ///
    /// - Parameters:
    ///   - fileURL: A file URL. Its folder is created by the first save when missing.
    ///   - capacity: The most ids kept, clamped to 1…``maximumCapacity``.
    public convenience init(fileURL: URL, capacity: Int = SeenStateStore.defaultCapacity) {
        self.init(fileURL: fileURL, capacity: capacity, afterEachStage: nil)
    }

    /// A store that calls `afterEachStage` after each step of every save, for tests that kill the
    /// process at a chosen step.
    package init(fileURL: URL, capacity: Int = SeenStateStore.defaultCapacity,
                 afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?) {
        self.fileURL = fileURL
        self.capacity = min(max(capacity, 1), Self.maximumCapacity)
        queue = FileQueue(label: "StoryMedia.SeenStateStore",
                          state: SeenStateFile(fileURL: fileURL, capacity: self.capacity, afterEachStage: afterEachStage))
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
    public func load() async throws -> Set<String> {
        try await queue.perform { try $0.load() }
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
    public func markSeen(_ ids: some Sequence<String>) async throws {
        let ids = Array(ids)
        try await queue.perform { try $0.markSeen(ids) }
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
    public func save(_ set: Set<String>) async throws {
        try await queue.perform { try $0.save(set) }
    }
}
