import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// What both profile-header front-ends share: the model is built once per layout and
/// configuration with the system's Reduce Motion added, and the SwiftUI container tells the model
/// where it lays the avatar and the name out.
@Suite struct ProfileHeaderSharedRulesTests {
    static let layout = ProfileHeaderFrontEndRulesTests.layout

    @Test func theModelIsBuiltOncePerLayoutAndConfiguration() {
        let cache = ProfileHeaderModelCache()
        let first = cache.update(Self.layout, configuration: .init(), systemReduceMotion: false)
        #expect(first.isNew)
        // A scroll step measures the same layout: the same model, nothing rebuilt.
        let again = cache.update(Self.layout, configuration: .init(), systemReduceMotion: false)
        #expect(!again.isNew)
        #expect(again.model == first.model)
        var rotated = Self.layout
        rotated.width = 844
        let afterRotation = cache.update(rotated, configuration: .init(), systemReduceMotion: false)
        #expect(afterRotation.isNew)
        #expect(cache.model?.layout.width == 844)
        cache.reset()
        #expect(cache.model == nil)
        #expect(cache.update(rotated, configuration: .init(), systemReduceMotion: false).isNew)
    }

    @Test func reduceMotionIsOnWhenTheAppOrTheSystemSaysSo() {
        let cache = ProfileHeaderModelCache()
        #expect(!cache.update(Self.layout, configuration: .init(), systemReduceMotion: false).model.configuration.reduceMotion)
        let system = cache.update(Self.layout, configuration: .init(), systemReduceMotion: true)
        #expect(system.isNew)
        #expect(system.model.configuration.reduceMotion)
        // Reduce Motion keeps the avatar's size however far the content scrolls.
        #expect(system.model.frame(offset: 200).avatarScale == 1)
        #expect(cache.update(Self.layout, configuration: .init(reduceMotion: true), systemReduceMotion: false).model.configuration.reduceMotion)
    }

    @Test func theAvatarOverlapsTheHeaderByHalfAndTheNameSitsBelowIt() {
        let layout = ProfileHeaderStackLayout.layout(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                                     avatarSize: 72, nameSize: Size(width: 150, height: 28),
                                                     titleSize: Size(width: 120, height: 20))
        #expect(layout.headerBottom == 167)
        #expect(layout.avatar == Rect(x: 16, y: 131, width: 72, height: 72))
        #expect(layout.avatar.midY == layout.headerBottom)
        #expect(layout.nameLabel == Rect(x: 16, y: 211, width: 150, height: 28))
        #expect(layout.titleSize == Size(width: 120, height: 20))
    }

    @Test(arguments: [-10.0, .nan, .infinity, 1_000])
    func anyAvatarSizeGivesAnAvatarAtOrBelowTheContentsTop(avatarSize: Double) {
        let layout = ProfileHeaderStackLayout.layout(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                                     avatarSize: avatarSize, nameSize: Size(width: 150, height: 28),
                                                     titleSize: Size(width: 120, height: 20))
        #expect(layout.avatar.minY >= 0 && layout.avatar.minY.isFinite)
        #expect(layout.avatar.width >= 0 && layout.avatar.width.isFinite)
        #expect(layout.nameLabel.minY >= layout.avatar.maxY)
    }
}
