import Foundation

// MARK: - Storm + Cores

extension StormSubject {
    /// Whether ``run(_:_:)`` must be called on the main thread (a main-actor model driven through
    /// `DispatchQueue.main`): such a storm runs on one thread whatever the jobs, since the
    /// runner's main thread waits for the others. False unless the subject says so.
    public static var runsOnMainThread: Bool { false }
}

extension Storm {
    /// Runs the same storm as ``run(_:sequences:maximumSteps:firstSeed:)`` on `jobs` threads and
    /// reports exactly what the serial run reports: the same counts, the same first failing seed
    /// and the same shrunk reproducer.
    ///
    /// The seeds are cut into chunks of `seedsPerChunk` consecutive seeds that the threads take in
    /// order. A chunk stops at its first violation; the report is the chunks before the first
    /// failing chunk added up, then that chunk, so the failing seed is the lowest one, as in a
    /// serial run. Chunks after a failing one are not started (those already running finish).
    ///
    /// - Parameters:
    ///   - subject: The model under storm.
    ///   - sequences: How many sequences (seeds `firstSeed…`).
    ///   - maximumSteps: The longest sequence, in steps (at least 1).
    ///   - firstSeed: The first seed.
    ///   - jobs: Threads to run on, at least 1 (1 runs on the calling thread, as do subjects that
    ///     run on the main thread, ``StormSubject/runsOnMainThread``).
    ///   - seedsPerChunk: Seeds a thread takes at a time, at least 1.
    public static func run<Subject: StormSubject>(_ subject: Subject.Type, sequences: Int, maximumSteps: Int = 32,
                                                 firstSeed: UInt64 = 1, jobs: Int, seedsPerChunk: Int = 1_000) -> StormReport {
        let total = max(0, sequences)
        let chunkSize = max(1, seedsPerChunk)
        let chunkCount = (total + chunkSize - 1) / chunkSize
        let threads = min(max(1, jobs), chunkCount)
        if threads <= 1 || Subject.runsOnMainThread { return run(Subject.self, sequences: total, maximumSteps: maximumSteps, firstSeed: firstSeed) }
        let board = ChunkBoard(count: chunkCount, name: Subject.name)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let chunk = board.take() {
                var part = StormReport(name: Subject.name, sequences: 0, steps: 0, failure: nil)
                let indices = chunk * chunkSize..<min(total, (chunk + 1) * chunkSize)
                runSeeds(Subject.self, indices, maximumSteps: maximumSteps, firstSeed: firstSeed, into: &part)
                board.finish(chunk, part)
            }
        }
        return board.merged()
    }
}

/// The chunks of a storm run on several threads: which one is next, and the finished ones'
/// reports, merged in seed order.
private final class ChunkBoard: @unchecked Sendable {
    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private let count: Int
    private let name: String
    private var next = 0
    /// The lowest chunk with a violation so far: no chunk after it is started.
    private var firstFailing = Int.max
    private var reports: [Int: StormReport] = [:]

    init(count: Int, name: String) {
        self.count = count
        self.name = name
    }

    /// The next chunk to run, or nil when none is left (or a failing chunk comes before it).
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count, next < firstFailing else { return nil }
        next += 1
        return next - 1
    }

    /// Records the report of `chunk`.
    func finish(_ chunk: Int, _ report: StormReport) {
        lock.lock()
        defer { lock.unlock() }
        reports[chunk] = report
        if report.failure != nil { firstFailing = min(firstFailing, chunk) }
    }

    /// The chunks' reports added up in order, up to and including the first failing one.
    func merged() -> StormReport {
        lock.lock()
        defer { lock.unlock() }
        var total = StormReport(name: name, sequences: 0, steps: 0, failure: nil)
        for chunk in 0..<count {
            guard let part = reports[chunk] else { break }
            total.sequences += part.sequences
            total.steps += part.steps
            if let failure = part.failure {
                total.failure = failure
                break
            }
        }
        return total
    }
}
