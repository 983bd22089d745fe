import MotionCore
import StoryKit
import Testing

/// The code in the profile header's doc comments, compiled and checked.
@Suite struct ProfileHeaderDocumentationExamplesTests {
    @Test func scrollKeyframesExample() {
        // The header moves up with the content until 106 pt, then sticks.
        let lift = ScrollKeyframes<Double>([.init(offset: 0, value: 0), .init(offset: 106, value: -106)])
        #expect(lift.value(at: -40) == 0)
        #expect(lift.value(at: 50) == -50)
        #expect(lift.value(at: 900) == -106)
    }

    @Test func stretchyHeaderExample() {
        let header = StretchyHeader(layout: .init(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                                  avatar: Rect(x: 16, y: 131, width: 72, height: 72),
                                                  nameLabel: Rect(x: 16, y: 260, width: 200, height: 24)))
        let contentOffsetY = -167.0 + 100, restInsetTop = 167.0
        let now = header.frame(offset: contentOffsetY + restInsetTop)
        #expect(now.headerTranslation == -76 && now.isHeaderInFront)
        #expect(now.avatarScale == 0.5 && now.blurOpacity == 0)
    }

    @Test func readmeExample() {
        let header = StretchyHeader(layout: .init(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                                  avatar: Rect(x: 16, y: 131, width: 72, height: 72),
                                                  nameLabel: Rect(x: 16, y: 260, width: 200, height: 24)))
        let now = header.frame(offset: 100)   // headerTranslation -76, isHeaderInFront, avatarScale 0.5 …
        let sigma = header.blurSigma(imagePixels: Size(width: 1170, height: 600))   // 30 px: blur the image once
        #expect(now.headerTranslation == -76 && now.isHeaderInFront && now.avatarScale == 0.5)
        #expect(abs(sigma - 30) < 1e-9)
    }
}
