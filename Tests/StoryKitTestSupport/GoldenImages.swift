import Foundation
import StoryRender
import Testing

/// Golden-image assertions: a render is compared with a stored PNG that a person has looked at.
///
/// Names come from the test, as in swift-snapshot-testing: the goldens of the tests in
/// `FooTests.swift` live in `__Snapshots__/FooTests/` beside it, one file per assertion named
/// `<test function>.<label>.png` (or `<test function>.png` for a test's only, unlabelled golden).
/// A suite declares what its tests produce (``init(_:testFile:)``), so that ``orphans()`` finds
/// stored PNGs no test produces, ``missing()`` finds declared goldens never recorded, and
/// ``undeclaredTests()`` finds a catalog entry whose test was renamed or removed.
///
/// The comparison is not byte for byte: a pixel matches when every premultiplied channel is
/// within ``Tolerance/channel`` of the golden's, and the image matches when no more than
/// ``Tolerance/mismatchedFraction`` of its pixels differ (anti-aliasing and rounding may move a
/// few edge pixels by a level or two between compilers; a moved edge or a wrong colour does not
/// pass).
///
/// - Every render compared is also written to `$STORYKIT_DEBUG_RENDERS/goldens/<Suite>/` when
///   that is set, for a person to look at.
/// - A failure writes `<name>.reference.png`, `<name>.actual.png` and `<name>.diff.png` to
///   `$STORYKIT_GOLDEN_FAILURES` (default: `<tmp>/storykit-golden-failures/<Suite>/`) and says
///   where.
/// - Record mode: `STORYKIT_RECORD_GOLDENS=all` rewrites every golden the run produces,
///   `=missing` writes only the absent ones. A recording run records an issue, so it never passes
///   silently: look at the new PNGs, then run again without the variable.
public struct GoldenImages: Sendable {
    /// How far a render may stray from its golden.
    public struct Tolerance: Sendable {
        /// The largest difference of one premultiplied channel (0…255) that still counts as equal.
        public var channel: Int
        /// The largest fraction of pixels (0…1) allowed to differ by more than ``channel``.
        public var mismatchedFraction: Double

        /// Creates a tolerance.
        public init(channel: Int = 6, mismatchedFraction: Double = 0.002) {
            self.channel = channel
            self.mismatchedFraction = mismatchedFraction
        }

        /// The default: channels within 6 levels, at most 0.2 % of pixels off.
        public static let standard = Tolerance()

        /// For goldens drawn from a decoded JPEG: channels within 12 levels, at most 0.5 % of
        /// pixels off, which libjpeg (Linux) and ImageIO (Apple platforms) both meet.
        ///
        /// Measured on the three 720×1280 example photos (`Examples/cube/*.jpg`, 4:2:0) with
        /// libjpeg-turbo 2.1: the IDCT alone (accurate integer against fast integer or float)
        /// moves a channel by at most 6 levels, on under 0.08 % of pixels by more than 4; chroma
        /// upsampling (smooth against replicated, the two ways decoders fill in 4:2:0 colour)
        /// moves it by up to 41 levels at sharp colour edges, but on at most 0.18 % of pixels by
        /// more than 12. A decoder that differs from libjpeg's in both ways stays within this.
        public static let acrossJPEGDecoders = Tolerance(channel: 12, mismatchedFraction: 0.005)
    }

    /// What a golden's pixels depend on beyond StoryKit's own code, i.e. what differs between
    /// platforms: `swift test` must pass on Linux and on a Mac with nothing installed.
    public struct Dependencies: OptionSet, Sendable {
        /// The raw value: one bit per dependency.
        public let rawValue: Int
        /// Creates the set from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The render shows a decoded JPEG (libjpeg on Linux, ImageIO on Apple platforms): it is
        /// compared within at least ``Tolerance/acrossJPEGDecoders``.
        public static let jpegDecoder = Dependencies(rawValue: 1)
        /// The render shows text (FreeType with the DejaVu fonts on Linux, Core Text with the
        /// system's fonts on Apple platforms). Glyph shapes differ between engines by far more
        /// than any useful tolerance, so such a golden is compared only where
        /// ``referenceTextEngineIsAvailable``; its test is gated with
        /// `.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason)`.
        public static let textEngine = Dependencies(rawValue: 2)
    }

