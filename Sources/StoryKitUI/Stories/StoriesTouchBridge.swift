import StoryKit

// MARK: - StoriesTouchBridge

/// How the viewer's touch-forwarding recogniser feeds the model: one finger at a time, every
/// phase with its timestamp (plain values, tested on Linux; the recogniser passes `UITouch`
/// identities and reads nothing else).
///
/// The model decides what a touch is (tap, hold, cube drag, dismiss, reply); the bridge only
/// picks the finger: the first one down is tracked until it lifts or is cancelled, other fingers
/// are ignored (the model takes one touch). A touch that begins on a control (a host's button)
/// never reaches the bridge.
package struct StoriesTouchBridge<TouchID: Hashable>: Hashable {
    /// One input to the model (StoryKit's ``StoryKit/TouchInput``, delivered by its `apply`).
    package typealias Input = TouchInput

    /// The finger the model follows, if one is down.
    package private(set) var tracked: TouchID?

    /// A bridge with no finger down.
    package init() {}

    /// Fingers came down, each with its place in the page's points; the first of them is tracked
    /// if none is.
    package mutating func began(_ touches: [(id: TouchID, location: Point)]) -> [Input] {
        guard tracked == nil, let first = touches.first else { return [] }
        tracked = first.id
        return [.began(first.location)]
    }

    /// Fingers moved.
    package func moved(_ touches: [(id: TouchID, location: Point)]) -> [Input] {
        guard let tracked, let touch = touches.first(where: { $0.id == tracked }) else { return [] }
        return [.moved(touch.location)]
    }

    /// Fingers lifted.
    package mutating func ended(_ touches: [(id: TouchID, location: Point)]) -> [Input] {
        guard let tracked, let touch = touches.first(where: { $0.id == tracked }) else { return [] }
        self.tracked = nil
        return [.ended(touch.location)]
    }

    /// The system took fingers (a call, Control Center).
    package mutating func cancelled(_ touches: [TouchID]) -> [Input] {
        guard let tracked, touches.contains(tracked) else { return [] }
        self.tracked = nil
        return [.cancelled]
    }

    /// The recogniser was reset or the view left the window with a finger still tracked: the
    /// model's touch is cancelled.
    package mutating func reset() -> [Input] {
        guard tracked != nil else { return [] }
        tracked = nil
        return [.cancelled]
    }
}

extension StoriesTouchBridge: Sendable where TouchID: Sendable {}
