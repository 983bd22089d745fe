import Foundation
import StoryKit
@testable import StoryMedia

/// A ``MediaPrefetching`` source that forwards to a pipeline and then reports each plan the
/// pipeline has applied, so a test waits for "the pipeline has this plan" as an event rather than
/// for a length of time.
final class AppliedPlans: MediaPrefetching {
    /// The pipeline that does the work.
    let pipeline: MediaPipeline
    /// The plans, each yielded once the pipeline's `update` has returned.
    let applied: AsyncStream<PrefetchPlan>
    private let sink: AsyncStream<PrefetchPlan>.Continuation

    /// A source in front of `pipeline`.
    init(_ pipeline: MediaPipeline) {
        self.pipeline = pipeline
        (applied, sink) = AsyncStream.makeStream(of: PrefetchPlan.self)
    }

    func update(_ plan: PrefetchPlan) async {
        await pipeline.update(plan)
        sink.yield(plan)
    }

    func retry(url: String) async { await pipeline.retry(url: url) }
    func info(for url: URL) async throws -> MediaInfo { try await pipeline.info(for: url) }
    func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] { try await pipeline.bytes(of: url, in: range) }

    /// Waits until the pipeline has applied a plan for which `condition` holds; false when the
    /// stream ended first.
    func waitForPlan(where condition: (PrefetchPlan) -> Bool) async -> Bool {
        for await plan in applied where condition(plan) { return true }
        return false
    }
}
