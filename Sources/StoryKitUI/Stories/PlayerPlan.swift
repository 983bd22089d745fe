import StoryKit

// MARK: - PlayerPlan

/// What a media source does to go from the players it holds to the viewer's new
/// ``StoryKit/StoriesViewer/players``: ordered steps, so that the one-sound rule holds after
/// every single step, not only at the end. Plain values, tested on Linux; ``AVStoryMediaSource``
/// only carries the steps out on `AVPlayer`s and image views.
///
/// The order:
/// 1. **release** every held item that is no longer listed, and every item whose
///    ``StoryKit/StoriesViewer/PlayerDirective/attempt`` changed (a retry): paused, muted, its
///    observers removed, let go;
/// 2. **pause** and **mute** the items still listed that must stop or be silent;
/// 3. **load** the items newly listed, and the retried ones anew: paused and muted at first;
/// 4. **unmute** and **play** the (at most one) item the viewer wants heard and playing.
///
/// Silencing comes before anything can be heard, so no two items are ever audible together
/// while the steps run. A directive that lists an id a second time (a feed with duplicate item
/// ids) shares the first one's player: it plays if either plays and is silent only if both are.
package struct PlayerPlan: Sendable, Hashable {
    /// One thing to do to one item's player.
    package enum Step: Sendable, Hashable {
        /// Pause, mute, remove the observers and let go of the item's player or image.
        case release(id: String)
        /// Pause the item's player.
        case pause(id: String)
        /// Silence the item's player.
        case mute(id: String)
        /// Create the item's player or image load for this attempt, paused and muted.
        case load(id: String, attempt: Int)
        /// Let the item's player be heard.
        case unmute(id: String)
        /// Play the item's player.
        case play(id: String)
    }

    /// The steps, in the order to carry them out.
    package var steps: [Step]
    /// The directives held once the steps are done: one per id, in the order first listed.
    package var held: [StoriesViewer.PlayerDirective]

    /// The plan from the directives held now to `new`.
    ///
    /// - Parameters:
    ///   - old: What the source holds (a previous plan's ``held``; empty at first).
    ///   - new: The viewer's ``StoryKit/StoriesViewer/players`` now.
    package init(from old: [StoriesViewer.PlayerDirective], to new: [StoriesViewer.PlayerDirective]) {
        let target = Self.merged(new)
        var before: [String: StoriesViewer.PlayerDirective] = [:]
        for directive in Self.merged(old) { before[directive.id] = directive }
        var releases: [Step] = [], silences: [Step] = [], loads: [Step] = [], starts: [Step] = []
        var kept = Set<String>()
        for directive in target {
            kept.insert(directive.id)
            let previous = before[directive.id]
            let fresh = previous == nil || previous?.attempt != directive.attempt
            if fresh {
                if previous != nil { releases.append(.release(id: directive.id)) }
                loads.append(.load(id: directive.id, attempt: directive.attempt))
            } else if let previous {
                if previous.isPlaying, !directive.isPlaying { silences.append(.pause(id: directive.id)) }
                if !previous.isMuted, directive.isMuted { silences.append(.mute(id: directive.id)) }
            }
            let wasMuted = fresh || previous?.isMuted == true
            let wasPlaying = !fresh && previous?.isPlaying == true
            if !directive.isMuted, wasMuted { starts.append(.unmute(id: directive.id)) }
            if directive.isPlaying, !wasPlaying { starts.append(.play(id: directive.id)) }
        }
        let unlisted = Self.merged(old).filter { !kept.contains($0.id) }.map { Step.release(id: $0.id) }
        steps = unlisted + releases + silences + loads + starts
        held = target
    }

    /// One directive per id, in the order first listed; a repeated id plays if any of its
    /// directives plays and is muted only if all are.
    package static func merged(_ directives: [StoriesViewer.PlayerDirective]) -> [StoriesViewer.PlayerDirective] {
        var result: [StoriesViewer.PlayerDirective] = []
        var index: [String: Int] = [:]
        for directive in directives {
            if let at = index[directive.id] {
                result[at].isPlaying = result[at].isPlaying || directive.isPlaying
                result[at].isMuted = result[at].isMuted && directive.isMuted
            } else {
                index[directive.id] = result.count
                result.append(directive)
            }
        }
        return result
    }
}
