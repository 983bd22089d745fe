import Foundation
import MotionCore
import StoryKit
import Testing

/// The feed's `placeholder` per item: one of `blurHash` or `thumbnail`, refused with the key path
/// and the reason when it is malformed.
@Suite struct StoryPlaceholderDecodingTests {
    private func feed(item: String) -> String {
        #"{"users": [{"id": "ava", "name": "Ava", "items": [{"id": "a1", "kind": "image", "url": "a1.jpg"}, "#
            + #"{"id": "a2", "kind": "image", "url": "a2.jpg", "placeholder": "# + item + "}]}]}"
    }

    /// The key path and message of the error decoding `json` as a feed.
    private func failure(_ json: String) -> (path: String, message: String)? {
        do {
            _ = try JSONDecoder().decode(StoryFeed.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined(),
                    context.debugDescription)
        } catch {
            return ("", "\(error)")
        }
    }

    @Test func decodesABlurHashAndAThumbnail() throws {
        let hash = try JSONDecoder().decode(StoryFeed.self, from: Data(feed(item: #"{"blurHash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"}"#).utf8))
        #expect(hash.users[0].items[0].placeholder == nil)
        #expect(hash.users[0].items[1].placeholder == .blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")))
        let tiny = try JSONDecoder().decode(StoryFeed.self, from: Data(feed(item: #"{"thumbnail": "a2-tiny.jpg"}"#).utf8))
        #expect(tiny.users[0].items[1].placeholder == .thumbnail("a2-tiny.jpg"))
    }

    @Test func encodesWhatItDecodes() throws {
        var item = StoryItem(id: "a1", kind: .video, url: "a1.mp4")
        item.placeholder = .blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
        let data = try JSONEncoder().encode(item)
        #expect(String(decoding: data, as: UTF8.self).contains(#""placeholder":{"blurHash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj"}"#))
        #expect(try JSONDecoder().decode(StoryItem.self, from: data) == item)
    }

    @Test func refusesAMalformedPlaceholderNamingTheKeyPathAndTheReason() {
        let path = ".users[0].items[1].placeholder"
        let cases: [(item: String, path: String, message: String)] = [
            (#"{"blurHash": "LEHV6nWB2yk8pyo0adR*.7kCMdn"}"#, path + ".blurHash",
             "not a BlurHash: is 27 characters long; 4 × 3 components need 28"),
            (#"{"blurHash": "LEHV6nWB2yk8pyo0adR*.7kCMd!j"}"#, path + ".blurHash",
             "not a BlurHash: \"!\" at offset 26 is not a base-83 digit"),
            (#"{"thumbnail": ""}"#, path + ".thumbnail", "a thumbnail needs a URL, a path or a data URI"),
            (#"{"blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"}"#, path + ".blurhash", "unknown key; did you mean blurHash?"),
            (#"{"blurHash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "thumbnail": "a.jpg"}"#, path,
             "a placeholder is a blurHash or a thumbnail, not both"),
            ("{}", path, "a placeholder needs a blurHash or a thumbnail"),
            (#"{"thumbnail": "data:image/png;base64,@@@@"}"#, path + ".thumbnail", "the data URI's base64 is malformed or empty"),
            (#"{"thumbnail": "data:image/png,abc"}"#, path + ".thumbnail",
             "a data URI thumbnail must be base64 (data:image/png;base64,…)"),
        ]
        for (item, path, message) in cases {
            let error = failure(feed(item: item))
            #expect(error?.path == path, "\(item)")
            #expect(error?.message == message, "\(item)")
        }
    }

    @Test func aBlurHashPlaceholderDecodesToPixelsAtThePagesAspect() throws {
        let placeholder = StoryPlaceholder.blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
        let bitmap = try #require(placeholder.bitmap(forPage: Size(width: 390, height: 844)))
        #expect(bitmap.width == 15 && bitmap.height == 32 && bitmap.rgba.count == 15 * 32 * 4)
        #expect(StoryPlaceholder.thumbnail("a.jpg").bitmap(forPage: Size(width: 390, height: 844)) == nil)
        #expect(StoryPlaceholder.imageName(forItem: "a2") == "placeholder:a2")
    }

    @Test func anInlineThumbnailGivesItsBytes() {
        // The eight bytes of a PNG signature, as base64.
        #expect(StoryPlaceholder.thumbnail("data:image/png;base64,iVBORw0KGgo=").inlineThumbnail
                == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(StoryPlaceholder.thumbnail("DATA:image/jpeg;base64,/9j/").inlineThumbnail == [0xFF, 0xD8, 0xFF])
        #expect(StoryPlaceholder.thumbnail("a2-tiny.jpg").inlineThumbnail == nil)
        #expect(StoryPlaceholder.thumbnail("data:image/png;base64,iVBO=Rw").inlineThumbnail == nil)
    }
}
