#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI

/// The environment key of ``CubePagesActions``.
private struct CubePagesActionsKey: EnvironmentKey {
    static var defaultValue: CubePagesActions { CubePagesActions() }
}

extension EnvironmentValues {
    /// The actions the ``CubePages`` in this environment call.
    var cubePagesActions: CubePagesActions {
        get { self[CubePagesActionsKey.self] }
        set { self[CubePagesActionsKey.self] = newValue }
    }
}

// MARK: - View + CubePages modifiers

extension View {
    /// Runs `action` when a finger releases the cube of a ``CubePages`` in this view past its last
    /// page (a stories viewer closes there).
    ///
    /// It reaches the pager through the environment, so it may come before or after other
    /// modifiers (`.background`, `.ignoresSafeArea`).
    ///
    /// - Parameter action: Called on the main actor.
    /// - Returns: The view with the action.
    public func onPanPastEnd(perform action: @escaping @MainActor () -> Void) -> some View {
        transformEnvironment(\.cubePagesActions) { $0.pastEnd = action }
    }

    /// Runs `action` with each page event of a ``CubePages`` in this view, as
    /// ``CubePagerViewDelegate`` reports them: `willChangePage(from:to:)` when the cube starts to
    /// settle toward another page (pause the leaving page's video), then exactly one
    /// `didChangePage(_:)` or `didCancelPageChange(from:to:)`, and `pastEnd`.
    ///
    /// - Parameter action: Called on the main actor.
    /// - Returns: The view with the action.
    public func onCubePageEvent(perform action: @escaping @MainActor (CubePager.Event) -> Void) -> some View {
        transformEnvironment(\.cubePagesActions) { $0.event = action }
    }

    /// Runs `action` with the position of the cube of a ``CubePages`` in this view on every drawn
    /// frame that changes it: the page in front as a fraction (1.25 is a quarter of the way from
    /// page 1 to page 2; beyond the ends while rubber-banding), for a progress overlay or to dim
    /// the leaving page.
    ///
    /// - Parameter action: Called on the main actor, up to once per display frame.
    /// - Returns: The view with the action.
    public func onCubeTurn(perform action: @escaping @MainActor (Double) -> Void) -> some View {
        transformEnvironment(\.cubePagesActions) { $0.turn = action }
    }

    /// Whether the finger's turns of a ``CubePages`` in this view are felt: a tap at the release
    /// that turns the page, and when a drag past the last page crosses the close threshold
    /// (``StoryKit/CubePager/Haptics``). On by default; the system's haptics setting applies as
    /// well.
    ///
    /// - Parameter enabled: `false` to play none.
    /// - Returns: The view with the setting.
    public func cubePagesHaptics(_ enabled: Bool) -> some View {
        transformEnvironment(\.cubePagesActions) { $0.playsHaptics = enabled }
    }
}
#endif
