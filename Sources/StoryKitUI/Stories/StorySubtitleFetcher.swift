import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoryKit
import StoryMedia

// MARK: - StorySubtitleFetcher

/// The UIKit viewer's WebVTT subtitle fetches: carries out what ``SubtitleLoads`` decides (which
/// tracks, when, once, retried or not, cancelled at the close, the app's `setSubtitles` winning)
/// and reads the bytes as media are read: from disk, through the app's `MediaByteSource` (the
/// media pipeline, so the track shares its transport and caches) or downloaded with
/// `URLSession`. No UIKit here: it runs on Linux against a loopback server in the tests.
///
/// ``onOutcomes`` hears each track read (give it to the model) and each final failure (the item
/// has no subtitles; tell the host why), always from a fetch's completion, never from inside
/// ``update(to:)``.
@MainActor
package final class StorySubtitleFetcher {
    /// Hears what became of fetched tracks, in the order they finished.
    package var onOutcomes: (([SubtitleLoads.Outcome]) -> Void)?
    /// The bookkeeping.
    package private(set) var loads: SubtitleLoads
    private let session: URLSession
    private let source: (any MediaByteSource)?
    private let clock: @MainActor () -> Double
    /// The running fetches, by token.
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// A fetcher for the tracks of `users`' items.
    ///
    /// - Parameters:
    ///   - users: The viewer's users.
    ///   - baseURL: The folder that relative paths are in (the viewer's `mediaBaseURL`).
    ///   - session: Downloads http(s) tracks when there is no byte source.
    ///   - source: The app's byte source (the media pipeline), if any: http(s) tracks are read
    ///     through it.
    ///   - clock: The viewer's clock, in seconds (when a transient failure may be retried).
    package init(users: [StoryUser], baseURL: URL?, session: URLSession = .shared, source: (any MediaByteSource)? = nil,
                 clock: @escaping @MainActor () -> Double) {
        loads = SubtitleLoads(users: users, baseURL: baseURL)
        self.session = session
        self.source = source
        self.clock = clock
    }

    /// Starts the fetches `viewer` wants now (call after every change of the model; cheap when
    /// nothing is to start).
    package func update(to viewer: StoriesViewer) {
        perform(loads.update(to: viewer))
    }

    /// The app set item `id`'s subtitles itself: its fetch stops and nothing replaces them.
    package func override(_ id: String) {
        perform(loads.override(id))
    }

    /// The viewer closed: every fetch is cancelled; nothing is reported afterwards.
    package func stopAll() {
        perform(loads.stopAll())
    }

    /// Whether fetches are running.
    package var isFetching: Bool { !tasks.isEmpty }

    /// Waits until no fetch runs (for tests and the loading benchmark).
    package func settle() async {
        while let task = tasks.values.first { await task.value }
    }

    private func perform(_ steps: [SubtitleLoads.Step]) {
        for step in steps {
            switch step {
            case let .fetch(_, location, token): start(location, token: token)
            case let .cancel(token): tasks.removeValue(forKey: token)?.cancel()
            }
        }
    }

    private func start(_ location: StoryMediaLocation?, token: Int) {
        let session = self.session, source = self.source
        tasks[token] = Task { [weak self] in
            let result = await StorySubtitleBytes.read(location, session: session, source: source)
            self?.finished(token: token, result: result)
        }
    }

    private func finished(token: Int, result: Result<[UInt8], SubtitleLoads.Failure>) {
        guard tasks.removeValue(forKey: token) != nil else { return }     // cancelled meanwhile
        guard let outcome = loads.finished(token: token, result: result, at: clock()) else { return }
        onOutcomes?([outcome])
    }
}

// MARK: - StorySubtitleBytes

/// A subtitle track's bytes: read from disk, through the app's `MediaByteSource`, or downloaded,
/// with the failures as ``SubtitleLoads/Failure``s (transient or not, as
/// ``StoryKit/RetryPolicy/Failure/isTransient`` says).
enum StorySubtitleBytes {
    /// The bytes at `location` (`nil`: an address that cannot load).
    static func read(_ location: StoryMediaLocation?, session: URLSession,
                     source: (any MediaByteSource)?) async -> Result<[UInt8], SubtitleLoads.Failure> {
        switch location {
        case nil:
            return .failure(.init(reason: "the subtitles' address is not a file or an http(s) URL", isTransient: false))
        case .file(let url)?:
            do { return .success([UInt8](try Data(contentsOf: url, options: .mappedIfSafe))) } catch {
                return .failure(.init(reason: "the subtitles file could not be read", isTransient: false))
            }
        case .remote(let url)?:
            if let source { return await read(url, from: source) }
            return await download(url, session: session)
        }
    }

    /// Through the app's source, which retries by its own policy: its failures are final.
    private static func read(_ url: URL, from source: any MediaByteSource) async -> Result<[UInt8], SubtitleLoads.Failure> {
        do { return .success(try await source.data(of: url)) } catch MediaPipeline.ReadError.failed(let failure) {
            return .failure(.init(reason: describe(failure), isTransient: false))
        } catch {
            return .failure(.init(reason: "\(error)", isTransient: false))
        }
    }

    /// With `URLSession`: a status other than 2xx, or a transport error, is a failure.
    private static func download(_ url: URL, session: URLSession) async -> Result<[UInt8], SubtitleLoads.Failure> {
        do {
            let (body, response) = try await session.data(from: url)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            guard (200..<300).contains(status) else {
                return .failure(.init(reason: "HTTP \(status)", isTransient: RetryPolicy.Failure.status(status).isTransient))
            }
            return .success([UInt8](body))
        } catch let error as URLError {
            let failure = transportFailure(error.code)
            return .failure(.init(reason: describe(failure), isTransient: failure.isTransient))
        } catch {
            return .failure(.init(reason: "\(error)", isTransient: true))
        }
    }

    /// A `URLError` as the pipeline's failure kinds.
    static func transportFailure(_ code: URLError.Code) -> RetryPolicy.Failure {
        switch code {
        case .timedOut: .timedOut
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed: .connectionRefused
        case .badURL, .unsupportedURL: .invalidURL
        default: .connectionReset
        }
    }

    /// "HTTP 404", "timed out", …
    static func describe(_ failure: RetryPolicy.Failure) -> String {
        switch failure {
        case .status(let code): "HTTP \(code)"
        case .timedOut: "timed out"
        case .connectionRefused: "connection refused"
        case .connectionReset: "connection reset"
        case let .truncatedBody(received, expected): "body cut short (\(received) of \(expected) bytes)"
        case .undecodable: "undecodable"
        case .invalidURL: "invalid URL"
        }
    }
}
