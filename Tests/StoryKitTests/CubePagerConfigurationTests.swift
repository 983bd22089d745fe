import Foundation
import StoryKit
import Testing

/// `CubePager.Configuration` sanitises every value the same way on each path in: the
/// initialiser, the property setters and decoding.
@Suite struct CubePagerConfigurationTests {
    /// A hostile value for one property and the value its documentation says is stored.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var key: String
        var value: Double
        var stored: Double

        var testDescription: String { "\(key) = \(value) → \(stored)" }
    }

    static let hostile: [Hostile] = [
        Hostile(key: "perspectiveDistance", value: .nan, stored: 1_000),
        Hostile(key: "perspectiveDistance", value: .infinity, stored: 1_000),
        Hostile(key: "perspectiveDistance", value: -.infinity, stored: 1_000),
        Hostile(key: "perspectiveDistance", value: -3, stored: 1_000),
        Hostile(key: "perspectiveDistance", value: 1e-300, stored: 1),
        Hostile(key: "perspectiveDistance", value: 1e300, stored: 1e300),
        Hostile(key: "snapThreshold", value: .nan, stored: 0.5),
        Hostile(key: "snapThreshold", value: .infinity, stored: 1),
        Hostile(key: "snapThreshold", value: -.infinity, stored: 0.01),
        Hostile(key: "snapThreshold", value: -2, stored: 0.01),
        Hostile(key: "snapThreshold", value: 1e300, stored: 1),
        Hostile(key: "shadingStrength", value: .nan, stored: 0.5),
        Hostile(key: "shadingStrength", value: .infinity, stored: 1),
        Hostile(key: "shadingStrength", value: -.infinity, stored: 0),
        Hostile(key: "shadingStrength", value: -0.5, stored: 0),
        Hostile(key: "shadingStrength", value: 7, stored: 1),
        Hostile(key: "rubberBandConstant", value: .nan, stored: 0.55),
        Hostile(key: "rubberBandConstant", value: .infinity, stored: 0.55),
        Hostile(key: "rubberBandConstant", value: -.infinity, stored: 0.55),
        Hostile(key: "rubberBandConstant", value: -1, stored: 0.55),
        Hostile(key: "rubberBandConstant", value: 0, stored: 0.55),
        Hostile(key: "rubberBandConstant", value: 1e-9, stored: 0.01),
        Hostile(key: "rubberBandConstant", value: 1e300, stored: 1),
        Hostile(key: "directionLockSlop", value: .nan, stored: 10),
        Hostile(key: "directionLockSlop", value: .infinity, stored: 1_000),
        Hostile(key: "directionLockSlop", value: -.infinity, stored: 0),
        Hostile(key: "directionLockSlop", value: -5, stored: 0),
        Hostile(key: "directionLockSlop", value: 1e300, stored: 1_000),
        Hostile(key: "pastEndThreshold", value: .nan, stored: 0.15),
        Hostile(key: "pastEndThreshold", value: .infinity, stored: 1),
        Hostile(key: "pastEndThreshold", value: -.infinity, stored: 0),
        Hostile(key: "pastEndThreshold", value: -0.1, stored: 0),
        Hostile(key: "pastEndThreshold", value: 5, stored: 1),
    ]

    /// The value of property `key`.
    static func value(_ key: String, of configuration: CubePager.Configuration) -> Double? {
        switch key {
        case "perspectiveDistance": configuration.perspectiveDistance
        case "snapThreshold": configuration.snapThreshold
        case "shadingStrength": configuration.shadingStrength
        case "rubberBandConstant": configuration.rubberBandConstant
        case "directionLockSlop": configuration.directionLockSlop
        case "pastEndThreshold": configuration.pastEndThreshold
        default: nil
        }
    }

    @Test(arguments: hostile)
    func theInitialiserStoresTheDocumentedClamp(_ hostile: Hostile) throws {
        let v = hostile.value
        let configuration: CubePager.Configuration
        switch hostile.key {
        case "perspectiveDistance": configuration = CubePager.Configuration(perspectiveDistance: v)
        case "snapThreshold": configuration = CubePager.Configuration(snapThreshold: v)
        case "shadingStrength": configuration = CubePager.Configuration(shadingStrength: v)
        case "rubberBandConstant": configuration = CubePager.Configuration(rubberBandConstant: v)
        case "directionLockSlop": configuration = CubePager.Configuration(directionLockSlop: v)
        case "pastEndThreshold": configuration = CubePager.Configuration(pastEndThreshold: v)
        default: Issue.record("no property \(hostile.key)"); return
        }
        #expect(try #require(Self.value(hostile.key, of: configuration)) == hostile.stored)
    }

    @Test(arguments: hostile)
    func theSetterStoresTheDocumentedClamp(_ hostile: Hostile) throws {
        var configuration = CubePager.Configuration()
        let v = hostile.value
        switch hostile.key {
        case "perspectiveDistance": configuration.perspectiveDistance = v
        case "snapThreshold": configuration.snapThreshold = v
        case "shadingStrength": configuration.shadingStrength = v
        case "rubberBandConstant": configuration.rubberBandConstant = v
        case "directionLockSlop": configuration.directionLockSlop = v
        case "pastEndThreshold": configuration.pastEndThreshold = v
        default: Issue.record("no property \(hostile.key)"); return
        }
        #expect(try #require(Self.value(hostile.key, of: configuration)) == hostile.stored)
    }

    /// A decoder that reads NaN and ±∞ from the strings "nan", "inf" and "-inf".
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// `value` as JSON: a number, or one of the decoder's strings for NaN and ±∞.
    static func json(_ value: Double) -> String {
        if value.isNaN { return #""nan""# }
        if value.isInfinite { return value > 0 ? #""inf""# : #""-inf""# }
        return "\(value)"
    }

    @Test(arguments: hostile)
    func decodingStoresTheDocumentedClamp(_ hostile: Hostile) throws {
        let data = Data(#"{"\#(hostile.key)": \#(Self.json(hostile.value))}"#.utf8)
        let configuration = try Self.decoder().decode(CubePager.Configuration.self, from: data)
        #expect(try #require(Self.value(hostile.key, of: configuration)) == hostile.stored)
        // And every other value keeps its default.
        var expected = CubePager.Configuration()
        switch hostile.key {
        case "perspectiveDistance": expected.perspectiveDistance = hostile.stored
        case "snapThreshold": expected.snapThreshold = hostile.stored
        case "shadingStrength": expected.shadingStrength = hostile.stored
        case "rubberBandConstant": expected.rubberBandConstant = hostile.stored
        case "directionLockSlop": expected.directionLockSlop = hostile.stored
        default: expected.pastEndThreshold = hostile.stored
        }
        #expect(configuration == expected)
    }

    @Test func aHostileSpringIsSanitisedOnEveryPath() throws {
        // The spring's coefficients: NaN or negative mass gives 1, stiffness is clamped to 1e9,
        // a NaN damping gives 10 (SpringParameters' documented rules).
        let data = Data(#"{"spring": {"mass": -1, "stiffness": 1e300, "damping": "nan"}}"#.utf8)
        let decoded = try Self.decoder().decode(CubePager.Configuration.self, from: data)
        let expected = SpringParameters(mass: 1, stiffness: 1e9, damping: 10)
        #expect(decoded.spring == expected)
        #expect(CubePager.Configuration(spring: SpringParameters(mass: .nan, stiffness: .infinity, damping: .nan)).spring == expected)
        var configuration = CubePager.Configuration()
        configuration.spring = SpringParameters(mass: -1, stiffness: 1e300, damping: -.infinity)
        #expect(configuration.spring == expected)
    }

    @Test func encodingWritesTheSanitisedValuesAndDecodesToTheSame() throws {
        var configuration = CubePager.Configuration(perspectiveDistance: -1, snapThreshold: 9, shadingStrength: .nan)
        configuration.directionLockSlop = .infinity
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(CubePager.Configuration.self, from: data) == configuration)
        #expect(configuration.perspectiveDistance == 1_000 && configuration.snapThreshold == 1)
        #expect(configuration.shadingStrength == 0.5 && configuration.directionLockSlop == 1_000)
    }
}
