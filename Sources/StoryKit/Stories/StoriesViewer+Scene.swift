import MotionCore
import RealModule

// MARK: - StoriesViewer + LayerScene

extension StoriesViewer {
    /// The frame to draw now, in the page's points: the backdrop, and the page container (the
    /// dismiss's offset, scale and rounded mask) holding the cube with each visible user's page.
    ///
    /// The layers, back to front:
    /// - `behind`: what the host shows under the viewer (the tray's screen), as given.
    /// - `"backdrop"`: black over the whole scene at ``DismissGeometry/backdropOpacity``.
    /// - `"viewer"`: the visible part of the page (``DismissGeometry/mask``) at the dismiss's
    ///   place and scale, rounded with continuous corners, at ``DismissGeometry/pageOpacity``.
    ///   It holds `"cube"` (the ``CubePager/Layout`` faces) whose pages, named `"page <user>"`,
    ///   hold, back to front: `"media"` (the item's picture, aspect-filled; black without one),
    ///   `"scrim"` (a gradient that keeps the chrome legible), `"chrome"` (at ``chromeOpacity``
    ///   on the current page: `"bars"` with one `"segment <i>"` per item holding its `"fill"`,
    ///   `"avatar"`, `"name"`, `"age"` and, on a video, `"mute"`), `"areas"` (the item's action
    ///   pills, each an `"action <id>"` with its `"label"`; left out without one), `"loading"` (a
    ///   ring while the current item loads),
    ///   `"retry"` (on a page whose item failed: a circular arrow, "Couldn't load", the reason
    ///   and a Retry button; ``overlayLayer(forUser:)``) and the
    ///   cube's `"shading"`. `"media"` has contents only once the item's source reported it
    ///   ready: nothing of an item is drawn before its media arrived. Until then an item with a
    ///   ``StoryItem/placeholder`` shows it in `"media"`'s `"placeholder"` layer (see
    ///   ``placeholder(forUser:)``; a video's until its first frame is on screen).
    ///
    /// - Parameters:
    ///   - media: The picture of item `item` of user `user` (a decoded image's name), or `nil`;
    ///     asked for only once that item's media is ready.
    ///   - avatar: The avatar picture of user `user`, or `nil` for a grey circle.
    ///   - behind: Layers under the viewer (in scene points).
    ///   - now: The wall-clock time in seconds since 1970, for the items' ages ("2h"); `nil`
    ///     leaves the age out.
    /// - Returns: The layers, in the page's coordinates (none when the size is unusable). The
    ///   drawing depends on the time only through ``advance(to:)``, so it takes none.
    public func layers(media: (_ user: Int, _ item: Int) -> ImageContents?, avatar: (_ user: Int) -> ImageContents? = { _ in nil },
                       behind: [Layer] = [], now: Double? = nil) -> [Layer] {
        guard cube.hasUsableSize else { return [] }
        if let card = cardState.layout, card.presentation == .card {     // StoriesViewer+CardScene.swift
            return cardLayers(card, media: media, avatar: avatar, behind: behind, now: now)
        }
        let size = pageSize
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let centre = Point(x: size.width / 2, y: size.height / 2)
        let container = DismissContainerLayout(dismissGeometry, pageSize: size)
        var layers = behind
        layers.append(Layer(name: "backdrop", bounds: bounds, position: centre, opacity: container.backdropAlpha,
                            backgroundColor: .black))
        guard !users.isEmpty, !(isClosed && closeReason == .dismissed) else { return layers }

        let layout = cube.layout
        var faces: [Layer] = []
        for face in CubeFaceAppearance.appearances(for: layout, hasPageView: users.indices.contains) where !face.isHidden {
            var page = pageLayer(user: face.index, bounds: bounds, centre: centre, media: media, avatar: avatar, now: now)
            page.transform = face.transform
            page.opacity = face.opacity
            page.isDoubleSided = face.isDoubleSided
            page.antialiasedEdges = face.antialiasedEdges
            if cube.configuration.transition == .cube {
                page.sublayers.append(Layer(name: "shading", bounds: bounds, position: centre,
                                            opacity: face.shadingOpacity, backgroundColor: .black))
            }
            faces.append(page)
        }
        let cubeLayer = Layer(name: "cube", bounds: bounds, position: container.contentCenter,
                              sublayerTransform: layout.sublayerTransform, sublayers: faces)
        let viewer = Layer(name: "viewer", bounds: container.bounds, position: container.center,
                           transform: Transform3D(scaleX: container.scale, y: container.scale), opacity: container.alpha,
                           masksToBounds: container.clipsToBounds, cornerRadius: container.cornerRadius,
                           cornerCurve: .continuous, backgroundColor: .black, sublayers: [cubeLayer])
        layers.append(viewer)
        return layers
    }

