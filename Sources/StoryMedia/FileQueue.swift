import Dispatch

// MARK: - FileQueue

/// One serial `DispatchQueue` that owns a state object doing blocking file I/O: the state is
/// touched only by work run on the queue, one piece at a time, in the order it was submitted, so
/// the I/O never blocks a thread of Swift's cooperative pool (Nuke's `DataCache` does its disk
/// work the same way). ``DiskCache`` and ``SeenStateStore`` sit on one each.
///
/// It is `@unchecked Sendable` because the queue, not the compiler, keeps `State` to one thread
/// at a time: the state is never handed out except to work running on the queue.
final class FileQueue<State>: @unchecked Sendable {
    /// The serial queue the work runs on.
    private let queue: DispatchQueue
    /// The state, touched on ``queue`` only.
    private let state: State

    /// A queue labelled `label` owning `state`.
    init(label: String, state: State) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        self.state = state
    }

    /// Runs `work` on the queue after everything submitted before, and returns its result.
    func perform<Result: Sendable>(_ work: @escaping @Sendable (State) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Swift.Result { try work(self.state) }) }
        }
    }

    /// Submits `work` to run on the queue after everything submitted before, and returns at once.
    func submit(_ work: @escaping @Sendable (State) -> Void) {
        queue.async { work(self.state) }
    }
}
