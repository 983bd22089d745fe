import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The profile header through the compositor: golden frames at the key offsets (pulled down, at
/// rest, just stuck, the name label reaching the bar, the title centred, far past), also written
/// to `$STORYKIT_DEBUG_RENDERS/profile/`, with pixel checks of what each shows.
///
/// The layout (points): header bottom 20 + 70 = 90, sticky band 20…50, sticky offset 40; the
/// avatar (40 pt, bottom at 100) reaches its 0.5 floor at 28 pt; the name label's top (118)
/// meets the bar at 68; the title (14 pt) travels 22 pt, centred at 90; the tab bar (y 170)
/// pins at 120.
// The header's goldens show a name and a title over photos: text gates the suite, JPEGs widen the tolerance.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct ProfileHeaderRenderTests {
    static let size = Size(width: 200, height: 360)
    static let offsets: [(name: String, offset: Double)] = [("pull-60", -60), ("rest-0", 0), ("sticky-40", 40), ("label-68", 68),
                                                            ("centred-90", 90), ("far-300", 300)]
    /// The goldens of this file's tests (`__Snapshots__/ProfileHeaderRenderTests/`).
    static let goldens = GoldenImages([
        "keyOffsetsMatchTheirGoldenFrames": offsets.map(\.name),
        "underReduceMotionTheTitleFadesInPlaceAndTheAvatarKeepsItsSize": [],
    ])

    static let header = StretchyHeader(layout: .init(
        width: 200, safeAreaTop: 20, headerHeight: 70, stickyHeight: 30, avatar: Rect(x: 10, y: 60, width: 40, height: 40),
        nameLabel: Rect(x: 10, y: 118, width: 150, height: 16), titleSize: Size(width: 140, height: 14),
        tabBar: Rect(x: 0, y: 170, width: 200, height: 24)))

    static let renderer: Renderer = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/cube").standardized.path
        let ben = (try? RGBAImage(contentsOfFile: "\(folder)/ben.jpg")) ?? RGBAImage(width: 72, height: 128, fill: (40, 90, 160, 255))
        let ava = (try? RGBAImage(contentsOfFile: "\(folder)/ava.jpg")) ?? RGBAImage(width: 72, height: 128, fill: (200, 60, 60, 255))
        let sigma = header.blurSigma(imagePixels: Size(width: Double(ben.width), height: Double(ben.height)))
        return Renderer(images: ["ben": ben, "ben blurred": ben.blurred(sigma: sigma), "ava": ava])
    }()

    static func content() -> [Layer] {
        var body = Layer(name: "body", frame: Rect(x: 0, y: 90, width: 200, height: 900))
        body.backgroundColor = .white
        var name = Layer(name: "name", frame: Rect(x: 10, y: 118, width: 150, height: 16))
        name.text = TextContents("Ada Lovelace", fontSize: 13, fontWeight: .bold, numberOfLines: 1)
        var rows: [Layer] = []
        for index in 0..<8 {
            var row = Layer(name: "row \(index)", frame: Rect(x: 10, y: 204 + Double(index) * 40, width: 180, height: 28))
            row.backgroundColor = RGBAColor(white: 0.85)
            row.cornerRadius = 4
            rows.append(row)
        }
        return [body, name] + rows
    }

    static func tabBar() -> Layer {
        var bar = Layer(name: "tabs", frame: Rect(x: 0, y: 170, width: 200, height: 24))
        bar.backgroundColor = RGBAColor(white: 0.97)
        var mark = Layer(name: "tab mark", frame: Rect(x: 20, y: 20, width: 40, height: 3))
        mark.backgroundColor = RGBAColor(red: 0.1, green: 0.6, blue: 0.95)
        bar.sublayers = [mark]
        return bar
    }

    static func render(_ offset: Double, title: String = "Ada Lovelace", reduceMotion: Bool = false) throws -> RGBAImage {
        var header = Self.header
        header.configuration.reduceMotion = reduceMotion
        let scene = LayerScene(size: size, backgroundColor: .white, layers: header.layers(
            offset: offset, header: ImageContents(image: "ben"), blurredHeader: ImageContents(image: "ben blurred"),
            avatar: ImageContents(image: "ava"),
            title: TextContents(title, fontSize: 12, fontWeight: .bold, color: .white, alignment: .center, numberOfLines: 1),
            content: content(), tabBar: tabBar()))
        return try renderer.render(scene, scale: 2)
    }

    static func isWhite(_ image: RGBAImage, _ x: Double, _ y: Double) -> Bool {
        RenderCheck.pixel(image, Int(2 * x), Int(2 * y), is: [255, 255, 255, 255], tolerance: 2)
    }

    @Test func keyOffsetsMatchTheirGoldenFrames() throws {
        var images: [String: RGBAImage] = [:]
        for (name, offset) in Self.offsets {
            let image = try Self.render(offset)
            DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "profile", name: name)
            Self.goldens.assertMatches(image, label: name, dependsOn: [.jpegDecoder, .textEngine])
            images[name] = image
        }
        // Pulled 60 pt: the header reaches down to 150, the body starts there.
        let pulled = try #require(images["pull-60"])
        #expect(!Self.isWhite(pulled, 150, 146) && Self.isWhite(pulled, 150, 154))
        // At rest the header ends at 90; the avatar (in front) covers the header at its top.
        let rest = try #require(images["rest-0"])
        #expect(!Self.isWhite(rest, 150, 88) && Self.isWhite(rest, 150, 92))
        // Stuck at 40: the header ends at 50, the body shows below.
        let stuck = try #require(images["sticky-40"])
        #expect(!Self.isWhite(stuck, 150, 48) && Self.isWhite(stuck, 150, 53))
        // Far past: the tab bar is pinned under the header (its light grey at 52), its mark at 70.
        let far = try #require(images["far-300"])
        #expect(RenderCheck.pixel(far, 2 * 150, 2 * 60, is: [247, 247, 247, 255], tolerance: 2))
        let mark = RenderCheck.rgba(far, 2 * 40, 2 * 71)
        #expect(mark[2] > mark[0] + 100, "the tab mark, pinned: \(mark)")
    }

    @Test func theAvatarPassesBehindTheHeaderExactlyWhenItSticks() throws {
        // At 40 the avatar (scale 0.5: 20 pt, bottom at 60) rises 10 pt into the stuck header
        // and is in front of it; a hair later it is behind: the same pixel shows the header.
        let front = try Self.render(40), behind = try Self.render(40.001)
        let avatarPixel = RenderCheck.rgba(front, 2 * 30, 2 * 45), headerPixel = RenderCheck.rgba(behind, 2 * 30, 2 * 45)
        #expect(zip(avatarPixel, headerPixel).map { abs($0 - $1) }.max()! > 30, "front \(avatarPixel) behind \(headerPixel)")
        // Away from the avatar nothing changes.
        #expect(RenderCheck.rgba(front, 2 * 150, 2 * 45) == RenderCheck.rgba(behind, 2 * 150, 2 * 45))
    }

    @Test func theTitleArrivesCentredAndTheBlurFadesIn() throws {
        // What the title adds: the frame with it against the same frame with an empty one.
        func titleRows(_ offset: Double) throws -> [Int] {
            let with = try Self.render(offset), without = try Self.render(offset, title: "")
            return (0..<with.height).map { y in
                (0..<with.width).filter { x in with[x, y] != without[x, y] }.count
            }
        }
        // As the name label reaches the bar the title is still hidden below it.
        #expect(try titleRows(68).reduce(0, +) == 0)
        // Centred: it is drawn only within the band (20…50 pt), around its middle (35 pt).
        let rows = try titleRows(90)
        let drawn = rows.indices.filter { rows[$0] > 0 }
        let first = try #require(drawn.first), last = try #require(drawn.last)
        #expect(first >= 2 * 28 && last <= 2 * 42, "title rows \(first)…\(last) (px)")
        #expect(abs(Double(first + last) / 2 - 2 * 35) < 3, "title centred at \(Double(first + last) / 4) pt")
        // The blurred header is smoother: neighbouring pixels differ less across the band's top rows.
        let start = try Self.render(68), end = try Self.render(90)
        func roughness(_ image: RGBAImage) -> Int {
            var total = 0
            for y in 4..<24 { for x in 0..<399 { total += abs(Int(image[x, y].g) - Int(image[x + 1, y].g)) } }
            return total
        }
        #expect(roughness(end) * 2 < roughness(start), "blurred \(roughness(end)) vs sharp \(roughness(start))")
    }

    @Test func underReduceMotionTheTitleFadesInPlaceAndTheAvatarKeepsItsSize() throws {
        // Half way through the title's range (79 pt): the title already centred, at half opacity,
        // over the half-faded blur; the avatar (behind the header by now) unscaled.
        let image = try Self.render(79, reduceMotion: true)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "profile", name: "reduce-motion-79")
        Self.goldens.assertMatches(image, dependsOn: [.jpegDecoder, .textEngine])
        let calm = try Self.render(79, title: "", reduceMotion: true)
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { image[$0, y] != calm[$0, y] } }
        let first = try #require(rows.first), last = try #require(rows.last)
        #expect(abs(Double(first + last) / 2 - 2 * 35) < 3, "the title centred in the band from the start: rows \(first)…\(last)")
        var still = Self.header
        still.configuration.reduceMotion = true
        #expect(still.frame(offset: 79).avatarScale == 1 && Approximately.equal(still.frame(offset: 79).titleOpacity, 0.5))
    }
}
