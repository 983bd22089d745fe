import Foundation

// MARK: - StoryMediaLocation

/// Where a feed's media string points: a file or an http(s) URL (plain values, tested on
/// Linux). The simple loader of ``AVStoryMediaSource`` reads files off the main thread and the
/// rest through the app's `MediaByteSource`, or downloads it with `URLSession`; videos go to
/// `AVPlayer` as ``StoryVideoRoute`` says.
package enum StoryMediaLocation: Sendable, Hashable {
    /// A file on this device.
    case file(URL)
    /// An `http` or `https` URL.
    case remote(URL)

    /// The URL, whichever kind.
    package var url: URL {
        switch self {
        case .file(let url), .remote(let url): url
        }
    }

    /// Resolves a feed's `url` or `avatar` string.
    ///
    /// - `http://…`, `https://…`: remote; `file://…`: that file.
    /// - An absolute path (`/var/…/ava.jpg`): that file.
    /// - A relative path (`ava/1.jpg`): relative to `base` (a folder's file URL, or an http(s)
    ///   URL whose path is the folder); without a base, relative to the current directory.
    /// - Anything else (an empty string, another scheme such as `data:` or `ftp:`): `nil`, and
    ///   the item fails with a reason.
    ///
    /// - Parameters:
    ///   - string: The feed's string.
    ///   - base: The folder relative paths are in, if any.
    package static func resolve(_ string: String, relativeTo base: URL?) -> StoryMediaLocation? {
        let text = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        if let scheme = Self.scheme(of: text) {
            guard let url = URL(string: text), url.host != nil || scheme == "file" else { return nil }
            switch scheme {
            case "http", "https": return .remote(url)
            case "file": return url.path.isEmpty ? nil : .file(URL(fileURLWithPath: url.path))
            default: return nil
            }
        }
        if text.hasPrefix("/") { return .file(URL(fileURLWithPath: text)) }
        guard let base else { return .file(URL(fileURLWithPath: text)) }
        let folder = base.hasDirectoryPath ? base : base.appendingPathComponent("", isDirectory: true)
        if base.isFileURL { return .file(URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL) }
        guard let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let url = URL(string: text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? text,
                            relativeTo: folder)?.absoluteURL else { return nil }
        return .remote(url)
    }

    /// The string's URL scheme, lowercased, if it starts with one (`letter (letter | digit | + - .)* ":"`).
    private static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme.lowercased()
    }
}
