import Foundation

// MARK: - StoryImageLoadReport

/// What an image load tells the viewer, in order, for ``AVStoryMediaSource``: the rules of a
/// story image's load as plain values, tested on Linux.
///
/// - Loaded and decoded: `.loaded` (ready), then the image is shown, whose first frame on screen
///   says `.firstFrame` (``StoryMediaView/onImageShown``): ready, then displaying.
/// - A failure: `.failed` with ``StoryImageBytes/Failure/reason`` (what the page shows), or the
///   error's own description.
/// - A cancelled load (the slot was given another item, or the viewer closed) says nothing, even
///   if its bytes arrived just before.
package enum StoryImageLoadReport {
    /// Runs `load`, then shows its image or reports its failure as above.
    ///
    /// - Parameters:
    ///   - load: Reads and decodes the image (throws `CancellationError` when cancelled).
    ///   - show: Puts the image on the load's view.
    ///   - send: Reports an observation of the load.
    @MainActor
    package static func run<Image>(_ load: () async throws -> Image, show: (Image) -> Void,
                                   send: (PlayerItemObservation) -> Void) async {
        do {
            let image = try await load()
            guard !Task.isCancelled else { return }
            send(.loaded(duration: nil, hasAudio: false))
            show(image)
        } catch is CancellationError {
            return
        } catch {
            guard !Task.isCancelled else { return }
            send(.failed((error as? StoryImageBytes.Failure)?.reason ?? error.localizedDescription))
        }
    }
}
