import StoryKit
@testable import StoryKitUI
import Testing

/// What the UIKit viewer controller gives the model on a layout pass: its bounds, safe area and
/// horizontal size class, mapped to the card layout it lays the stage out from.
@Suite struct StoriesStageCardTests {
    @Test func uiKitsSizeClassRawValuesMapToTheModels() {
        #expect(StoriesStage.sizeClass(uiKitRawValue: 0) == .unspecified)
        #expect(StoriesStage.sizeClass(uiKitRawValue: 1) == .compact)
        #expect(StoriesStage.sizeClass(uiKitRawValue: 2) == .regular)
        #expect(StoriesStage.sizeClass(uiKitRawValue: 99) == .unspecified)
    }

    @Test func anIPhoneUprightKeepsTheSafeAreaStage() {
        let layout = StoriesStage.layout(bounds: Rect(x: 0, y: 0, width: 393, height: 852), safeAreaTop: 59, safeAreaBottom: 34,
                                         horizontalSizeClass: 1)
        #expect(layout.presentation == .fullScreen)
        #expect(layout.card == Rect(x: 0, y: 59, width: 393, height: 759))
    }

    @Test func anIPadGetsTheCardCentredInItsSafeArea() {
        let layout = StoriesStage.layout(bounds: Rect(x: 0, y: 0, width: 1180, height: 820), safeAreaTop: 24, safeAreaBottom: 20,
                                         horizontalSizeClass: 2)
        #expect(layout.presentation == .card)
        #expect(layout.card.height == 776 - 48 && layout.card.midY == 24 + 388 && layout.card.midX == 590)
    }

    @Test func aLayoutChangeIsOneChangeAndTheSameLayoutNone() {
        var viewer = StoriesViewer(feed: StoriesFrontEndRulesTests.feed, pageSize: Size(width: 390, height: 844))
        let session = StoriesSession<Int>()
        let layout = StoriesStage.layout(bounds: Rect(x: 0, y: 0, width: 1366, height: 1024), safeAreaTop: 0, safeAreaBottom: 0,
                                         horizontalSizeClass: 2)
        let changes = session.layout(layout, in: viewer)
        #expect(changes == [.layout(layout)])
        changes?.forEach { $0.apply(to: &viewer) }
        #expect(viewer.pageSize == layout.card.size && viewer.isCard)
        #expect(session.layout(layout, in: viewer) == nil)
    }
}
