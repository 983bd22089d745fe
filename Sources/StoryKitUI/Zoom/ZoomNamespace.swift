#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

// MARK: - ZoomNamespace

/// Where the zoom's sources are: the frames of the views marked with
/// ``SwiftUI/View/zoomSource(id:in:)``, in the window's coordinates, kept while they are on
/// screen, so that the detail opens out of its cell and closes into it wherever the grid has
/// scrolled meanwhile (nil once the cell is gone: the detail fades in place). iOS 15's stand-in
/// for `@Namespace` with `.matchedTransitionSource`.
///
/// Keep one in the grid's `@StateObject` and give it to the sources and to the detail's
/// ``SwiftUI/View/zoomTransition(sourceID:in:imageSize:cornerRadius:configuration:)`` (a
/// full-screen cover) or
/// ``SwiftUI/View/zoomNavigationTransition(sourceID:in:imageSize:cornerRadius:configuration:)``
/// (a `NavigationStack` push, through ``push(_:)``).
@MainActor
public final class ZoomNamespace: ObservableObject, ZoomSourceDirectory {
    /// The sources' frames in the window (`.global`), by id (``ZoomSourceFrames``).
    private var frames = ZoomSourceFrames()
    /// Which source is hidden (``ZoomSourceVisibility``).
    @Published private(set) var visibility = ZoomSourceVisibility()
    /// The screen as it was when a detail was pushed with ``push(_:)``, drawn beneath it while
    /// it zooms.
    private(set) var backdrop: UIView?

    /// An empty namespace.
    public nonisolated init() {}

    /// The frame of source `id` in the window's coordinates (`.global`), or nil if it is not on
    /// screen.
    public func frame(of id: some Hashable) -> CGRect? {
        frames.frame(of: AnyHashable(id)).map(CGRect.init)
    }

    /// Pushes a detail with the zoom: captures the screen (the grid, drawn beneath the detail
    /// while it zooms, since the navigation stack takes the grid off screen), keeps the cells'
    /// frames while the grid is covered, and runs `push` (your path change) without the
    /// system's slide.
    ///
    /// ```swift
    /// zoom.push { path.append(photo) }
    /// ```
    public func push(_ push: () -> Void) {
        let window = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows).first { $0.isKeyWindow }
        backdrop = window?.snapshotView(afterScreenUpdates: false)
        frames.freeze()
        withTransaction(.unanimated, push)
    }

    /// The frame of source `id` in the window's points, nil when it is not on screen.
    package func sourceFrame(_ id: AnyHashable) -> Rect? {
        frames.frame(of: id)
    }

    /// Source `id` is at `frame` in the window now (nil: it left the screen).
    func setFrame(_ frame: CGRect?, of id: AnyHashable) {
        frames.update(id, frame: frame.map(Rect.init))
    }

    /// Tells the sources' visibility what happened to a detail.
    package func handle(_ event: ZoomSourceVisibility.Event) {
        visibility.handle(event)
    }

    /// The pushed detail is gone: the grid is on screen again.
    package func pushedDetailEnded() {
        backdrop = nil
        frames.thaw()
    }
}

// MARK: - View + zoomSource

extension View {
    /// Marks this view (a grid cell's image) as the zoom's source `id` in `namespace`: its frame
    /// is followed as it moves, and it hides while its detail is open (``ZoomSourceVisibility``).
    ///
    /// - Parameters:
    ///   - id: The source's identity, the one the detail gives to
    ///     ``SwiftUI/View/zoomTransition(sourceID:in:imageSize:cornerRadius:configuration:)``.
    ///   - namespace: The namespace the detail looks it up in.
    @MainActor
    public func zoomSource(id: some Hashable, in namespace: ZoomNamespace) -> some View {
        modifier(ZoomSourceModifier(id: AnyHashable(id), namespace: namespace))
    }
}

/// The modifier behind ``SwiftUI/View/zoomSource(id:in:)``.
@MainActor
struct ZoomSourceModifier: ViewModifier {
    let id: AnyHashable
    @ObservedObject var namespace: ZoomNamespace

    func body(content: Content) -> some View {
        content
            .opacity(namespace.visibility.opacity(of: id))
            .background(GeometryReader { proxy in
                Color.clear
                    .onAppear { namespace.setFrame(proxy.frame(in: .global), of: id) }
                    .onChange(of: proxy.frame(in: .global)) { namespace.setFrame($0, of: id) }
                    .onDisappear { namespace.setFrame(nil, of: id) }
            })
    }
}
#endif
