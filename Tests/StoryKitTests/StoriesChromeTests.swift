import MotionCore
@testable import StoryKit
import StoryKitTestSupport
import Testing

/// The chrome on its own (``StoriesViewer/Chrome``): its fade on a hold and after it, and where
/// the bars, avatar and title sit.
@Suite struct StoriesChromeTests {
    typealias Chrome = StoriesViewer.Chrome

    @Test func itIsOpaqueAtRestAndFadesOutLinearlyOnAHold() {
        var chrome = Chrome()
        #expect(chrome.opacity(at: 0, duration: 0.2) == 1 && !chrome.isFading(at: 0, duration: 0.2))
        chrome.fade(to: 0, at: 1, duration: 0.2)
        #expect(chrome.isFading(at: 1.05, duration: 0.2))
        #expect(Approximately.equal(chrome.opacity(at: 1.05, duration: 0.2), 0.75))
        #expect(Approximately.equal(chrome.opacity(at: 1.1, duration: 0.2), 0.5))
        #expect(Approximately.equal(chrome.opacity(at: 1.2, duration: 0.2), 0) && !chrome.isFading(at: 1.3, duration: 0.2))
    }

    @Test func aFadeBackInStartsFromWhereTheFadeOutIs() {
        var chrome = Chrome()
        chrome.fade(to: 0, at: 1, duration: 0.2)
        chrome.fade(to: 1, at: 1.1, duration: 0.2)              // lifted half way: no jump
        #expect(Approximately.equal(chrome.opacity(at: 1.1, duration: 0.2), 0.5))
        #expect(Approximately.equal(chrome.opacity(at: 1.2, duration: 0.2), 0.75))
        #expect(chrome.opacity(at: 1.4, duration: 0.2) == 1 && !chrome.isFading(at: 1.4, duration: 0.2))
    }

    @Test func fadingToWhereItAlreadyGoesDoesNotRestart() {
        var chrome = Chrome()
        chrome.fade(to: 0, at: 1, duration: 0.2)
        chrome.fade(to: 0, at: 1.1, duration: 0.2)
        #expect(Approximately.equal(chrome.opacity(at: 1.15, duration: 0.2), 0.25))
        chrome.fade(to: 1, at: 5, duration: 0.2)
        chrome.fade(to: 1, at: 5.1, duration: 0.2)
        #expect(Approximately.equal(chrome.opacity(at: 5.1, duration: 0.2), 0.5))
    }

    @Test func aZeroDurationFadesAtOnce() {
        var chrome = Chrome()
        chrome.fade(to: 0, at: 1, duration: 0)
        #expect(chrome.opacity(at: 1, duration: 0) == 0 && !chrome.isFading(at: 1, duration: 0))
    }

    @Test func theHeaderSitsUnderTheBarsAtTheInset() {
        let layout = Chrome.layout(pageSize: Size(width: 390, height: 844), style: StoriesViewer.SegmentStyle())
        #expect(layout.scrim == Rect(x: 0, y: 0, width: 390, height: 140))
        // 8-pt inset, 2-pt bars, 8 pt under them: a 32-pt avatar at (8, 18).
        #expect(layout.avatar == Rect(x: 8, y: 18, width: 32, height: 32) && layout.avatarCornerRadius == 16)
        #expect(layout.title == Rect(x: 48, y: 18, width: 334, height: 32))
        let tiny = Chrome.layout(pageSize: Size(width: 20, height: .nan), style: StoriesViewer.SegmentStyle())
        #expect(tiny.scrim.height == 0 && tiny.title.width == 0)
    }

    @Test func theBarsShareTheWidthAndFillUpToTheCurrentItem() {
        let style = StoriesViewer.SegmentStyle()
        // 390 - 2·8 = 374 pt for 3 segments and 2 gaps of 4 pt: 122 pt each.
        let segments = (0..<3).compactMap {
            Chrome.segment($0, of: 3, current: 1, currentFill: 0.4, pageWidth: 390, style: style)
        }
        #expect(segments.map(\.frame.width) == [122, 122, 122])
        #expect(segments.map(\.frame.minX) == [8, 134, 260])
        #expect(segments.map(\.fraction) == [1, 0.4, 0])
        #expect(segments.allSatisfy { $0.frame.minY == 8 && $0.frame.height == 2 })
        #expect(Chrome.segment(3, of: 3, current: 1, currentFill: 0, pageWidth: 390, style: style) == nil)
        #expect(Chrome.segment(-1, of: 3, current: 1, currentFill: 0, pageWidth: 390, style: style) == nil)
    }

    @Test func withManyItemsTheGapsShrinkSoTheSegmentsKeepRoom() throws {
        let style = StoriesViewer.SegmentStyle()
        // 60 items: 59 gaps of 4 pt would take 236 of 374 pt; they share half the width instead.
        let first = try #require(Chrome.segment(0, of: 60, current: 0, currentFill: 0, pageWidth: 390, style: style))
        let second = try #require(Chrome.segment(1, of: 60, current: 0, currentFill: 0, pageWidth: 390, style: style))
        let last = try #require(Chrome.segment(59, of: 60, current: 0, currentFill: 0, pageWidth: 390, style: style))
        #expect(Approximately.equal(second.frame.minX - first.frame.maxX, 374 * 0.5 / 60))
        #expect(first.frame.width > 0)
        #expect(Approximately.equal(last.frame.maxX, 382, absolute: 1e-9))
    }
}
