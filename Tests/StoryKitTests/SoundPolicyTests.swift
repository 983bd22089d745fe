import MotionCore
import StoryKit
import Testing

@Suite struct SoundPolicyTests {
    @Test func storiesStartMutedUnlessTheUserUnmutedEarlierOrWearsHeadphones() {
        #expect(SoundPolicy().isMuted)
        #expect(SoundPolicy(preference: .muted).sessionCategory == .ambient)
        #expect(!SoundPolicy(preference: .unmuted).isMuted)
        #expect(SoundPolicy(preference: .unmuted).sessionCategory == .playback)
        #expect(!SoundPolicy(preference: .muted, headphonesConnected: true).isMuted)
    }

    @Test func theButtonTogglesAndThePreferenceFollowsForTheNextViewer() {
        var sound = SoundPolicy()
        #expect(sound.buttonLabel == "Unmute")
        let changed1 = sound.apply(.toggle)
        #expect(changed1)
        #expect(!sound.isMuted && sound.preference == .unmuted && sound.buttonLabel == "Mute")
        #expect(SoundPolicy(preference: sound.preference).isMuted == false, "the next viewer starts unmuted")
        let changed2 = sound.apply(.toggle)
        #expect(changed2)
        #expect(sound.isMuted && sound.preference == .muted)
    }

    @Test func aVolumeButtonUnmutesAndNeverMutes() {
        var sound = SoundPolicy()
        let changed3 = sound.apply(.volumeButton)
        #expect(changed3)
        #expect(!sound.isMuted)
        let changed4 = sound.apply(.volumeButton)
        #expect(!changed4, "a second press changes nothing")
        #expect(!sound.isMuted)
    }

    @Test func headphonesConnectedUnmuteAndDisconnectedMuteAgain() {
        var sound = SoundPolicy()
        let changed5 = sound.apply(.headphones(connected: true))
        #expect(changed5)
        #expect(!sound.isMuted && sound.headphonesConnected)
        let changed6 = sound.apply(.headphones(connected: true))
        #expect(!changed6, "a repeated report is no change")
        let changed7 = sound.apply(.headphones(connected: false))
        #expect(changed7)
        #expect(sound.isMuted && !sound.headphonesConnected, "no sound jumps to the loudspeaker")
        let changed8 = sound.apply(.headphones(connected: false))
        #expect(!changed8)
        #expect(sound.isMuted)
    }

    @Test func theHostCanSetItAndOnlyAChangeCounts() {
        var sound = SoundPolicy()
        let changed9 = sound.apply(.set(muted: true))
        #expect(!changed9)
        let changed10 = sound.apply(.set(muted: false))
        #expect(changed10)
        #expect(!sound.isMuted)
    }
}
