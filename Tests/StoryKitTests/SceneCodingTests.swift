import Foundation
import StoryKit
import Testing

@Suite struct SceneCodingTests {
    private func decode(_ json: String) throws -> LayerScene {
        try JSONDecoder().decode(LayerScene.self, from: Data(json.utf8))
    }

    @Test func aMinimalHandWrittenSceneTakesCoreAnimationDefaults() throws {
        let scene = try decode("""
        {"size": {"width": 100, "height": 50},
         "layers": [{"frame": {"origin": {"x": 10, "y": 10}, "size": {"width": 40, "height": 20}},
                     "backgroundColor": "#FF000080"}]}
        """)
        let layer = try #require(scene.layers.first)
        #expect(layer.bounds == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(layer.position == Point(x: 30, y: 20))
        #expect(layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(layer.opacity == 1 && layer.isDoubleSided && !layer.masksToBounds)
        #expect(layer.transform == .identity && layer.borderColor == .black)
        #expect(layer.backgroundColor == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(scene.backgroundColor == nil)
    }

    @Test func everyPropertySurvivesARoundTrip() throws {
        var ring = ShapeContents(path: .circle(center: Point(x: 44, y: 44), radius: 40), lineWidth: 4,
                                 lineCap: .round, lineDashPattern: [6, 2], strokeEnd: 0.6)
        ring.strokeGradient = ColorGradient(kind: .conic, colors: [.white, .black], locations: [0, 1],
                                       startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
        let child = Layer(name: "ring", bounds: Rect(x: 0, y: 0, width: 88, height: 88),
                          position: Point(x: 50, y: 60), shape: ring,
                          text: TextContents("Ava ✓", fontFamily: "DejaVu Serif", fontSize: 13, fontWeight: .semibold,
                                             color: .white, alignment: .center, truncation: .none, numberOfLines: 2))
        let parent = Layer(
            name: "card", bounds: Rect(x: 5, y: 5, width: 200, height: 300), position: Point(x: 100, y: 150),
            anchorPoint: Point(x: 0, y: 1), zPosition: 3,
            transform: Transform3D(rotationAngle: 0.3, axis: Vector3(x: 0, y: 1, z: 0)),
            sublayerTransform: .perspective(eyeDistance: 2_000), opacity: 0.5, isHidden: true,
            isDoubleSided: false, masksToBounds: true, cornerRadius: 39, cornerCurve: .continuous,
            backgroundColor: RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), borderWidth: 2,
            borderColor: .white, contents: ImageContents(image: "a.jpg", gravity: .resizeAspectFill,
                                                         contentsRect: Rect(x: 0, y: 0.5, width: 1, height: 0.5)),
            gradient: ColorGradient(kind: .radial, colors: [.clear, .black]), antialiasedEdges: [.left, .bottom],
            blurRadius: 10, sublayers: [child])
        let scene = LayerScene(size: Size(width: 390, height: 844), backgroundColor: .black, layers: [parent])
        let data = try JSONEncoder().encode(scene)
        #expect(try JSONDecoder().decode(LayerScene.self, from: data) == scene)
    }

    @Test func defaultsAreLeftOutOfTheJSON() throws {
        let scene = LayerScene(size: Size(width: 10, height: 10), layers: [Layer(name: "plain")])
        let json = String(decoding: try JSONEncoder().encode(scene), as: UTF8.self)
        #expect(json.contains("\"name\":\"plain\""))
        #expect(!json.contains("opacity") && !json.contains("transform") && !json.contains("anchorPoint"))
    }

    @Test func transformsAreSixteenNumbersInCoreAnimationOrder() throws {
        let scene = try decode("""
        {"size": {"width": 10, "height": 10},
         "layers": [{"transform": [1,0,0,0, 0,1,0,0, 0,0,1,-0.0005, 20,30,0,1]}]}
        """)
        let t = try #require(scene.layers.first?.transform)
        #expect(t.m34 == -0.0005 && t.m41 == 20 && t.m42 == 30)
    }

    @Test(arguments: [
        ##"{"size": {"width": 10, "height": 10}, "backgroundColor": "#12345"}"##,
        ##"{"size": {"width": 10, "height": 10}, "backgroundColor": [1, 2]}"##,
        ##"{"layers": []}"##,
        ##"{"size": {"width": 10, "height": 10}, "layers": [{"transform": [1, 0, 0]}]}"##,
        ##"{"size": {"width": 10, "height": 10}, "layers": [{"contents": {"gravity": "resize"}}]}"##,
        ##"{"size": {"width": 10, "height": 10}, "layers": [{"contents": {"image": "a", "gravity": "sideways"}}]}"##,
    ])
    func malformedJSONIsADecodingErrorNotACrash(json: String) {
        #expect(throws: DecodingError.self) { try decode(json) }
    }

