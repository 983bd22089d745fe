import MotionCore
import StoryKit
import StoryKitUI
import Testing

/// What SceneLayersView draws again when the page changes: only the places whose layer changed,
/// so a bar filling every frame does not set the captions' and the areas' text again.
@Suite struct SceneLayerRedrawTests {
    static func text(_ string: String) -> Layer { Layer(name: string, text: TextContents(string)) }
    static func bars(fill: Double) -> Layer {
        Layer(name: "bars", sublayers: [Layer(name: "segment 0", sublayers: [Layer(name: "fill", bounds: Rect(x: 0, y: 0, width: fill, height: 2))])])
    }
    static let page = [Layer(name: "scrim"), Layer(name: "chrome", sublayers: [bars(fill: 10), text("Ava")]), text("See more")]

    @Test func onlyThePlacesThatChangedAreDrawnAgainWithTheirLastSublayers() {
        var next = Self.page
        next[1].sublayers[0] = Self.bars(fill: 20)
        let (redraws, removed) = SceneLayerKind.redraws(existing: [.plain, .plain, .text], for: next, previous: Self.page, sameImages: true)
        #expect(redraws == [SceneLayerKind.Redraw(index: 1, step: .keep, previous: Self.page[1].sublayers)] && removed.isEmpty)
        // One level down: the bars changed, the name did not.
        let chrome = SceneLayerKind.redraws(existing: [.plain, .text], for: next[1].sublayers, previous: Self.page[1].sublayers, sameImages: true)
        #expect(chrome.redraws.map(\.index) == [0])
    }

    @Test func theSameLayersDrawNothingAndNewImagesDrawEverything() {
        let same = SceneLayerKind.redraws(existing: [.plain, .plain, .text], for: Self.page, previous: Self.page, sameImages: true)
        #expect(same.redraws.isEmpty)
        let images = SceneLayerKind.redraws(existing: [.plain, .plain, .text], for: Self.page, previous: Self.page, sameImages: false)
        #expect(images.redraws.map(\.index) == [0, 1, 2] && images.redraws.map(\.step) == [.keep, .keep, .keep])
        #expect(images.redraws[1].previous == Self.page[1].sublayers)
    }

    @Test func newReplacedAndRemovedPlacesAreDrawnAsBefore() {
        // A first draw: every place is added, with nothing drawn before it.
        let first = SceneLayerKind.redraws(existing: [], for: Self.page, previous: [], sameImages: true)
        #expect(first.redraws.map(\.step) == [.add(.plain), .add(.plain), .add(.text)] && first.redraws.allSatisfy(\.previous.isEmpty))
        // The overlay arrives on top; a layer of another class replaces the one there; the extra goes.
        let grown = SceneLayerKind.redraws(existing: [.plain, .plain, .text], for: Self.page + [Layer(name: "loading")],
                                           previous: Self.page, sameImages: true)
        #expect(grown.redraws == [SceneLayerKind.Redraw(index: 3, step: .add(.plain), previous: [])])
        let replaced = SceneLayerKind.redraws(existing: [.plain, .plain, .text], for: [Self.page[0], Self.text("Ben")],
                                              previous: Self.page, sameImages: true)
        #expect(replaced.redraws == [SceneLayerKind.Redraw(index: 1, step: .replace(.text), previous: [])] && replaced.removed == 2..<3)
    }
}
