#if canImport(UIKit) && canImport(Network)
import Foundation
import Network
import StoryKit
import UIKit

// MARK: - SystemConditionsMonitor

/// Reads the system's data and power conditions and hands them on as one value,
/// ``StoryKit/PrefetchConditions``, on the main actor: Low Data Mode and an expensive network
/// from `NWPathMonitor` (`isConstrained`, `isExpensive`), Low Power Mode from `ProcessInfo` (and
/// its `NSProcessInfoPowerStateDidChange` notification), the screen's scale from the controller.
/// It decides nothing: what the conditions change is the prefetch plan's rule.
@MainActor
final class SystemConditionsMonitor {
    /// Called on the main actor with the conditions, whenever one of them changed.
    var onChange: ((PrefetchConditions) -> Void)?
    /// The screen's pixels per point, as the controller's traits say.
    var displayScale: Double = 1 {
        didSet { if displayScale != oldValue { send() } }
    }
    /// The network path's constraint and cost, as last reported.
    private var path = (isConstrained: false, isExpensive: false)
    private let monitor = NWPathMonitor()
    private let notifications = NotificationTokens()
    /// The conditions last handed on.
    private var sent: PrefetchConditions?

    /// Starts observing; the first conditions are handed on at once (with the current traits'
    /// scale until the controller's layout says).
    func start() {
        displayScale = Double(UITraitCollection.current.displayScale)
        monitor.pathUpdateHandler = { [weak self] update in
            let path = (isConstrained: update.isConstrained, isExpensive: update.isExpensive)
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.pathChanged(path) } }
        }
        monitor.start(queue: DispatchQueue(label: "StoryKit.SystemConditionsMonitor"))
        notifications.observeOnMain(.NSProcessInfoPowerStateDidChange) { [weak self] in self?.send() }
        send()
    }

    /// Stops observing.
    func stop() {
        monitor.cancel()
        notifications.removeAll()
    }

    deinit {
        monitor.cancel()
    }

    /// The conditions now.
    var conditions: PrefetchConditions {
        PrefetchConditions(isLowDataMode: path.isConstrained, isExpensive: path.isExpensive,
                           isLowPowerMode: ProcessInfo.processInfo.isLowPowerModeEnabled, displayScale: displayScale)
    }

    private func pathChanged(_ path: (isConstrained: Bool, isExpensive: Bool)) {
        self.path = path
        send()
    }

    private func send() {
        let now = conditions
        guard now != sent else { return }
        sent = now
        onChange?(now)
    }
}
#endif
