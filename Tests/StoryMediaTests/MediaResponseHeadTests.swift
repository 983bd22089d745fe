@testable import StoryMedia
import Testing

/// The one set of header rules both of the pipeline's paths use, case by case where the two
/// paths disagreed before they shared it (RFC 9110 §8.4, §8.6, §14.1, §14.3).
@Suite struct MediaResponseHeadTests {
    private func head(_ status: Int, _ headers: [String: String]) -> MediaResponseHead {
        MediaResponseHead(TransportResponse(status: status, headers: headers))
    }

    @Test(arguments: [
        ("bytes", true), ("Bytes", true), (" bytes ", true), ("none, bytes", true), ("bytes,other", true),
        ("none", false), ("", false), ("x-bytes", false), ("bytesize", false), ("nobytes", false),
    ])
    func acceptRangesIsAListOfWholeCaseInsensitiveUnits(field: String, serves: Bool) {
        #expect(head(200, ["Accept-Ranges": field]).servesRanges == serves)
    }

    @Test func aPartialAnswerShowsRangesWhateverAcceptRangesSaysAndNoFieldSaysNothing() {
        #expect(head(206, ["Accept-Ranges": "none"]).servesRanges == true)
        #expect(head(200, [:]).servesRanges == nil)
    }

    @Test(arguments: [
        ("gzip", true), ("GZip", true), ("br", true), ("identity, gzip", true), ("gzip, identity", true),
        ("identity", false), (" Identity ", false), ("", false),
    ])
    func aCodedBodyHasNoKnownLength(encoding: String, coded: Bool) {
        let parsed = head(200, ["Content-Length": "10", "Content-Encoding": encoding])
        #expect(parsed.isEncoded == coded)
        #expect(parsed.bodyLength == (coded ? nil : 10))
    }

    @Test(arguments: [
        ("12", 12 as Int?), (" 12 ", 12), ("0", 0), ("+12", nil), ("-1", nil), ("1 2", nil), ("", nil), ("0x10", nil),
    ])
    func contentLengthIsDigitsOnly(field: String, length: Int?) {
        #expect(head(200, ["Content-Length": field]).contentLength == length)
    }

    @Test func validatorsAndTypeAreTrimmedAndA206KeepsItsStartsValidators() {
        let parsed = head(206, ["ETag": " \"v2\" ", "Content-Type": "video/mp4 ", "Content-Range": "bytes 5-9/10"])
        #expect(parsed.etag == "\"v2\"" && parsed.contentType == "video/mp4")
        #expect(parsed.contentRange == ContentRange("bytes 5-9/10"))
        var record = MediaRecord()
        record.lastModified = "Tue, 01 Jan 2030 00:00:00 GMT"
        record.describe(by: parsed, receivedAt: 0, continuing: true)
        #expect(record.etag == "\"v2\"" && record.lastModified == "Tue, 01 Jan 2030 00:00:00 GMT" && record.acceptsRanges)
        record.describe(by: head(200, [:]), receivedAt: 0, continuing: false)
        #expect(record.etag == nil && record.lastModified == nil && record.acceptsRanges)
    }

    @Test func noStoreAndLifetimeComeFromTheFreshnessRules() {
        let parsed = head(200, ["Cache-Control": "max-age=60"])
        #expect(parsed.freshUntil(receivedAt: 1_000) == 1_060)
        #expect(head(200, ["Cache-Control": "no-store"]).freshness.noStore)
    }
}
