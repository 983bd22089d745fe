import StoryKit

// MARK: - CubePanBridge

/// How the pager's pan recogniser feeds the cube model: which model inputs each recogniser
/// callback becomes, and who owns the model's touch. Plain values, so the rules are tested on
/// Linux; ``CubePagerView`` only reads the recogniser and applies the inputs.
///
/// The rules:
/// - A finger coming down (`touchDown`) gives the model the touch at once, so a settling cube stops
///   under it. A touch-down while the model still holds a touch (a sequence whose end never came)
///   ends that one first; a second finger during a drag is ignored.
/// - The pan beginning moves the touch; if no touch-down was seen, it begins the touch first.
/// - The pan ending or cancelling ends or cancels the touch.
/// - The pan resetting without having begun (a tap, a vertical drag, a drag a scroll view took,
///   another recogniser won), or being refused, releases the held touch where it came down: a
///   settle it interrupted goes on. A reset after the pan began whose end was never delivered ends
///   the drag at the finger's last place.
package struct CubePanBridge: Sendable, Hashable {
    /// One input to the model (StoryKit's ``StoryKit/TouchInput``, delivered by its `apply`).
    package typealias Input = TouchInput

    /// One callback of the pager's pan recogniser, as plain values.
    package enum PanEvent: Sendable, Hashable {
        /// The first finger of a sequence came down (`touchesBegan`, before anything is recognised).
        case touchDown
        /// The pan began, the finger at a location in the pager (points).
        case began(Point)
        /// The pan moved to a location in the pager (points).
        case changed(Point)
        /// The pan ended at a location in the pager (points).
        case ended(Point)
        /// The pan was cancelled or failed after beginning.
        case cancelled
        /// The pan was refused (`gestureRecognizerShouldBegin` said no).
        case refused
        /// The recogniser reset for the next sequence.
        case reset
    }

    /// Whether the model holds a touch from a touch-down or pan that has not been ended.
    package private(set) var modelHasTouch = false
    /// Whether the pan has begun (it owns the model's touch until it ends).
    package private(set) var isPanning = false

    /// A bridge with no touch.
    package init() {}

    /// A finger came down at `location` (nil when the recogniser has none). While the pan is
    /// dragging, another finger changes nothing: the pan owns the touch until it ends.
    package mutating func touchDown(at location: Point?) -> [Input] {
        guard let location, !isPanning else { return [] }
        var inputs = releaseHeldTouch(at: location)
        modelHasTouch = true
        inputs.append(.began(location))
        return inputs
    }

    /// The pan began at `location`; `touchDown` is where the finger came down, if seen. A pan
    /// whose touch-down was never seen begins the model's touch at `location`, so the pan always
    /// owns a touch it will end.
    package mutating func panBegan(at location: Point, touchDown: Point?) -> [Input] {
        isPanning = true
        var inputs: [Input] = []
        if !modelHasTouch {
            modelHasTouch = true
            inputs.append(.began(touchDown ?? location))
        }
        inputs.append(.moved(location))
        return inputs
    }

    /// The pan moved to `location`.
    package func panChanged(to location: Point) -> [Input] {
        isPanning ? [.moved(location)] : []
    }

    /// The pan ended at `location`.
    package mutating func panEnded(at location: Point) -> [Input] {
        guard isPanning else { return [] }
        isPanning = false
        modelHasTouch = false
        return [.ended(location)]
    }

    /// The pan was cancelled or failed after beginning.
    package mutating func panCancelled() -> [Input] {
        guard isPanning else { return [] }
        isPanning = false
        modelHasTouch = false
        return [.cancelled]
    }

    /// The pan reset for the next sequence; `latest` is the finger's last place, `touchDown` where
    /// it came down.
    package mutating func panDidReset(latest: Point?, touchDown: Point?) -> [Input] {
        if isPanning {
            isPanning = false
            modelHasTouch = false
            return [.ended(latest ?? touchDown ?? .zero)]
        }
        return releaseHeldTouch(at: touchDown ?? latest ?? .zero)
    }

    /// The pan was refused (a vertical drag, a scroll view takes it): the held touch is released
    /// where it came down.
    package mutating func panRefused(touchDown: Point?, latest: Point?) -> [Input] {
        releaseHeldTouch(at: touchDown ?? latest ?? .zero)
    }

    /// The inputs for the pan's `event`, the one entry for every callback of the recogniser.
    ///
    /// - Parameters:
    ///   - event: The callback.
    ///   - touchDown: Where the tracked finger came down, in the pager (points), if seen.
    ///   - latest: The tracked finger's latest place, in the pager (points), if any.
    package mutating func inputs(for event: PanEvent, touchDown: Point?, latest: Point?) -> [Input] {
        switch event {
        case .touchDown: self.touchDown(at: touchDown)
        case .began(let location): panBegan(at: location, touchDown: touchDown)
        case .changed(let location): panChanged(to: location)
        case .ended(let location): panEnded(at: location)
        case .cancelled: panCancelled()
        case .refused: panRefused(touchDown: touchDown, latest: latest)
        case .reset: panDidReset(latest: latest, touchDown: touchDown)
        }
    }

    /// The pager reloaded: the model's touch is gone.
    package mutating func reset() {
        modelHasTouch = false
        isPanning = false
    }

    /// Ends a touch the pan did not turn into a drag, as a release without movement at `point`.
    private mutating func releaseHeldTouch(at point: Point) -> [Input] {
        guard modelHasTouch, !isPanning else { return [] }
        modelHasTouch = false
        return [.ended(point)]
    }
}
