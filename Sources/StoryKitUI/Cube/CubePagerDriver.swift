import StoryKit

// MARK: - CubePagerHost

/// What ``CubePagerDriver`` asks of the view it drives: ``CubePagerView`` (its faces, its data
/// source, its delegate, the Taptic Engine and VoiceOver), or a recording fake in tests. Each
/// call only carries the driver's answer to UIKit.
@MainActor
package protocol CubePagerHost: AnyObject {
    /// Whether the pager is in a window: the frames run only then.
    var isInWindow: Bool { get }
    /// Whether VoiceOver is running (`UIAccessibility.isVoiceOverRunning`).
    var isVoiceOverRunning: Bool { get }
    /// The data source's page count (0 without a data source); may be negative or huge.
    func dataSourcePageCount() -> Int
    /// Takes every face off screen (their pages reported gone), before the pages are loaded again.
    func unmountAllFaces()
    /// Draws the model's layout: the faces of the pages on screen.
    func drawFaces()
    /// Wakes the Taptic Engine (a finger came down).
    func prepareHaptics()
    /// Plays `haptics`, in order.
    func play(_ haptics: [CubePager.Haptic])
    /// The cube turned: `position` is the page in front as a fraction (`didTurnTo:`).
    func turned(to position: Double)
    /// Reports page events to the pager's listeners and delegate, in order (the driver hands
    /// them one at a time, so that VoiceOver hears an arrival right after its event).
    func report(_ events: [CubePager.Event])
    /// Tells VoiceOver where the user is now: page `index` (from 0) of the pages.
    func announcePage(_ index: Int)
}

// MARK: - CubePagerDriver

/// The UIKit cube pager's run: a ``CubePagerSession`` changed by the view's inputs (reloads,
/// layouts, programmatic turns, the pan's callbacks, VoiceOver's turns) and a ``FrameDriver``'s
/// frames, drawn and reported through a ``CubePagerHost`` in one order after every change: the
/// faces, the frames started or stopped, the haptics, the position, then each page event (and
/// VoiceOver's announcement of an arrival it was not told about). Plain, tested on Linux with a
/// manual frame driver and a fake host; ``CubePagerView`` only reads UIKit and carries the calls.
///
/// Takes input over time on the main thread; a host's call may change the pager again (a
/// delegate turning the cube from `didChangePageTo:`): the session's change is over by then.
@MainActor
package final class CubePagerDriver {
    /// The model and every rule around it.
    package var session: CubePagerSession
    /// The display frames and their clock.
    package let frames: any FrameDriver
    /// The view drawn and reported to.
    package weak var host: (any CubePagerHost)?

    /// A driver of `session` on `frames`' clock and callbacks.
    package init(session: CubePagerSession, frames: any FrameDriver) {
        self.session = session
        self.frames = frames
    }

    /// Asks the data source for its page count again: the faces go, a touch or turn in progress
    /// ends, and the current page stays when it still exists, else the last page becomes current.
    package func reload() {
        session.needsReload = false  // first: the data source may read the page count
        let count = host?.dataSourcePageCount() ?? 0
        host?.unmountAllFaces()
        draw(session.reload(pageCount: count))
    }

    /// Reloads when the data source changed since the pages were last loaded.
    package func reloadIfNeeded() {
        if session.needsReload { reload() }
    }

    /// Changes the model, then draws and reports (``CubePagerHost``).
    package func perform(_ change: (inout CubePager) -> [CubePager.Event]) {
        draw(session.perform(change))
    }

    /// Turns to page `index` now (clamped by the model), animated or as a jump, once the pages
    /// are loaded.
    package func turn(to index: Int, animated: Bool) {
        reloadIfNeeded()
        let time = frames.currentTime
        perform { $0.turn(to: index, time: time, animated: animated) }
    }

    /// The pager was laid out at `size` points: the pages fit it, are loaded if needed, and are
    /// drawn.
    package func layout(size: Size) {
        session.resize(to: size)
        reloadIfNeeded()
        host?.drawFaces()
        updateFrames()
    }

    /// The pager came on or off screen: a settle jumps to where it is by now, and the frames run
    /// exactly while it settles on screen.
    package func windowChanged() {
        if host?.isInWindow == true, session.isSettling {
            let time = frames.currentTime
            perform { $0.advance(to: time) }
        }
        updateFrames()
    }

    /// Puts the app's configuration, or the Reduce Motion transition, and the layout direction
    /// into the model (``CubePagerSession/configure(_:reducedMotionTransition:reducesMotion:layoutDirection:)``),
    /// drawing again when it changed.
    package func configure(_ configuration: CubePager.Configuration, reducedMotionTransition: CubePager.Transition,
                           reducesMotion: Bool, layoutDirection: StoryLayoutDirection?) {
        if session.configure(configuration, reducedMotionTransition: reducedMotionTransition, reducesMotion: reducesMotion,
                             layoutDirection: layoutDirection) {
            host?.drawFaces()
        }
    }

    /// The pan's callback `event`, with the finger's touch-down and latest places (points) and
    /// the touch's time (seconds): the Taptic Engine wakes at a touch-down, and each model input
    /// it becomes (``CubePanBridge``) is applied, drawn and reported.
    package func panned(_ event: CubePanBridge.PanEvent, touchDown: Point?, latest: Point?, time: Double) {
        if case .touchDown = event { host?.prepareHaptics() }
        for input in session.bridge.inputs(for: event, touchDown: touchDown, latest: latest) {
            perform { input.apply(to: &$0, time: time) }
        }
    }

    /// Whether the pan may begin for a drag of `dx`, `dy` points with `scrollViews` under the
    /// finger (``CubePagerSession/panMayBegin(dx:dy:scrollViews:)``); a refused pan lets go of a
    /// held settle (reported as `.refused` with the finger's places and time).
    package func panShouldBegin(dx: Double, dy: Double, scrollViews: [NestedScrolling.ScrollView],
                                touchDown: Point?, latest: Point?, time: Double) -> Bool {
        let begins = session.panMayBegin(dx: dx, dy: dy, scrollViews: scrollViews)
        if !begins { panned(.refused, touchDown: touchDown, latest: latest, time: time) }
        return begins
    }

    /// A VoiceOver turn of `step` pages from the page the cube heads to: the cube turns there,
    /// animated, and VoiceOver is told the page at once (not again when it arrives).
    ///
    /// - Returns: Whether it turned (false for a step of 0 or past an end: VoiceOver's boundary
    ///   sound).
    package func accessibilityTurn(step: Int) -> Bool {
        reloadIfNeeded()
        // Marked announced before the turn: a pager that arrives at once (no usable size) must not
        // announce the page twice and then stay silent at the next real arrival there.
        guard let destination = session.accessibilityTurn(step: step) else { return false }
        turn(to: destination, animated: true)
        host?.announcePage(destination)
        return true
    }

    /// Draws the model after a change, runs or stops the frames, then plays and reports `report`.
    private func draw(_ report: CubePagerSession.Report) {
        host?.drawFaces()
        updateFrames()
        host?.play(report.haptics)
        if let position = report.turnedTo { host?.turned(to: position) }
        for event in report.events {
            host?.report([event])
            if case .didChangePage(let index) = event,
               session.announcesArrival(at: index, voiceOverRunning: host?.isVoiceOverRunning ?? false) {
                host?.announcePage(index)
            }
        }
    }

    /// Runs the frames exactly while the model settles and the pager is in a window.
    private func updateFrames() {
        frames.run(if: session.runsFrames(inWindow: host?.isInWindow ?? false)) { [weak self] time in
            self?.perform { $0.advance(to: time) }
        }
    }
}
