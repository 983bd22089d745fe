import StoryKit

// MARK: - ZoomCompletionSequence.Direction + Ends

extension ZoomCompletionSequence.Direction {
    /// The detail's end of a transition going this way, from UIKit's two: `arriving` (the
    /// context's `.to` key, or its final frame) for a push or present, `leaving` (`.from`, its
    /// initial frame) for a pop or dismiss.
    ///
    /// - Parameters:
    ///   - arriving: The arriving screen's value.
    ///   - leaving: The leaving screen's value.
    /// - Returns: The one that belongs to the detail.
    package func detailEnd<Value>(arriving: Value, leaving: Value) -> Value {
        self == .presenting ? arriving : leaving
    }

    /// What the tear-down takes out of UIKit's container once the transition is over, so that it
    /// is left as UIKit expects: after a failed run the view the transition added (a pop's
    /// grid), after a successful dismiss the detail's view.
    ///
    /// - Parameters:
    ///   - success: Whether the transition completed at its goal.
    ///   - added: The view the transition added to the container, if any.
    ///   - detail: The detail's view.
    /// - Returns: The views to remove from the container.
    package func removedViews<View>(success: Bool, added: View?, detail: View) -> [View] {
        (success ? [] : [added].compactMap { $0 }) + (success && self == .dismissing ? [detail] : [])
    }
}

// MARK: - ZoomControllerSession + Duration

extension ZoomControllerSession {
    /// The seconds UIKit is told a transition lasts (`transitionDuration(using:)`): the running
    /// model's when UIKit asks about the run (its context, or none), else the upcoming one's from
    /// `upcomingEnds` (its geometry and configuration), else the fade's.
    ///
    /// - Parameters:
    ///   - asksAboutRun: Whether a run is under way and UIKit's context is its own (or nil).
    ///   - upcomingEnds: The upcoming transition's geometry and configuration, nil without a detail.
    /// - Returns: Seconds, > 0.
    package func duration(asksAboutRun: Bool,
                          upcomingEnds: () -> (geometry: ZoomTransition.Geometry, configuration: ZoomTransition.Configuration)?) -> Double {
        if asksAboutRun, let seconds = runningDuration { return seconds }
        guard let ends = upcomingEnds() else { return ZoomTransition.fadeDuration }
        return upcomingDuration(geometry: ends.geometry, configuration: ends.configuration)
    }
}
