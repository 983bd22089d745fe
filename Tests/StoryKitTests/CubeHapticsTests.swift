import StoryKit
import Testing

/// When the cube asks for a haptic: a page turn at the release that decides it (once per
/// target), the past-end tap once per crossing while the finger is down, nothing for turns the
/// finger did not make.
@Suite struct CubeHapticsTests {
    /// Three pages of 400 × 800 pt on `page`, default constants (past-end threshold 0.15 pages).
    static func pager(on page: Int = 0) -> CubePager {
        CubePager(pageCount: 3, pageSize: Size(width: 400, height: 800), currentIndex: page)
    }

    /// Runs a horizontal drag from x = `from` to x = `to` in 10 steps of 16 ms starting at
    /// `time`, observing after every input; returns every haptic, in order.
    static func drag(_ pager: inout CubePager, _ haptics: inout CubePager.Haptics, from: Double, to: Double,
                     time: Double, release: Bool = true) -> [CubePager.Haptic] {
        var felt: [CubePager.Haptic] = []
        pager.touchBegan(at: Point(x: from, y: 400), time: time)
        felt += haptics.observe(pager)
        for step in 1...10 {
            let x = from + (to - from) * Double(step) / 10
            pager.touchMoved(to: Point(x: x, y: 400), time: time + 0.016 * Double(step))
            felt += haptics.observe(pager)
        }
        if release {
            pager.touchEnded(at: Point(x: to, y: 400), time: time + 0.176)
            felt += haptics.observe(pager)
        }
        return felt
    }

    /// Frames every 16 ms from `time` for `seconds`, observing after each.
    static func settle(_ pager: inout CubePager, _ haptics: inout CubePager.Haptics, from time: Double,
                       seconds: Double = 2) -> [CubePager.Haptic] {
        var felt: [CubePager.Haptic] = []
        var t = time
        while t < time + seconds {
            t += 0.016
            pager.advance(to: t)
            felt += haptics.observe(pager)
        }
        return felt
    }

    @Test func aReleaseThatTurnsThePageIsFeltOnceAtTheRelease() {
        var pager = Self.pager()
        var haptics = CubePager.Haptics()
        var felt = Self.drag(&pager, &haptics, from: 350, to: 100, time: 0, release: false)
        #expect(felt.isEmpty)                                   // nothing while the finger turns it
        pager.touchEnded(at: Point(x: 100, y: 400), time: 0.2)
        #expect(haptics.observe(pager) == [.pageTurn])          // at the release
        felt = Self.settle(&pager, &haptics, from: 0.2)
        #expect(felt.isEmpty && pager.currentIndex == 1)        // not again when the settle ends
    }

    @Test func aReleaseBackOnThePageIsNotFelt() {
        var pager = Self.pager()
        var haptics = CubePager.Haptics()
        var felt = Self.drag(&pager, &haptics, from: 300, to: 240, time: 0)
        felt += Self.settle(&pager, &haptics, from: 0.2)
        #expect(felt.isEmpty && pager.currentIndex == 0)
    }

    @Test func grabbingTheSettleAndLettingGoTowardTheSamePageIsNotFeltAgain() {
        var pager = Self.pager()
        var haptics = CubePager.Haptics()
        #expect(Self.drag(&pager, &haptics, from: 350, to: 100, time: 0) == [.pageTurn])
        _ = Self.settle(&pager, &haptics, from: 0.18, seconds: 0.05)
        #expect(pager.phase == .settling)
        // Grab it mid-turn and flick on toward page 1: the same turn, felt once already.
        #expect(Self.drag(&pager, &haptics, from: 200, to: 150, time: 0.3).isEmpty)
        _ = Self.settle(&pager, &haptics, from: 0.5)
        #expect(pager.currentIndex == 1 && pager.phase == .idle)
        // Resting on page 1, a new turn to page 2 is a new turn.
        #expect(Self.drag(&pager, &haptics, from: 350, to: 100, time: 3) == [.pageTurn])
    }

    @Test func draggingPastTheLastPageIsFeltOncePerCrossing() {
        var pager = Self.pager(on: 2)
        var haptics = CubePager.Haptics()
        // 40 pt past the end stays under 0.15 pages (rubber-banded): nothing.
        #expect(Self.drag(&pager, &haptics, from: 300, to: 250, time: 0, release: false).isEmpty)
        // On to 250 pt past: across the threshold once, however many moves stay beyond it.
        var felt: [CubePager.Haptic] = []
        for (k, x) in [150.0, 50, 20, 10].enumerated() {
            pager.touchMoved(to: Point(x: x, y: 400), time: 0.2 + 0.016 * Double(k))
            felt += haptics.observe(pager)
        }
        #expect(felt == [.pastEnd])
        #expect(pager.position - 2 > pager.configuration.pastEndThreshold)
        // Back under the threshold re-arms it; out again is felt again.
        pager.touchMoved(to: Point(x: 280, y: 400), time: 0.4)
        #expect(haptics.observe(pager).isEmpty)
        pager.touchMoved(to: Point(x: 20, y: 400), time: 0.42)
        #expect(haptics.observe(pager) == [.pastEnd])
    }

    @Test func aTurnTheFingerDidNotMakeIsNotFelt() {
        var pager = Self.pager()
        var haptics = CubePager.Haptics()
        pager.turn(to: 1, time: 0, animated: true)              // auto-advance, VoiceOver, the app
        var felt = haptics.observe(pager)
        felt += Self.settle(&pager, &haptics, from: 0)
        pager.turn(to: 2, time: 3, animated: false)
        felt += haptics.observe(pager)
        #expect(felt.isEmpty && pager.currentIndex == 2)
    }

    @Test func aSinglePageNeverTurnsAndTheFirstPagesRubberBandIsNotAnEnd() {
        var single = CubePager(pageCount: 1, pageSize: Size(width: 400, height: 800))
        var haptics = CubePager.Haptics()
        // Dragging backward past page 0 is no close: nothing.
        #expect(Self.drag(&single, &haptics, from: 50, to: 390, time: 0).isEmpty)
        var pager = Self.pager()
        #expect(Self.drag(&pager, &haptics, from: 50, to: 390, time: 1).isEmpty)
    }

    @Test func disabledHapticsAreNeverAskedForAndEnablingThemPlaysNothingStale() {
        var pager = Self.pager(on: 1)
        var haptics = CubePager.Haptics(isEnabled: false)
        #expect(Self.drag(&pager, &haptics, from: 350, to: 100, time: 0).isEmpty)
        #expect(Self.drag(&pager, &haptics, from: 350, to: 20, time: 0.3, release: false).isEmpty)
        haptics.isEnabled = true                                 // already past the end: no tap for it
        pager.touchMoved(to: Point(x: 10, y: 400), time: 0.6)
        #expect(haptics.observe(pager).isEmpty)
    }

    @Test func aPagerWithoutAUsableSizeAsksForNothing() {
        var pager = CubePager(pageCount: 3, pageSize: Size(width: 0, height: .nan))
        var haptics = CubePager.Haptics()
        #expect(Self.drag(&pager, &haptics, from: 350, to: -500, time: 0).isEmpty)
    }
}
