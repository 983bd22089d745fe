import Foundation
import StoryKit
import Testing

// The seventh effect of the article "Anatomy of an effect" (StoryKit.docc/AnatomyOfAnEffect.md):
// the code between the markers is the article's snippet, compiled and tested here.

// Anatomy begins
/// A "like" heart: a double tap pops a heart at the finger on a spring; it holds, then fades.
struct LikeHeart: Sendable, Hashable, TouchDriven {
    /// The heart's constants; each is sanitised by its ``ValueRule`` wherever it is set.
    struct Configuration: Sendable, Hashable {
        /// Seconds within which a second tap makes a double tap, 0.1…1; 0.3 by default.
        var doubleTapInterval: Double {
            didSet { doubleTapInterval = Rules.doubleTapInterval.sanitize(doubleTapInterval) }
        }
        /// Seconds the heart stays before it fades, 0…5; 0.6 by default.
        var holdDuration: Double { didSet { holdDuration = Rules.holdDuration.sanitize(holdDuration) } }
        /// Seconds the fade takes, 0.05…2; 0.25 by default.
        var fadeDuration: Double { didSet { fadeDuration = Rules.fadeDuration.sanitize(fadeDuration) } }
        /// The heart's side, in points, 8…400; 96 by default.
        var side: Double { didSet { side = Rules.side.sanitize(side) } }
        /// The pop's spring (bouncy: the heart overshoots, then settles at full size).
        var spring: SpringParameters

        /// A configuration; see each property for its range and default.
        init(doubleTapInterval: Double = Rules.doubleTapInterval.defaultValue,
             holdDuration: Double = Rules.holdDuration.defaultValue,
             fadeDuration: Double = Rules.fadeDuration.defaultValue, side: Double = Rules.side.defaultValue,
             spring: SpringParameters = SpringParameters(response: 0.35, dampingRatio: 0.5)) {
            self.doubleTapInterval = Rules.doubleTapInterval.sanitize(doubleTapInterval)
            self.holdDuration = Rules.holdDuration.sanitize(holdDuration)
            self.fadeDuration = Rules.fadeDuration.sanitize(fadeDuration)
            self.side = Rules.side.sanitize(side)
            self.spring = spring
        }

        /// Each setting's default and range, written once.
        enum Rules {
            /// Seconds, 0.1…1, 0.3 by default.
            static let doubleTapInterval = ValueRule<Double>(0.1...1, default: 0.3)
            /// Seconds, 0…5, 0.6 by default.
            static let holdDuration = ValueRule<Double>(0...5, default: 0.6)
            /// Seconds, 0.05…2, 0.25 by default.
            static let fadeDuration = ValueRule<Double>(0.05...2, default: 0.25)
            /// Points, 8…400, 96 by default.
            static let side = ValueRule<Double>(8...400, default: 96)
        }
    }

    /// What the heart tells its host.
    enum Event: Sendable, Hashable {
        /// A double tap liked the content; the heart popped at this point.
        case liked(at: Point)
        /// The heart has faded out.
        case faded
    }

    /// A tap or a pop: where (points) and when (seconds).
    struct Mark: Sendable, Hashable {
        var point: Point
        var time: Double
    }

    /// The constants.
    var configuration = Configuration()
    /// The latest time given, in seconds.
    private(set) var time = 0.0
    /// The heart on screen, if any: where and when it popped.
    private(set) var heart: Mark?
    /// The last single tap, waiting for a second one.
    private var lastTap: Mark?
    /// Where the finger came down, while it may still be a tap.
    private var touchStart: Point?

    mutating func touchBegan(at point: Point, time: Double) -> [Event] {
        touchStart = point.isFinite ? point : nil
        return advance(to: time)
    }

    mutating func touchMoved(to point: Point, time: Double) -> [Event] {
        // A finger that travels more than 10 pt is a drag, not a tap.
        if let start = touchStart, abs(point.x - start.x) + abs(point.y - start.y) > 10 { touchStart = nil }
        return advance(to: time)
    }

    mutating func touchEnded(at point: Point, time: Double) -> [Event] {
        var events = advance(to: time)
        defer { touchStart = nil }
        guard touchStart != nil, point.isFinite else { return events }
        if let last = lastTap, self.time - last.time <= configuration.doubleTapInterval {
            heart = Mark(point: point, time: self.time)
            lastTap = nil
            events.append(.liked(at: point))
        } else {
            lastTap = Mark(point: point, time: self.time)
        }
        return events
    }

    mutating func touchCancelled(time: Double) -> [Event] {
        touchStart = nil
        return advance(to: time)
    }

    mutating func advance(to time: Double) -> [Event] {
        if time.isFinite, time > self.time { self.time = time }
        guard let heart, self.time - heart.time >= configuration.holdDuration + configuration.fadeDuration else { return [] }
        self.heart = nil
        return [.faded]
    }