    @Test func shadowsMaskedCornersAndFillRulesHaveCoreAnimationsDefaultsAndRoundTrip() throws {
        // Core Animation's defaults: no shadow (opacity 0), black, offset (0, −3), radius 3, no
        // path; all four corners rounded; the non-zero rule; a miter limit of 10.
        let plain = try decode(#"{"size": {"width": 10, "height": 10}, "layers": [{"shape": {"path": {"elements": []}}}]}"#)
        let layer = try #require(plain.layers.first)
        #expect(layer.shadowOpacity == 0 && layer.shadowColor == .black && layer.shadowRadius == 3)
        #expect(layer.shadowOffset == Size(width: 0, height: -3) && layer.shadowPath == nil)
        #expect(layer.maskedCorners == .all && layer.maskedCorners.rawValue == 15)
        #expect(layer.shape?.fillRule == .nonZero && layer.shape?.miterLimit == 10)
        let json = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!json.contains("shadow") && !json.contains("maskedCorners") && !json.contains("fillRule")
                    && !json.contains("miterLimit"))

        let scene = try decode("""
        {"size": {"width": 10, "height": 10},
         "layers": [{"shadowOpacity": 0.4, "shadowColor": "#102030", "shadowOffset": {"width": 2, "height": 6},
                     "shadowRadius": 8, "shadowPath": {"elements": [{"move": {"to": {"x": 0, "y": 0}}}, {"line": {"to": {"x": 4, "y": 0}}}]},
                     "maskedCorners": ["minXMinY", "maxXMinY"],
                     "shape": {"path": {"elements": []}, "fillRule": "even-odd", "miterLimit": 2}}]}
        """)
        let styled = try #require(scene.layers.first)
        #expect(styled.shadowOpacity == 0.4 && styled.shadowRadius == 8 && styled.shadowColor == RGBAColor(hex: "#102030"))
        #expect(styled.shadowOffset == Size(width: 2, height: 6) && styled.shadowPath?.elements.count == 2)
        #expect(styled.maskedCorners == [.minXMinY, .maxXMinY])
        #expect(styled.shape?.fillRule == .evenOdd && styled.shape?.miterLimit == 2)
        #expect(try JSONDecoder().decode(LayerScene.self, from: JSONEncoder().encode(scene)) == scene)
        // Strict: an unknown corner or fill rule is an error naming the valid ones.
        #expect(throws: DecodingError.self) {
            try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"maskedCorners": ["topLeft"]}]}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"shape": {"path": {"elements": []}, "fillRule": "evenodd"}}]}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"shadowBlur": 3}]}"#)
        }
    }

    @Test func antialiasedEdgesAreNamedInJSON() throws {
        let scene = try decode("""
        {"size": {"width": 10, "height": 10}, "layers": [{"antialiasedEdges": ["left", "top"]}]}
        """)
        #expect(scene.layers.first?.antialiasedEdges == [.left, .top])
        #expect(throws: DecodingError.self) {
            try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"antialiasedEdges": ["middle"]}]}"#)
        }
    }

    @Test func textNeedsOnlyItsStringAndIsWrittenWithItsNonDefaultsOnly() throws {
        let scene = try decode("""
        {"size": {"width": 10, "height": 10}, "layers": [{"text": {"string": "Ava", "fontWeight": "bold"}}]}
        """)
        let text = try #require(scene.layers.first?.text)
        #expect(text == TextContents("Ava", fontWeight: .bold))
        #expect(text.fontFamily == TextContents.defaultFamily && text.fontSize == 17 && text.color == .black)
        #expect(text.alignment == .left && text.truncation == .tail && text.numberOfLines == 0)
        let json = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        #expect(json.contains("\"string\":\"Ava\"") && json.contains("\"fontWeight\":\"bold\""))
        #expect(!json.contains("fontSize") && !json.contains("alignment") && !json.contains("numberOfLines"))
        #expect(throws: DecodingError.self) { try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"text": {}}]}"#) }
    }

    @Test func hexColoursParseWithAndWithoutAlpha() {
        #expect(RGBAColor(hex: "#FEDA75") == RGBAColor(red: 254.0 / 255, green: 218.0 / 255, blue: 117.0 / 255))
        #expect(RGBAColor(hex: "00000080")?.alpha == 128.0 / 255)
        #expect(RGBAColor(hex: "#GG0000") == nil)
        #expect(RGBAColor(red: .nan, green: 2, blue: -1).red == 0)
    }

    @Test func aMaskIsALayerThatRoundTripsAndIsLeftOutWhenNil() throws {
        // No mask by default, and the encoder writes no key for it.
        let plain = try decode(#"{"size": {"width": 10, "height": 10}, "layers": [{"name": "plain"}]}"#)
        #expect(plain.layers.first?.mask == nil)
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("mask"))

        // A mask with sublayers and a mask of its own (Core Animation allows both).
        let scene = try decode("""
        {"size": {"width": 10, "height": 10},
         "layers": [{"name": "photo", "frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 8, "height": 8}},
                     "mask": {"name": "circle", "frame": {"origin": {"x": 1, "y": 1}, "size": {"width": 6, "height": 6}},
                              "opacity": 0.5, "sublayers": [{"name": "dot"}],
                              "mask": {"name": "inner", "backgroundColor": "#FFFFFF"}}}]}
        """)
        let mask = try #require(scene.layers.first?.mask)
        #expect(mask.name == "circle" && mask.opacity == 0.5 && mask.bounds.size == Size(width: 6, height: 6))
        #expect(mask.sublayers.map(\.name) == ["dot"] && mask.mask?.name == "inner" && mask.mask?.mask == nil)
        #expect(try JSONDecoder().decode(LayerScene.self, from: JSONEncoder().encode(scene)) == scene)
        // Setting the mask to nil removes it; the value is part of the layer's equality.
        var unmasked = try #require(scene.layers.first)
        unmasked.mask = nil
        #expect(unmasked.mask == nil && unmasked != scene.layers.first)

        // Strict: a mask is decoded as a layer, so an unknown key inside it is an error.
        #expect(throws: DecodingError.self) {
            try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"mask": {"opacty": 1}}]}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(#"{"size": {"width": 1, "height": 1}, "layers": [{"mask": "circle"}]}"#)
        }
    }
}
