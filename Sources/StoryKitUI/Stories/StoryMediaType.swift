// MARK: - StoryMediaType

/// What a media file is, from its MIME type or its URL's path extension: the Uniform Type
/// Identifier a resource loader reports to AVFoundation, and whether it is an HLS stream.
/// Plain values, tested on Linux.
///
/// A MIME type is compared without its parameters and case (`Video/MP4; codecs="avc1"` is
/// `video/mp4`); a generic one (`application/octet-stream`, as object stores often send) says
/// nothing, so the path extension decides.
package enum StoryMediaType {
    /// Known MIME types' identifiers.
    static let identifiersByMIME: [String: String] = [
        "video/mp4": "public.mpeg-4",
        "video/quicktime": "com.apple.quicktime-movie",
        "video/x-m4v": "com.apple.m4v-video",
        "video/mp2t": "public.mpeg-2-transport-stream",
        "audio/mp4": "public.mpeg-4-audio",
        "audio/x-m4a": "com.apple.m4a-audio",
        "audio/mpeg": "public.mp3",
    ]

    /// Known path extensions' identifiers.
    static let identifiersByExtension: [String: String] = [
        "mp4": "public.mpeg-4",
        "mov": "com.apple.quicktime-movie",
        "m4v": "com.apple.m4v-video",
        "ts": "public.mpeg-2-transport-stream",
        "m4a": "com.apple.m4a-audio",
        "mp3": "public.mp3",
    ]

    /// The MIME types of an HLS playlist.
    static let streamMIMETypes: Set<String> = [
        "application/vnd.apple.mpegurl", "application/x-mpegurl", "audio/mpegurl", "audio/x-mpegurl",
    ]

    /// `mime` lowercased, without parameters or spaces; `nil` when absent, empty or generic.
    ///
    /// - Parameter mime: A `Content-Type` value, such as `video/mp4; codecs="avc1.42E01E"`.
    package static func essence(of mime: String?) -> String? {
        guard let mime else { return nil }
        let essence = String(mime.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .filter { !$0.isWhitespace }.lowercased()
        let generic: Set<String> = ["", "application/octet-stream", "binary/octet-stream", "application/unknown"]
        return generic.contains(essence) ? nil : essence
    }

    /// The Uniform Type Identifier of a media file: from its MIME type if known, else from its
    /// path extension if known (`video/mp4` or `.mp4` is `public.mpeg-4`); `nil` otherwise, where
    /// a platform may ask its own type database (`UTType(mimeType:)`).
    ///
    /// - Parameters:
    ///   - mimeType: The type the server or cache gave, if any.
    ///   - pathExtension: The URL's path extension (`mp4`), any case; empty if none.
    package static func uniformTypeIdentifier(mimeType: String?, pathExtension: String) -> String? {
        if let essence = essence(of: mimeType), let identifier = identifiersByMIME[essence] { return identifier }
        return identifiersByExtension[pathExtension.lowercased()]
    }

    /// The Uniform Type Identifier to tell AVFoundation for media with `mimeType` at a path ending
    /// `pathExtension`: ours for the common types (``uniformTypeIdentifier(mimeType:pathExtension:)``),
    /// else the system's for the MIME type's essence, else the system's for the extension, else
    /// `fallback` (MPEG-4: what a story video nearly always is).
    ///
    /// - Parameters:
    ///   - mimeType: The `Content-Type` the source gave, if any.
    ///   - pathExtension: The URL's path extension (may be empty).
    ///   - fallback: The identifier when nothing else knows.
    ///   - forMIME: The system's identifier for a MIME type, if it knows one.
    ///   - forExtension: The system's identifier for a file name extension, if it knows one.
    package static func uniformTypeIdentifier(mimeType: String?, pathExtension: String, fallback: String,
                                              forMIME: (String) -> String?,
                                              forExtension: (String) -> String?) -> String {
        if let known = uniformTypeIdentifier(mimeType: mimeType, pathExtension: pathExtension) { return known }
        if let mime = essence(of: mimeType), let system = forMIME(mime) { return system }
        if !pathExtension.isEmpty, let system = forExtension(pathExtension) { return system }
        return fallback
    }

    /// Whether a media file is an HLS stream (an `.m3u8` or `.m3u` playlist, or an HLS MIME
    /// type): such a video plays straight from its URL, without the byte cache.
    ///
    /// - Parameters:
    ///   - mimeType: The type the server or cache gave, if known.
    ///   - pathExtension: The URL's path extension, any case; empty if none.
    package static func isStream(mimeType: String?, pathExtension: String) -> Bool {
        if let essence = essence(of: mimeType), streamMIMETypes.contains(essence) { return true }
        return ["m3u8", "m3u"].contains(pathExtension.lowercased())
    }
}
