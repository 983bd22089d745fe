#if canImport(UIKit)
import Foundation

/// Block-based notification observers that are removed when this object goes (with its owner),
/// or by ``removeAll()``: a `@MainActor` owner's `deinit` cannot reach its own tokens, this
/// object's can.
final class NotificationTokens {
    private var tokens: [any NSObjectProtocol] = []

    /// Observes `name` on the main queue.
    func observe(_ name: Notification.Name, object: AnyObject? = nil,
                 using block: @escaping @Sendable (Notification) -> Void) {
        tokens.append(NotificationCenter.default.addObserver(forName: name, object: object, queue: .main, using: block))
    }

    /// Observes `name` on the main queue and runs `block` on the main actor (for observers that
    /// read nothing from the notification).
    func observeOnMain(_ name: Notification.Name, using block: @escaping @MainActor () -> Void) {
        observe(name) { _ in MainActor.assumeIsolated { block() } }
    }

    /// Removes every observer.
    func removeAll() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        tokens = []
    }

    deinit {
        removeAll()
    }
}
#endif
