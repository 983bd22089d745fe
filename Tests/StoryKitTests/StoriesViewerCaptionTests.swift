import Foundation
import MotionCore
import StoryKit
import Testing

/// Captions and subtitles in the viewer: from the feed, timed to the item's playhead, shown while
/// muted, laid out at the page's bottom over a darkening band, scaled with Dynamic Type.
@Suite struct StoriesViewerCaptionTests {
    static let track = SubtitleTrack(cues: [.init(start: 0.5, end: 2, text: "Morning!"), .init(start: 2, end: 4, text: "Look at that light")])

    /// Ava's first item captioned, with subtitles; the rest as the fixtures have them.
    static func viewer(sound: SoundPreference = .muted) -> StoriesViewer {
        var feed = ViewerFixtures.feed
        feed.users[0].items[0].caption = "Sunrise over the pier"
        var viewer = StoriesViewer(feed: feed, pageSize: ViewerFixtures.page)
        viewer.sound = SoundPolicy(preference: sound)
        viewer.setSubtitles(Self.track, forItem: "a1")
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    @Test func theFeedCarriesACaptionAndASubtitlesFileAndRefusesAnEmptyOne() throws {
        let json = #"{"users": [{"id": "ava", "name": "Ava", "items": [{"id": "a1", "kind": "video", "url": "a1.mp4", "caption": "Hi", "subtitles": "a1.vtt"}]}]}"#
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(json.utf8))
        #expect(feed.users[0].items[0].caption == "Hi" && feed.users[0].items[0].subtitles == "a1.vtt")
        let empty = json.replacingOccurrences(of: "\"a1.vtt\"", with: "\"\"")
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoryFeed.self, from: Data(empty.utf8)) }
        #expect("\(String(describing: error))".contains("subtitles"))
    }

    @Test func subtitlesFollowThePlayheadWhileMutedAndTheCaptionStays() {
        var viewer = Self.viewer()
        #expect(viewer.captions(forUser: 0) == CaptionPresentation(caption: "Sunrise over the pier", subtitle: nil))
        viewer.run(to: 1, from: 0)
        #expect(viewer.captions(forUser: 0).subtitle == "Morning!")
        viewer.run(to: 2.5, from: 1)
        #expect(viewer.captions(forUser: 0).subtitle == "Look at that light")
        // Unmuted, the subtitles go (automatic); always brings them back.
        viewer.sound(.toggle, time: 2.5)
        #expect(!viewer.isMuted && viewer.captions(forUser: 0).subtitle == nil)
        viewer.subtitleMode = .always
        #expect(viewer.captions(forUser: 0).subtitle == "Look at that light")
        // Another user's page shows its own item's caption only (none here).
        #expect(viewer.captions(forUser: 1).isEmpty)
    }

    @Test func theCaptionSitsAboveThePageBottomAndTheSubtitleAboveIt() {
        var viewer = Self.viewer()
        viewer.run(to: 1, from: 0)
        let layout = viewer.captionLayout(for: viewer.captions(forUser: 0))
        #expect(layout.caption.maxY == 844 - 28)
        #expect(layout.caption.height == 15 * 1.25, "one line: 21 characters fit in 342 pt")
        #expect(layout.subtitle.maxY == layout.caption.minY - 12)
        #expect(layout.scrim.maxY == 844 && layout.scrim.minY < layout.subtitle.minY)
        // Twice the text size: twice the fonts, and the long caption takes more lines.
        viewer.captionTextScale = 2
        var long = viewer.captions(forUser: 0)
        long.caption = String(repeating: "a caption that goes on ", count: 6)
        let large = viewer.captionLayout(for: long)
        #expect(large.captionFontSize == 30 && large.subtitleFontSize == 34)
        #expect(large.caption.height == 3 * 30 * 1.25, "capped at three lines")
    }

    @Test func theSceneDrawsTheCaptionsUnderTheChromeAndFadesThemWhileHeld() throws {
        var viewer = Self.viewer()
        viewer.run(to: 1, from: 0)
        let page = try #require(viewer.layers(media: { _, _ in nil }).first { $0.name == "viewer" }?
            .sublayers.first?.sublayers.first { $0.name == "page 0" })
        let names = page.sublayers.map(\.name)
        let captionsIndex = try #require(names.firstIndex(of: "captions"))
        #expect(captionsIndex < (names.firstIndex(of: "chrome") ?? 0))
        let captions = page.sublayers[captionsIndex]
        #expect(captions.sublayers.map(\.name) == ["captionScrim", "subtitle", "caption"])
        #expect(captions.sublayers[2].text?.string == "Sunrise over the pier")
        // A hold fades the chrome and the captions together.
        viewer.touchBegan(at: Point(x: 200, y: 400), time: 1.1)
        viewer.advance(to: 1.6)
        let held = try #require(viewer.layers(media: { _, _ in nil }).first { $0.name == "viewer" }?
            .sublayers.first?.sublayers.first { $0.name == "page 0" }?.sublayers.first { $0.name == "captions" })
        #expect(held.opacity == viewer.chromeOpacity && held.opacity < 1)
    }

    @Test func hostileScalesAndSizesNeitherTrapNorGoNonFinite() {
        var viewer = Self.viewer()
        for scale in [Double.nan, -1, 0, .infinity, 1e300] {
            viewer.captionTextScale = scale
            let layout = viewer.captionLayout(for: CaptionPresentation(caption: "x", subtitle: "y"))
            #expect(layout.captionFontSize.isFinite && layout.captionFontSize >= 7.5 && layout.captionFontSize <= 52.5)
        }
        viewer.pageSize = Size(width: .nan, height: 0)
        #expect(viewer.layers(media: { _, _ in nil }).isEmpty || viewer.captionLayout(for: CaptionPresentation(caption: "x")).caption.width == 0)
    }
}
