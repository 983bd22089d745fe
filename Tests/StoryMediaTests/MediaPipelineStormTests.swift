import Foundation
import StoryKit
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The media pipeline actor under seeded storms: random plans (items sharing URLs, every kind
/// and priority), random range reads (some cancelled), files changing on the server, and an
/// in-process transport that answers, cuts, resets and fails exchanges at random.
///
/// Checked after every step: the table holds exactly the plan's URLs; the plan's downloads never
/// hold more connections than the limit (range reads outside the plan aside); every byte a read
/// returns comes from one version of its file (never spliced across a change). At the end an
/// empty plan cancels everything and every read finishes (none left waiting forever).
@Suite struct MediaPipelineStormTests {
    @Test(arguments: 0..<24 as Range<UInt64>)
    func aStormOfPlansReadsAndFaultsKeepsThePipelinesPromises(seed: UInt64) async throws {
        var random = SplitMix64(state: seed &* 7_919 &+ 1)
        let transport = ScriptedTransport()
        let limit = 1 + Int(random.next() % 4)
        let ticks = Locked(0.0)
        let clock = MediaPipeline.Clock(now: { ticks.withLock { $0 += 0.001; return $0 } }, sleep: { _ in await Task.yield() })
        let pipeline = MediaPipeline(transport: transport, cache: nil,
                                     configuration: .init(maximumConcurrent: limit, memoryCapacity: 1 << 20), clock: clock)
        let urls = (0..<8).map { "http://storm.test/m\($0)" }
        var reads: [(url: String, range: Range<Int>, task: Task<[UInt8]?, Never>)] = []
        let finished = Locked(0)
        var versions: [String: Int] = [:]

        for step in 0..<400 {
            let roll = random.next() % 100
            if roll < 12 {
                var requests: [PrefetchPlan.Request] = []
                for index in 0..<Int(random.next() % 6) {
                    let url = urls[Int(random.next() % UInt64(urls.count))]
                    let kinds: [PrefetchPlan.Request.Kind] = [.image, .wholeVideo, .videoPrefix(bytes: 1 + Int(random.next() % 100_000))]
                    let priority: PrefetchPlan.Priority = index == 0 ? .current : [.nextItem, .nextUser, .previousUser][Int(random.next() % 3)]
                    requests.append(.init(itemID: "i\(random.next() % 12)", url: url, kind: kinds[Int(random.next() % 3)], priority: priority))
                }
                let plan = PrefetchPlan(requests: requests, mayPrefetch: random.next() % 2 == 0)
                await pipeline.update(plan)
                let tableURLs = Set(await pipeline.downloads.keys)
                #expect(tableURLs == Set(plan.requests.map(\.url)), "step \(step): the table holds the plan's URLs")
            } else if roll < 18 {
                let url = urls[Int(random.next() % UInt64(urls.count))]
                let start = Int(random.next() % 310_000), count = 1 + Int(random.next() % 70_000)
                let range = start..<start + count
                let task = Task {
                    defer { finished.withLock { $0 += 1 } }
                    return try? await pipeline.bytes(of: URL(string: url)!, in: range)
                }
                reads.append((url, range, task))
            } else if roll < 20, let read = reads.randomElement(using: &random) {
                read.task.cancel()
            } else if roll < 21 {
                let url = urls[Int(random.next() % UInt64(urls.count))]
                transport.change(url)
                versions[url, default: 0] += 1
            } else if roll < 23 {
                await pipeline.retry(url: urls[Int(random.next() % UInt64(urls.count))])
            } else {
                transport.serve(&random)
            }
            for _ in 0..<3 { await Task.yield() }
            let running = await pipeline.downloads.values.filter { $0.state == .running }.count
            #expect(running <= limit, "step \(step): \(running) downloads running, limit \(limit)")
        }

        await pipeline.update(PrefetchPlan(requests: [], mayPrefetch: false))
        #expect(await pipeline.downloads.isEmpty)
        var spins = 0
        while finished.value < reads.count && spins < 100_000 {
            transport.serve(&random)
            await Task.yield()
            spins += 1
        }
        #expect(finished.value == reads.count, "\(reads.count - finished.value) reads still waiting after the plan emptied")
        for read in reads {
            let bytes = await read.task.value
            guard let bytes else { continue }   // failed or cancelled: allowed
            let length = ScriptedTransport.length(read.url)
            let end = min(read.range.upperBound, length)
            let expected = read.range.lowerBound < end ? end - read.range.lowerBound : 0
            #expect(bytes.count == expected, "\(read.url) \(read.range): \(bytes.count) bytes, expected \(expected)")
            guard expected > 0 else { continue }
            let versionsSeen = (0...(versions[read.url] ?? 0)).filter {
                ScriptedTransport.body(read.url, $0, read.range.lowerBound..<end) == bytes
            }
            #expect(!versionsSeen.isEmpty, "\(read.url) \(read.range): bytes from no single version")
        }
    }
}
