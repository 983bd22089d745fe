import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ImageContentsPlacementTests {
    /// A 200 × 100 pt layer whose bounds start at (10, 20), so every frame is checked against
    /// a non-zero bounds origin.
    static let bounds = Rect(x: 10, y: 20, width: 200, height: 100)

    static func place(_ gravity: ContentsGravity, width: Int = 40, height: Int = 20, scale: Double = 1,
                      contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) -> ImagePlacement {
        ImageContents(image: "i", gravity: gravity, contentsRect: contentsRect)
            .placement(imageWidth: width, imageHeight: height, contentsScale: scale, in: bounds)
    }

    /// Expected frames of a 40 × 20 px image at scale 2 (natural size 20 × 10 pt) in the bounds.
    static let naturalFrames: [(ContentsGravity, Rect)] = [
        (.center, Rect(x: 100, y: 65, width: 20, height: 10)),
        (.top, Rect(x: 100, y: 20, width: 20, height: 10)),
        (.bottom, Rect(x: 100, y: 110, width: 20, height: 10)),
        (.left, Rect(x: 10, y: 65, width: 20, height: 10)),
        (.right, Rect(x: 190, y: 65, width: 20, height: 10)),
        (.topLeft, Rect(x: 10, y: 20, width: 20, height: 10)),
        (.topRight, Rect(x: 190, y: 20, width: 20, height: 10)),
        (.bottomLeft, Rect(x: 10, y: 110, width: 20, height: 10)),
        (.bottomRight, Rect(x: 190, y: 110, width: 20, height: 10)),
    ]

    @Test(arguments: naturalFrames.indices)
    func naturalSizeGravitiesPlaceTheImageAtTheirEdgeUnscaled(_ index: Int) {
        let (gravity, expected) = Self.naturalFrames[index]
        let p = Self.place(gravity, scale: 2)
        #expect(Approximately.equal(p.frame, expected), "\(gravity): \(p.frame)")
        #expect(p.texels == Rect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func everyGravityIsCovered() {
        let covered = Set(Self.naturalFrames.map(\.0)).union([.resize, .resizeAspect, .resizeAspectFill])
        #expect(covered == Set(ContentsGravity.allCases))
    }

    @Test func resizeStretchesOverTheBounds() {
        let p = Self.place(.resize, width: 7, height: 300)
        #expect(p.frame == Self.bounds)
        #expect(p.texel(at: Point(x: 10, y: 20)) == Point(x: 0, y: 0))
        #expect(Approximately.equal(p.texel(at: Point(x: 210, y: 120)), Point(x: 7, y: 300)))
    }

    @Test func resizeAspectFitsInsideCentred() {
        // 100 × 100 px in 200 × 100 pt: fits as 100 × 100 pt, centred horizontally.
        let p = Self.place(.resizeAspect, width: 100, height: 100)
        #expect(Approximately.equal(p.frame, Rect(x: 60, y: 20, width: 100, height: 100)))
        // 400 × 100 px: limited by width, 200 × 50 pt, centred vertically.
        let wide = Self.place(.resizeAspect, width: 400, height: 100)
        #expect(Approximately.equal(wide.frame, Rect(x: 10, y: 45, width: 200, height: 50)))
    }

    @Test func resizeAspectFillCoversAndOverflowsCentred() {
        // 100 × 100 px covering 200 × 100 pt: 200 × 200 pt, overflowing 50 pt above and below.
        let p = Self.place(.resizeAspectFill, width: 100, height: 100)
        #expect(Approximately.equal(p.frame, Rect(x: 10, y: -30, width: 200, height: 200)))
        // The bounds' top edge shows the image's row 25 of 100.
        #expect(Approximately.equal(p.texel(at: Point(x: 110, y: 20)), Point(x: 50, y: 25)))
    }

    @Test func contentsRectSelectsTheShownTexelsAndSetsTheNaturalSize() {
        // The right half of a 40 × 20 px image, natural size 20 × 20 pt at scale 1.
        let p = Self.place(.topLeft, contentsRect: Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        #expect(p.texels == Rect(x: 20, y: 0, width: 20, height: 20))
        #expect(Approximately.equal(p.frame, Rect(x: 10, y: 20, width: 20, height: 20)))
        #expect(Approximately.equal(p.texel(at: Point(x: 10, y: 20)), Point(x: 20, y: 0)))
        #expect(Approximately.equal(p.texel(at: Point(x: 30, y: 40)), Point(x: 40, y: 20)))
    }

    @Test func contentsRectWithResizeMapsTheSubImageOverTheWholeBounds() {
        let p = Self.place(.resize, width: 100, height: 100, contentsRect: Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25))
        #expect(p.frame == Self.bounds)
        #expect(Approximately.equal(p.texel(at: Point(x: 110, y: 70)), Point(x: 50, y: 62.5)))
        #expect(p.sampledTexels == Rect(x: 25, y: 50, width: 50, height: 25))
    }

    @Test func contentsRectBeyondTheImageSamplesOnlyTheEdgeTexels() {
        let past = Self.place(.resize, width: 10, height: 10, contentsRect: Rect(x: 0.5, y: -1, width: 1, height: 3))
        #expect(past.texels == Rect(x: 5, y: -10, width: 10, height: 30))
        #expect(past.sampledTexels == Rect(x: 5, y: 0, width: 5, height: 10))
        // Wholly to the right of the image: the last column is stretched.
        let outside = Self.place(.resize, width: 10, height: 10, contentsRect: Rect(x: 2, y: 0, width: 1, height: 1))
        #expect(outside.sampledTexels == Rect(x: 9, y: 0, width: 1, height: 10))
        #expect(!outside.isEmpty)
    }

    @Test func negativeContentsRectMirrorsTheImage() {
        let p = Self.place(.resize, width: 10, height: 10, contentsRect: Rect(x: 1, y: 0, width: -1, height: 1))
        #expect(Approximately.equal(p.texel(at: Point(x: 10, y: 20)), Point(x: 10, y: 0)))
        #expect(Approximately.equal(p.texel(at: Point(x: 210, y: 20)), Point(x: 0, y: 0)))
        #expect(p.sampledTexels == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func emptyImagesAndBoundsDrawNothing() {
        #expect(Self.place(.resize, width: 0, height: 10).isEmpty)
        #expect(Self.place(.center, width: -5, height: 10).isEmpty)
        let flat = ImageContents(image: "i", gravity: .resizeAspect)
            .placement(imageWidth: 10, imageHeight: 10, in: Rect(x: 0, y: 0, width: 0, height: 50))
        #expect(flat.isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func hostileInputsNeverProduceNaN(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for gravity in ContentsGravity.allCases {
            let contents = ImageContents(
                image: "i", gravity: gravity,
                contentsRect: Rect(x: random.hostile(in: -1...1), y: random.hostile(in: -1...1),
                                   width: random.hostile(in: -2...2), height: random.hostile(in: -2...2)))
            let bounds = Rect(x: random.hostile(in: -100...100), y: random.hostile(in: -100...100),
                              width: random.hostile(in: -100...300), height: random.hostile(in: -100...300))
            let p = contents.placement(imageWidth: Int(random.double(in: -5...50)), imageHeight: Int(random.double(in: -5...50)),
                                       contentsScale: random.hostile(in: 0.5...3), in: bounds)
            #expect(p.frame.isFinite && p.texels.isFinite && p.sampledTexels.isFinite, "\(gravity) \(p)")
            #expect(p.texel(at: Point(x: 1, y: 2)).isFinite)
        }
    }
}
