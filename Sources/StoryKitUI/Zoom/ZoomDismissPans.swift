// MARK: - ZoomDismissPans

/// The dismiss pans ``ZoomTransitionController`` installed, one per detail: installing on a
/// detail again replaces its pan (the old one comes off), and the pans of details that are gone
/// are let go instead of being kept for the controller's life. Plain, tested on Linux; generic
/// over the recogniser's class (`UIPanGestureRecognizer` on a device).
package struct ZoomDismissPans<Pan: AnyObject> {
    /// The pans kept, by the identity of their detail (`ObjectIdentifier` of its view controller).
    private var pans: [ObjectIdentifier: Pan] = [:]

    /// No pans.
    package init() {}

    /// How many pans are kept.
    package var count: Int { pans.count }

    /// Keeps `pan` for `detail`, first letting go of every pan whose detail is gone.
    ///
    /// - Parameters:
    ///   - pan: The new pan, already on the detail's view.
    ///   - detail: The detail's identity.
    ///   - isGone: Whether a pan's detail is gone (on a device: the pan has no view any more).
    /// - Returns: The pan `detail` had before, to take off its view; nil for none.
    package mutating func install(_ pan: Pan, for detail: ObjectIdentifier, isGone: (Pan) -> Bool) -> Pan? {
        pans = pans.filter { !isGone($0.value) }
        let replaced = pans[detail]
        pans[detail] = pan
        return replaced
    }
}