    /// Whether this machine draws text as the goldens were drawn: FreeType with Debian's DejaVu
    /// fonts (`fonts-dejavu-core`). False on Apple platforms (Core Text, and no DejaVu) and on a
    /// Linux machine without the fonts.
    public static let referenceTextEngineIsAvailable: Bool = {
        #if canImport(CoreText)
        return false
        #else
        return FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #endif
    }()

    /// Why a test whose goldens show text does not run here.
    public static let textEngineReason = Comment(rawValue:
        "its goldens show text drawn by FreeType with the DejaVu fonts (Debian's fonts-dejavu-core); "
        + "Core Text on Apple platforms, or other fonts, draw different glyphs")

    /// The folder holding this suite's goldens: `__Snapshots__/<test file's name>/`.
    public let directory: String
    /// The suite's name: the test file's name without `.swift`.
    public let suite: String
    /// The test file that declares the suite (`#filePath`).
    public let testFile: String
    /// What each test function produces: its name (without arguments) and its goldens' labels
    /// (an empty list: one unlabelled golden).
    public let catalog: [String: [String]]

    /// Goldens of the tests in `testFile`, stored under `__Snapshots__/<file name>/` beside it.
    ///
    /// - Parameters:
    ///   - catalog: For every test function that asserts a golden, its name (as written after
    ///     `func`) and the labels it passes to ``assertMatches(_:label:test:tolerance:dependsOn:sourceLocation:)``;
    ///     `[]` for a test with one unlabelled golden.
    ///   - testFile: Pass `#filePath`.
    public init(_ catalog: [String: [String]], testFile: String = #filePath) {
        let file = URL(fileURLWithPath: testFile)
        suite = file.deletingPathExtension().lastPathComponent
        directory = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(suite).path
        self.testFile = testFile
        self.catalog = catalog
    }

    /// The stored file name (without `.png`) of `test`'s golden `label`: `test.label`, or `test`
    /// alone for a nil label. `test` may be `#function` (`name(argument:)`): the arguments go.
    public static func name(test: String, label: String?) -> String {
        let function = test.split(separator: "(", maxSplits: 1).first.map(String.init) ?? test
        guard let label else { return function }
        return function + "." + label
    }

    /// Every golden name the catalog declares.
    public var declaredNames: Set<String> {
        Set(catalog.flatMap { test, labels in labels.isEmpty ? [Self.name(test: test, label: nil)]
                                                            : labels.map { Self.name(test: test, label: $0) } })
    }

    /// Whether `test` declares the golden `label` (for helpers that render more frames than
    /// they store).
    public func declares(_ label: String?, test: String = #function) -> Bool {
        declaredNames.contains(Self.name(test: test, label: label))
    }

