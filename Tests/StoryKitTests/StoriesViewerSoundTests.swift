import MotionCore
import StoryKit
import Testing

@Suite struct StoriesViewerSoundTests {
    /// The middle of the mute button on the fixtures' 390 × 844 page.
    static let button = Point(x: 366, y: 34)

    /// Two users with two videos each (8 s), all shown at once.
    static func videos() -> StoriesViewer {
        let feed = StoryFeed(users: ["ava", "ben"].map { user in
            StoryUser(id: user, name: user, items: [1, 2].map { StoryItem(id: "\(user)\($0)", kind: .video, url: "\(user)\($0).mp4") })
        })
        var viewer = StoriesViewer(feed: feed, pageSize: ViewerFixtures.page)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    @Test func theViewerStartsMutedAndThePlayingDirectiveIsSilent() {
        let viewer = ViewerFixtures.viewer()
        #expect(viewer.isMuted)
        let playing = viewer.players.filter(\.isPlaying)
        #expect(playing.count == 1)
        #expect(viewer.players.allSatisfy { $0.isMuted }, "nothing audible while muted")
    }

    @Test func aViewerOpenedAfterAnUnmuteIsHeard() {
        var viewer = ViewerFixtures.viewer()
        viewer.sound = SoundPolicy(preference: .unmuted)
        #expect(viewer.players.filter { !$0.isMuted }.map(\.id) == ["a1"])
    }

    @Test func theMuteButtonSitsAtTheRightInsetLevelWithTheAvatar() {
        let viewer = ViewerFixtures.viewer()
        #expect(viewer.muteButtonFrame == Rect(x: 350, y: 18, width: 32, height: 32))
        #expect(viewer.muteButtonHitFrame == Rect(x: 344, y: 12, width: 44, height: 44))
    }

    @Test func rightToLeftTheButtonSitsAtTheLeftInsetOppositeTheAvatarAndTakesItsTaps() {
        var viewer = Self.videos()
        viewer.configuration.layoutDirection = .rightToLeft
        #expect(viewer.muteButtonFrame == Rect(x: 8, y: 18, width: 32, height: 32))
        #expect(viewer.chromeLayout.avatar.minX > 300, "the avatar is at the right")
        #expect(viewer.isOnMuteButton(Point(x: 24, y: 34)) && !viewer.isOnMuteButton(Point(x: 366, y: 34)))
        let events = viewer.touchBegan(at: Point(x: 24, y: 34), time: 1) + viewer.touchEnded(at: Point(x: 24, y: 34), time: 1.05)
        #expect(!viewer.isMuted && events.contains { if case .muteChanged = $0 { true } else { false } })
        #expect(viewer.itemIndex == 0, "the button's tap is not a page tap (which would go back or forward)")
    }

    @Test func aTapOnTheButtonTogglesWithoutPausingOrAdvancing() {
        var viewer = Self.videos()
        viewer.advance(to: 1)
        let began = viewer.touchBegan(at: Self.button, time: 1)
        #expect(began.isEmpty)
        #expect(viewer.pauseReasons.isEmpty, "the button's touch does not hold the page")
        viewer.advance(to: 1.5)
        #expect(viewer.elapsed == 1.5)
        let ended = viewer.touchEnded(at: Self.button, time: 1.5)
        #expect(ended == [.muteChanged(isMuted: false, user: 0, item: 0, id: "ava1")])
        #expect(viewer.itemIndex == 0 && viewer.elapsed == 1.5, "not a page tap")
        #expect(viewer.players.first { $0.isPlaying }?.isMuted == false)
        // The choice holds on the next item and the next user.
        viewer.tap(x: 300, at: 2)
        viewer.displayEverythingListed(time: 2.1)
        #expect(viewer.itemIndex == 1 && viewer.players.filter { !$0.isMuted }.map(\.id) == ["ava2"])
        viewer.showUser(1, time: 3)
        viewer.run(to: 5, from: 3)
        #expect(viewer.userIndex == 1 && viewer.players.filter { !$0.isMuted }.map(\.id) == ["ben1"])
        // And a second tap mutes again.
        #expect(viewer.touchBegan(at: Self.button, time: 5.1).isEmpty)
        #expect(viewer.touchEnded(at: Self.button, time: 5.15) == [.muteChanged(isMuted: true, user: 1, item: 0, id: "ben1")])
        #expect(viewer.players.allSatisfy { $0.isMuted })
    }

    @Test func aButtonTouchHeldLongIsNotAHoldAndALiftElsewhereDoesNothing() {
        var viewer = Self.videos()
        viewer.touchBegan(at: Self.button, time: 1)
        viewer.advance(to: 2)
        #expect(viewer.chromeOpacity == 1 && viewer.elapsed == 2, "no hold, no fade")
        #expect(viewer.touchEnded(at: Point(x: 200, y: 400), time: 2).isEmpty)
        #expect(viewer.isMuted && viewer.itemIndex == 0)
    }

    @Test func volumeButtonAndHeadphonesGoThroughTheViewerWithAnEvent() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 1)
        #expect(viewer.sound(.volumeButton, time: 1) == [.muteChanged(isMuted: false, user: 0, item: 0, id: "a1")])
        #expect(viewer.sound(.volumeButton, time: 1.1).isEmpty)
        #expect(viewer.sound(.headphones(connected: true), time: 1.2).isEmpty, "already heard")
        #expect(viewer.sound(.headphones(connected: false), time: 1.3) == [.muteChanged(isMuted: true, user: 0, item: 0, id: "a1")])
        #expect(viewer.players.allSatisfy { $0.isMuted })
        #expect(viewer.elapsed == 1.3, "sound changes do not pause")
    }

    @Test func onAnImageTheButtonIsNeitherDrawnNorHitAndTheTapIsThePages() {
        var viewer = ViewerFixtures.viewer()
        #expect(!viewer.showsMuteButton(forUser: 0) && viewer.showsMuteButton(forUser: 2))
        let events = viewer.tap(x: Self.button.x, at: 1)
        #expect(events.contains(.itemShown(user: 0, item: 1, id: "a2")), "a page tap on the right")
        #expect(viewer.isMuted)
    }

    @Test func theSceneDrawsTheSpeakerWithACrossWhileMutedAndWavesWhileUnmuted() throws {
        var viewer = Self.videos()
        func mute(_ viewer: StoriesViewer) throws -> Layer {
            let layers = viewer.layers(media: { _, _ in nil })
            let page = try #require(layers.last?.sublayers.first?.sublayers.first { $0.name == "page 0" })
            let chrome = try #require(page.sublayers.first { $0.name == "chrome" })
            return try #require(chrome.sublayers.first { $0.name == "mute" })
        }
        let muted = try mute(viewer)
        #expect(muted.position == Point(x: 366, y: 34))
        #expect(muted.sublayers.map(\.name) == ["speaker", "cross"])
        viewer.sound(.toggle, time: 0.5)
        let unmuted = try mute(viewer)
        #expect(unmuted.sublayers.map(\.name) == ["speaker", "waves"])
    }
}
