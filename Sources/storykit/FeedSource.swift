import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoryKit
import StoryMedia

/// Where `storykit render viewer` reads its feed: a file, or an http(s) URL fetched once before the
/// session; either way every relative media path in it is resolved against the feed's own
/// location, as a browser resolves a page's links.
///
/// | feed | item `ava/1.jpg` | item `http://cdn/x.jpg` | item `/srv/x.jpg` |
/// |---|---|---|---|
/// | `stories/feed.json` | `stories/ava/1.jpg` | as it is | as it is |
/// | `http://host/s/feed.json` | `http://host/s/ava/1.jpg` | as it is | `http://host/srv/x.jpg` |
struct FeedSource {
    /// The feed, its media paths resolved.
    let feed: StoryFeed
    /// The feed's folder for a file, `nil` for a URL.
    let folder: String?

    /// Reads the feed at `location` (a path or an http(s) URL) and resolves its media paths.
    ///
    /// - Parameter timeout: Seconds to wait for an http feed.
    /// - Throws: ``CLIError``: `PATH: no such file`, `URL: cannot fetch the feed: REASON`,
    ///   `URL: HTTP status 404`, or an invalid-JSON or invalid-feed line naming the location.
    init(_ location: String, timeout: Double = 30) throws {
        var feed: StoryFeed
        if let url = Self.httpURL(location) {
            let data = try Self.fetch(url, timeout: timeout)
            feed = try JSONInput.decode(StoryFeed.self, from: data, source: location, kind: "feed")
            for u in feed.users.indices {
                feed.users[u].avatar = feed.users[u].avatar.map { Self.resolve($0, against: url) }
                for i in feed.users[u].items.indices {
                    feed.users[u].items[i].url = Self.resolve(feed.users[u].items[i].url, against: url)
                    feed.users[u].items[i] = Self.resolvingThumbnail(of: feed.users[u].items[i]) { Self.resolve($0, against: url) }
                    feed.users[u].items[i].subtitles = feed.users[u].items[i].subtitles.map { Self.resolve($0, against: url) }
                }
            }
            folder = nil
        } else {
            guard FileManager.default.fileExists(atPath: location) else { throw CLIError("\(location): no such file") }
            feed = try JSONInput.load(StoryFeed.self, from: location, kind: "feed")
            let base = (location as NSString).deletingLastPathComponent
            for u in feed.users.indices {
                feed.users[u].avatar = feed.users[u].avatar.map { Self.resolve($0, inFolder: base) }
                for i in feed.users[u].items.indices {
                    feed.users[u].items[i].url = Self.resolve(feed.users[u].items[i].url, inFolder: base)
                    feed.users[u].items[i] = Self.resolvingThumbnail(of: feed.users[u].items[i]) { Self.resolve($0, inFolder: base) }
                    feed.users[u].items[i].subtitles = feed.users[u].items[i].subtitles.map { Self.resolve($0, inFolder: base) }
                }
            }
            folder = base
        }
        if let problem = feed.validationErrors().first { throw CLIError("\(location): \(problem)") }
        guard feed.users.contains(where: { !$0.items.isEmpty }) else { throw CLIError("\(location): no user has an item") }
        self.feed = feed
    }

    /// `text` as an http or https URL, or `nil`.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil else { return nil }
        return url
    }

    /// A media reference of a feed fetched from `base`: absolute URLs as they are, anything else
    /// relative to `base`.
    static func resolve(_ reference: String, against base: URL) -> String {
        if let url = URL(string: reference), url.scheme != nil { return reference }
        let escaped = reference.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? reference
        return URL(string: escaped, relativeTo: base)?.absoluteURL.absoluteString ?? reference
    }

    /// A media reference of a feed file in `folder`: URLs and absolute paths as they are,
    /// relative paths joined to `folder`.
    static func resolve(_ reference: String, inFolder folder: String) -> String {
        if httpURL(reference) != nil || reference.hasPrefix("/") || folder.isEmpty { return reference }
        return (folder as NSString).appendingPathComponent(reference)
    }

    /// The body of a GET of `url`, waiting at most `timeout` seconds.
    private static func fetch(_ url: URL, timeout: Double) throws -> Data {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let result = Locked<Result<(Data, Int), Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let error {
                result.withLock { $0 = .failure(error) }
            } else {
                result.withLock { $0 = .success((data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0)) }
            }
            done.signal()
        }.resume()
        done.wait()
        switch result.withLock({ $0 }) {
        case let .success((data, status)) where status == 200:
            return data
        case let .success((_, status)):
            throw CLIError("\(url.absoluteString): cannot fetch the feed: HTTP status \(status)")
        case let .failure(error):
            throw CLIError("\(url.absoluteString): cannot fetch the feed: \(error.localizedDescription)")
        case nil:
            throw CLIError("\(url.absoluteString): cannot fetch the feed")
        }
    }
}
