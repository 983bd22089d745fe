import MotionCore
import StoryKit
import Testing

/// The one media contract, held by a plain conforming type: what the iOS source and the
/// command line's scripted source both promise.
@Suite struct StoryMediaSourceContractTests {
    /// The least a source can be: reports queued with their times, and every viewer it was told.
    struct RecordingSource: StoryMediaSource {
        var queued: [MediaReport] = []
        var applied: [(time: Double, players: [StoriesViewer.PlayerDirective], next: String?)] = []

        mutating func apply(_ viewer: StoriesViewer) {
            applied.append((viewer.time, viewer.players, viewer.currentItem?.id))
        }

        mutating func reports(through time: Double) -> [MediaReport] {
            let due = queued.filter { $0.time <= time }.sorted { $0.time < $1.time }
            queued.removeAll { $0.time <= time }
            return due
        }
    }

    @Test func reportsAreTakenAtTheirOwnTimesOnceAndTheSourceIsToldTheAdvancedViewer() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        var source = RecordingSource()
        source.queued = [MediaReport(id: "a1", event: .displaying, time: 0.3),
                         MediaReport(id: "a1", event: .ready, time: 0.2),
                         MediaReport(id: "a1", event: .ended, time: 5)]
        viewer.advance(to: 0.1, media: &source)
        #expect(viewer.state == .loading, "nothing due yet")
        viewer.advance(to: 1, media: &source)
        // Displaying at 0.3: 0.7 s of progress by 1 s, not 1 s (the report's own time counts).
        #expect(abs(viewer.elapsed - 0.7) < 1e-9)
        #expect(source.queued.map(\.event) == [.ended], "a report not yet due stays")
        // The source is told the viewer after it advanced: its time and its directives.
        #expect(source.applied.map(\.time) == [0.1, 1])
        #expect(source.applied.last?.players == viewer.players)
        #expect(source.applied.last?.players.first?.isPlaying == true)
    }

    @Test func takingReportsChangesOnlyTheViewerNotTheSource() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        var source = RecordingSource()
        source.queued = [MediaReport(id: "a1", event: .ready, time: 0), MediaReport(id: "a1", event: .displaying, time: 0)]
        viewer.takeReports(through: 0, from: &source)
        #expect(viewer.state != .loading)
        #expect(source.applied.isEmpty && source.queued.isEmpty)
        #expect(viewer.takeReports(through: 0, from: &source).isEmpty, "each report once")
    }

    @Test func theScriptedSourceAppliesTheViewerAsItsDirectives() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        var byViewer = ScriptedMediaSource(defaultBehaviour: .init(loadTime: 0.2))
        var byDirectives = byViewer
        _ = viewer.advance(to: 0.5)
        byViewer.apply(viewer)
        byDirectives.apply(viewer.players, time: viewer.time)
        #expect(byViewer == byDirectives)
        #expect(byViewer.playingItems == ["a1"])
    }
}
