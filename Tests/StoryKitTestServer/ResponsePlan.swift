/// Everything one response will be, decided when its request arrives: status, headers, which
/// bytes, and how it ends. Pure, so the connection handler only carries it out.
struct ResponsePlan {
    /// Where the body comes from.
    enum Payload {
        /// A short text (404, a status fault, 416's empty body).
        case text([UInt8])
        /// These offsets of a route's body.
        case media(Route.Body, Range<Int>)
    }

    /// What happens after the body bytes that are sent.
    enum Ending: Hashable {
        /// The response completes; the connection stays open unless the request asked to close.
        case complete
        /// Close cleanly (FIN) after this many body bytes (≥ 0).
        case close(afterBytes: Int)
        /// Reset (RST) after this many body bytes (≥ 0).
        case reset(afterBytes: Int)
    }

    /// The HTTP status code.
    var status: Int
    /// The response headers, in order (the handler adds `Connection: close` when it closes).
    var headers: [(name: String, value: String)]
    /// The body as announced by `Content-Length`.
    var payload: Payload
    /// Whether body bytes are sent at all (`false` for `HEAD`).
    var sendsBody: Bool
    /// Whether every body byte is replaced by `0xFF` (``Fault/corrupt``).
    var corrupt = false
    /// How the response ends.
    var ending = Ending.complete
    /// Whether nothing is sent until the client leaves (``Fault/hang``).
    var hangs = false
    /// The delay before the head.
    var latency: Duration

    /// The announced body length in bytes.
    var contentLength: Int {
        switch payload {
        case .text(let bytes): bytes.count
        case .media(_, let range): range.count
        }
    }

    /// How many body bytes are written before the ending: the announced length, cut by a
    /// truncate or reset fault, or 0 for `HEAD`.
    var bytesToSend: Int {
        guard sendsBody else { return 0 }
        switch ending {
        case .complete: return contentLength
        case .close(let limit), .reset(let limit): return Swift.min(contentLength, Swift.max(limit, 0))
        }
    }

    /// Writes the body bytes at offsets `offset ..< offset + destination.count` of this response
    /// into `destination`.
    func copyBody(from offset: Int, into destination: UnsafeMutableRawBufferPointer) {
        if corrupt {
            destination.initializeMemory(as: UInt8.self, repeating: 0xFF)
            return
        }
        switch payload {
        case .text(let bytes):
            bytes.withUnsafeBytes { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(
                    rebasing: source[offset..<(offset + destination.count)]))
            }
        case .media(let body, let range):
            body.copy(from: range.lowerBound + offset, into: destination)
        }
    }
}

// MARK: - ResponsePlan + Making

