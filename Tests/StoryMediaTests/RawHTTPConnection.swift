import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to a loopback server, for what URLSession hides: a body that stops
/// short of its `Content-Length`, a reset, a clean close, several requests on one connection.
///
/// Reads block for at most 10 seconds each (a bound for failures only) and run on a Dispatch
/// thread, off Swift's cooperative pool.
struct RawHTTPConnection: Sendable {
    /// How reading stopped before a full response.
    enum End: Equatable, Sendable {
        /// The server closed the connection cleanly (FIN).
        case closed
        /// Reading failed with this `errno` (`ECONNRESET` for a reset).
        case failed(Int32)
        /// Nothing came for 10 seconds.
        case timedOut
    }

    /// A response as read off the socket.
    struct Response: Sendable {
        /// The status code.
        var status: Int
        /// The headers, names lowercased.
        var headers: [String: String]
        /// The body bytes received.
        var body: [UInt8]
        /// `nil` if the whole announced body arrived, else how reading stopped.
        var end: End?
    }

    /// The socket's file descriptor.
    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`.
    static func open(port: Int) async throws -> RawHTTPConnection {
        try await offPool {
            #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                let error = errno
                closeSocket(descriptor)
                throw POSIXError(.init(rawValue: error) ?? .EIO)
            }
            return RawHTTPConnection(descriptor: descriptor)
        }
    }

    /// Sends a `GET` (or `method`) request for `path` with extra header lines.
    func send(_ method: String = "GET", _ path: String, headers: [String] = []) async throws {
        let text = (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n")
            + "\r\n\r\n"
        let bytes = Array(text.utf8)
        try await Self.offPool {
            var offset = 0
            while offset < bytes.count {
                #if os(Linux)
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                #else
                let sent = bytes[offset...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
                #endif
                guard sent > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                offset += sent
            }
        }
    }

    /// Reads one response: its head, then as many body bytes as `Content-Length` announces (none
    /// for a `HEAD` request), or fewer if the connection ends first.
    func readResponse(toHEAD: Bool = false) async throws -> Response {
        try await Self.offPool {
            var bytes: [UInt8] = []
            var headEnd: Int?
            while headEnd == nil {
                if let end = receive(into: &bytes) { return try Self.parse(bytes, headEnd: nil, end: end) }
                headEnd = Self.find([13, 10, 13, 10], in: bytes).map { $0 + 4 }
            }
            var response = try Self.parse(bytes, headEnd: headEnd, end: nil)
            let length = toHEAD ? 0 : Int(response.headers["content-length"] ?? "") ?? 0
            while response.body.count < length {
                var more: [UInt8] = []
                if let end = receive(into: &more) {
                    response.end = end
                    break
                }
                response.body += more
            }
            return response
        }
    }

    /// Reads everything until the connection ends.
    ///
    /// - Returns: The bytes, and how the connection ended.
    func readUntilEnd() async throws -> (bytes: [UInt8], end: End) {
        try await Self.offPool {
            var bytes: [UInt8] = []
            while true {
                if let end = receive(into: &bytes) { return (bytes, end) }
            }
        }
    }

    /// Closes the socket (once).
    func close() {
        Self.closeSocket(descriptor)
    }

    /// One blocking `recv`, appending to `bytes`; `nil` if bytes came, else how the connection ended.
    private func receive(into bytes: inout [UInt8]) -> End? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            bytes += chunk[..<count]
            return nil
        }
        if count == 0 { return .closed }
        let error = errno
        return error == EAGAIN || error == EWOULDBLOCK ? .timedOut : .failed(error)
    }

    /// Splits a response into status, headers and the body bytes read so far.
    private static func parse(_ bytes: [UInt8], headEnd: Int?, end: End?) throws -> Response {
        guard let headEnd else { return Response(status: 0, headers: [:], body: [], end: end ?? .closed) }
        let lines = String(decoding: bytes[..<(headEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[headEnd...]), end: end)
    }

    /// The offset of the first occurrence of `pattern` in `bytes`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Runs blocking `work` on a Dispatch thread.
    private static func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The C library's `close`, which ``close()`` hides inside the type.
    private static func closeSocket(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}
