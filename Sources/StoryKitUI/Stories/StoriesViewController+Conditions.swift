#if canImport(UIKit) && canImport(AVFoundation) && canImport(Network)
import StoryKit
import UIKit

// MARK: - StoriesViewController + Conditions

extension StoriesViewController {
    /// Low Data Mode, an expensive network, Low Power Mode and memory warnings, observed until
    /// the viewer closes: each is carried to the media as a value (``StoryMediaPlayback/conditionsChanged(_:viewer:)``,
    /// ``StoryMediaPlayback/memoryWarning(in:)``); the rules are StoryKit's.
    func observeConditions() {
        conditionsMonitor.onChange = { [weak self] conditions in
            guard let self else { return }
            self.media.conditionsChanged(conditions, viewer: self.viewer)
        }
        conditionsMonitor.start()
        notifications.observeOnMain(UIApplication.didReceiveMemoryWarningNotification) { [weak self] in
            guard let self else { return }
            self.media.memoryWarning(in: self.viewer)
            self.update()
        }
    }
}
#endif
