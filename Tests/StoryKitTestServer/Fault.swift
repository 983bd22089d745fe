/// A way for one response of a ``LoopbackServer`` to go wrong, scripted per route.
///
/// A route's faults are consumed one per request to its path, in order; once they are used up the
/// path is served normally. Byte counts are of *this response's* body: a `206` counts from the
/// start of its range.
///
/// ```swift
/// server.setRoute("clip.mp4", .generated(length: 2_000_000, seed: 7,
///                                         faults: [.status(503), .reset(afterBytes: 65_536)]))
/// // 1st request: 503, 2nd: 64 KiB then a TCP reset, 3rd and later: the whole clip.
/// ```
public enum Fault: Sendable, Hashable {
    /// Answers with this HTTP status (e.g. 503) and a short `text/plain` body instead of the
    /// media; the connection stays open for the next request.
    case status(Int)
    /// Announces the full `Content-Length`, sends this many body bytes (≥ 0), then closes the
    /// connection cleanly (FIN). If the body is no longer, all of it is sent before the close.
    case truncate(afterBytes: Int)
    /// Sends this many body bytes (≥ 0), then resets the connection (`SO_LINGER` 0 and close,
    /// so the client sees a TCP RST). If the body is no longer, all of it is sent before the reset.
    case reset(afterBytes: Int)
    /// Reads the request, then sends nothing (no status line, no headers) and keeps the
    /// connection open until the client leaves or the server shuts down: a server that hangs
    /// before answering. The server's and route's latency do not matter. (For a server that is
    /// not there at all, see ``LoopbackServer/refusedURL(_:)``.)
    case hang
    /// Sends the right status, headers and length, but every body byte is `0xFF`: media that
    /// arrives whole and cannot be decoded.
    case corrupt
}