    /// Compares `image` with the calling test's golden `label`, recording an issue (and writing
    /// reference, actual and diff PNGs) when they differ, or when the golden is missing outside
    /// record mode.
    ///
    /// - Parameters:
    ///   - label: Which of the test's goldens (nil: its only one).
    ///   - test: The test function; leave the default (`#function`), or pass it on from a helper.
    ///   - dependencies: What the render depends on that differs between platforms (see
    ///     ``Dependencies``): a JPEG widens the tolerance to ``Tolerance/acrossJPEGDecoders``;
    ///     text records an issue where ``referenceTextEngineIsAvailable`` is false, because the
    ///     test should have been gated with its trait.
    public func assertMatches(_ image: RGBAImage, label: String? = nil, test: String = #function,
                              tolerance: Tolerance = .standard, dependsOn dependencies: Dependencies = [],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let name = Self.name(test: test, label: label)
        guard declaredNames.contains(name) else {
            Issue.record("golden \"\(name)\" is not in the \(suite) catalog; add it there", sourceLocation: sourceLocation)
            return
        }
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels,
                                 topic: "goldens/" + suite, name: name)
        if dependencies.contains(.textEngine), !Self.referenceTextEngineIsAvailable {
            let message = "golden \"\(name)\" shows text, which this platform draws differently: gate the test "
                + "with .enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        var tolerance = tolerance
        if dependencies.contains(.jpegDecoder) {
            tolerance.channel = max(tolerance.channel, Tolerance.acrossJPEGDecoders.channel)
            tolerance.mismatchedFraction = max(tolerance.mismatchedFraction,
                                               Tolerance.acrossJPEGDecoders.mismatchedFraction)
        }
        let path = directory + "/" + name + ".png"
        let mode = ProcessInfo.processInfo.environment["STORYKIT_RECORD_GOLDENS"]
        let exists = FileManager.default.fileExists(atPath: path)
        if mode == "all" || (mode == "missing" && !exists) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try image.write(toPNGFile: path)
                Issue.record("recorded golden \(path): look at it, then run again without STORYKIT_RECORD_GOLDENS",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record golden \(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        let reference: RGBAImage
        do {
            reference = try RGBAImage(contentsOfFile: path)
        } catch {
            let written = writeFailure(name: name, actual: image, reference: nil)
            let message = "no golden at \(path) (\(error)); actual render written to \(written). "
                + "Record with STORYKIT_RECORD_GOLDENS=missing after looking at it."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        if let problem = Self.difference(image, reference, tolerance: tolerance) {
            let written = writeFailure(name: name, actual: image, reference: reference)
            Issue.record("\(name) differs from its golden: \(problem); reference, actual and diff in \(written)",
                         sourceLocation: sourceLocation)
        }
    }

    /// Stored golden names (without `.png`) that no catalog entry declares.
    public func orphans() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let declared = declaredNames
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
            .filter { !declared.contains($0) }.sorted()
    }

    /// Declared golden names with no stored PNG.
    public func missing() -> [String] {
        declaredNames.filter { !FileManager.default.fileExists(atPath: directory + "/" + $0 + ".png") }.sorted()
    }

    /// Catalog test names that the test file does not declare as `func NAME(` (a renamed or
    /// removed test whose goldens would otherwise stay under its old name).
    public func undeclaredTests() -> [String] {
        let source = (try? String(contentsOfFile: testFile, encoding: .utf8)) ?? ""
        return catalog.keys.filter { !source.contains("func \($0)(") }.sorted()
    }

    /// Why `actual` does not match `reference` within `tolerance`, or `nil` when it does.
    public static func difference(_ actual: RGBAImage, _ reference: RGBAImage, tolerance: Tolerance) -> String? {
        guard actual.width == reference.width, actual.height == reference.height else {
            return "size \(actual.width)×\(actual.height), golden \(reference.width)×\(reference.height)"
        }
        var mismatched = 0
        var worst = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var pixelWorst = 0
            for c in 0..<4 {
                pixelWorst = max(pixelWorst, abs(Int(actual.pixels[i + c]) - Int(reference.pixels[i + c])))
            }
            worst = max(worst, pixelWorst)
            if pixelWorst > tolerance.channel { mismatched += 1 }
        }
        let fraction = Double(mismatched) / Double(max(1, actual.width * actual.height))
        guard fraction > tolerance.mismatchedFraction else { return nil }
        return String(format: "%d pixels (%.3f %%) differ by more than %d, worst %d", mismatched, fraction * 100,
                      tolerance.channel, worst)
    }

    private func writeFailure(name: String, actual: RGBAImage, reference: RGBAImage?) -> String {
        let base = ProcessInfo.processInfo.environment["STORYKIT_GOLDEN_FAILURES"]
            ?? (NSTemporaryDirectory() + "storykit-golden-failures")
        let folder = base + "/" + suite
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? actual.write(toPNGFile: folder + "/" + name + ".actual.png")
        if let reference {
            try? reference.write(toPNGFile: folder + "/" + name + ".reference.png")
            if reference.width == actual.width, reference.height == actual.height {
                try? Self.diffImage(actual, reference).write(toPNGFile: folder + "/" + name + ".diff.png")
            }
        }
        return folder
    }

    /// The reference in faint grey with differing pixels in red, brighter for larger differences.
    static func diffImage(_ actual: RGBAImage, _ reference: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: actual.width, height: actual.height)
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actual.pixels[i + c]) - Int(reference.pixels[i + c]))) }
            let grey = UInt8((Int(reference.pixels[i]) + Int(reference.pixels[i + 1]) + Int(reference.pixels[i + 2])) / 12)
            if d == 0 {
                out.pixels[i] = grey; out.pixels[i + 1] = grey; out.pixels[i + 2] = grey
            } else {
                out.pixels[i] = UInt8(min(255, 96 + d * 4)); out.pixels[i + 1] = 0; out.pixels[i + 2] = 0
            }
            out.pixels[i + 3] = 255
        }
        return out
    }
}
