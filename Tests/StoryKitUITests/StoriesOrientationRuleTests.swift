import StoryKitUI
import Testing

/// The viewer is portrait on iPhone and follows the app on iPad.
@Suite struct StoriesOrientationRuleTests {
    typealias Rule = StoriesOrientationRule

    @Test func iPhoneShowsTheViewerInPortraitEvenWhenTheAppRotates() {
        #expect(Rule.orientations(idiom: .phone, allowed: .all) == .portrait)
        #expect(Rule.orientations(idiom: .phone, allowed: [.portrait, .landscapeLeft, .landscapeRight]) == .portrait)
        #expect(Rule.orientations(idiom: .phone, allowed: .portrait) == .portrait)
    }

    @Test func iPhoneAppWithoutPortraitKeepsWhatItAllows() {
        #expect(Rule.orientations(idiom: .phone, allowed: [.landscapeLeft, .landscapeRight]) == [.landscapeLeft, .landscapeRight])
    }

    @Test func iPadFollowsTheApp() {
        #expect(Rule.orientations(idiom: .pad, allowed: .all) == .all)
        #expect(Rule.orientations(idiom: .pad, allowed: [.portrait, .landscapeLeft]) == [.portrait, .landscapeLeft])
    }

    @Test func noInfoPlistEntryMeansTheSystemDefaults() {
        #expect(Rule.orientations(idiom: .phone, allowed: []) == .portrait)
        #expect(Rule.orientations(idiom: .pad, allowed: []) == .all)
    }

    @Test func infoPlistNamesMapToUIKitMaskBits() {
        let all = Rule.Orientations(infoPlistValues: [
            "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
            "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight", "Nonsense",
        ])
        #expect(all == .all)
        // UIInterfaceOrientationMask: portrait 2, upside down 4, landscapeRight 8, landscapeLeft 16.
        #expect(Rule.Orientations.portrait.rawValue == 2 && Rule.Orientations.portraitUpsideDown.rawValue == 4)
        #expect(Rule.Orientations.landscapeRight.rawValue == 8 && Rule.Orientations.landscapeLeft.rawValue == 16)
        #expect(Rule.Orientations(infoPlistValues: ["UIInterfaceOrientationLandscapeLeft"]) == .landscapeLeft)
    }

    @Test func theInfoPlistsIPadListWinsOnIPadAndTheCommonOneElsewhere() {
        let plist: [String: Any] = [
            "UISupportedInterfaceOrientations": ["UIInterfaceOrientationLandscapeLeft"],
            "UISupportedInterfaceOrientations~ipad": ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeRight"],
        ]
        #expect(Rule.orientations(idiom: .pad, infoPlistValue: { plist[$0] }) == [.portrait, .landscapeRight])
        #expect(Rule.orientations(idiom: .phone, infoPlistValue: { plist[$0] }) == .landscapeLeft,
                "an iPhone app without portrait keeps what it allows")
        let common: [String: Any] = ["UISupportedInterfaceOrientations": ["UIInterfaceOrientationLandscapeLeft"]]
        #expect(Rule.orientations(idiom: .pad, infoPlistValue: { common[$0] }) == .landscapeLeft, "no ~ipad list: the common one")
        #expect(Rule.orientations(idiom: .pad, infoPlistValue: { _ in nil }) == .all)
        #expect(Rule.orientations(idiom: .phone, infoPlistValue: { _ in 42 }) == .portrait, "not a list: the defaults")
    }
}
