import Foundation
import MotionCore
import StoryKit
import Testing

/// Input files are strict: every type of the scene and gesture formats refuses keys it does not
/// read, and enumerations name their valid values.
@Suite struct StrictDecodingTests {
    /// The path and message of the error decoding `json` as `type` throws.
    private func failure<T: Decodable>(_ type: T.Type, _ json: String) -> (path: String, message: String)? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined(),
                    context.debugDescription)
        } catch {
            return ("", "\(error)")
        }
    }

    @Test func everySceneTypeRefusesAKeyItDoesNotRead() throws {
        let cases: [(path: String, message: String)?] = [
            failure(Point.self, #"{"x": 1, "y": 2, "w": 3}"#),
            failure(Size.self, #"{"width": 1, "hieght": 2}"#),
            failure(Rect.self, #"{"origin": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}, "center": 1}"#),
            failure(LayerScene.self, #"{"size": {"width": 1, "height": 1}, "layer": []}"#),
            failure(Layer.self, #"{"cornerRadious": 3}"#),
            failure(ImageContents.self, #"{"image": "a.png", "gravity": "center", "contentRect": {}}"#),
            failure(ColorGradient.self, #"{"colors": [], "location": [0]}"#),
            failure(ShapeContents.self, ##"{"path": {"elements": []}, "strokeColour": "#FFFFFF"}"##),
            failure(TextContents.self, #"{"string": "Ava", "fontSise": 14}"#),
            failure(ShapePath.self, #"{"elements": [], "closed": true}"#),
            failure(ShapePath.Element.self, #"{"close": {"now": true}}"#),
            failure(GestureScript.self, #"{"events": [], "fps": 60}"#),
            failure(GestureScript.Event.self, #"{"phase": "began", "time": 0, "x": 1, "y": 2, "force": 1}"#),
        ]
        let expected: [(String, String)] = [
            (".w", "unknown key; expected one of x or y"),
            (".hieght", "unknown key; did you mean height?"),
            (".center", "unknown key; expected one of origin or size"),
            (".layer", "unknown key; did you mean layers?"),
            (".cornerRadious", "unknown key; did you mean cornerRadius?"),
            (".contentRect", "unknown key; did you mean contentsRect?"),
            (".location", "unknown key; did you mean locations?"),
            (".strokeColour", "unknown key; did you mean strokeColor?"),
            (".fontSise", "unknown key; did you mean fontSize?"),
            (".closed", "unknown key; expected elements"),
            (".close.now", "unknown key; expected an empty object"),
            (".fps", "unknown key; expected events"),
            (".force", "unknown key; expected one of phase, time, x or y"),
        ]
        for (actual, (path, message)) in zip(cases, expected) {
            let actual = try #require(actual, "decoded despite \(path)")
            #expect(actual.path == path)
            #expect(actual.message == message)
        }
    }

    @Test func knownKeysStillDecodeAndRoundTrip() throws {
        let json = #"""
            {"size": {"width": 20, "height": 10}, "layers": [{"frame": {"origin": {"x": 1, "y": 2},
             "size": {"width": 3, "height": 4}}, "cornerCurve": "continuous",
             "shape": {"path": {"elements": [{"move": {"to": {"x": 0, "y": 0}}}, {"line": {"to": {"x": 1, "y": 0}}},
              {"quadCurve": {"to": {"x": 2, "y": 1}, "control": {"x": 2, "y": 0}}},
              {"curve": {"to": {"x": 0, "y": 2}, "control1": {"x": 1, "y": 2}, "control2": {"x": 0, "y": 1}}},
              {"arc": {"center": {"x": 1, "y": 1}, "radius": 1, "startAngle": 0, "endAngle": 3, "clockwise": false}},
              {"close": {}}]}, "lineCap": "round"}}]}
            """#
        let scene = try JSONDecoder().decode(LayerScene.self, from: Data(json.utf8))
        #expect(scene.layers[0].shape?.path.elements.count == 6)
        #expect(scene.layers[0].cornerCurve == .continuous)
        let again = try JSONDecoder().decode(LayerScene.self, from: JSONEncoder().encode(scene))
        #expect(again == scene)
    }

    @Test func aPathElementNeedsExactlyOneKind() {
        #expect(failure(ShapePath.Element.self, "{}")?.message
            == "a path element needs exactly one of move, line, quadCurve, curve, arc or close")
        #expect(failure(ShapePath.Element.self, #"{"close": {}, "line": {"to": {"x": 0, "y": 0}}}"#)?.message
            == "a path element needs exactly one of move, line, quadCurve, curve, arc or close")
    }

    @Test func enumerationsNameTheirValues() {
        #expect(failure(GestureScript.Event.self, #"{"phase": "move", "time": 0, "x": 1, "y": 2}"#)?.message
            == #"phase must be began, moved, ended or cancelled, not "move""#)
        #expect(failure(ContentsGravity.self, #""middle""#)?.message == "value must be "
            + "resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right, topLeft, topRight, bottomLeft "
            + #"or bottomRight, not "middle""#)
        #expect(failure(TextContents.self, #"{"string": "Ava", "fontWeight": "heavier"}"#)?.message == "fontWeight must be "
            + #"ultraLight, thin, light, regular, medium, semibold, bold, heavy or black, not "heavier""#)
        #expect(failure(TextContents.self, #"{"string": "Ava", "truncation": "head"}"#)?.message
            == #"truncation must be none or tail, not "head""#)
    }

    @Test func suggestionsAreNearMisspellingsOnly() {
        #expect(StrictDecoding.editDistance("cornerRadious", "cornerRadius") == 1)
        #expect(StrictDecoding.editDistance("", "abc") == 3)
        #expect(StrictDecoding.nearest(to: "opacty", among: ["opacity", "position"]) == "opacity")
        #expect(StrictDecoding.nearest(to: "Opacity", among: ["opacity"]) == "opacity")
        #expect(StrictDecoding.nearest(to: "t", among: ["x", "y"]) == nil)
        #expect(StrictDecoding.nearest(to: "colour", among: ["color", "colors"]) == "color")
        #expect(StrictDecoding.nearest(to: "banana", among: ["bounds", "name"]) == nil)
    }
}

/// The warnings for gesture scripts written in milliseconds or pixels.
@Suite struct GestureScriptPlausibilityTests {
    let page = Size(width: 270, height: 480)

    @Test func touchScreenSamplesInSecondsAndPointsPass() {
        let flick = GestureScript.drag(from: Point(x: 216, y: 240), to: Point(x: 60, y: 240), duration: 0.08,
                                       framesPerSecond: 60)
        // Two touches with a long pause between them (the finger was up) are fine too.
        #expect(flick.followed(by: flick, after: 20).implausibleEventWarning(pageSize: page) == nil)
        // A finger that drags a little past the page's edge is fine.
        let overshoot = GestureScript.drag(from: Point(x: 250, y: 240), to: Point(x: -100, y: 240), duration: 0.2)
        #expect(overshoot.implausibleEventWarning(pageSize: page) == nil)
    }

    @Test func millisecondsAreNamedAtTheFirstLongGap() {
        let script = GestureScript(events: [
            .init(phase: .began, time: 300, x: 216, y: 240), .init(phase: .moved, time: 316, x: 200, y: 240),
            .init(phase: .ended, time: 332, x: 180, y: 240),
        ])
        #expect(script.implausibleEventWarning(pageSize: page) == "the moved event at 316 s comes 16 s after the "
            + "previous sample of its touch: times are in seconds (16 ms is 0.016)")
    }

    @Test func pixelsAreNamedAtTheFirstPointFarOffThePage() {
        let script = GestureScript(events: [
            .init(phase: .began, time: 0.3, x: 300, y: 720), .init(phase: .moved, time: 0.32, x: 648, y: 721.5),
            .init(phase: .ended, time: 0.34, x: 600, y: 722),
        ])
        #expect(script.implausibleEventWarning(pageSize: page) == "the moved event at 0.32 s is at (648, 721.5), far "
            + "outside the 270×480 pt page: positions are in points, not pixels")
    }
}
