import StoryKit
import StoryMedia
@testable import StoryKitUI
import Testing

@Suite struct AudioSessionRuleTests {
    typealias Player = AudioSessionRule.Player

    @Test func aPlayingUnmutedVideoWithSoundActivatesTheSessionAndItsPauseDeactivatesIt() {
        var rule = AudioSessionRule()
        #expect(rule.update([Player(isAudible: true, hasAudio: true), Player(isAudible: false, hasAudio: true)]) == true)
        #expect(rule.update([Player(isAudible: true, hasAudio: true)]) == nil, "no change, nothing to do")
        #expect(rule.update([Player(isAudible: false, hasAudio: true)]) == false)
        #expect(!rule.isActive)
    }

    @Test func imagesSilentVideosAndMutedPlayersLeaveTheSessionOff() {
        var rule = AudioSessionRule()
        #expect(rule.update([Player(isAudible: true, hasAudio: false)]) == nil)
        #expect(rule.update([Player(isAudible: false, hasAudio: true), Player(isAudible: false, hasAudio: nil)]) == nil)
        #expect(rule.update([]) == nil && !rule.isActive)
    }

    @Test func anItemNotYetKnownToHaveSoundLeavesTheSessionAsItIs() {
        // Given a video with sound playing, when the next video starts before it has loaded,
        // then the session stays on; once it turns out silent, it goes off.
        var rule = AudioSessionRule()
        _ = rule.update([Player(isAudible: true, hasAudio: true)])
        #expect(rule.update([Player(isAudible: false, hasAudio: true), Player(isAudible: true, hasAudio: nil)]) == nil)
        #expect(rule.isActive)
        #expect(rule.update([Player(isAudible: true, hasAudio: false)]) == false)
        // And from off, an unknown item does not switch it on before it is known to have sound.
        #expect(rule.update([Player(isAudible: true, hasAudio: nil)]) == nil && !rule.isActive)
        #expect(rule.update([Player(isAudible: true, hasAudio: true)]) == true)
        #expect(rule.stop() == false && rule.stop() == nil)
    }

    @Test func aMomentaryHoldKeepsTheSessionAndALastingPauseEndsIt() {
        var rule = AudioSessionRule()
        _ = rule.update([Player(isAudible: true, hasAudio: true)])
        #expect(rule.update([Player(isAudible: false, hasAudio: true)], momentaryPause: true) == nil && rule.isActive)
        #expect(rule.update([Player(isAudible: false, hasAudio: true)], momentaryPause: false) == false)
        #expect(rule.update([Player(isAudible: false, hasAudio: true)], momentaryPause: true) == nil && !rule.isActive,
                "a hold does not switch it on either")
    }

    @Test func holdsTurnsDismissesStallsAndVoiceOverAreMomentaryTheBackgroundAndTheHostAreNot() {
        #expect(!AudioSessionRule.isMomentary([]))
        for reason: StoriesViewer.PauseReasons in [.held, .turning, .dismissing, .stalled, .voiceOver, [.held, .turning]] {
            #expect(AudioSessionRule.isMomentary(reason))
        }
        for reason: StoriesViewer.PauseReasons in [.background, .user, [.held, .background], [.turning, .user]] {
            #expect(!AudioSessionRule.isMomentary(reason))
        }
    }

    @Test func followingThePoolTheSessionIsOnWhileTheCurrentVideoIsHeardOrHeldForAMoment() {
        // Given Ava's video (with sound) then her image, driven through the pool, then the
        // session is on while the video plays or a finger holds it, and off for the host's
        // pause, the image and the close.
        let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [
            StoryItem(id: "v", kind: .video, url: "v.mp4"), StoryItem(id: "i", kind: .image, url: "i.jpg"),
        ])])
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        viewer.sound = SoundPolicy(preference: .unmuted)   // muted, the session is never wanted
        var pool = PlayerPool()
        var rule = AudioSessionRule()
        let hasAudio = ["v": true, "i": false]
        func session() -> Bool {
            _ = pool.update(to: viewer)
            _ = rule.update(pool.slots.map { Player(isAudible: $0.isAudible, hasAudio: hasAudio[$0.item.id]) },
                            momentaryPause: AudioSessionRule.isMomentary(viewer.pauseReasons))
            return rule.isActive
        }
        #expect(session())
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 0.3)
        #expect(viewer.pauseReasons.contains(.held) && session(), "a finger on the video holds it, the session stays")
        viewer.advance(to: 0.8)
        #expect(session(), "still held")
        viewer.touchEnded(at: Point(x: 300, y: 400), time: 0.8)         // a hold, not a tap: no navigation
        #expect(viewer.currentItem?.id == "v" && session())
        viewer.setPaused(true, time: 1)
        #expect(!session())
        viewer.setPaused(false, time: 1.1)
        #expect(session())
        viewer.nextItem(time: 1.5)
        #expect(!session(), "the image is silent")
        viewer.close(time: 2)
        #expect(!session())
    }
}
