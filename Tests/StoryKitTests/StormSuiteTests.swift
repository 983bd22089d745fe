import StoryKitStorm
import Testing

/// Every model's storm, a few thousand sequences each in `swift test` (CI runs a million per
/// model from a release build: `swift run -c release storykit-storm`).
@Suite struct StormSuiteTests {
    @Test(arguments: StormSuite.subjects.map(\.name))
    func everyModelKeepsItsInvariantsUnderAStorm(name: String) throws {
        let subject = try #require(StormSuite.subjects.first { $0.name == name })
        let report = subject.run(2_000)
        #expect(report.failure == nil, "\(report)")
        #expect(report.sequences == 2_000 && report.steps > 2_000)
    }

    @Test func theSuiteCoversEveryModelThatTakesInput() {
        #expect(StormSuite.subjects.map(\.name)
            == ["CubePager", "CubePanBridge", "StoriesViewer", "StoriesViewerSound", "PlayerPool", "MediaPipeline", "StoryRing", "StoryTray", "TrayLoading", "ZoomTransition", "ProfileHeader", "VelocityTracker", "SpringParameters", "InteractiveTransition", "RubberBand", "Decay",
               "RetryPolicy", "ScrollKeyframes", "StoryResourceRequestTable", "ZoomSourceVisibility",
               "StoryMediaSlots", "StoriesSession", "StoriesChangeQueue", "StoriesMediaStack",
               "ZoomDetailDriver", "RingLoadingRules", "ProfileHeaderBlurCache",
               "CubePagerSession", "CubePagesSync", "PageChildAppearance",
               "ZoomControllerSession", "CubeHaptics", "PrefetchConditions",
               "ZoomControllerDriver", "CubePagerDriver", "LiveClock"])
    }

    @Test func aViolationIsShrunkToAMinimalReproducerInSwift() throws {
        // A subject whose invariant breaks on any step after a `3`: the shrinker keeps only that.
        let report = Storm.run(ThreeThenAnything.self, sequences: 200)
        let failure = try #require(report.failure)
        #expect(failure.code == "feed(3)\nfeed(0)")
        #expect(failure.violation.step == 1)
    }
}

/// A toy subject for the shrinker: fails on any step that follows a 3.
enum ThreeThenAnything: StormSubject {
    typealias Setup = Int
    typealias Step = Int
    static let name = "ThreeThenAnything"
    static func makeSetup(_ random: inout StormRandom) -> Int { 0 }
    static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Int { random.int(in: 0...9) }
    static func run(_ setup: Int, _ steps: [Int]) -> StormViolation? {
        for index in steps.indices.dropFirst() where steps[index - 1] == 3 {
            return StormViolation(step: index, message: "a step after 3")
        }
        return nil
    }
    static func simplifications(of step: Int) -> [Int] { step > 0 ? [0] : [] }
    static func code(_ setup: Int, _ steps: [Int]) -> String { steps.map { "feed(\($0))" }.joined(separator: "\n") }
}

@Suite struct StormTouchCodeTests {
    @Test func touchLinesAreTheSwiftTheModelsTake() {
        #expect(TouchCode.line("pager", .moved, x: 180, y: .nan, time: 0.016)
            == "pager.touchMoved(to: Point(x: 180.0, y: .nan), time: 0.016)")
        #expect(TouchCode.line("viewer", .began, x: 1, y: 2, time: .infinity) == "viewer.touchBegan(at: Point(x: 1.0, y: 2.0), time: .infinity)")
        #expect(TouchCode.simplerPoints(x: .nan, y: 2.5).map { "\($0.x),\($0.y)" } == ["0.0,2.5", "1.0,2.5", "nan,0.0", "nan,3.0"])
    }
}
