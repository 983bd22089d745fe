import Foundation

/// A value behind a lock, for the few places where state is shared with callbacks that are not
/// on an actor (URLSession's delegate queue). `Synchronization.Mutex` needs iOS 18.
package final class Locked<Value>: @unchecked Sendable {
    /// Guards `value`.
    private let lock = NSLock()
    /// The value; touched only inside `withLock`.
    private var stored: Value

    /// A lock around `value`.
    package init(_ value: Value) { stored = value }

    /// The value now (a copy, read under the lock).
    package var value: Value { withLock { $0 } }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}
