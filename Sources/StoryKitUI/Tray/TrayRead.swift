import Foundation
import StoryMedia

// MARK: - TrayRead

/// The tapped user's read, for both tray rows: one at a time, through the byte source, its end
/// reported on the main actor with its token (``TrayLoadingRules/readFinished(token:time:)`` or
/// ``TrayLoadingRules/readFailed(token:time:)``), nothing reported once cancelled.
@MainActor
package final class TrayRead {
    private var task: Task<Void, Never>?
    private var error: (any Error)?

    /// No read yet.
    package init() {}

    deinit { task?.cancel() }

    /// Starts reading `request` from `source` (stopping the read before it); `done` hears
    /// `token` and nil, or the error. Without a source `done` is called at once.
    package func start(_ request: TrayMediaRequest, token: Int, source: (any MediaByteSource)?,
                       done: @escaping @MainActor (_ token: Int, _ error: (any Error)?) -> Void) {
        cancel()
        guard let source else { return done(token, nil) }
        task = Task { [weak self] in
            do {
                try await request.read(from: source)
                guard !Task.isCancelled else { return }
                self?.task = nil
                done(token, nil)
            } catch {
                guard !Task.isCancelled else { return }
                self?.task = nil
                self?.error = error
                done(token, error)
            }
        }
    }

    /// Stops the read in flight, if any: it reports nothing.
    package func cancel() {
        task?.cancel()
        task = nil
    }

    /// The last failed read's error, once (a cancellation when there was none), for the host.
    package func takeError() -> any Error {
        defer { error = nil }
        return error ?? CancellationError()
    }
}