extension ResponsePlan {
    /// The plan for one request.
    ///
    /// - Parameters:
    ///   - method: The request method; `HEAD` sends the headers only.
    ///   - range: The raw `Range` header, if any.
    ///   - ifRange: The raw `If-Range` header, if any.
    ///   - route: The route for the path, or `nil` for a 404.
    ///   - fault: The fault this request consumed, if any.
    ///   - serverLatency: The server's delay before each head, unless the route sets its own.
    static func make(method: String, range: String?, ifRange: String?, route: Route?,
                     fault: Fault?, serverLatency: Duration) -> ResponsePlan {
        let sendsBody = method != "HEAD"
        guard let route else {
            return text(404, "not found\n", sendsBody: sendsBody, latency: serverLatency)
        }
        let latency = route.latency ?? serverLatency
        switch fault {
        case .status(let code)?:
            return text(code, "fault: status \(code)\n", sendsBody: sendsBody, latency: latency)
        case .hang?:
            var plan = text(200, "", sendsBody: false, latency: latency)
            plan.hangs = true
            return plan
        case .truncate?, .reset?, .corrupt?, nil:
            break
        }

        let length = route.length
        var requested = RequestedRange.whole
        if route.acceptsRanges, let range, ifRange.map({ Self.validates($0, route) }) ?? true {
            requested = RequestedRange(header: range, length: length)
        }
        var headers: [(name: String, value: String)] = []
        var plan: ResponsePlan
        switch requested {
        case .whole:
            plan = ResponsePlan(status: 200, headers: [], payload: .media(route.body, 0..<length),
                                sendsBody: sendsBody, latency: latency)
        case .part(let part):
            plan = ResponsePlan(status: 206, headers: [], payload: .media(route.body, part),
                                sendsBody: sendsBody, latency: latency)
            headers.append(("Content-Range", "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(length)"))
        case .unsatisfiable:
            plan = ResponsePlan(status: 416, headers: [], payload: .text([]), sendsBody: sendsBody,
                                latency: latency)
            headers.append(("Content-Range", "bytes */\(length)"))
        }
        if requested != .unsatisfiable { headers.append(("Content-Type", route.contentType)) }
        headers.append(("Content-Length", "\(plan.contentLength)"))
        if route.acceptsRanges { headers.append(("Accept-Ranges", "bytes")) }
        if let etag = route.etag { headers.append(("ETag", etag)) }
        if let lastModified = route.lastModified { headers.append(("Last-Modified", lastModified)) }
        if let cacheControl = route.cacheControl { headers.append(("Cache-Control", cacheControl)) }
        plan.headers = headers

        switch fault {
        case .truncate(let bytes)?: plan.ending = .close(afterBytes: bytes)
        case .reset(let bytes)?: plan.ending = .reset(afterBytes: bytes)
        case .corrupt?: plan.corrupt = true
        default: break
        }
        return plan
    }

    /// Whether a conditional request is answered `304 Not Modified` (RFC 9110 §13.1): its
    /// `If-None-Match` lists the route's ETag (weak comparison, or `*`), or, without
    /// `If-None-Match`, its `If-Modified-Since` is exactly the route's Last-Modified date.
    static func notModified(ifNoneMatch: String?, ifModifiedSince: String?, _ route: Route) -> Bool {
        if let ifNoneMatch {
            guard let etag = route.etag else { return false }
            func opaque(_ tag: String) -> String { tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag }
            let candidates: [String] = ifNoneMatch.split(separator: ",").map { String($0).trimmingSpaces }
            return candidates.contains { (candidate: String) -> Bool in candidate == "*" || opaque(candidate) == opaque(etag) }
        }
        if let ifModifiedSince, let lastModified = route.lastModified { return ifModifiedSince.trimmingSpaces == lastModified }
        return false
    }

    /// `304 Not Modified` for `route`: its validators and `Cache-Control`, no body.
    static func notModified(_ route: Route, latency: Duration) -> ResponsePlan {
        var headers: [(name: String, value: String)] = []
        if let etag = route.etag { headers.append(("ETag", etag)) }
        if let lastModified = route.lastModified { headers.append(("Last-Modified", lastModified)) }
        if let cacheControl = route.cacheControl { headers.append(("Cache-Control", cacheControl)) }
        return ResponsePlan(status: 304, headers: headers, payload: .text([]), sendsBody: false, latency: latency)
    }

    /// Whether an `If-Range` value lets the range through: it equals the route's strong ETag or,
    /// exactly, its Last-Modified date (RFC 9110 §13.1.5).
    static func validates(_ ifRange: String, _ route: Route) -> Bool {
        let value = ifRange.trimmingSpaces
        if let etag = route.etag, !etag.hasPrefix("W/"), value == etag { return true }
        if let lastModified = route.lastModified, value == lastModified { return true }
        return false
    }

    /// A short `text/plain` response.
    private static func text(_ status: Int, _ text: String, sendsBody: Bool,
                             latency: Duration) -> ResponsePlan {
        let bytes = Array(text.utf8)
        return ResponsePlan(status: status,
                            headers: [("Content-Type", "text/plain; charset=utf-8"),
                                      ("Content-Length", "\(bytes.count)")],
                            payload: .text(bytes), sendsBody: sendsBody, latency: latency)
    }
}
