import Dispatch
import Foundation
import StoryMedia
@testable import StoryKitUI
import Testing

@Suite struct StoryResourceServerTests {
    typealias FakeSource = StoryResourceLoadTests.FakeSource
    static let url = StoryResourceLoadTests.url
    static let onQueue = DispatchSpecificKey<Bool>()

    /// A loading request that records every answer and whether it came on the server's queue.
    final class Request: StoryResourceAnswering, @unchecked Sendable {
        private let lock = NSLock()
        private var _calls: [String] = []
        private var _offQueue = 0
        var calls: [String] { lock.withLock { _calls } }
        var offQueue: Int { lock.withLock { _offQueue } }

        private func record(_ call: String) {
            let on = DispatchQueue.getSpecific(key: StoryResourceServerTests.onQueue) == true
            lock.withLock {
                _calls.append(call)
                if !on { _offQueue += 1 }
            }
        }

        func provide(_ info: MediaInfo) { record("info \(info.length)") }
        func respond(with bytes: [UInt8]) { record("bytes \(bytes.count)") }
        func finish(_ outcome: StoryResourceLoad.Outcome) {
            switch outcome {
            case .finished: record("finished")
            case .failed: record("failed")
            case .cancelled: record("cancelled")
            case .redirected: record("redirected")
            }
        }
    }

    /// A source whose information waits until the test opens the gate.
    final class GatedSource: MediaByteSource, @unchecked Sendable {
        let inner = FakeSource(length: 1000)
        private let lock = NSLock()
        private var waiter: CheckedContinuation<Void, Never>?
        private var isOpen = false

        func open() {
            let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                isOpen = true
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume()
        }

        func info(for url: URL) async throws -> MediaInfo {
            await withCheckedContinuation { continuation in
                let ready = lock.withLock { () -> Bool in
                    if isOpen { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
            return try await inner.info(for: url)
        }

        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] {
            try await inner.bytes(of: url, in: range)
        }
    }

    func makeQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "test.loader")
        queue.setSpecific(key: Self.onQueue, value: true)
        return queue
    }

    func load(length: Int = 600) -> StoryResourceLoad {
        StoryResourceLoad(url: Self.url, wantsInformation: true,
                          data: StoryResourceRequest(requestedOffset: 0, requestedLength: length, currentOffset: 0,
                                                     toEnd: false, chunkLength: 256))
    }

    @Test func aRequestIsAnsweredInOrderOnTheQueueAndFinishedOnce() async {
        let queue = makeQueue()
        let server = StoryResourceServer<Request>(source: FakeSource(length: 1000), queue: queue)
        let request = Request()
        let key = NSObject()
        let task = queue.sync { server.begin(request, id: ObjectIdentifier(key), load: load()) }
        await task.value
        queue.sync {}
        #expect(request.calls == ["info 1000", "bytes 256", "bytes 256", "bytes 88", "finished"])
        #expect(request.offQueue == 0)
        server.finishAll()
        queue.sync {}
        #expect(request.calls.last == "finished", "a finished request is not finished again")
    }

    @Test func aCancelledRequestIsNeverAnswered() async {
        let queue = makeQueue()
        let source = GatedSource()
        let server = StoryResourceServer<Request>(source: source, queue: queue)
        let request = Request()
        let key = NSObject()
        let task = queue.sync { server.begin(request, id: ObjectIdentifier(key), load: load()) }
        queue.sync { server.cancel(id: ObjectIdentifier(key)) }
        source.open()
        await task.value
        queue.sync {}
        #expect(request.calls.isEmpty)
    }

    @Test func closingFinishesAPendingRequestOnceAndDropsItsLateAnswers() async {
        let queue = makeQueue()
        let source = GatedSource()
        let server = StoryResourceServer<Request>(source: source, queue: queue)
        let request = Request()
        let key = NSObject()
        let task = queue.sync { server.begin(request, id: ObjectIdentifier(key), load: load()) }
        server.finishAll()
        queue.sync {}
        source.open()
        await task.value
        queue.sync {}
        #expect(request.calls == ["cancelled"])
        #expect(request.offQueue == 0)
    }
}
