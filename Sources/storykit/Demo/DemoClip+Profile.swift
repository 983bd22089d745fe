import StoryKit
import StoryRender

/// The demo profile screen drawn for the profile header: a layout measured in proportion to the
/// page (an iPhone's at 390 pt wide) and the body below the header.
struct DemoProfileScreen {
    /// What the screen measures.
    let layout: StretchyHeader.Layout
    /// The body's layers in rest coordinates: background, name, handle, bio, counts and posts.
    let content: [Layer]
    /// The tab bar (Posts, Replies, Media, Likes).
    let tabBar: Layer
    /// The stuck header's title.
    let title: TextContents

    /// The screen for a page `page` points in size.
    init(page: Size) {
        let u = page.width / 390
        let safe = 47 * u, headerHeight = 120 * u, bottom = safe + headerHeight
        let avatar = Rect(x: 16 * u, y: bottom - 36 * u, width: 72 * u, height: 72 * u)
        let nameY = bottom + 48 * u
        let name = Rect(x: 16 * u, y: nameY, width: 300 * u, height: 28 * u)
        let tabs = Rect(x: 0, y: nameY + 142 * u, width: page.width, height: 44 * u)
        layout = StretchyHeader.Layout(width: page.width, safeAreaTop: safe, headerHeight: headerHeight, stickyHeight: 44 * u,
                                           avatar: avatar, nameLabel: name, titleSize: Size(width: page.width * 0.7, height: 22 * u),
                                           tabBar: tabs)
        title = TextContents("Ada Lovelace", fontSize: 17 * u, fontWeight: .bold, color: .white, alignment: .center, numberOfLines: 1)

        func text(_ string: String, _ frame: Rect, size: Double, weight: TextContents.Weight = .regular,
                  color: RGBAColor = RGBAColor(white: 0.06), lines: Int = 1) -> Layer {
            var layer = Layer(name: string, frame: frame)
            layer.text = TextContents(string, fontSize: size * u, fontWeight: weight, color: color, numberOfLines: lines)
            return layer
        }
        let grey = RGBAColor(red: 0.33, green: 0.39, blue: 0.44)
        var body = Layer(name: "profile body", frame: Rect(x: 0, y: bottom, width: page.width, height: 4_000 * u))
        body.backgroundColor = .white
        var content = [body,
                       text("Ada Lovelace", name, size: 22, weight: .bold),
                       text("@ada", Rect(x: 16 * u, y: nameY + 30 * u, width: 300 * u, height: 20 * u), size: 15, color: grey),
                       text("Analyst and metaphysician. Wrote the first program, for an engine that was never built.",
                            Rect(x: 16 * u, y: nameY + 60 * u, width: page.width - 32 * u, height: 42 * u), size: 15, lines: 2),
                       text("1,843 Following    12.9K Followers", Rect(x: 16 * u, y: nameY + 110 * u, width: 320 * u, height: 20 * u),
                            size: 14, color: grey)]
        // Posts under the tab bar, enough to scroll a screen and more.
        for index in 0..<12 {
            let y = tabs.maxY + Double(index) * 96 * u
            var face = Layer(name: "post avatar \(index)", frame: Rect(x: 16 * u, y: y + 12 * u, width: 40 * u, height: 40 * u))
            face.backgroundColor = RGBAColor(red: 0.78, green: 0.83, blue: 0.88)
            face.cornerRadius = 20 * u
            content.append(face)
            content.append(text("Ada Lovelace  @ada · \(index + 2)h", Rect(x: 66 * u, y: y + 12 * u, width: 300 * u, height: 18 * u),
                                size: 14, weight: .semibold))
            content.append(text(["The engine weaves algebraic patterns as the loom weaves flowers and leaves.",
                                 "That brain of mine is something more than merely mortal, as time will show.",
                                 "Imagination is the discovering faculty, pre-eminently."][index % 3],
                                Rect(x: 66 * u, y: y + 34 * u, width: page.width - 82 * u, height: 40 * u), size: 14, lines: 2))
            var rule = Layer(name: "post rule \(index)", frame: Rect(x: 0, y: y + 95 * u, width: page.width, height: max(0.5, 0.5 * u)))
            rule.backgroundColor = RGBAColor(white: 0.9)
            content.append(rule)
        }
        self.content = content

        var bar = Layer(name: "profile tab bar", frame: tabs)
        bar.backgroundColor = .white
        let labels = ["Posts", "Replies", "Media", "Likes"]
        for (index, label) in labels.enumerated() {
            var tab = Layer(name: label, frame: Rect(x: Double(index) * page.width / 4, y: 12 * u, width: page.width / 4, height: 20 * u))
            tab.text = TextContents(label, fontSize: 15 * u, fontWeight: index == 0 ? .bold : .medium,
                                    color: index == 0 ? RGBAColor(white: 0.06) : grey, alignment: .center, numberOfLines: 1)
            bar.sublayers.append(tab)
        }
        var underline = Layer(name: "tab underline", frame: Rect(x: page.width / 8 - 24 * u, y: 40 * u, width: 48 * u, height: 4 * u))
        underline.backgroundColor = RGBAColor(red: 0.11, green: 0.61, blue: 0.94)
        underline.cornerRadius = 2 * u
        var hairline = Layer(name: "tab hairline", frame: Rect(x: 0, y: 44 * u - max(0.5, 0.5 * u), width: page.width, height: max(0.5, 0.5 * u)))
        hairline.backgroundColor = RGBAColor(white: 0.88)
        bar.sublayers += [underline, hairline]
        tabBar = bar
    }
}

