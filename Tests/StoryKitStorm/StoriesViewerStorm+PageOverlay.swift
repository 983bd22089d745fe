import StoryKit

// MARK: - StoriesViewerStorm + Page overlay

/// The UIKit page draws the compositor's page: ``StoriesViewer/pageOverlayLayers(user:now:)``.
///
/// Invariant, after every 16th step and the last: every page the scene draws (`"page <user>"`, on the cube or in
/// a card) has, under the cube's shading, exactly the layers the UIKit page draws over its media
/// views, the `"media"` layer differing only by the media's pixels and its black.
extension StoriesViewerStorm {
    static func checkPageOverlay(_ viewer: StoriesViewer) -> String? {
        let avatar: (Int) -> ImageContents? = { viewer.users[$0].avatar.map { ImageContents(image: $0) } }
        let scene = viewer.layers(media: { _, _ in ImageContents(image: "media") }, avatar: avatar)
        for page in pages(in: scene) {
            guard let name = page.name, let user = Int(name.dropFirst("page ".count)) else { return "a page named \(String(describing: page.name))" }
            var drawn = page.sublayers.filter { $0.name != "shading" }
            if let media = drawn.indices.first(where: { drawn[$0].name == "media" }) {
                drawn[media].contents = nil
                drawn[media].backgroundColor = nil
            }
            let overlay = viewer.pageOverlayLayers(user: user, now: nil)
            if overlay != drawn {
                return "the UIKit page of user \(user) draws \(overlay.map { $0.name ?? "" }), the compositor \(drawn.map { $0.name ?? "" }) (layer for layer)"
            }
        }
        return nil
    }

    /// The layers named `"page <user>"` in `layers`, at any depth.
    private static func pages(in layers: [Layer]) -> [Layer] {
        layers.flatMap { $0.name?.hasPrefix("page ") == true ? [$0] : pages(in: $0.sublayers) }
    }
}
