import Foundation

/// Work on several threads handed back in order, with a bounded number of items in flight: how
/// a clip renders its frames on every core while its outputs take them one by one.
enum FramePipeline {
    /// Runs `work` on `jobs` threads of their own for items 0, 1, 2, … made in order on the
    /// calling thread by `next`, and hands each result to `consume` on the calling thread, in
    /// order.
    ///
    /// At most `window` items are made and not yet consumed, so memory holds `window` results
    /// whatever the number of items. Each thread has its own `State` (e.g. a frame buffer), made
    /// on it by `makeState`.
    ///
    /// When `next`, `work` or `consume` throws, no new item is started, the threads finish the
    /// item in hand and end, and the first error in item order is rethrown: nothing runs after
    /// this returns.
    ///
    /// - Parameters:
    ///   - jobs: Worker threads, at least 1.
    ///   - window: Items in flight, at least `jobs`.
    ///   - makeState: A thread's own state.
    ///   - next: Item `index`, or nil when there are no more.
    ///   - work: The result of item `index`, on a worker thread.
    ///   - consume: Takes result `index`, on the calling thread.
    static func run<State, Input: Sendable, Output: Sendable>(
        jobs: Int, window: Int, makeState: @escaping @Sendable () -> State, next: (_ index: Int) throws -> Input?,
        work: @escaping @Sendable (_ state: inout State, _ index: Int, _ input: Input) throws -> Output,
        consume: (_ index: Int, _ output: Output) throws -> Void
    ) throws {
        let threads = max(1, jobs), inFlight = max(threads, window)
        AllocatorTuning.keepFreedFrames()
        let board = PipelineBoard<Input, Output>(workers: threads)
        for _ in 0..<threads {
            let thread = Thread {
                var state = makeState()
                while let (index, input) = board.take() {
                    board.put(index, Result { try work(&state, index, input) })
                }
                board.workerEnded()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { board.closeAndJoin() }
        var made = 0, consumed = 0, ended = false
        while true {
            while !ended, made < consumed + inFlight {
                guard let input = try next(made) else { ended = true; break }
                board.submit(made, input)
                made += 1
            }
            guard consumed < made else { return }
            try consume(consumed, board.result(consumed).get())
            consumed += 1
        }
    }
}

/// The items of a ``FramePipeline`` waiting for a thread, and the results waiting for the
/// consumer.
private final class PipelineBoard<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [(Int, Input)] = []
    private var results: [Int: Result<Output, any Error>] = [:]
    private var closed = false
    private var liveWorkers: Int

    init(workers: Int) { liveWorkers = workers }

    /// Queues item `index` for the threads.
    func submit(_ index: Int, _ input: Input) {
        condition.lock()
        waiting.append((index, input))
        condition.signal()
        condition.unlock()
    }

    /// The next item for a thread, waiting for one; nil once the board is closed.
    func take() -> (Int, Input)? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty, !closed { condition.wait() }
        guard !closed else { return nil }
        return waiting.removeFirst()
    }

    /// Records the result of item `index`.
    func put(_ index: Int, _ result: Result<Output, any Error>) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// The result of item `index`, waiting for it.
    func result(_ index: Int) -> Result<Output, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        return results.removeValue(forKey: index) ?? .failure(CancellationError())
    }

    /// Called by a thread as it ends.
    func workerEnded() {
        condition.lock()
        liveWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Drops the items not started, lets the threads end and waits for them.
    func closeAndJoin() {
        condition.lock()
        closed = true
        waiting.removeAll()
        condition.broadcast()
        while liveWorkers > 0 { condition.wait() }
        condition.unlock()
    }
}
