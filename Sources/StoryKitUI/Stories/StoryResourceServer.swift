import Dispatch
import Foundation
import StoryMedia

// MARK: - StoryResourceServer

/// Serves the loading requests of ``StoryResourceLoader``: one task per request runs its
/// ``StoryResourceLoad``, and every answer, finish and cancellation happens on ``queue`` (the
/// queue given to `setDelegate(_:queue:)`, where AVFoundation calls the delegate), kept by a
/// ``StoryResourceRequestTable``. Plain Swift over a ``StoryResourceAnswering`` request, tested on
/// Linux with a fake one.
///
/// - ``begin(_:id:load:)`` and ``cancel(id:)`` are called on ``queue``; ``finishAll()`` from
///   anywhere.
/// - A load's answers (information, bytes) hop to ``queue`` in order and are dropped there unless
///   the request is still pending; its end finishes the request once, unless it was cancelled or
///   finished already.
/// - Requests are numbered, never twice, so a late answer can never reach a newer request that
///   the system happened to put at the same address.
package final class StoryResourceServer<Request: StoryResourceAnswering>: @unchecked Sendable {
    /// The queue every request is answered on.
    package let queue: DispatchQueue
    private let source: any MediaByteSource
    private var requests = StoryResourceRequestTable<Int, Serving>()
    private var keys: [ObjectIdentifier: Int] = [:]
    private var nextKey = 0

    private struct Serving {
        let request: Request
        let task: Task<Void, Never>
    }

    /// A server reading from `source`, answering on `queue`.
    package init(source: any MediaByteSource, queue: DispatchQueue) {
        self.source = source
        self.queue = queue
    }

    /// On ``queue``: serves `request` (identified by `id`, its loading request object) with `load`.
    ///
    /// - Returns: The serving task (tests await it).
    @discardableResult
    package func begin(_ request: Request, id: ObjectIdentifier, load: StoryResourceLoad) -> Task<Void, Never> {
        nextKey += 1
        let key = nextKey
        keys[id] = key
        let source = self.source
        let responder = Responder(server: self, key: key)
        let task = Task { [weak self] in
            let outcome = await load.run(source: source, responder: responder)
            guard let server = self else { return }
            server.queue.async { server.finish(key, outcome) }
        }
        requests.begin(key, handle: Serving(request: request, task: task))
        return task
    }

    /// On ``queue``: the player cancelled the request `id`; it is never answered again.
    package func cancel(id: ObjectIdentifier) {
        guard let key = keys.removeValue(forKey: id) else { return }
        requests.cancel(key)?.task.cancel()
    }

    /// From any thread: every pending request is finished as cancelled (the viewer closed).
    package func finishAll() {
        queue.async { [self] in
            keys = [:]
            for (_, serving) in requests.finishAll() {
                serving.task.cancel()
                serving.request.finish(.cancelled)
            }
        }
    }

    /// On ``queue``: answers the request `key` if it is still pending.
    fileprivate func answer(_ key: Int, _ body: (Request) -> Void) {
        guard let serving = requests.pending(key) else { return }
        body(serving.request)
    }

    /// On ``queue``: finishes the request `key` once, if it is still pending.
    private func finish(_ key: Int, _ outcome: StoryResourceLoad.Outcome) {
        guard let serving = requests.finish(key) else {
            requests.forget(key)        // cancelled: never answered
            return
        }
        keys = keys.filter { $0.value != key }
        serving.request.finish(outcome)
    }

    /// A load's responder: each answer goes to the queue, in order.
    private struct Responder: StoryResourceResponder {
        weak var server: StoryResourceServer?
        let key: Int

        func provide(_ info: MediaInfo) {
            guard let server else { return }
            server.queue.async { server.answer(key) { $0.provide(info) } }
        }

        func respond(with bytes: [UInt8]) {
            guard let server else { return }
            server.queue.async { server.answer(key) { $0.respond(with: bytes) } }
        }
    }
}

// MARK: - StoryResourceAnswering

/// A loading request as ``StoryResourceServer`` answers it, only on its queue:
/// `AVAssetResourceLoadingRequest` on Apple platforms, a recorder in tests.
package protocol StoryResourceAnswering: Sendable {
    /// The media's length, type and whether it serves ranges (once, before any bytes).
    func provide(_ info: MediaInfo)
    /// The next bytes of the data request, in order.
    func respond(with bytes: [UInt8])
    /// Finishes the request as its load ended (once).
    func finish(_ outcome: StoryResourceLoad.Outcome)
}
