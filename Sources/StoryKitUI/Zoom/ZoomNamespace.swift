#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

// MARK: - ZoomNamespace

/// Where the zoom's sources are: the frames of the views marked with
/// ``SwiftUI/View/zoomSource(id:in:)``, in the window's coordinates, kept while they are on
/// screen, so that the detail opens out of its cell and closes into it wherever the grid has
/// scrolled meanwhile (nil once the cell is gone: the detail fades in place). iOS 15's stand-in
/// for `@Namespace` with `.matchedTransitionSource`.
///
/// Keep one in the grid's `@StateObject` and give it to the sources and to the detail's
/// ``SwiftUI/View/zoomTransition(sourceID:in:cornerRadius:configuration:)``.
@MainActor
public final class ZoomNamespace: ObservableObject {
    /// The sources' frames in the window (`.global`), by id.
    private var frames: [AnyHashable: CGRect] = [:]
    /// The source hidden while the image is away from it.
    @Published var hiddenSource: AnyHashable?

    /// An empty namespace.
    public nonisolated init() {}

    /// The frame of source `id` in the window's coordinates (`.global`), or nil if it is not on
    /// screen.
    public func frame(of id: some Hashable) -> CGRect? {
        frames[AnyHashable(id)]
    }

    func setFrame(_ frame: CGRect?, of id: AnyHashable) {
        frames[id] = frame
    }
}

// MARK: - View + zoomSource

extension View {
    /// Marks this view (a grid cell's image) as the zoom's source `id` in `namespace`: its frame
    /// is followed as it moves, and it hides while the image is away from it.
    ///
    /// - Parameters:
    ///   - id: The source's identity, the one the detail gives to
    ///     ``SwiftUI/View/zoomTransition(sourceID:in:cornerRadius:configuration:)``.
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
            .opacity(namespace.hiddenSource == id ? 0 : 1)
            .background(GeometryReader { proxy in
                Color.clear
                    .onAppear { namespace.setFrame(proxy.frame(in: .global), of: id) }
                    .onChange(of: proxy.frame(in: .global)) { namespace.setFrame($0, of: id) }
                    .onDisappear { namespace.setFrame(nil, of: id) }
            })
    }
}
#endif
