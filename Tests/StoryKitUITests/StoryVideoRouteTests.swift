import Foundation
@testable import StoryKitUI
import Testing

@Suite struct StoryVideoRouteTests {
    static func url(_ string: String) -> URL { URL(string: string)! }

    // MARK: Asset URLs

    @Test func anHTTPSURLMapsToTheLoadersSchemeAndBack() throws {
        let original = Self.url("https://cdn.example.com:8443/ava/1%20a.mp4?sig=x%2By&t=3#frag")
        let asset = try #require(StoryResourceURL.assetURL(for: original))
        #expect(asset.absoluteString == "storykit-https://cdn.example.com:8443/ava/1%20a.mp4?sig=x%2By&t=3#frag")
        #expect(StoryResourceURL.originalURL(of: asset) == original)
        let plain = try #require(StoryResourceURL.assetURL(for: Self.url("http://example.com/b.mp4")))
        #expect(plain.absoluteString == "storykit-http://example.com/b.mp4")
        #expect(StoryResourceURL.originalURL(of: plain)?.absoluteString == "http://example.com/b.mp4")
    }

    @Test func schemesAreComparedWithoutCase() {
        #expect(StoryResourceURL.assetURL(for: Self.url("HTTPS://example.com/a.mp4"))?.scheme == "storykit-https")
        #expect(StoryResourceURL.originalURL(of: Self.url("StoryKit-HTTPS://example.com/a.mp4"))?.absoluteString
            == "https://example.com/a.mp4")
    }

    @Test(arguments: ["file:///var/a.mp4", "ftp://example.com/a.mp4", "data:video/mp4;base64,AAAA", "rtsp://example.com/live",
                      "https:///nohost.mp4", "storykit-https://example.com/a.mp4"])
    func onlyHTTPAndHTTPSAreMapped(string: String) {
        #expect(StoryResourceURL.assetURL(for: Self.url(string)) == nil)
    }

    @Test(arguments: ["https://example.com/a.mp4", "storykit-ftp://example.com/a.mp4", "storykit-file:///var/a.mp4",
                      "storykit-://example.com/a", "storykit-https:///a.mp4", "other-https://example.com/a.mp4"])
    func onlyTheLoadersHTTPAndHTTPSURLsMapBack(string: String) {
        #expect(StoryResourceURL.originalURL(of: Self.url(string)) == nil)
    }

    // MARK: Routes

    @Test func anMP4ReadsThroughTheLoaderOnlyWithAByteSource() {
        let location = StoryMediaLocation.remote(Self.url("https://example.com/a.mp4"))
        #expect(StoryVideoRoute(location, hasByteSource: true) == .throughLoader(Self.url("storykit-https://example.com/a.mp4")))
        #expect(StoryVideoRoute(location, hasByteSource: false) == .direct(Self.url("https://example.com/a.mp4")))
    }

    @Test(arguments: ["https://example.com/live/index.m3u8", "https://example.com/v/MASTER.M3U8?token=1", "http://example.com/list.m3u"])
    func anHLSStreamPlaysFromItsURLWithoutTheCache(string: String) {
        #expect(StoryVideoRoute(.remote(Self.url(string)), hasByteSource: true) == .direct(Self.url(string)))
    }

    @Test func aFilePlaysFromDisk() {
        let file = URL(fileURLWithPath: "/var/media/a.mp4")
        #expect(StoryVideoRoute(.file(file), hasByteSource: true) == .direct(file))
        #expect(StoryVideoRoute(.file(file), hasByteSource: true).assetURL == file)
    }

    // MARK: Types

    @Test func mp4IsPublicMPEG4ByMIMEOrExtension() {
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: "video/mp4", pathExtension: "") == "public.mpeg-4")
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: " Video/MP4; codecs=\"avc1.42E01E\"", pathExtension: "bin") == "public.mpeg-4")
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: nil, pathExtension: "MP4") == "public.mpeg-4")
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: "video/quicktime", pathExtension: "mp4") == "com.apple.quicktime-movie",
                "the server's type wins over the extension")
    }

    @Test func aGenericOrUnknownMIMELeavesItToTheExtension() {
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: "application/octet-stream", pathExtension: "mov") == "com.apple.quicktime-movie")
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: "binary/octet-stream", pathExtension: "m4v") == "com.apple.m4v-video")
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: "video/webm", pathExtension: "mp4") == "public.mpeg-4")
        #expect(StoryMediaType.uniformTypeIdentifier(mimeType: "video/webm", pathExtension: "webm") == nil)
        #expect(StoryMediaType.essence(of: "application/octet-stream") == nil && StoryMediaType.essence(of: " ") == nil)
    }

    @Test func anHLSMIMETypeIsAStream() {
        #expect(StoryMediaType.isStream(mimeType: "application/vnd.apple.mpegurl", pathExtension: ""))
        #expect(StoryMediaType.isStream(mimeType: "Application/X-MPEGURL; charset=utf-8", pathExtension: "php"))
        #expect(!StoryMediaType.isStream(mimeType: "video/mp4", pathExtension: "mp4"))
        #expect(!StoryMediaType.isStream(mimeType: nil, pathExtension: ""))
    }

    @Test func theTypeToldToAVFoundationIsOursThenTheSystemsByMIMEThenByExtensionThenMPEG4() {
        func type(_ mime: String?, _ ext: String, mimes: [String: String] = [:], exts: [String: String] = [:]) -> String {
            StoryMediaType.uniformTypeIdentifier(mimeType: mime, pathExtension: ext, fallback: "public.mpeg-4",
                                                 forMIME: { mimes[$0] }, forExtension: { exts[$0] })
        }
        #expect(type("video/quicktime", "webm", mimes: ["video/quicktime": "system.mov"]) == "com.apple.quicktime-movie")
        #expect(type("Video/WebM; codecs=vp9", "bin", mimes: ["video/webm": "org.webmproject.webm"], exts: ["bin": "x"])
                == "org.webmproject.webm", "the MIME type's essence, before the extension")
        #expect(type("application/octet-stream", "webm", mimes: ["application/octet-stream": "public.data"],
                     exts: ["webm": "org.webmproject.webm"]) == "org.webmproject.webm", "a generic MIME type says nothing")
        #expect(type(nil, "", exts: ["": "public.data"]) == "public.mpeg-4", "no extension is not asked about")
    }
}
