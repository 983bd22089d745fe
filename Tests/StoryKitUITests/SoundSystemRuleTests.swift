import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

@Suite struct SoundSystemRuleTests {
    @Test func headphonesPluggedInAreConsentAndTheirRemovalMutes() {
        #expect(SoundSystemRule.input(routeChangeReason: 1, previousOutputs: ["Speaker"], currentOutputs: ["Headphones"])
            == .headphones(connected: true))
        #expect(SoundSystemRule.input(routeChangeReason: 1, previousOutputs: ["Speaker"], currentOutputs: ["BluetoothA2DPOutput"])
            == .headphones(connected: true))
        #expect(SoundSystemRule.input(routeChangeReason: 2, previousOutputs: ["BluetoothA2DPOutput"], currentOutputs: ["Speaker"])
            == .headphones(connected: false))
    }

    @Test func otherRouteChangesMeanNothing() {
        #expect(SoundSystemRule.input(routeChangeReason: 1, previousOutputs: ["Speaker"], currentOutputs: ["AirPlay"]) == nil)
        #expect(SoundSystemRule.input(routeChangeReason: 2, previousOutputs: ["AirPlay"], currentOutputs: ["Speaker"]) == nil)
        #expect(SoundSystemRule.input(routeChangeReason: 3, previousOutputs: ["Headphones"], currentOutputs: ["Speaker"]) == nil)
        #expect(SoundSystemRule.input(routeChangeReason: nil, previousOutputs: [], currentOutputs: ["Headphones"]) == nil)
        #expect(SoundSystemRule.input(routeChangeReason: 2, previousOutputs: ["Headphones"], currentOutputs: ["BluetoothLE"]) == nil,
                "still in the ears")
    }

    @Test func aVolumeChangeIsAButtonPressAndNoChangeIsNone() {
        #expect(SoundSystemRule.input(volumeFrom: 0.5, to: 0.5625) == .volumeButton)
        #expect(SoundSystemRule.input(volumeFrom: 0.5, to: 0.5) == nil)
        #expect(SoundSystemRule.input(volumeFrom: nil, to: 0.5) == nil)
        #expect(SoundSystemRule.input(volumeFrom: .nan, to: 0.5) == nil)
    }

    @Test func theCategoryIsAmbientWhileMutedAndPlaybackWhileUnmuted() {
        #expect(SoundSystemRule.settings(for: SoundPolicy().sessionCategory).category == "AVAudioSessionCategoryAmbient")
        #expect(SoundSystemRule.settings(for: SoundPolicy(preference: .unmuted).sessionCategory) == .playback)
    }

    @Test func voiceOverOffersMuteOrUnmuteOnAVideoOnly() {
        let feed = StoryFeed(users: [StoryUser(id: "a", name: "A", items: [
            StoryItem(id: "v", kind: .video, url: "v.mp4"), StoryItem(id: "i", kind: .image, url: "i.jpg"),
        ])])
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        #expect(StoriesAccessibilityAction.available(in: viewer).contains(.unmute))
        #expect(StoriesAccessibilityAction.unmute.name == "Unmute")
        let events = StoriesAccessibilityAction.unmute.perform(on: &viewer, time: 1)
        #expect(events == [.muteChanged(isMuted: false, user: 0, item: 0, id: "v")] && !viewer.isMuted)
        #expect(StoriesAccessibilityAction.available(in: viewer).contains(.mute))
        viewer.nextItem(time: 2)
        #expect(!StoriesAccessibilityAction.available(in: viewer).contains(.mute), "an image has no button")
    }
}
