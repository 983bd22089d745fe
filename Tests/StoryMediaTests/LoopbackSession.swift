import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession for one test against a `LoopbackServer`: no cache, no cookies, generous timeouts
/// (they only bound a failure), invalidated when the test's body ends.
struct LoopbackSession: Sendable {
    /// The session.
    let urlSession: URLSession

    /// Runs `body` with a fresh session, then cancels whatever is still running in it.
    static func with<Value: Sendable>(_ body: (LoopbackSession) async throws -> Value) async throws -> Value {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 60
        configuration.timeoutIntervalForResource = 120
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        return try await body(LoopbackSession(urlSession: session))
    }

    /// Loads `url` with the given request headers.
    ///
    /// - Returns: The body and the HTTP response.
    func get(_ url: URL, method: String = "GET",
             headers: [String: String] = [:]) async throws -> (body: [UInt8], response: HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await urlSession.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return ([UInt8](data), http)
    }
}

extension HTTPURLResponse {
    /// The value of the header `name`, whatever its case.
    func header(_ name: String) -> String? {
        for case let (key as String, value as String) in allHeaderFields
        where key.caseInsensitiveCompare(name) == .orderedSame {
            return value
        }
        return nil
    }
}
