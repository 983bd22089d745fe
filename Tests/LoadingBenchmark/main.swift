import Foundation
import StoryKitTestServer

// The media pipeline's loading benchmark (a scripted session, not a test):
//
//   swift run -c release storykit-loading-bench [items-viewed] [users…]
//
// A loopback server (80 ms latency, one 20 Mbit/s link) serves a feed of users × 10 items
// (images of about 200 KB, videos of about 2 MB); a session views `items-viewed` items (60 by
// default) at 2 s each with random skips, once with the pipeline's prefetching and once loading
// each item only when shown, and with prefetching under Low Data Mode and under Low Power Mode
// (StoryKit's PrefetchConditions, a 3× screen), each in a child process of its own so that peak RSS is the
// session's. Printed: the wait in the loading state per item (p50, p95), bytes downloaded per
// byte shown, requests, peak RSS — and the prefetching session's peak RSS for several feed
// lengths.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
    // --child PORT USERS ITEMS MODE
    let port = Int(arguments[1])!, users = Int(arguments[2])!, items = Int(arguments[3])!
    let session = BenchSession(port: port, users: users, itemsToView: items, mode: arguments[4], seed: 42)
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox()
    Task.detached {
        box.result = await session.run()
        done.signal()
    }
    done.wait()
    let data = try JSONEncoder().encode(box.result!)
    print(String(decoding: data, as: UTF8.self))
    exit(0)
}

let itemsViewed = arguments.first.flatMap(Int.init) ?? 60
let feedLengths = arguments.dropFirst().compactMap(Int.init)
let server = try await LoopbackServer.start(latency: .milliseconds(80), bytesPerSecond: 20_000_000 / 8) { path in
    guard let (user, item, small) = BenchFeed.parse(path) else { return nil }
    var route = Route.generated(length: BenchFeed.length(ofPath: path), seed: BenchFeed.mix(user, item) &+ (small ? 1 : 0))
    route.etag = "\"\(user)-\(item)\(small ? "s" : "")\""
    route.contentType = BenchFeed.isVideo(user, item) ? "video/mp4" : "image/jpeg"
    return route
}

/// Runs one session in a child process.
func child(users: Int, mode: String) throws -> BenchSession.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--child", "\(server.port)", "\(users)", "\(itemsViewed)", mode]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONDecoder().decode(BenchSession.Result.self, from: output)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
}

func row(_ r: BenchSession.Result) -> String {
    let waste = Double(r.bytesReceived) / Double(max(r.bytesShown, 1))
    return r.mode.padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: " %6d %6d  %7.3f %7.3f %7.3f  %5.2f  %7.1f MB  %6d  %7.1f MB  %7.1f MB  %6.1f s",
                  r.users, r.itemsViewed, percentile(r.waits, 0.5), percentile(r.waits, 0.95),
                  r.waits.reduce(0, +) / Double(max(r.waits.count, 1)), waste, Double(r.bytesReceived) / 1e6,
                  r.requests, Double(r.peakRSSKiB) / 1024, Double(r.peakRSSKiB - r.feedRSSKiB) / 1024, r.seconds)
}

print("loopback: 80 ms latency, 20 Mbit/s; \(itemsViewed) items viewed, 2 s each, 20 % skipped after 0.6 s (1 in 4 of them to the next user)")
print("mode           users  items   wait p50    p95    mean  dl/shown  downloaded  requests  peak RSS  above feed  session")
let users = 1_000
for mode in ["prefetch", "low-data", "low-power", "load-on-show"] { print(row(try child(users: users, mode: mode))) }
for length in feedLengths { print(row(try child(users: length, mode: "prefetch"))) }
try await server.shutdown()

/// The child's result, handed from its task to the main thread.
final class ResultBox: @unchecked Sendable { var result: BenchSession.Result? }
