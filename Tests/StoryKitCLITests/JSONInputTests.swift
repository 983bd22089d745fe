import Foundation
import StoryKit
import StoryKitTestSupport
import Testing
@testable import storykit

/// The messages for bad input files, word for word: each names the key path, the valid values or
/// the line and column, in JSON's terms rather than Swift's.
@Suite struct JSONInputTests {
    private let scratch = ScratchFolders()

    /// Writes `json` to a fresh file and returns its path.
    private func file(_ json: String) throws -> String {
        let folder = try scratch.make("storykit-input")
        let path = folder + "/input.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The message of loading `json` as `type`, without the path prefix.
    private func message<T: Decodable>(_ type: T.Type, _ json: String, kind: String) throws -> String {
        let path = try file(json)
        do {
            _ = try JSONInput.load(type, from: path, kind: kind)
        } catch {
            let text = "\(error)"
            #expect(text.hasPrefix(path + ": "), "\(text)")
            #expect(!text.contains("\n"))
            return String(text.dropFirst(path.count + 2))
        }
        Issue.record("\(json) decoded")
        return ""
    }

    static let size = #""size": {"width": 10, "height": 10}"#

    @Test(arguments: [
        (#"{\#(size), "layers": [{"cornerRadious": 4}]}"#,
         "invalid scene JSON: at layers[0].cornerRadious: unknown key; did you mean cornerRadius?"),
        (#"{\#(size), "layers": [{"shadowOpacty": 0.3}]}"#,
         "invalid scene JSON: at layers[0].shadowOpacty: unknown key; did you mean shadowOpacity?"),
        (#"{\#(size), "layers": [{"sublayer": []}]}"#,
         "invalid scene JSON: at layers[0].sublayer: unknown key; did you mean sublayers?"),
        (##"{\##(size), "backgroundColour": "#000000"}"##,
         "invalid scene JSON: at backgroundColour: unknown key; did you mean backgroundColor?"),
        (#"{\#(size), "frobnicate": 1}"#,
         "invalid scene JSON: at frobnicate: unknown key; expected one of backgroundColor, layers or size"),
        (#"{"size": {"width": 10, "height": 10, "depth": 3}}"#,
         "invalid scene JSON: at size.depth: unknown key; expected one of height or width"),
        (#"{\#(size), "layers": [{"position": {"x": 1, "y": 2, "z": 3}}]}"#,
         "invalid scene JSON: at layers[0].position.z: unknown key; expected one of x or y"),
        (#"{\#(size), "layers": [{"contents": {"image": "a.png", "gravty": "center"}}]}"#,
         "invalid scene JSON: at layers[0].contents.gravty: unknown key; did you mean gravity?"),
        (#"{\#(size), "layers": [{"gradient": {"colors": [], "kind": "linear"}}]}"#,
         "invalid scene JSON: at layers[0].gradient.kind: kind must be axial, radial or conic, not \"linear\""),
        (#"{\#(size), "layers": [{"shape": {"path": {"elements": []}, "lineCap": "rounded"}}]}"#,
         "invalid scene JSON: at layers[0].shape.lineCap: lineCap must be butt, round or square, not \"rounded\""),
        (#"{\#(size), "layers": [{"shape": {"path": {"elements": [{"arc": {"center": {"x": 1, "y": 2}, "radius": 3, "startAngle": 0, "endAngle": 1, "clockwize": true}}]}}}]}"#,
         "invalid scene JSON: at layers[0].shape.path.elements[0].arc.clockwize: unknown key; did you mean clockwise?"),
        (#"{\#(size), "layers": [{"shape": {"path": {"elements": [{"lineTo": {"to": {"x": 1, "y": 2}}}]}}}]}"#,
         "invalid scene JSON: at layers[0].shape.path.elements[0].lineTo: unknown key; did you mean line?"),
        (#"{\#(size), "layers": {"opacity": 1}}"#, "invalid scene JSON: at layers: expected a list, found an object"),
        (#"{\#(size), "layers": [{"opacity": "half"}]}"#,
         "invalid scene JSON: at layers[0].opacity: expected a number, found a string"),
        (#"{"size": null}"#, "invalid scene JSON: at size: expected an object, found null"),
        ("{\"size\": {\"width\": 10,\n  \"height\": }}", "invalid scene JSON: line 2, column 13: malformed JSON (invalid value)"),
        (#"{"size": {"width": 10, "height": 10}"#, "invalid scene JSON: line 1, column 37: malformed JSON (unexpected end of file during JSON parse)"),
    ])
    func sceneMessages(json: String, expected: String) throws {
        #expect(try message(LayerScene.self, json, kind: "scene") == expected)
    }

    @Test func aSceneWithShadowsAndMaskedCornersLoads() throws {
        let path = try file(#"""
        {\#(Self.size), "layers": [{"frame": {"origin": {"x": 1, "y": 1}, "size": {"width": 6, "height": 6}},
          "backgroundColor": "#FFFFFF", "shadowOpacity": 0.3, "shadowRadius": 2, "shadowOffset": {"width": 0, "height": 1},
          "cornerRadius": 2, "maskedCorners": ["minXMinY"]}]}
        """#)
        let scene = try JSONInput.load(LayerScene.self, from: path, kind: "scene")
        #expect(scene.layers.first?.shadowOpacity == 0.3 && scene.layers.first?.maskedCorners == [.minXMinY])
    }

    @Test func aSceneWithAMaskLoadsAndAMisspeltKeyInsideTheMaskIsNamed() throws {
        let path = try file(#"""
        {\#(Self.size), "layers": [{"backgroundColor": "#FF0000", "frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 8, "height": 8}},
          "mask": {"name": "disc", "frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 8, "height": 8}}, "cornerRadius": 4,
                   "backgroundColor": "#FFFFFF"}}]}
        """#)
        let scene = try JSONInput.load(LayerScene.self, from: path, kind: "scene")
        #expect(scene.layers.first?.mask?.name == "disc" && scene.layers.first?.mask?.cornerRadius == 4)
        #expect(try message(LayerScene.self, #"{\#(Self.size), "layers": [{"mask": {"opacty": 1}}]}"#, kind: "scene")
                == "invalid scene JSON: at layers[0].mask.opacty: unknown key; did you mean opacity?")
    }

    @Test(arguments: [
        (#"{"events": [{"phase": "move", "time": 0, "x": 1, "y": 2}]}"#,
         "invalid gesture JSON: at events[0].phase: phase must be began, moved, ended or cancelled, not \"move\""),
        (#"{"events": [{"phase": "began", "t": 0, "x": 1, "y": 2}]}"#,
         "invalid gesture JSON: at events[0].t: unknown key; expected one of phase, time, x or y"),
        (#"{"event": []}"#, "invalid gesture JSON: at event: unknown key; did you mean events?"),
        (#"{"events": {}}"#, "invalid gesture JSON: at events: expected a list, found an object"),
    ])
    func gestureMessages(json: String, expected: String) throws {
        #expect(try message(GestureScript.self, json, kind: "gesture") == expected)
    }

    @Test func renderCubeWarnsOfMillisecondsAndPixelsBeforeRendering() throws {
        let milliseconds = try file(#"""
            {"events": [{"phase": "began", "time": 0, "x": 200, "y": 240}, {"phase": "moved", "time": 16, "x": 190, "y": 240},
                        {"phase": "ended", "time": 32, "x": 180, "y": 240}]}
            """#)
        let pixels = try file(#"""
            {"events": [{"phase": "began", "time": 0, "x": 600, "y": 720}, {"phase": "ended", "time": 0.1, "x": 300, "y": 720}]}
            """#)
        for (script, warning) in [
            (milliseconds, "the moved event at 16 s comes 16 s after the previous sample of its touch: times are in "
                + "seconds (16 ms is 0.016)"),
            (pixels, "the began event at 0 s is at (600, 720), far outside the 270×480 pt page: positions are in "
                + "points, not pixels"),
        ] {
            let output = (script as NSString).deletingLastPathComponent + "/out.gif"
            let lines = try CLI.run(["render", "cube", "--gesture", script, "-o", output, "--duration", "0.1"])
            #expect(lines.first == "warning: \(script): \(warning)")
        }
    }
}
