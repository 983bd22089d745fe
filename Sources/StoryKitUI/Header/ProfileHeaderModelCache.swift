import StoryKit

// MARK: - ProfileHeaderModelCache

/// The profile header's model, rebuilt only when its layout or configuration changes, for both
/// front-ends (the UIKit one measures on every scroll step, SwiftUI evaluates the body on every
/// one; the model's tracks are built once per layout). Plain values, tested on Linux.
///
/// The configuration given to the model is the app's with the system's Reduce Motion added: Reduce
/// Motion is on when either says so. A reference type so that SwiftUI can keep it in `@State` and
/// ask it from `body` without a state change.
package final class ProfileHeaderModelCache {
    /// The model built last; nil before the first and after ``reset()``.
    package private(set) var model: StretchyHeader?

    /// An empty cache.
    package init() {}

    /// The model for `layout` and `configuration` with the system's Reduce Motion, the previous
    /// one if they are the same.
    ///
    /// - Parameters:
    ///   - layout: The model's inputs measured from the views, in points.
    ///   - configuration: The app's choices.
    ///   - systemReduceMotion: Whether the system's Reduce Motion is on.
    /// - Returns: The model, and whether it was built now (a new layout or configuration: the
    ///   front-end asks for the blurred copy again then).
    package func update(_ layout: StretchyHeader.Layout, configuration: StretchyHeader.Configuration,
                        systemReduceMotion: Bool) -> (model: StretchyHeader, isNew: Bool) {
        var effective = configuration
        effective.reduceMotion = configuration.reduceMotion || systemReduceMotion
        if let model, model.layout == layout, model.configuration == effective { return (model, false) }
        let made = StretchyHeader(layout: layout, configuration: effective)
        model = made
        return (made, true)
    }

    /// Forgets the model (detached): the next ``update(_:configuration:systemReduceMotion:)``
    /// builds one.
    package func reset() {
        model = nil
    }
}
