import Foundation
import MotionCore
import StoryKit
import Testing

/// The header's name and age, one set of text layers for the compositor's scene and the UIKit
/// page: placed in the chrome's title frame, the age under the name, scaled with Dynamic Type.
@Suite struct StoriesViewerTitleLayersTests {
    static func viewer() -> StoriesViewer {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    @Test func theNameSitsBesideTheAvatarAndTheAgeUnderIt() throws {
        let viewer = Self.viewer()
        let title = viewer.chromeLayout.title
        let layers = viewer.titleLayers(forUser: 0, now: 3 * 3600)
        #expect(layers.map(\.name) == ["name", "age"])
        let name = layers[0], age = layers[1]
        #expect(name.position == Point(x: title.midX, y: title.minY + 8) && name.bounds.size == Size(width: title.width, height: 18))
        #expect(age.position == Point(x: title.midX, y: title.minY + 25) && age.bounds.size == Size(width: title.width, height: 16))
        #expect(name.text?.string == viewer.users[0].name && name.text?.fontSize == 14)
        #expect(age.text?.fontSize == 12 && age.text?.color.alpha == StoriesViewer.ChromeText.ageOpacity)
        #expect(name.text?.alignment == viewer.chromeLayout.titleAlignment)
    }

    @Test func theSceneDrawsTheseLayersInItsChrome() throws {
        let viewer = Self.viewer()
        let page = try #require(viewer.layers(media: { _, _ in nil }, now: 3600).first { $0.name == "viewer" }?
            .sublayers.first?.sublayers.first { $0.name == "page 0" })
        let chrome = try #require(page.sublayers.first { $0.name == "chrome" })
        #expect(Array(chrome.sublayers.suffix(2)) == viewer.titleLayers(forUser: 0, now: 3600))
    }

    @Test func dynamicTypeGrowsTheTextUpToTwentyPointsAndKeepsTheAgeUnderTheName() throws {
        var viewer = Self.viewer()
        viewer.captionTextScale = 1.2
        var layers = viewer.titleLayers(forUser: 0, now: 0)
        #expect(abs((layers[0].text?.fontSize ?? 0) - 16.8) < 1e-9 && abs((layers[1].text?.fontSize ?? 0) - 14.4) < 1e-9)
        viewer.captionTextScale = 3
        layers = viewer.titleLayers(forUser: 0, now: 0)
        #expect(layers[0].text?.fontSize == 20, "capped: the title has the avatar's height")
        let nameBottom = layers[0].position.y + layers[0].bounds.height / 2
        #expect(layers[1].position.y - layers[1].bounds.height / 2 == nameBottom, "the age starts where the name ends")
        #expect(layers[1].bounds.height > 16 && layers[0].bounds.height > 18)
    }

    @Test func hostileScalesAndUsersNeitherTrapNorGoNonFinite() {
        var viewer = Self.viewer()
        for scale in [Double.nan, -1, 0, .infinity, 1e300] {
            viewer.captionTextScale = scale
            let size = viewer.titleLayers(forUser: 0, now: 0).first?.text?.fontSize ?? 0
            #expect(size.isFinite && size >= 7 && size <= 20)
        }
        #expect(viewer.titleLayers(forUser: -1, now: 0).isEmpty && viewer.titleLayers(forUser: 99, now: 0).isEmpty)
        #expect(viewer.titleLayers(forUser: 0, now: nil).map(\.name) == ["name"], "no date, no age")
    }
}
