import MotionCore

// MARK: - StretchyHeader + Scene

extension StretchyHeader {
    /// The header at `offset` as layers, in the scroll view's visible coordinates: the scrolling
    /// content (the app's own layers, then the tab bar and the avatar) and the header (image,
    /// blurred copy, title; clipped to its bounds), ordered by ``Frame/isHeaderInFront`` through
    /// `zPosition` exactly as the UIKit front-end orders its views.
    ///
    /// - Parameters:
    ///   - offset: The scroll offset from rest, in points.
    ///   - header: The header image; it aspect-fills the header.
    ///   - blurredHeader: The blurred copy of the header image (blurred once, by
    ///     ``Configuration/blurRadius``); the same gravity.
    ///   - avatar: The avatar image; it aspect-fills a circle.
    ///   - title: The title shown in the stuck header.
    ///   - content: The app's own content layers in rest coordinates (the body: background, name
    ///     label, bio…); they are moved with the scroll.
    ///   - tabBar: The tab bar, framed at ``Layout/tabBar`` (its frame is set from the model).
    ///   - background: The colour of the avatar's border.
    ///   - avatarBorderWidth: The avatar's border, in points (scaled with it).
    public func layers(offset: Double, header: ImageContents, blurredHeader: ImageContents, avatar: ImageContents,
                       title: TextContents, content: [Layer] = [], tabBar: Layer? = nil,
                       background: RGBAColor = .white, avatarBorderWidth: Double = 4) -> [Layer] {
        let now = frame(offset: offset)
        let width = layout.width, bottom = layout.headerBottom
        let bounds = Rect(x: 0, y: 0, width: width, height: bottom)

        var scrolling = Layer(name: "profile content", bounds: Rect(x: 0, y: 0, width: width, height: bottom),
                              position: Point(x: width / 2, y: bottom / 2 + now.contentTranslation), zPosition: 1)
        scrolling.sublayers = content
        if let tabBar, let rest = layout.tabBar {
            var bar = tabBar
            bar.bounds = Rect(x: bar.bounds.minX, y: bar.bounds.minY, width: rest.width, height: rest.height)
            bar.anchorPoint = Point(x: 0.5, y: 0.5)
            bar.position = Point(x: rest.midX, y: rest.midY + now.tabBarHold)
            bar.zPosition = 1
            scrolling.sublayers.append(bar)
        }
        let rest = layout.avatar
        var face = Layer(name: "profile avatar", bounds: Rect(x: 0, y: 0, width: rest.width, height: rest.height),
                         position: Point(x: rest.midX, y: rest.maxY), anchorPoint: Point(x: 0.5, y: 1), zPosition: 2,
                         transform: Transform3D(scaleX: now.avatarScale, y: now.avatarScale),
                         masksToBounds: true, cornerRadius: Swift.min(rest.width, rest.height) / 2,
                         backgroundColor: background, borderWidth: Swift.min(avatarBorderWidth.finite(or: 0).clamped(to: 0...Layout.limit), Swift.min(rest.width, rest.height) / 2),
                         borderColor: background)
        var photo = Layer(name: "profile avatar image", frame: Rect(x: 0, y: 0, width: rest.width, height: rest.height))
        photo.contents = ImageContents(image: avatar.image, gravity: .resizeAspectFill, contentsRect: avatar.contentsRect)
        face.sublayers = [photo]
        scrolling.sublayers.append(face)

        var top = Layer(name: "profile header", bounds: bounds, position: Point(x: width / 2, y: now.headerTranslation),
                        anchorPoint: Point(x: 0.5, y: 0), zPosition: now.isHeaderInFront ? 2 : 0,
                        transform: Transform3D(scaleX: now.headerScale, y: now.headerScale), masksToBounds: true)
        var image = Layer(name: "profile header image", frame: bounds)
        image.contents = ImageContents(image: header.image, gravity: .resizeAspectFill, contentsRect: header.contentsRect)
        top.sublayers = [image]
        if now.blurOpacity > 0 {
            var blur = Layer(name: "profile header blur", frame: bounds)
            blur.contents = ImageContents(image: blurredHeader.image, gravity: .resizeAspectFill, contentsRect: blurredHeader.contentsRect)
            blur.opacity = now.blurOpacity
            top.sublayers.append(blur)
        }
        if now.titleOpacity > 0, now.title.maxY > now.header.minY, now.title.minY < now.header.maxY {
            let size = layout.titleSize
            var label = Layer(name: "profile title", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
                              position: now.titleCenter)
            label.text = title
            label.opacity = now.titleOpacity
            top.sublayers.append(label)
        }
        return [top, scrolling]
    }
}