    /// The heart at `time` (seconds), in the container's points: scaled by the spring about its
    /// centre, fading after the hold; no layers without a heart.
    func layers(at time: Double, heart image: ImageContents?) -> [Layer] {
        guard let heart else { return [] }
        let elapsed = Swift.max(time - heart.time, 0)
        let scale = 1 + configuration.spring.displacement(at: elapsed, initial: -1.0, velocity: 0.0)
        let fade = (elapsed - configuration.holdDuration) / configuration.fadeDuration
        let side = configuration.side
        return [Layer(name: "heart", bounds: Rect(x: 0, y: 0, width: side, height: side), position: heart.point,
                      transform: Transform3D(scaleX: scale, y: scale), opacity: 1 - Swift.min(Swift.max(fade, 0), 1),
                      contents: image)]
    }
}
// Anatomy ends

/// Checks that the article's example is this compiled code, and that it does what the article says.
@Suite struct AnatomyExampleTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The example's code: the lines between the markers in this file.
    static func exampleCode() throws -> String {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0 == "// Anatomy begins" })
        let end = try #require(lines.firstIndex { $0 == "// Anatomy ends" })
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    @Test func theArticlesExampleIsTheCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/StoryKit/StoryKit.docc/AnatomyOfAnEffect.md"), encoding: .utf8)
        let code = try Self.exampleCode()
        #expect(code.contains("struct LikeHeart"))
        #expect(article.contains("```swift\n" + code + "\n```"), "the article lacks the example:\n\(code)")
    }

    @Test func aDoubleTapPopsTheHeartOnASpringAndItFades() throws {
        var heart = LikeHeart()
        let finger = Point(x: 120, y: 300)
        var events = heart.touchBegan(at: finger, time: 0) + heart.touchEnded(at: finger, time: 0.05)
        events += heart.touchBegan(at: finger, time: 0.2) + heart.touchEnded(at: finger, time: 0.25)
        #expect(events == [.liked(at: finger)])
        let popped = try #require(heart.layers(at: 0.25, heart: nil).first)
        #expect(popped.position == finger && abs(popped.transform.m11) < 1e-9 && popped.opacity == 1)   // from nothing
        let scales = stride(from: 0.25, through: 0.85, by: 0.01).compactMap { heart.layers(at: $0, heart: nil).first?.transform.m11 }
        #expect((scales.max() ?? 0) > 1.05)                                                    // it overshoots
        #expect(abs((scales.last ?? 0) - 1) < 0.05 && heart.layers(at: 0.85, heart: nil).first?.opacity == 1)
        #expect(heart.advance(to: 1.05).isEmpty)
        #expect(try #require(heart.layers(at: 1.0, heart: nil).first).opacity < 1)             // fading
        #expect(heart.advance(to: 1.11) == [.faded])
        #expect(heart.layers(at: 1.11, heart: nil).isEmpty && heart.heart == nil)
    }

    @Test func slowTapsAndDragsDoNotLike() {
        var heart = LikeHeart()
        let finger = Point(x: 50, y: 50)
        var events = heart.touchBegan(at: finger, time: 0) + heart.touchEnded(at: finger, time: 0.05)
        events += heart.touchBegan(at: finger, time: 0.5) + heart.touchEnded(at: finger, time: 0.55)   // 0.5 s apart
        #expect(events.isEmpty && heart.heart == nil)
        events = heart.touchBegan(at: finger, time: 0.6) + heart.touchMoved(to: Point(x: 90, y: 50), time: 0.62)
        events += heart.touchEnded(at: Point(x: 90, y: 50), time: 0.64)                         // a drag, not a tap
        #expect(events.isEmpty && heart.heart == nil)
    }

    @Test func itIsDrivenByAGestureScriptLikeEveryTouchDrivenEffect() {
        var heart = LikeHeart()
        let tap = Point(x: 10, y: 10)
        let script: [(GestureScript.Phase, Double)] = [(.began, 0), (.ended, 0.04), (.began, 0.1), (.ended, 0.14)]
        let events = script.flatMap { phase, time in Self.feed(&heart, phase, tap, time) } + heart.advance(to: 2)
        #expect(events == [.liked(at: tap), .faded])
    }

    /// One touch into any ``TouchDriven`` effect, as a replay loop does.
    static func feed<Effect: TouchDriven>(_ effect: inout Effect, _ phase: GestureScript.Phase, _ point: Point,
                                          _ time: Double) -> [Effect.Event] {
        switch phase {
        case .began: effect.touchBegan(at: point, time: time)
        case .moved: effect.touchMoved(to: point, time: time)
        case .ended: effect.touchEnded(at: point, time: time)
        case .cancelled: effect.touchCancelled(time: time)
        }
    }

    @Test func hostileSettingsTakeTheirDefaultOrTheNearerEnd() {
        var configuration = LikeHeart.Configuration(doubleTapInterval: .nan, holdDuration: .infinity, fadeDuration: -1, side: 1e9)
        #expect(configuration.doubleTapInterval == 0.3 && configuration.holdDuration == 0.6)
        #expect(configuration.fadeDuration == 0.05 && configuration.side == 400)
        configuration.side = -.infinity
        #expect(configuration.side == 96)
    }
}
