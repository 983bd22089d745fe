import StoryKit

// MARK: - ZoomDetailSession

/// One SwiftUI detail's zoom, from its open to its close: the model, the drag's begin rule and
/// what the host does after each input (sample every frame, stop, dismiss). Plain values in the
/// detail's points, tested on Linux; ``ZoomDetailDriver`` converts the window's points and runs
/// the frames, and the SwiftUI modifier only forwards its events and draws.
package struct ZoomDetailSession: Sendable, Hashable {
    /// What the host does after an input.
    package struct Outcome: Sendable, Hashable {
        /// Sample the model on every frame from now (something springs or fades).
        package var run = false
        /// Stop sampling (a finger holds it, or it rests).
        package var stop = false
        /// The detail is back in its cell (or faded): show the cell, dismiss the detail.
        package var closed = false
    }

    /// The model, nil before the open.
    package private(set) var transition: ZoomTransition?
    /// Where the detail shows its image at rest, in its own points.
    package private(set) var destination: Rect = .zero
    /// Whether the current drag was refused (it began the wrong way, or nothing may be grabbed).
    private var refused = false
    /// Whether the current drag feeds the model.
    private var dragging = false

    /// A session before its open.
    package init() {}

    /// Opens out of `source` (a cross-fade without one, or under Reduce Motion); once.
    ///
    /// - Parameters:
    ///   - container: The detail's size, in points.
    ///   - source: The cell's frame in the detail's coordinates, nil when it is not on screen.
    ///   - cornerRadius: The cell's corner radius, in points.
    ///   - imageSize: The image's size or aspect, nil: the detail is the image.
    ///   - configuration: The app's configuration (Reduce Motion included).
    ///   - time: Now, in seconds.
    package mutating func open(container: Size, source: Rect?, cornerRadius: Double, imageSize: Size?,
                               configuration: ZoomTransition.Configuration, time: Double) -> Outcome {
        guard transition == nil else { return Outcome() }
        var configuration = configuration
        configuration.reduceMotion = configuration.reduceMotion || source == nil
        let geometry = ZoomDetailPlacement.geometry(container: container, source: source, cornerRadius: cornerRadius,
                                                    imageSize: imageSize)
        destination = geometry.destination
        var model = ZoomTransition(geometry: geometry, configuration: configuration, time: time)
        var outcome = Self.outcome(model.open(time: time))
        transition = model
        outcome.run = Self.moves(model.phase)
        return outcome
    }

    /// Closes into `source` where it is now (a fade in place when it is nil); closed at once
    /// before any open.
    package mutating func close(source: Rect?, time: Double) -> Outcome {
        guard var model = transition else { return Outcome(closed: true) }
        var outcome = Self.outcome(model.close(time: time, source: source))
        transition = model
        outcome.run = Self.moves(model.phase)
        return outcome
    }

    /// A drag moved to `location` from `start` (translation so far `translation`), in the
    /// detail's points. It takes hold only if it may: a rightward (downward with
    /// ``StoryKit/ZoomTransition/Configuration/downwardDismiss``) drag of the detail at rest, or
    /// any drag during a settle (``ZoomPanRule``); otherwise the whole drag is ignored.
    package mutating func dragChanged(location: Point, start: Point, translation: Point, time: Double) -> Outcome {
        guard var model = transition, !refused else { return Outcome() }
        var outcome = Outcome()
        if !dragging {
            let mayBegin = ZoomPanRule.mayRegrab(model.phase) || (model.phase == .rest(presented: true) && ZoomPanRule.mayBegin(
                translation: translation, velocity: .zero, scrollOffset: nil, zoomScale: 1, transition: model))
            guard mayBegin else {
                refused = true
                return outcome
            }
            dragging = true
            outcome = Self.outcome(model.touchBegan(at: start, time: time))
            outcome.stop = true
        }
        // A move advances the model's clock too: a fade or settle it was left in (a close while
        // the finger rested) may end here, and its end must be heard.
        let moved = Self.outcome(model.touchMoved(to: location, time: time))
        outcome.stop = outcome.stop || moved.stop
        outcome.closed = outcome.closed || moved.closed
        transition = model
        return outcome
    }

    /// The drag ended at `location` (the detail's points); `source` is the cell's frame now.
    package mutating func dragEnded(location: Point, source: Rect?, time: Double) -> Outcome {
        defer { refused = false; dragging = false }
        guard dragging, var model = transition else { return Outcome() }
        var outcome = Self.outcome(model.touchEnded(at: location, time: time, source: source))
        transition = model
        outcome.run = Self.moves(model.phase)
        return outcome
    }

    /// A display frame at `time`.
    package mutating func advance(to time: Double) -> Outcome {
        guard var model = transition else { return Outcome(stop: true) }
        let outcome = Self.outcome(model.advance(to: time))
        transition = model
        return outcome
    }

    /// What to draw at `time`, nil before the open.
    package func placement(at time: Double) -> ZoomDetailPlacement? {
        transition.map { ZoomDetailPlacement(ZoomTransitionLayout($0.frame(at: time)), destination: destination) }
    }

    /// The cell's frame in the detail's points while a placeholder must hide it (the image
    /// has left it), else nil.
    package var placeholder: Rect? {
        guard let transition else { return nil }
        let layout = ZoomTransitionLayout(transition)
        return layout.sourcePlaceholderVisible ? layout.sourcePlaceholderFrame : nil
    }

    /// Whether the model moves by itself in `phase` (springs or fades), so that frames must be
    /// sampled.
    static func moves(_ phase: ZoomTransition.Phase) -> Bool {
        switch phase {
        case .settling, .fading, .crossFading: true
        case .rest, .dragging: false
        }
    }

    /// The host's steps for the model's `events`: any end stops the sampling; an end away from
    /// the detail closes it.
    static func outcome(_ events: [ZoomTransition.Event]) -> Outcome {
        var outcome = Outcome()
        for event in events {
            switch event {
            case .began: continue
            case .cancelled: outcome.stop = true
            case .finished(let presented):
                outcome.stop = true
                if !presented { outcome.closed = true }
            }
        }
        return outcome
    }
}
