import Foundation

// MARK: - StoryResourceURL

/// The URLs that route a video's bytes through ``StoryResourceLoader``: an http(s) URL with its
/// scheme prefixed by `storykit-` (`https://cdn.example/a.mp4` becomes
/// `storykit-https://cdn.example/a.mp4`), and back. Plain values, tested on Linux.
///
/// `AVURLAsset` asks its resource loader's delegate only for URLs it cannot load itself, so an
/// asset made with the prefixed URL reads every byte through the delegate, which maps the URL
/// back and reads the original's bytes from a `MediaByteSource`. Only `http` and `https` are
/// mapped, either way: a file plays from disk, and any other scheme is not media the pipeline
/// can fetch.
package enum StoryResourceURL {
    /// What goes before an http(s) URL's scheme: `storykit-`.
    package static let schemePrefix = "storykit-"

    /// The URL to give `AVURLAsset` for `url`, or `nil` unless `url` is an absolute `http` or
    /// `https` URL with a host. The scheme is lowercased; everything else is kept as it is.
    ///
    /// - Parameter url: The media's URL.
    package static func assetURL(for url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), Self.isFetchable(scheme) else { return nil }
        return replacingScheme(of: url, with: schemePrefix + scheme)
    }

    /// The media's URL for an asset URL made by ``assetURL(for:)``, or `nil` for any other URL
    /// (another scheme, a prefix before something other than `http` or `https`, no host).
    ///
    /// - Parameter assetURL: The URL a loading request asks for.
    package static func originalURL(of assetURL: URL) -> URL? {
        guard let scheme = assetURL.scheme?.lowercased(), scheme.hasPrefix(schemePrefix) else { return nil }
        let original = String(scheme.dropFirst(schemePrefix.count))
        guard Self.isFetchable(original) else { return nil }
        return replacingScheme(of: assetURL, with: original)
    }

    private static func isFetchable(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https"
    }

    private static func replacingScheme(of url: URL, with scheme: String) -> URL? {
        guard var components = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: false),
              let host = components.host, !host.isEmpty else { return nil }
        components.scheme = scheme
        return components.url
    }
}
