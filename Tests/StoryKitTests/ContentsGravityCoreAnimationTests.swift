import MotionCore
import StoryKit
import Testing

/// The bridge from the format's gravities (UIKit's meaning: top is the screen top) to Core
/// Animation's names, which follow the layer's vertical axis.
@Suite struct ContentsGravityCoreAnimationTests {
    /// Every gravity, the name an unflipped layer needs and the name a flipped layer needs.
    static let cases: [(ContentsGravity, unflipped: String, flipped: String)] = [
        (.resize, "resize", "resize"),
        (.resizeAspect, "resizeAspect", "resizeAspect"),
        (.resizeAspectFill, "resizeAspectFill", "resizeAspectFill"),
        (.center, "center", "center"),
        (.top, "bottom", "top"),
        (.bottom, "top", "bottom"),
        (.left, "left", "left"),
        (.right, "right", "right"),
        (.topLeft, "bottomLeft", "topLeft"),
        (.topRight, "bottomRight", "topRight"),
        (.bottomLeft, "topLeft", "bottomLeft"),
        (.bottomRight, "topRight", "bottomRight"),
    ]

    @Test func everyGravityHasItsCoreAnimationNameOnAFlippedAndAnUnflippedLayer() {
        #expect(Self.cases.map(\.0) == ContentsGravity.allCases)
        for (gravity, unflipped, flipped) in Self.cases {
            #expect(gravity.coreAnimationName(isFlipped: false) == unflipped, "\(gravity) unflipped")
            #expect(gravity.coreAnimationName(isFlipped: true) == flipped, "\(gravity) flipped")
        }
    }

    @Test func theNameAnUnflippedLayerGetsPutsTheImageOnTheSameScreenEdgeAsTheFormat() throws {
        // Core Animation's unflipped names are y-up: its "top" edge is the maximum y, which on
        // iOS is the screen's bottom. Placing with that reading must agree with the format's
        // own placement (y down) for every gravity.
        let bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        for gravity in ContentsGravity.allCases {
            let name = gravity.coreAnimationName(isFlipped: false)
            let yUp = try #require(ContentsGravity(rawValue: name))
            let format = ImageContents(image: "photo", gravity: gravity)
                .placement(imageWidth: 20, imageHeight: 10, contentsScale: 1, in: bounds)
            let coreAnimation = ImageContents(image: "photo", gravity: yUp)
                .placement(imageWidth: 20, imageHeight: 10, contentsScale: 1, in: bounds)
            // Reading the y-up name's frame with y mirrored gives the format's frame.
            let mirrored = Rect(x: coreAnimation.frame.minX, y: bounds.height - coreAnimation.frame.maxY,
                                width: coreAnimation.frame.width, height: coreAnimation.frame.height)
            #expect(mirrored == format.frame, "\(gravity) → \(name)")
        }
    }
}
