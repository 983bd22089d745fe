import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// Right to left: the cube, the viewer and the tray lay themselves out mirrored, in the models.
@Suite struct RightToLeftTests {
    static let size = Size(width: 400, height: 800)

    /// A cube dragged `position` pages forward: leftward left to right, rightward right to left.
    static func pager(at position: Double, direction: StoryLayoutDirection, pages: Int = 3,
                      transition: CubePager.Transition = .cube) -> CubePager {
        var configuration = CubePager.Configuration(transition: transition)
        configuration.layoutDirection = direction
        var pager = CubePager(pageCount: pages, pageSize: size, configuration: configuration)
        let s = direction.sign
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 200 - s * 10, y: 400), time: 0.01)   // locks at the 10 pt slop
        pager.touchMoved(to: Point(x: 200 - s * (10 + position * 400), y: 400), time: 0.02)
        return pager
    }

    /// `t` seen in a mirror about the vertical line through the anchor: `M · t · M`, M = scale(−1, 1, 1).
    static func mirrored(_ t: Transform3D) -> Transform3D {
        var m = t
        m.m12 = -m.m12; m.m13 = -m.m13; m.m14 = -m.m14
        m.m21 = -m.m21; m.m31 = -m.m31; m.m41 = -m.m41
        return m
    }

    /// `layer` (in a parent `width` points wide) mirrored about the parent's vertical centre line.
    static func mirrored(_ layer: Layer, inWidth width: Double) -> Layer {
        var m = layer
        m.position.x = width - layer.position.x
        m.anchorPoint.x = 1 - layer.anchorPoint.x
        m.transform = mirrored(layer.transform)
        m.sublayerTransform = mirrored(layer.sublayerTransform)
        m.antialiasedEdges = StoryLayoutDirection.rightToLeft.edges(layer.antialiasedEdges)
        m.sublayers = layer.sublayers.map { mirrored($0, inWidth: layer.bounds.width) }
        return m
    }

    /// Whether two layer trees are equal up to 1e-9 in their transforms and positions.
    static func same(_ a: Layer, _ b: Layer) -> Bool {
        var a2 = a, b2 = b
        guard Approximately.equal(a.transform, b.transform), Approximately.equal(a.sublayerTransform, b.sublayerTransform),
              Approximately.equal(a.position.x, b.position.x), a.sublayers.count == b.sublayers.count else { return false }
        a2.transform = .identity; b2.transform = .identity
        a2.sublayerTransform = .identity; b2.sublayerTransform = .identity
        a2.position.x = 0; b2.position.x = 0
        a2.sublayers = []; b2.sublayers = []
        return a2 == b2 && zip(a.sublayers, b.sublayers).allSatisfy { same($0, $1) }
    }

    // MARK: Cube

    @Test(arguments: [CubePager.Transition.cube, .slide, .crossFade])
    func theRightToLeftCubeIsTheLeftToRightOneMirroredAtEveryProgress(transition: CubePager.Transition) throws {
        // Over 0…2 pages in 1/64 steps and the rubber band before page 0: same pages, offsets and
        // shading; each face's transform mirrored, its anti-aliased edges swapped; the scene's
        // layers are the mirror image of the left-to-right ones.
        let positions = (-16...128).map { Double($0) / 64 }
        for position in positions {
            let ltr = Self.pager(at: position, direction: .leftToRight, transition: transition)
            let rtl = Self.pager(at: position, direction: .rightToLeft, transition: transition)
            #expect(ltr.position == rtl.position, "position \(position)")
            let a = ltr.layout, b = rtl.layout
            #expect(a.visibleIndices == b.visibleIndices)
            #expect(a.sublayerTransform == b.sublayerTransform)
            for (l, r) in [(a.leading, b.leading), (a.trailing, b.trailing)] {
                guard let l, let r else { #expect(l == nil && r == nil); continue }
                #expect(l.offset == r.offset && l.shadingOpacity == r.shadingOpacity && l.opacity == r.opacity)
                #expect(Approximately.equal(Self.mirrored(l.transform), r.transform), "position \(position)")
                #expect(StoryLayoutDirection.rightToLeft.edges(l.antialiasedEdges) == r.antialiasedEdges)
            }
            let ltrLayers = ltr.layers { _ in nil }, rtlLayers = rtl.layers { _ in nil }
            #expect(ltrLayers.count == rtlLayers.count)
            for (l, r) in zip(ltrLayers, rtlLayers) {
                #expect(Self.same(Self.mirrored(l, inWidth: 400), r), "scene at \(position)")
            }
        }
    }

    @Test func rightToLeftTheNextPageArrivesFromTheLeft() throws {
        // A quarter turn forward: the next face's near edge is left of the centre line.
        let layout = Self.pager(at: 0.25, direction: .rightToLeft).layout
        let trailing = try #require(layout.trailing), leading = try #require(layout.leading)
        #expect(trailing.index == 1 && trailing.offset == 0.75)
        // The face's centre (0 in its own coordinates) moves left: the translation's x is negative.
        #expect(trailing.transform.m41 < -100 && leading.transform.m41 > 0)
        #expect(trailing.antialiasedEdges == [.left, .top, .bottom])
        #expect(leading.antialiasedEdges == [.right, .top, .bottom])
    }

    @Test func rightToLeftARightwardFlickTurnsForwardAndALeftwardOneRubberBands() throws {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        pager.layoutDirection = .rightToLeft
        pager.touchBegan(at: Point(x: 100, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 150, y: 400), time: 0.05)
        pager.touchMoved(to: Point(x: 250, y: 400), time: 0.1)
        #expect(Approximately.equal(pager.position, 140.0 / 400))
        let events = pager.touchEnded(at: Point(x: 260, y: 400), time: 0.11)
        #expect(events.contains(.willChangePage(from: 0, to: 1)))

        // Back on page 0, a leftward drag pulls against the rubber band (position below 0).
        var start = CubePager(pageCount: 3, pageSize: Self.size)
        start.layoutDirection = .rightToLeft
        start.touchBegan(at: Point(x: 300, y: 400), time: 0)
        start.touchMoved(to: Point(x: 290, y: 400), time: 0.01)
        start.touchMoved(to: Point(x: 90, y: 400), time: 0.1)
        #expect(start.position < 0 && start.position > -0.5)
        // ... exactly as far as the mirrored drag pulls the left-to-right cube.
        var band = CubePager(pageCount: 3, pageSize: Self.size)
        band.touchBegan(at: Point(x: 100, y: 400), time: 0)
        band.touchMoved(to: Point(x: 110, y: 400), time: 0.01)
        band.touchMoved(to: Point(x: 310, y: 400), time: 0.1)
        #expect(band.position == start.position)
        let face = try #require(start.layout.trailing), mirror = try #require(band.layout.trailing)
        #expect(face.index == 0 && face.transform.m41 < 0)   // page 0 pulled to the left, away from the missing page on its right
        #expect(Approximately.equal(Self.mirrored(mirror.transform), face.transform))
    }

    @Test func theDirectionDecodesByNameAndAnUnknownNameIsAnError() throws {
        let decoded = try JSONDecoder().decode(CubePager.Configuration.self, from: Data(#"{"layoutDirection":"rightToLeft"}"#.utf8))
        #expect(decoded.layoutDirection == .rightToLeft)
        #expect(try JSONDecoder().decode(CubePager.Configuration.self, from: Data("{}".utf8)).layoutDirection == .leftToRight)
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(CubePager.Configuration.self, from: Data(#"{"layoutDirection":"upward"}"#.utf8))
        }
        let encoded = try JSONEncoder().encode(decoded)
        #expect(try JSONDecoder().decode(CubePager.Configuration.self, from: encoded) == decoded)
    }

    // MARK: Viewer

    static func viewer(_ direction: StoryLayoutDirection) -> StoriesViewer {
        var configuration = StoriesViewer.Configuration()
        configuration.layoutDirection = direction
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, seen: [], user: 0, pageSize: ViewerFixtures.page,
                                   configuration: configuration)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    @Test func rightToLeftATapInTheRightThirdGoesBackAndInTheLeftThirdGoesOn() {
        var rtl = Self.viewer(.rightToLeft)
        #expect(rtl.cube.layoutDirection == .rightToLeft)
        rtl.tap(x: 100, at: 1)            // left third: forward under right to left
        #expect(rtl.itemIndex == 1)
        rtl.tap(x: 300, at: 2)            // right third (x > 260): back
        #expect(rtl.itemIndex == 0)
        rtl.tap(x: 200, at: 3)            // middle: forward
        #expect(rtl.itemIndex == 1)
        var ltr = Self.viewer(.leftToRight)
        ltr.tap(x: 300, at: 1)
        #expect(ltr.itemIndex == 1)
        ltr.tap(x: 100, at: 2)
        #expect(ltr.itemIndex == 0)
        // The boundary: the leading 130 pt of 390.
        #expect(rtl.tapGoesBack(atX: 261) && !rtl.tapGoesBack(atX: 259))
        #expect(ltr.tapGoesBack(atX: 129) && !ltr.tapGoesBack(atX: 131))
    }

    @Test func rightToLeftTheSegmentsRunFromTheRightAndFillFromTheirRightEdge() throws {
        var ltr = Self.viewer(.leftToRight), rtl = Self.viewer(.rightToLeft)
        ltr.run(to: 2.5, from: 0)
        rtl.run(to: 2.5, from: 0)         // half way through Ava's first 5 s image
        let a = ltr.segments(forUser: 0), b = rtl.segments(forUser: 0)
        #expect(a.count == 3 && b.count == 3)
        for (l, r) in zip(a, b) {
            #expect(Approximately.equal(r.frame.minX, 390 - l.frame.maxX) && r.frame.width == l.frame.width)
            #expect(r.fraction == l.fraction)
        }
        #expect(b[0].frame.minX > b[1].frame.minX && b[1].frame.minX > b[2].frame.minX)
        #expect(Approximately.equal(b[0].frame.maxX, 382))             // segment 0 against the right inset
        #expect(Approximately.equal(b[0].fraction, 0.5, absolute: 0.01))
        let fill = b[0].fillFrame
        #expect(Approximately.equal(fill.maxX, b[0].frame.width) && Approximately.equal(fill.width, b[0].frame.width * b[0].fraction))
        #expect(a[0].fillFrame.minX == 0)
    }

    @Test func rightToLeftTheAvatarSitsAtTheRightAndTheNameIsRightAligned() throws {
        let ltr = Self.viewer(.leftToRight).chromeLayout, rtl = Self.viewer(.rightToLeft).chromeLayout
        #expect(ltr.avatar.minX == 8 && ltr.titleAlignment == .left)
        #expect(rtl.avatar.maxX == 382 && rtl.titleAlignment == .right)
        #expect(Approximately.equal(rtl.title.maxX, 390 - ltr.title.minX) && rtl.title.width == ltr.title.width)
        #expect(rtl.title.maxX <= rtl.avatar.minX - 8 + 1e-9)
        // The scene draws them there.
        let scene = Self.viewer(.rightToLeft).scene(media: { _, _ in nil }, now: 100)
        let page = try #require(scene.layers.last?.sublayers.first?.sublayers.first)
        let chrome = try #require(page.sublayers.first { $0.name == "chrome" })
        let avatar = try #require(chrome.sublayers.first { $0.name == "avatar" })
        let name = try #require(chrome.sublayers.first { $0.name == "name" })
        #expect(avatar.position.x == 366)
        #expect(name.text?.alignment == .right && name.position.x < avatar.position.x)
    }

    // MARK: Tray

    static func tray(_ direction: StoryLayoutDirection, width: Double = 200) -> StoryTray {
        var configuration = StoryTray.Configuration()
        configuration.layoutDirection = direction
        let feed = StoryFeed(users: ["ava", "ben", "cleo", "dan", "eve", "finn"].map { id in
            StoryUser(id: id, name: id.capitalized, items: [StoryItem(id: "\(id)-1", kind: .image, url: "\(id)1.jpg")])
        })
        return StoryTray(feed: feed, seen: [], viewportWidth: width, configuration: configuration)
    }

    @Test func rightToLeftTheTrayStartsAtTheRightAndScrollsFromIt() throws {
        var ltr = Self.tray(.leftToRight), rtl = Self.tray(.rightToLeft)
        #expect(rtl.avatarFrame(user: 0) == Rect(x: 200 - 17.5 - 64, y: 17.5, width: 64, height: 64))
        let second = try #require(rtl.avatarFrame(user: 1)), first = try #require(rtl.avatarFrame(user: 0))
        #expect(second.maxX < first.minX)
        for offset in [0.0, 37, 100, 1_000] {
            ltr.scroll(to: offset)
            rtl.scroll(to: offset)
            #expect(rtl.contentOffset == ltr.contentOffset)
            for user in ltr.users.indices {
                let l = try #require(ltr.avatarFrame(user: user)), r = try #require(rtl.avatarFrame(user: user))
                #expect(Approximately.equal(r.minX, 200 - l.maxX) && r.minY == l.minY && r.size == l.size)
                #expect((ltr.visibleAvatarFrame(user: user) == nil) == (rtl.visibleAvatarFrame(user: user) == nil))
                if (0...200).contains(r.midX) { #expect(rtl.user(at: Point(x: r.midX, y: r.midY)) == user) }
            }
        }
        // Scrolling shows later users coming in from the left.
        rtl.scroll(to: 0)
        #expect(rtl.visibleAvatarFrame(user: 3) == nil)
        rtl.scroll(toReveal: 3)
        ltr.scroll(to: 0)
        ltr.scroll(toReveal: 3)
        #expect(rtl.contentOffset == ltr.contentOffset && rtl.contentOffset > 0)
        let revealed = try #require(rtl.visibleAvatarFrame(user: 3))
        #expect(revealed.minX >= 0 && revealed.maxX <= 200)
        #expect(rtl.offset(fromScrollViewOffset: 0) == rtl.maximumOffset && ltr.offset(fromScrollViewOffset: 5) == 5)
    }

    @Test func rightToLeftTheTraySceneIsMirrored() throws {
        var ltr = Self.tray(.leftToRight), rtl = Self.tray(.rightToLeft)
        ltr.scroll(to: 40)
        rtl.scroll(to: 40)
        let a = ltr.layers(at: 0) { _ in nil }, b = rtl.layers(at: 0) { _ in nil }
        #expect(a.count == b.count && !a.isEmpty)
        for (l, r) in zip(a, b) {
            #expect(l.name == r.name)
            #expect(Approximately.equal(r.position.x, 200 - l.position.x), "\(l.name ?? "")")
            #expect(r.position.y == l.position.y && r.bounds == l.bounds)
        }
    }

    // MARK: Zoom

    @Test func rightToLeftTheSidewaysPopRunsLeftwardAndTheMaskFollowsTheFinger() throws {
        // The same 120 pt drag, rightward left to right and leftward right to left: the same
        // progress and mask size; the mask follows the finger, so it moves the other way.
        let geometry = ZoomTransition.Geometry(
            container: Size(width: 390, height: 844), source: Rect(x: 10, y: 300, width: 120, height: 120), sourceCornerRadius: 8,
            destination: Rect(x: 0, y: 276.5, width: 390, height: 292.5), imageSize: Size(width: 1200, height: 900))
        var configuration = ZoomTransition.Configuration()
        var ltr = ZoomTransition(geometry: geometry, configuration: configuration, presented: true)
        configuration.layoutDirection = .rightToLeft
        var rtl = ZoomTransition(geometry: geometry, configuration: configuration, presented: true)
        ltr.touchBegan(at: Point(x: 195, y: 400), time: 0)
        rtl.touchBegan(at: Point(x: 195, y: 400), time: 0)
        ltr.touchMoved(to: Point(x: 315, y: 400), time: 0.2)
        rtl.touchMoved(to: Point(x: 75, y: 400), time: 0.2)
        #expect(Approximately.equal(ltr.dragProgress, 120.0 / 390) && Approximately.equal(rtl.dragProgress, ltr.dragProgress))
        let a = ltr.mask(at: 0.2), b = rtl.mask(at: 0.2)
        #expect(Approximately.equal(a.width, b.width) && Approximately.equal(a.minY, b.minY))
        #expect(Approximately.equal(b.midX, a.midX - 240))
        // Right to left, a rightward drag pulls against the pop (progress below 0).
        var back = ZoomTransition(geometry: geometry, configuration: configuration, presented: true)
        back.touchBegan(at: Point(x: 195, y: 400), time: 0)
        back.touchMoved(to: Point(x: 315, y: 400), time: 0.2)
        #expect(back.dragProgress < 0)
        // The pan that may begin the pop is leftward.
        #expect(rtl.dismissMayBegin(scrollOffset: .zero, zoomScale: 1, translation: Point(x: -20, y: 3)))
        #expect(!rtl.dismissMayBegin(scrollOffset: .zero, zoomScale: 1, translation: Point(x: 20, y: 3)))
    }
}
