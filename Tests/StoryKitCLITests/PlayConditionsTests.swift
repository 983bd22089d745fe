import Foundation
import Testing
@testable import storykit

/// `storykit play --low-data` / `--low-power`: the plans follow the conditions, and the bytes
/// they load are printed.
@Suite struct PlayConditionsTests {
    /// The "bytes loaded (…): N KB in M requests" line of a demo session under `flags`: its
    /// conditions, kilobytes and requests.
    private func bytesLine(_ flags: [String]) throws -> (conditions: String, kilobytes: Double, requests: Int)? {
        let dir = NSTemporaryDirectory() + "storykit-play-conditions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try CLI.run(["play", "-o", dir + "/frames/", "--fps", "4", "--scale", "0.1"] + flags)
        guard let line = lines.first(where: { $0.hasPrefix("bytes loaded (") }) else { return nil }
        // bytes loaded (low data): 123.4 KB in 5 requests
        let scanner = Scanner(string: line)
        _ = scanner.scanString("bytes loaded (")
        let conditions = scanner.scanUpToString("):") ?? ""
        _ = scanner.scanString("):")
        let amount = scanner.scanDouble() ?? -1
        let unit = scanner.scanUpToString(" in ") ?? ""
        _ = scanner.scanString("in")
        let requests = scanner.scanInt() ?? -1
        let kilobytes = unit == "MB" ? amount * 1_000 : amount
        return (conditions, kilobytes, requests)
    }

    @Test func lowDataLoadsFewerBytesThanLowPowerOnAFeedOfImages() throws {
        let lowData = try #require(try bytesLine(["--low-data"]))
        let lowPower = try #require(try bytesLine(["--low-power"]))
        let both = try #require(try bytesLine(["--low-data", "--low-power"]))
        #expect(lowData.conditions == "low data" && lowPower.conditions == "low power" && both.conditions == "low data, low power")
        // The demo feed is images only: Low Power Mode prefetches them as usual (next users
        // too); Low Data Mode only each user's next item.
        #expect(lowData.requests > 0 && lowData.requests < lowPower.requests)
        #expect(lowData.kilobytes > 0 && lowData.kilobytes < lowPower.kilobytes)
        #expect(both.requests == lowData.requests)
    }

    @Test func withoutAConditionNoBytesLineIsPrinted() throws {
        #expect(try bytesLine([]) == nil)
    }
}
