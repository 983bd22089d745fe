import StoryKit

// MARK: - StoriesTouchPhase

/// A touch phase, as the viewer's touch recogniser saw it.
package enum StoriesTouchPhase: Sendable, Hashable {
    /// Fingers came down.
    case began
    /// Fingers moved.
    case moved
    /// Fingers lifted.
    case ended
    /// The system took the fingers.
    case cancelled
}

// MARK: - StoriesSession

/// The bookkeeping of ``StoriesViewController`` around its model, as a plain value tested on
/// Linux: which finger the model follows, what an audio interruption paused, whether the app is
/// active and the controller on screen, whether VoiceOver is on the page, whether the first item
/// was reported and the close was handled.
///
/// It takes the controller's events (touch phases, appearance, the app's activity, audio
/// interruptions, VoiceOver, the host's pause and close, the close itself) and answers with the
/// model ``Change``s to make and what to tell the host; the controller reads UIKit and applies the
/// answers. It takes input over time: a state machine.
package struct StoriesSession<TouchID: Hashable>: Hashable {
    /// One change to the model, with its time (seconds on the frame clock, or a touch's event
    /// timestamp, both seconds of system uptime).
    package enum Change: Sendable, Hashable {
        /// A touch input of the followed finger, at the touch event's time.
        case touch(StoriesTouchBridge<TouchID>.Input, time: Double)
        /// A VoiceOver action, the host's pause, resume, retry or close, or the interruption
        /// rule's pause or resume.
        case action(StoriesAccessibilityAction, time: Double)
        /// The app became active and the controller is on screen (`true`), or either stopped.
        case appActive(Bool, time: Double)
        /// VoiceOver's focus came to the page (`true`) or left it.
        case voiceOverFocus(Bool, time: Double)
        /// The page's size changed, in points (the stage's, after a layout or a rotation).
        case pageSize(Size)
        /// The stage's layout changed: full screen or a card, its frame (``StoriesStage/layout(bounds:safeAreaTop:safeAreaBottom:horizontalSizeClass:)``).
        case layout(StoriesViewer.CardLayout)
        /// The host's configuration or Reduce Motion changed: the model's new constants.
        case configuration(StoriesViewer.Configuration)
        /// A display frame at `time`; while a dismiss runs, the tray avatar's frame in the
        /// page's coordinates (asked every frame: the tray may scroll), or `nil` when it is not
        /// on screen.
        case frame(time: Double, avatar: Rect?)
        /// A sound input from the system (a volume button, headphones; ``SoundSystemRule``) or
        /// the host.
        case sound(SoundPolicy.Input, time: Double)

        /// Makes the change in `viewer`. A touch that finds the viewer closed (an earlier change
        /// of the same input closed it: a resume whose clock ran the dismiss to its end) is
        /// dropped: a closed viewer takes no touch.
        ///
        /// - Returns: The model's events.
        @discardableResult
        package func apply(to viewer: inout StoriesViewer) -> [StoriesViewer.Event] {
            switch self {
            case let .touch(input, time): return viewer.isClosed ? [] : input.apply(to: &viewer, time: time)
            case let .action(action, time): return action.perform(on: &viewer, time: time)
            case let .appActive(active, time): return viewer.setAppActive(active, time: time)
            case let .voiceOverFocus(focused, time): return viewer.setVoiceOverFocus(focused, time: time)
            case let .pageSize(size):
                viewer.pageSize = size
                return []
            case let .layout(layout):
                viewer.cardLayout = layout
                return []
            case let .configuration(configuration):
                viewer.configuration = configuration
                return []
            case let .frame(time, avatar):
                let events = viewer.isDismissing ? viewer.setAvatarFrame(avatar, time: time) : []
                return events + viewer.advance(to: time)
            case let .sound(input, time): return viewer.sound(input, time: time)
            }
        }
    }

    /// What the controller does once the viewer has closed.
    package enum CloseStep: Sendable, Hashable {
        /// Nothing: the close was handled already.
        case none
        /// Stop the media and the frames; the presentation stays (the host owns it, or it is
        /// going already).
        case stop
        /// Stop the media and the frames, then dismiss; animated unless the page was swiped into
        /// its avatar (it is there already).
        case stopAndDismiss(animated: Bool)
    }

    /// The finger the model follows.
    package private(set) var touches = StoriesTouchBridge<TouchID>()
    /// What an audio interruption did, and what ends it.
    package private(set) var interruption = AudioInterruptionRule()
    /// Whether UIKit says the app is active; true until it says otherwise.
    package private(set) var appIsActive = true
    /// Whether the controller is on screen (between `viewDidAppear` and `viewDidDisappear`).
    package private(set) var isOnScreen = false
    /// Whether VoiceOver's focus is on the page.
    package private(set) var isVoiceOverFocused = false
    /// Whether the controller has appeared once (the first item was reported then).
    package private(set) var hasAppeared = false
    /// Whether the close was handled (the media stopped, the dismissal asked for).
    package private(set) var closeHandled = false

    /// A session before the controller appears: no finger, no interruption, the app active.
    package init() {}

    // MARK: Touches

    /// A touch phase of `touches` (each with its place in the page's points) at `timestamp`: the
    /// followed finger's inputs, after a resume if a finger came down on a viewer that an
    /// interruption left paused. Nothing once the viewer has closed.
    ///
    /// - Parameters:
    ///   - phase: The phase.
    ///   - touches: The phase's touches, each with its identity and place.
    ///   - timestamp: The touch event's time (seconds of system uptime).
    ///   - now: Seconds on the frame clock, for the resume.
    ///   - viewer: The model, to see whether it has closed.
    package mutating func touch(_ phase: StoriesTouchPhase, _ touches: [(id: TouchID, location: Point)], timestamp: Double,
                                now: Double, in viewer: StoriesViewer) -> [Change] {
        guard !viewer.isClosed else { return [] }
        let inputs: [StoriesTouchBridge<TouchID>.Input]
        switch phase {
        case .began: inputs = self.touches.began(touches)
        case .moved: inputs = self.touches.moved(touches)
        case .ended: inputs = self.touches.ended(touches)
        case .cancelled: inputs = self.touches.cancelled(touches.map(\.id))
        }
        let resume = phase == .began ? interruption.touched() : nil
        return changes(resume, time: now) + inputs.map { .touch($0, time: timestamp) }
    }

    /// The recogniser is done with the sequence: a finger still followed was lost, so the
    /// model's touch is cancelled at `now` (seconds on the frame clock).
    package mutating func touchesReset(now: Double) -> [Change] {
        touches.reset().map { .touch($0, time: now) }
    }

    // MARK: Pause, interruptions and VoiceOver

    /// The host pauses or resumes on purpose: the interruption rule forgets what it paused.
    ///
    /// - Parameters:
    ///   - paused: Whether to pause.
    ///   - now: Seconds on the frame clock.
    package mutating func setPaused(_ paused: Bool, now: Double) -> [Change] {
        interruption.forget()
        return [.action(paused ? .pause : .resume, time: now)]
    }

    /// An audio interruption began or ended: pause or resume as ``AudioInterruptionRule`` says
    /// (resume only with `.shouldResume`).
    ///
    /// - Parameters:
    ///   - notice: Whether it began or ended, and with `.shouldResume` or not.
    ///   - viewer: The model, for whether the host paused it.
    ///   - now: Seconds on the frame clock.
    package mutating func audioInterruption(_ notice: AudioInterruptionRule.Notice, in viewer: StoriesViewer,
                                            now: Double) -> [Change] {
        let isPlaying = !viewer.pauseReasons.contains(.user)
        let action = notice.began ? interruption.began(isPlaying: isPlaying) : interruption.ended(shouldResume: notice.shouldResume)
        return changes(action, time: now)
    }

    /// A VoiceOver action (or the Retry button's, the host's close): the change if the action
    /// exists in `viewer`'s state now, else `nil`. Pausing or resuming makes the interruption rule
    /// forget.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - viewer: The model.
    ///   - now: Seconds on the frame clock.
    package mutating func perform(_ action: StoriesAccessibilityAction, in viewer: StoriesViewer,
                                  now: Double) -> [Change]? {
        guard StoriesAccessibilityAction.available(in: viewer).contains(action) else { return nil }
        if action == .pause || action == .resume { interruption.forget() }
        return [.action(action, time: now)]
    }

    /// VoiceOver's focus came to the page or left it: progress holds while it reads.
    ///
    /// - Parameters:
    ///   - focused: Whether the page has the focus.
    ///   - now: Seconds on the frame clock.
    package mutating func voiceOverFocus(_ focused: Bool, now: Double) -> [Change] {
        isVoiceOverFocused = focused
        return [.voiceOverFocus(focused, time: now)]
    }

    /// VoiceOver was turned on or off: turned off with the focus on the page, the focus is gone
    /// (UIKit says no more).
    ///
    /// - Parameters:
    ///   - running: Whether VoiceOver runs now.
    ///   - now: Seconds on the frame clock.
    package mutating func voiceOverStatusChanged(running: Bool, now: Double) -> [Change] {
        guard !running, isVoiceOverFocused else { return [] }
        return voiceOverFocus(false, now: now)
    }

    /// Whether a new item is announced: VoiceOver runs and its focus is on the page.
    ///
    /// - Parameter voiceOverRunning: Whether VoiceOver runs.
    package func announcesItems(voiceOverRunning: Bool) -> Bool {
        isVoiceOverFocused && voiceOverRunning
    }

    // MARK: Layout, appearance and activity

    /// A layout gave the page `pageSize` (the stage's size, in points): the change when the
    /// model's size differs (a rotation, a new safe area), else `nil` (only the views are
    /// brought up to date).
    ///
    /// - Parameters:
    ///   - pageSize: The stage's size, in points.
    ///   - viewer: The model.
    package func layout(pageSize: Size, in viewer: StoriesViewer) -> [Change]? {
        viewer.pageSize == pageSize ? nil : [.pageSize(pageSize)]
    }

    /// The controller appeared: the first time, the host hears of the item shown first.
    ///
    /// - Parameter viewer: The model.
    /// - Returns: The ``StoriesEvent/itemShown(user:item:)`` to report, on the first appearance
    ///   of a viewer with an item.
    package mutating func appear(in viewer: StoriesViewer) -> StoriesEvent? {
        isOnScreen = true
        guard !hasAppeared else { return nil }
        hasAppeared = true
        guard let item = viewer.currentItem, viewer.users.indices.contains(viewer.userIndex) else { return nil }
        return .itemShown(user: viewer.users[viewer.userIndex], item: item)
    }

    /// The close the host has not heard of: a feed with no items closes the model as it is made,
    /// with no event.
    ///
    /// - Parameter viewer: The model.
    package func unreportedClose(in viewer: StoriesViewer) -> StoriesEvent? {
        guard let reason = viewer.closeReason, !closeHandled else { return nil }
        return .closed(reason)
    }

    /// The controller disappeared: leaving (it, or a container it is in such as SwiftUI's
    /// hosting controller in a full-screen cover, is being dismissed or removed, or it is in no
    /// presentation any more), the viewer closes so nothing goes on playing; covered by another
    /// screen, it holds until it comes back.
    ///
    /// - Parameters:
    ///   - removed: Whether the controller or one of its parents is being dismissed or moving
    ///     from its parent.
    ///   - inPresentation: Whether it has a presenting controller or a parent.
    ///   - viewer: The model.
    ///   - now: Seconds on the frame clock.
    /// - Returns: The changes, or `nil` when nothing changes but the views are to be brought up
    ///   to date (covered, activity unchanged).
    package mutating func disappear(removed: Bool, inPresentation: Bool, in viewer: StoriesViewer,
                                    now: Double) -> [Change]? {
        isOnScreen = false
        if removed || !inPresentation { return viewer.isClosed ? [] : [.action(.close, time: now)] }
        return activityChange(in: viewer, now: now)
    }

    /// UIKit says the app became active or stopped being active.
    ///
    /// - Parameters:
    ///   - active: Whether it is active.
    ///   - viewer: The model.
    ///   - now: Seconds on the frame clock.
    /// - Returns: As ``activityChange(in:now:)``.
    package mutating func appActivityChanged(_ active: Bool, in viewer: StoriesViewer, now: Double) -> [Change]? {
        appIsActive = active
        return activityChange(in: viewer, now: now)
    }

    /// Playback holds while the app is inactive or the controller off screen: the change when
    /// the model's background hold is not what these say, or `nil` when it is (then only the
    /// views and frames are brought up to date: frames may start or stop with the window).
    /// Never an empty list.
    ///
    /// - Parameters:
    ///   - viewer: The model.
    ///   - now: Seconds on the frame clock.
    package func activityChange(in viewer: StoriesViewer, now: Double) -> [Change]? {
        let active = appIsActive && isOnScreen
        guard active == viewer.pauseReasons.contains(.background) else { return nil }
        return [.appActive(active, time: now)]
    }

    // MARK: Close

    /// The viewer closed for `reason`: the first time, the followed finger is let go and the
    /// media and frames stop; the controller dismisses itself if it does so on close, is
    /// presented and is not being dismissed already.
    ///
    /// - Parameters:
    ///   - reason: Why the viewer closed.
    ///   - dismissesOnClose: ``StoriesViewController/dismissesOnClose``.
    ///   - isPresented: Whether the controller has a presenting controller.
    ///   - isBeingDismissed: Whether it is being dismissed.
    package mutating func closed(_ reason: StoriesViewer.CloseReason, dismissesOnClose: Bool, isPresented: Bool,
                                 isBeingDismissed: Bool) -> CloseStep {
        guard !closeHandled else { return .none }
        closeHandled = true
        _ = touches.reset()
        guard dismissesOnClose, isPresented, !isBeingDismissed else { return .stop }
        return .stopAndDismiss(animated: reason != .dismissed)
    }

    /// The interruption rule's action as a change at `time`.
    private func changes(_ action: AudioInterruptionRule.Action?, time: Double) -> [Change] {
        guard let action else { return [] }
        return [.action(action == .pause ? .pause : .resume, time: time)]
    }
}

extension StoriesSession: Sendable where TouchID: Sendable {}

// MARK: - StoriesViewer.Configuration + Reduce Motion

extension StoriesViewer.Configuration {
    /// The configuration the model runs with: this one with Reduce Motion on if it asks for it,
    /// or the host's preference does, or (without a preference) the system's setting.
    ///
    /// - Parameters:
    ///   - prefersReducedMotion: The host's override (SwiftUI's `accessibilityReduceMotion`), or
    ///     `nil` to follow the system.
    ///   - systemReduceMotion: `UIAccessibility.isReduceMotionEnabled`.
    package func effective(prefersReducedMotion: Bool?, systemReduceMotion: Bool) -> Self {
        var effective = self
        effective.reduceMotion = reduceMotion || (prefersReducedMotion ?? systemReduceMotion)
        return effective
    }
}
