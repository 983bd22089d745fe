import Foundation
import StoryKit
import StoryMedia

// MARK: - LiveFeedSession + Subtitles

extension LiveFeedSession {
    /// The feed's items whose subtitles are an http(s) URL: user id, item id and URL, in the
    /// feed's order.
    var remoteSubtitles: [(user: String, item: String, url: String)] {
        feed.users.flatMap { user in
            user.items.compactMap { item in item.subtitles.flatMap { Self.isHTTP($0) ? (user.id, item.id, $0) : nil } }
        }
    }

    /// Downloads the items' remote WebVTT subtitles through `pipeline` (the same transport and
    /// caches as the media) all at once, and waits until each has loaded or failed; a track read
    /// goes to the outcome by item id, one that fails (an error status, bytes that are not UTF-8
    /// WebVTT) is left out, named in a line with its URL and reason:
    /// `subtitles ava-1 of ava: http://…/ava-1.vtt: line 3: …`.
    ///
    /// - Returns: How many tracks failed.
    func loadSubtitles(_ pipeline: MediaPipeline, into outcome: inout Outcome) async -> Int {
        let tracks = remoteSubtitles
        let timeout = requestTimeout
        let results = await withTaskGroup(of: (Int, Result<SubtitleTrack, SubtitlesFailure>).self) { group in
            for (index, track) in tracks.enumerated() {
                group.addTask {
                    do {
                        let bytes = try await pipeline.data(for: track.url)
                        guard let text = String(bytes: bytes, encoding: .utf8) else {
                            return (index, .failure(SubtitlesFailure(reason: "not UTF-8 text")))
                        }
                        do { return (index, .success(try SubtitleTrack(webVTT: text))) } catch {
                            return (index, .failure(SubtitlesFailure(reason: "\(error)")))
                        }
                    } catch MediaPipeline.ReadError.failed(let failure) {
                        return (index, .failure(SubtitlesFailure(reason: Self.describe(failure, timeout: timeout))))
                    } catch {
                        return (index, .failure(SubtitlesFailure(reason: "\(error)")))
                    }
                }
            }
            var results: [(Int, Result<SubtitleTrack, SubtitlesFailure>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        var failures = 0
        for (index, result) in results {
            let track = tracks[index]
            switch result {
            case .success(let subtitles): outcome.subtitles[track.item] = subtitles
            case .failure(let failure):
                failures += 1
                let line = "subtitles \(track.item) of \(track.user): \(track.url): \(failure.reason)"
                outcome.lines.append(line)
                progress?(line)
            }
        }
        return failures
    }
}

extension LiveFeedSession {
    /// Why a remote subtitles file was left out, as its line says it.
    struct SubtitlesFailure: Error {
        var reason: String
    }
}
