import MotionCore
import StoryKit

// MARK: - CubePagerSession

/// Everything ``CubePagerView`` decides, as plain values: the model, the pan's side of it
/// (``CubePanBridge``), when the page count must be asked again, which transition is in effect,
/// when frames run, whether a pan may begin, what is reported to the delegate and what VoiceOver
/// is told. The view reads UIKit (bounds, window, touches, Reduce Motion, VoiceOver), hands the
/// numbers here, draws ``model`` and passes the answers on.
///
/// A state machine over time: configuration changes, reloads, resizes, model changes, pan
/// callbacks and VoiceOver turns arrive in any order on the main thread.
package struct CubePagerSession: Sendable {
    /// The model: its state is what is on screen.
    package private(set) var model: CubePager
    /// The pan's side of the model: which inputs its callbacks become, who owns the touch.
    package var bridge = CubePanBridge()
    /// Whether the data source must be asked again for the page count before the pages are used.
    package var needsReload = true
    /// The position last reported through `didTurnTo:`, in pages.
    private var reportedPosition = 0.0
    /// The page a VoiceOver action already announced, so its arrival is not announced again.
    private var announcedPage: Int?
    /// When the finger's turns are felt (``StoryKit/CubePager/Haptics``); shown the model after
    /// every change.
    package var haptics = CubePager.Haptics()

    /// What one change of the model did, for the view to report after drawing.
    package struct Report: Sendable, Hashable {
        /// The model's page events, in order.
        package var events: [CubePager.Event] = []
        /// The new position (pages) when it differs from the one last reported, else nil.
        package var turnedTo: Double?
        /// The haptics to play now, in order.
        package var haptics: [CubePager.Haptic] = []
    }

    /// A session with no pages.
    ///
    /// - Parameters:
    ///   - pageSize: The pager's bounds size, in points.
    ///   - configuration: The model's constants.
    package init(pageSize: Size, configuration: CubePager.Configuration) {
        model = CubePager(pageCount: 0, pageSize: pageSize, configuration: configuration)
    }

    /// Changes the model and says what to report: its events, and the position when it moved.
    package mutating func perform(_ change: (inout CubePager) -> [CubePager.Event]) -> Report {
        var report = Report(events: change(&model))
        report.haptics = haptics.observe(model)
        if model.position != reportedPosition {
            reportedPosition = model.position
            report.turnedTo = model.position
        }
        return report
    }

    /// The data source reported `count` pages (negative counts as none): a touch or drag in
    /// progress is gone, and the model keeps its page if it still exists.
    package mutating func reload(pageCount count: Int) -> Report {
        needsReload = false
        bridge.reset()
        return perform { $0.setPageCount(max(count, 0)) }
    }

    /// The pager's bounds became `size` points.
    ///
    /// - Returns: Whether the page size changed.
    @discardableResult
    package mutating func resize(to size: Size) -> Bool {
        guard model.pageSize != size else { return false }
        model.pageSize = size
        return true
    }

    /// Puts the configured transition, or `reducedMotionTransition` while motion is reduced,
    /// into the model.
    ///
    /// - Parameters:
    ///   - configuration: The app's configuration.
    ///   - reducedMotionTransition: The transition used instead while motion is reduced.
    ///   - reducesMotion: The app's override if any, else the system's Reduce Motion setting.
    ///   - layoutDirection: The view's layout direction, which replaces the configuration's
    ///     (nil: the configuration's).
    /// - Returns: Whether the model's configuration changed (the faces must be drawn again).
    package mutating func configure(_ configuration: CubePager.Configuration,
                                    reducedMotionTransition: CubePager.Transition, reducesMotion: Bool,
                                    layoutDirection: StoryLayoutDirection? = nil) -> Bool {
        var effective = configuration
        if reducesMotion { effective.transition = reducedMotionTransition }
        effective.layoutDirection = layoutDirection ?? configuration.layoutDirection
        guard effective != model.configuration else { return false }
        model.configuration = effective
        return true
    }

    /// The faces to draw: the layout's, or none while there is no data source to fill them.
    ///
    /// - Parameter hasDataSource: Whether the pager has a data source.
    package func drawnFaces(hasDataSource: Bool) -> [CubePager.Face] {
        hasDataSource ? model.layout.drawnFaces : []
    }

    /// Whether the cube is settling on its own: only then is the model advanced to the clock's
    /// time when the pager comes back on screen (the settle is a function of time, so it jumps
    /// to where it is by then).
    package var isSettling: Bool { model.phase == .settling }

    /// Whether the frame callbacks must run: exactly while the cube settles on screen.
    ///
    /// - Parameter inWindow: Whether the pager is in a window.
    package func runsFrames(inWindow: Bool) -> Bool {
        model.phase == .settling && inWindow
    }

    /// Whether the pan may begin for a drag of `dx`, `dy` points so far: there are pages, the
    /// pager has a usable size, and the drag is not mostly vertical.
    package func panMayBegin(dx: Double, dy: Double) -> Bool {
        model.pageCount > 0 && model.hasUsableSize && !CubePager.isVerticalDrag(dx: dx, dy: dy)
    }

    /// Whether the pan may begin for a drag of `dx`, `dy` points so far, with `scrollViews` under
    /// the finger: as ``panMayBegin(dx:dy:)``, and none of them takes the drag (see
    /// ``NestedScrolling/takesDrag(fingerDeltaX:scrollViews:)``).
    ///
    /// - Parameter scrollViews: The scroll views from the view under the finger's touch-down up
    ///   to the pager, innermost first.
    func panMayBegin(dx: Double, dy: Double, scrollViews: [NestedScrolling.ScrollView]) -> Bool {
        panMayBegin(dx: dx, dy: dy) && !NestedScrolling.takesDrag(fingerDeltaX: dx, scrollViews: scrollViews)
    }

    // MARK: VoiceOver

    /// A VoiceOver action that turns the cube.
    package struct TurnAction: Sendable, Hashable {
        /// The action's name, as VoiceOver says it.
        package var name: String
        /// The pages it turns: 1 for the next page, −1 for the previous one.
        package var step: Int
    }

    /// The VoiceOver actions that exist now, next before previous: each only where there is such
    /// a page, counted from the page the cube is heading to, so that repeated actions during a
    /// turn go on from there.
    ///
    /// - Parameters:
    ///   - next: The name of the action that turns to the next page.
    ///   - previous: The name of the action that turns to the previous page.
    package func accessibilityTurnActions(next: String, previous: String) -> [TurnAction] {
        [TurnAction(name: next, step: 1), TurnAction(name: previous, step: -1)]
            .filter { accessibilityDestination(step: $0.step) != nil }
    }

    /// The page a VoiceOver turn of `step` pages goes to from the target page, or nil at the end
    /// that way.
    package func accessibilityDestination(step: Int) -> Int? {
        PageAnnouncement.destination(from: model.targetIndex, step: step, count: model.pageCount)
    }

    /// A VoiceOver turn of `step` pages from the target page: the page it goes to, marked as
    /// announced (the turn announces it, so its arrival is not announced again), or nil at the
    /// end that way.
    package mutating func accessibilityTurn(step: Int) -> Int? {
        guard let destination = accessibilityDestination(step: step) else { return nil }
        announcedPage = destination
        return destination
    }

    /// A VoiceOver action turned toward `page` and announced it: its arrival is not announced
    /// again.
    package mutating func accessibilityDidAnnounce(_ page: Int) {
        announcedPage = page
    }

    /// The cube came to rest on `index`: whether VoiceOver must be told (it is running and no
    /// VoiceOver action announced this page). Either way, the next arrival is judged afresh.
    package mutating func announcesArrival(at index: Int, voiceOverRunning: Bool) -> Bool {
        defer { announcedPage = nil }
        return voiceOverRunning && announcedPage != index
    }
}