    /// The frame as a whole scene: ``layers(media:avatar:behind:now:)``, ``pageSize`` large with
    /// no background of its own (size zero on black when the size is unusable).
    ///
    /// - Parameters:
    ///   - media: The picture of item `item` of user `user`, or `nil`.
    ///   - avatar: The avatar picture of user `user`, or `nil` for a grey circle.
    ///   - behind: Layers under the viewer (in scene points).
    ///   - now: The wall-clock time in seconds since 1970, for the items' ages; `nil` leaves them
    ///     out.
    /// - Returns: The scene for StoryRender or the UIKit front-end.
    public func scene(media: (_ user: Int, _ item: Int) -> ImageContents?, avatar: (_ user: Int) -> ImageContents? = { _ in nil },
                      behind: [Layer] = [], now: Double? = nil) -> LayerScene {
        guard cube.hasUsableSize else { return LayerScene(size: .zero, backgroundColor: .black) }
        return LayerScene(size: sceneSize, layers: layers(media: media, avatar: avatar, behind: behind, now: now))
    }

    /// One user's page, untransformed: media, scrim, chrome and loading ring.
    func pageLayer(user: Int, bounds: Rect, centre: Point, media: (Int, Int) -> ImageContents?,
                   avatar: (Int) -> ImageContents?, now: Double?) -> Layer {
        let item = self.item(forUser: user) ?? 0
        let isCurrent = user == userIndex
        let id = users[user].items.indices.contains(item) ? users[user].items[item].id : nil
        // Nothing of an item is drawn before its media source reported it ready: a picture under
        // the loading ring would show bytes that have not arrived.
        // While the media is missing, its placeholder (if the item has one) and never the media.
        let placeholder = placeholderLayer(forUser: user, bounds: bounds, centre: centre)
        var contents = placeholder == nil && id.map { reports.hasArrived($0) } == true ? media(user, item) : nil
        contents?.gravity = .resizeAspectFill
        var sublayers = [Layer(name: "media", bounds: bounds, position: centre, masksToBounds: true, backgroundColor: .black,
                               contents: contents, sublayers: placeholder.map { [$0] } ?? [])]
        let chromeLayout = self.chromeLayout
        sublayers.append(scrimLayer)
        let avatarFrame = chromeLayout.avatar
        let avatarSide = avatarFrame.width
        var avatarContents = avatar(user)
        avatarContents?.gravity = .resizeAspectFill
        let avatarLayer = Layer(name: "avatar", bounds: Rect(x: 0, y: 0, width: avatarSide, height: avatarSide),
                                position: Point(x: avatarFrame.midX, y: avatarFrame.midY), masksToBounds: true,
                                cornerRadius: chromeLayout.avatarCornerRadius, backgroundColor: RGBAColor(white: 0.5),
                                contents: avatarContents)
        var header = [barsLayer(forUser: user), avatarLayer]
        if showsMuteButton(forUser: user) { header.append(muteButtonLayer) }
        header += titleLayers(forUser: user, now: now)   // the name beside the avatar, the item's age under it
        if var captions = captionLayer(forUser: user) {
            captions.opacity = isCurrent ? chromeOpacity : 1       // out with the chrome while held
            sublayers.append(captions)
        }
        sublayers.append(Layer(name: "chrome", bounds: bounds, position: centre, opacity: isCurrent ? chromeOpacity : 1,
                               sublayers: header))
        if var areas = areaLayer(forUser: user) {
            areas.opacity = isCurrent ? chromeOpacity : 1     // it fades with the chrome during a hold
            sublayers.append(areas)
        }
        if let overlay = overlayLayer(forUser: user) {     // the retry state or the loading ring (StoriesViewer+Overlay.swift)
            sublayers.append(overlay)
        }
        return Layer(name: "page \(user)", bounds: bounds, position: centre, backgroundColor: .black, sublayers: sublayers)
    }
}