extension DemoClip {
    /// A clip of the profile header (``StretchyHeader``) following `script`'s offsets on the
    /// demo screen, with the header image's blurred copy computed once, before the first frame.
    static func profile(script: ScrollScript, page: Size, header: RGBAImage, avatar: RGBAImage,
                        configuration: StretchyHeader.Configuration = .init(), framesPerSecond: Double, duration: Double,
                        name: String = "profile", title: String = "Profile header", caption: String = "") -> DemoClip {
        let screen = DemoProfileScreen(page: page)
        let model = StretchyHeader(layout: screen.layout, configuration: configuration)
        let sigma = model.blurSigma(imagePixels: Size(width: Double(header.width), height: Double(header.height)))
        let images = ["header": header, "header blur": header.blurred(sigma: sigma), "avatar": avatar]
        let track = script.track
        return DemoClip(name: name, title: title, caption: caption, size: page, duration: duration,
                        framesPerSecond: framesPerSecond, images: images) { time in
            LayerScene(size: page, backgroundColor: .white, layers: model.layers(
                offset: track.value(at: time), header: ImageContents(image: "header").mipmapped, blurredHeader: ImageContents(image: "header blur").mipmapped,
                avatar: ImageContents(image: "avatar").mipmapped, title: screen.title, content: screen.content, tabBar: screen.tabBar))
        }
    }

    /// The reel's scroll: a pull-down that springs back, a scroll up past the sticky point and the
    /// title, a pause with the tab bar pinned, and back to rest.
    static func profileReelScript(page: Size) -> ScrollScript {
        let u = page.width / 390
        return ScrollScript(keyframes: [
            .init(time: 0, offset: 0), .init(time: 0.3, offset: 0),
            .init(time: 0.9, offset: -150 * u, curve: "easeOut"), .init(time: 1.2, offset: -150 * u),
            .init(time: 1.7, offset: 0, curve: "easeInEaseOut"), .init(time: 2.0, offset: 0),
            .init(time: 3.6, offset: 200 * u, curve: "easeInEaseOut"), .init(time: 4.0, offset: 200 * u),
            .init(time: 5.0, offset: 520 * u, curve: "easeInEaseOut"), .init(time: 5.6, offset: 520 * u),
            .init(time: 7.0, offset: 0, curve: "easeInEaseOut"), .init(time: 7.4, offset: 0),
        ])
    }

    /// The reel's profile clip.
    static func profileClip() -> DemoClip {
        let page = Size(width: 270, height: 480)
        let photos = DemoPhotos.loadForReel()
        let header = DemoImages.landscape(width: 1170, height: 600, palette: DemoImages.palettes[1])
        return profile(script: profileReelScript(page: page), page: page, header: header, avatar: photos[0], framesPerSecond: 30,
                       duration: 7.4,
                       caption: "Pulled down, the header stretches from its top edge; scrolled up, it moves until only the bar is "
                           + "left and sticks. The avatar shrinks about its bottom and passes behind; when the name reaches the "
                           + "bar, the title slides in and the blurred header (blurred once) fades in; the tab bar pins below.")
    }
}
