// MARK: - StoryResourceRequestTable

/// The loading requests ``StoryResourceLoader`` is serving, and what may still be done to each:
/// the lifecycle of an `AVAssetResourceLoadingRequest` as plain values, tested on Linux.
///
/// A request is **pending** from `shouldWaitForLoadingOfRequestedResource` until it is
/// **finished** (by us: done, failed, redirected, or the viewer closed) or **cancelled** (by the
/// player: `didCancel`). Only a pending request is answered (information, bytes, a finish); a
/// cancelled one is never answered, and finishing twice does nothing. The loader touches the
/// table only on the queue it gave to `setDelegate(_:queue:)`, where AVFoundation calls it too,
/// so an answer and a cancellation never race.
package struct StoryResourceRequestTable<Key: Hashable & Sendable, Handle>: @unchecked Sendable {
    /// Where a request is.
    package enum Phase: Sendable, Hashable {
        /// Being served.
        case pending
        /// Finished by us.
        case finished
        /// Cancelled by the player.
        case cancelled
    }

    private var phases: [Key: Phase] = [:]
    private var handles: [Key: Handle] = [:]

    /// An empty table.
    package init() {}

    /// Where the request `key` is; `nil` if never seen (or forgotten after it ended).
    package func phase(of key: Key) -> Phase? { phases[key] }

    /// The requests pending now.
    package var pendingCount: Int { phases.values.filter { $0 == .pending }.count }

    /// A new request, served by `handle` (its task).
    package mutating func begin(_ key: Key, handle: Handle) {
        phases[key] = .pending
        handles[key] = handle
    }

    /// Whether `key` may be answered now (information or bytes): it is pending.
    package func mayAnswer(_ key: Key) -> Bool { phases[key] == .pending }

    /// The handle of `key` if it may be answered now, else `nil`.
    package func pending(_ key: Key) -> Handle? { mayAnswer(key) ? handles[key] : nil }

    /// Finishes `key`: its handle once, if it was pending (then finish the loading request);
    /// its entry goes.
    package mutating func finish(_ key: Key) -> Handle? {
        guard phases[key] == .pending else { return nil }
        phases[key] = nil
        return handles.removeValue(forKey: key)
    }

    /// The player cancelled `key`: its handle, to cancel, if it was pending. It is never
    /// answered afterwards.
    package mutating func cancel(_ key: Key) -> Handle? {
        guard phases[key] == .pending else { return nil }
        phases[key] = .cancelled
        return handles.removeValue(forKey: key)
    }

    /// The viewer closed: every pending request, to finish with a cancellation error, with its
    /// handle to cancel; each counts as finished.
    package mutating func finishAll() -> [(key: Key, handle: Handle)] {
        let pending = phases.filter { $0.value == .pending }.keys
        return pending.compactMap { key in finish(key).map { (key: key, handle: $0) } }
    }

    /// Forgets a cancelled request once its task is over.
    package mutating func forget(_ key: Key) {
        guard phases[key] == .cancelled else { return }
        phases[key] = nil
    }
}
