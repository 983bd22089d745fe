import Foundation
import MotionCore
import StoryKit
import Testing

/// Tappable areas: the feed's strict format and where an area lands on the page.
@Suite struct StoryAreaTests {
    static let json = """
    { "users": [ { "id": "ava", "name": "Ava", "items": [
        { "id": "a1", "kind": "image", "url": "a1.jpg", "areas": [
            { "id": "shop", "kind": "link", "url": "https://www.example.com/shoes",
              "x": 0.1, "y": 0.3, "width": 0.5, "height": 0.12, "rotation": -8 },
            { "id": "tag", "kind": "mention", "user": "ben", "x": 0.55, "y": 0.6, "width": 0.3, "height": 0.06 },
            { "id": "more", "kind": "action", "label": "See more", "swipeUp": true,
              "x": 0.3, "y": 0.88, "width": 0.4, "height": 0.06 } ] } ] } ] }
    """

    /// The path (`users[0].items[0].areas[1].url`) and message of the error decoding `json`.
    private func failure(_ json: String) -> (path: String, message: String)? {
        do {
            _ = try JSONDecoder().decode(StoryFeed.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return (path, context.debugDescription)
        } catch {
            return ("", "\(error)")
        }
    }

    @Test func aFeedCarriesLinksMentionsAndActionsWithTheirFramesAndRotation() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(Self.json.utf8))
        let areas = feed.users[0].items[0].areas
        #expect(areas.map(\.id) == ["shop", "tag", "more"])
        #expect(areas[0].kind == .link(url: "https://www.example.com/shoes"))
        #expect(areas[0].frame == Rect(x: 0.1, y: 0.3, width: 0.5, height: 0.12) && areas[0].rotation == -8)
        #expect(areas[1].kind == .mention(userID: "ben") && areas[1].rotation == 0)
        #expect(areas[2].kind == .action(label: "See more", swipeUp: true) && areas[2].firesOnSwipeUp)
        let again = try JSONDecoder().decode(StoryFeed.self, from: JSONEncoder().encode(feed))
        #expect(again == feed, "the encoded form decodes back")
    }

    @Test func anItemWithoutAreasHasNone() throws {
        let feed = try JSONDecoder().decode(StoryFeed.self, from: Data(#"{"users": [{"id": "a", "name": "A", "items": [{"id": "a1", "kind": "image", "url": "a1.jpg"}]}]}"#.utf8))
        #expect(feed.users[0].items[0].areas.isEmpty)
    }

    @Test func badAreasAreErrorsNamingTheirKeyPath() {
        func bad(_ from: String, _ to: String) -> (path: String, message: String)? {
            failure(Self.json.replacingOccurrences(of: from, with: to))
        }
        let unknown = bad(#""user": "ben","#, #""user": "ben", "colour": "red","#)
        #expect(unknown?.path == ".users[0].items[0].areas[1].colour")
        #expect(unknown?.message.hasPrefix("unknown key") == true)
        let wrongKind = bad(#""user": "ben","#, #""user": "ben", "url": "x","#)
        #expect(wrongKind?.path == ".users[0].items[0].areas[1].url")
        #expect(wrongKind?.message == "url is not a key of a mention area")
        #expect(bad(#""x": 0.1,"#, #""x": 1.5,"#)?.path == ".users[0].items[0].areas[0].x")
        #expect(bad(#""width": 0.5,"#, #""width": 0,"#)?.message == "width must be positive")
        #expect(bad(#""x": 0.55,"#, #""x": 0.8,"#)?.path == ".users[0].items[0].areas[1].width", "it ends past the edge")
        #expect(bad(#""label": "See more","#, #""label": "","#)?.message == "label must not be empty")
        #expect(bad(#""kind": "mention""#, #""kind": "sticker""#)?.message.contains("link, mention or action") == true)
        let twice = bad(#""id": "tag""#, #""id": "shop""#)
        #expect(twice?.path == ".users[0].items[0].areas[1].id" && twice?.message == "area id \"shop\" is used twice")
        #expect(bad(#""rotation": -8"#, #""rotation": 1e999"#) != nil, "an infinite rotation is refused")
    }

    @Test func theMediaIsAspectFilledSoAnAreaFollowsWhatItMarks() throws {
        // A 1080×1920 picture on a 390×844 page: 474.75 pt wide, 42.375 pt cut off each side.
        let area = StoryArea(id: "a", kind: .link(url: "u"), frame: Rect(x: 0.2, y: 0.4, width: 0.6, height: 0.1))
        let placement = try #require(area.placement(mediaSize: Size(width: 1080, height: 1920), pageSize: Size(width: 390, height: 844)))
        #expect(abs(placement.center.x - 195) < 1e-9 && abs(placement.center.y - 379.8) < 1e-9)
        #expect(abs(placement.size.width - 284.85) < 1e-9 && abs(placement.size.height - 84.4) < 1e-9)
        let unknown = try #require(area.placement(mediaSize: nil, pageSize: Size(width: 390, height: 844)))
        #expect(abs(unknown.size.width - 234) < 1e-9, "without a media size the media has the page's aspect")
        #expect(area.placement(mediaSize: nil, pageSize: Size(width: 0, height: 844)) == nil)
        #expect(area.placement(mediaSize: Size(width: .nan, height: 1), pageSize: Size(width: 390, height: 844)) == unknown)
    }

    @Test(arguments: [0.0, 30, -75, 180, 400])
    func aPointNearARotatedCornerHitsAndJustOutsideMisses(degrees: Double) throws {
        let area = StoryArea(id: "a", kind: .link(url: "u"), frame: Rect(x: 0.2, y: 0.4, width: 0.6, height: 0.1), rotation: degrees)
        let placement = try #require(area.placement(mediaSize: Size(width: 1080, height: 1920), pageSize: Size(width: 390, height: 844)))
        let w = placement.size.width / 2, h = placement.size.height / 2
        let angle = degrees * .pi / 180
        func page(_ u: Double, _ v: Double) -> Point {
            Point(x: 195 + u * cos(angle) - v * sin(angle), y: 379.8 + u * sin(angle) + v * cos(angle))
        }
        #expect(placement.contains(page(w - 2, h - 2)))
        #expect(!placement.contains(page(w + 2, h - 2)))
        #expect(!placement.contains(page(w - 2, h + 2)))
        #expect(!placement.contains(Point(x: .nan, y: 0)))
        let corner = page(w, h)
        #expect(placement.corners.contains { abs($0.x - corner.x) < 1e-9 && abs($0.y - corner.y) < 1e-9 })
    }

    @Test func theFrontMostAreaTakesATapWhereTwoOverlap() {
        let back = StoryArea(id: "back", kind: .link(url: "u"), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let front = StoryArea(id: "front", kind: .mention(userID: "b"), frame: Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        let page = Size(width: 100, height: 100)
        #expect(StoryArea.hit([back, front], at: Point(x: 50, y: 50), mediaSize: nil, pageSize: page)?.id == "front")
        #expect(StoryArea.hit([back, front], at: Point(x: 10, y: 10), mediaSize: nil, pageSize: page)?.id == "back")
        #expect(StoryArea.hit([front], at: Point(x: 10, y: 10), mediaSize: nil, pageSize: page) == nil)
    }
}
