import StoryKit

// The models a gesture script drives conform to StoryKit's `TouchDriven` (the cube, the viewer
// and the zoom in the library; the CLI's sessions, ``StoriesSession`` and ``ZoomSession``, here):
// every effect that takes touches plugs into the one replay loop, ``TouchReplay``.

/// A ``GestureScript`` fed into a ``TouchDriven`` model in time order, each touch at its own
/// time, as a gesture recogniser would between display-link frames: the replay loop shared by
/// `storykit render cube`, `storykit render viewer` and the demo reel.
struct TouchReplay<Model: TouchDriven>: Sendable {
    /// The model, with the touches fed so far.
    var model: Model
    /// The touches, in time order.
    let script: GestureScript
    /// The index of the first touch not yet fed.
    private(set) var nextEvent = 0

    /// Prepares to replay `script` into `model`.
    init(script: GestureScript, model: Model) {
        self.script = script
        self.model = model
    }

    /// The longest pause between two samples of a moving finger, in seconds (0.04 s, the
    /// ``VelocityTracker``'s stop gap): touch screens report every 4–17 ms while the finger moves,
    /// so between samples further apart the finger rested where the first one was.
    static var longestMovingGap: Double { VelocityTracker.Configuration.defaultAssumeStoppedGap }

    /// The next touch of the script, if it is at or before `time`.
    var nextTouch: GestureScript.Event? {
        nextEvent < script.events.count ? script.events[nextEvent] : nil
    }

    /// Feeds the next touch to the model if it is at or before `time`.
    ///
    /// - Returns: The touch and the model's events, or `nil` when no touch is due.
    mutating func feedNextTouch(through time: Double) -> (touch: GestureScript.Event, events: [Model.Event])? {
        guard let touch = nextTouch, touch.time <= time else { return nil }
        nextEvent += 1
        let events: [Model.Event]
        switch touch.phase {
        case .began: events = model.touchBegan(at: touch.position, time: touch.time)
        case .moved: events = model.touchMoved(to: touch.position, time: touch.time)
        case .ended: events = model.touchEnded(at: touch.position, time: touch.time)
        case .cancelled: events = model.touchCancelled(time: touch.time)
        }
        return (touch, events)
    }

    /// Feeds every touch at or before `time`, then advances the model to `time`.
    ///
    /// - Returns: The events with the times of the inputs that caused them.
    mutating func step(to time: Double) -> [(time: Double, event: Model.Event)] {
        var timed: [(time: Double, event: Model.Event)] = []
        while let (touch, events) = feedNextTouch(through: time) { timed += events.map { (touch.time, $0) } }
        timed += model.advance(to: time).map { (time, $0) }
        return timed
    }

    /// Where the finger is at `time`, strictly between the last sample fed and the next one: on
    /// the straight line between them, when both belong to one touch that is moving (they are at
    /// most ``longestMovingGap`` apart); `nil` when the finger is up or resting.
    ///
    /// - Parameter time: A frame time, in seconds, at or after the last sample fed.
    /// - Returns: The finger, in points, or `nil`.
    func finger(at time: Double) -> Point? {
        guard nextEvent > 0, nextEvent < script.events.count else { return nil }
        let last = script.events[nextEvent - 1], next = script.events[nextEvent]
        guard last.phase == .began || last.phase == .moved, next.phase == .moved || next.phase == .ended,
              last.time < time, time < next.time, next.time - last.time <= Self.longestMovingGap
        else { return nil }
        return last.position.interpolated(to: next.position, fraction: (time - last.time) / (next.time - last.time))
    }
}
