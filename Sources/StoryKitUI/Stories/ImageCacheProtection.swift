import Foundation
import StoryKit
import StoryMedia

// MARK: - ImageCacheProtection

/// Which decoded images survive a memory warning: the images each Stories viewer on screen shows
/// now and next (StoryKit's ``StoryKit/MemoryWarningRule``), by owner, in plain Swift, tested on
/// Linux.
///
/// Each viewer's media playback says what it protects after every change of its viewer
/// (``protect(_:for:)``) and lets go when it closes (``release(_:)``); the decoded-image cache
/// keeps, on a memory warning, only the keys whose URL some viewer protects (``keeps(_:)``). With
/// no viewer on screen nothing is protected and the whole cache empties, as before.
package final class ImageCacheProtection: Sendable {
    /// The protected URLs, by owner.
    private let owners = Locked<[ObjectIdentifier: Set<URL>]>([:])

    /// Nothing protected.
    package init() {}

    /// The URLs that the rule keeps, resolved as the loaders resolve them (relative paths
    /// against `baseURL`); strings that do not resolve are left out.
    package static func urls(kept rule: MemoryWarningRule, baseURL: URL?) -> Set<URL> {
        Set(rule.keptURLs.compactMap { StoryMediaLocation.resolve($0, relativeTo: baseURL)?.url })
    }

    /// Protects `urls` for `owner`, replacing what it protected before.
    package func protect(_ urls: Set<URL>, for owner: ObjectIdentifier) {
        owners.withLock { $0[owner] = urls.isEmpty ? nil : urls }
    }

    /// Protects nothing more for `owner`.
    package func release(_ owner: ObjectIdentifier) {
        owners.withLock { $0[owner] = nil }
    }

    /// Whether the decode under `key` stays on a memory warning: some owner protects its URL.
    package func keeps(_ key: ImageCacheKey) -> Bool {
        owners.withLock { owners in owners.values.contains { $0.contains(key.url) } }
    }

    /// Every protected URL, for tests and diagnostics.
    package var protected: Set<URL> {
        owners.withLock { $0.values.reduce(into: Set<URL>()) { $0.formUnion($1) } }
    }
}
