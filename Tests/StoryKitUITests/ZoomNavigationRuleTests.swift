import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// Only the installed detail zooms on its navigation stack, interactively when a finger began
/// its pop, and UIKit is told the transition lasts as long as the model's spring.
@Suite struct ZoomNavigationRuleTests {
    /// A screen on the stack (its identity is all the rule sees).
    final class Screen {}

    let grid = Screen(), detail = Screen(), settings = Screen(), comments = Screen()

    var rule: ZoomNavigationRule { ZoomNavigationRule(detail: ObjectIdentifier(detail)) }

    func decide(_ operation: ZoomNavigationRule.Operation, _ from: Screen, _ to: Screen, grab: Bool = false)
        -> ZoomNavigationRule.Decision {
        rule.decision(operation: operation, from: ObjectIdentifier(from), to: ObjectIdentifier(to), grabPending: grab)
    }

    // MARK: Which transition

    @Test func theDetailsPushAndPopZoom() {
        #expect(decide(.push, grid, detail) == ZoomNavigationRule.Decision(direction: .presenting, interactive: false))
        #expect(decide(.pop, detail, grid) == ZoomNavigationRule.Decision(direction: .dismissing, interactive: false))
    }

    @Test func otherScreensOnTheStackGetTheSystemTransition() {
        #expect(decide(.push, grid, settings) == .system)          // another screen pushed from the grid
        #expect(decide(.pop, settings, grid) == .system)
        #expect(decide(.push, detail, comments) == .system)        // a screen pushed from the detail
        #expect(decide(.pop, comments, detail) == .system)         // and popped back to it
        #expect(decide(.other, grid, detail) == .system)
    }

    @Test func uikitsNavigationOperationsMapToPushPopAndOther() {
        // UINavigationControllerOperation: none 0, push 1, pop 2.
        #expect((0...3).map(ZoomNavigationRule.Operation.init(rawOperation:)) == [.other, .push, .pop, .other])
        #expect(decide(ZoomNavigationRule.Operation(rawOperation: 0), grid, detail, grab: false) == .system)
    }

    @Test func nothingZoomsBeforeADetailIsInstalled() {
        let none = ZoomNavigationRule(detail: nil)
        #expect(none.decision(operation: .push, from: ObjectIdentifier(grid), to: ObjectIdentifier(detail), grabPending: false) == .system)
    }

    @Test func onlyTheDetailsPopFollowsAPendingGrab() {
        #expect(decide(.pop, detail, grid, grab: true) == ZoomNavigationRule.Decision(direction: .dismissing, interactive: true))
        #expect(decide(.push, grid, detail, grab: true).interactive == false)     // a stale grab never drives a push
        #expect(decide(.pop, comments, detail, grab: true) == .system)          // an edge swipe off another screen: the system's
    }

    @Test func anOpenWithoutItsCellCrossFadesAndACloseWithoutItFades() {
        let base = ZoomTransition.Configuration()
        #expect(ZoomNavigationRule.configuration(base, systemReduceMotion: false, direction: .presenting, hasSource: false).reduceMotion)
        #expect(!ZoomNavigationRule.configuration(base, systemReduceMotion: false, direction: .dismissing, hasSource: false).reduceMotion)
        #expect(ZoomNavigationRule.configuration(base, systemReduceMotion: true, direction: .dismissing, hasSource: true).reduceMotion)
        #expect(!ZoomNavigationRule.configuration(base, systemReduceMotion: false, direction: .presenting, hasSource: true).reduceMotion)
    }

    // MARK: How long

    /// The first time (on a 1 ms clock from 0) at which `zoom` reports its move finished.
    static func finishTime(_ zoom: inout ZoomTransition) -> Double? {
        for step in 1...20_000 {
            let time = Double(step) / 1000
            if zoom.advance(to: time).contains(where: { if case .finished = $0 { true } else { false } }) { return time }
        }
        return nil
    }

    @Test(arguments: [ZoomCompletionSequence.Direction.presenting, .dismissing])
    func theDurationIsTheSpringsSettlingTime(direction: ZoomCompletionSequence.Direction) throws {
        let geometry = ZoomFrontEndRulesTests.geometry
        let configuration = ZoomTransition.Configuration()
        let duration = ZoomNavigationRule.transitionDuration(direction: direction, geometry: geometry, configuration: configuration)
        var zoom = ZoomTransition(geometry: geometry, configuration: configuration, presented: direction == .dismissing)
        if direction == .presenting { zoom.open(time: 0) } else { zoom.close(time: 0, source: geometry.source) }
        let finish = try #require(Self.finishTime(&zoom))
        #expect(abs(finish - duration) <= 0.001)                    // the navigation bar ends when the zoom does
        #expect(abs(duration - 0.5) > 0.05)                         // not the old fixed half second
    }

    @Test func aStifferSpringIsAShorterTransition() {
        let geometry = ZoomFrontEndRulesTests.geometry
        let soft = ZoomNavigationRule.transitionDuration(direction: .presenting, geometry: geometry,
                                                         configuration: ZoomTransition.Configuration())
        let stiff = ZoomNavigationRule.transitionDuration(
            direction: .presenting, geometry: geometry,
            configuration: ZoomTransition.Configuration(spring: SpringParameters(response: 0.25, dampingRatio: 1)))
        #expect(stiff < soft * 0.7)
    }

    @Test func fadesLastTheFadeDuration() {
        let geometry = ZoomFrontEndRulesTests.geometry
        let reduced = ZoomTransition.Configuration(reduceMotion: true)
        #expect(ZoomNavigationRule.transitionDuration(direction: .presenting, geometry: geometry, configuration: reduced)
            == ZoomTransition.fadeDuration)
        var gone = geometry
        gone.source = .zero                                         // the cell scrolled away: a fade in place
        #expect(ZoomNavigationRule.transitionDuration(direction: .dismissing, geometry: gone, configuration: ZoomTransition.Configuration())
            == ZoomTransition.fadeDuration)
    }
}
