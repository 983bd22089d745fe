#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI

// MARK: - View + zoomTransition

extension View {
    /// Zooms this view (a detail in a full-screen cover) out of source `sourceID` of `namespace`
    /// as it appears, and back into it when closed with ``ZoomCloseAction`` (the environment's
    /// `zoomClose`) or dragged away: ``StoryKit/ZoomTransition``'s mask over the whole detail, the
    /// detail aspect-filling it, the grid dimmed behind. A rightward drag (downward with
    /// ``StoryKit/ZoomTransition/Configuration/downwardDismiss``) shrinks the detail under the
    /// finger; let go, it lands in the cell where it is now, or springs back. Without the source,
    /// or under Reduce Motion, it fades. iOS 15's stand-in for `.navigationTransition(.zoom)`.
    ///
    /// Present the cover without its own slide (a transaction that disables animations). Before
    /// iOS 16.4 the cover's background is opaque, so the grid does not show around the mask.
    ///
    /// - Parameters:
    ///   - sourceID: The id the cell was given with ``SwiftUI/View/zoomSource(id:in:)``.
    ///   - namespace: The grid's namespace.
    ///   - cornerRadius: The cell's corner radius, in points.
    ///   - configuration: The model's springs, drag numbers and release rule.
    @MainActor
    public func zoomTransition(sourceID: some Hashable, in namespace: ZoomNamespace, cornerRadius: CGFloat = 0,
                               configuration: ZoomTransition.Configuration = ZoomTransition.Configuration()) -> some View {
        modifier(ZoomTransitionModifier(sourceID: AnyHashable(sourceID), namespace: namespace,
                                        cornerRadius: Double(cornerRadius), configuration: configuration))
    }
}

// MARK: - ZoomCloseAction

/// Closes the zoomed detail into its source (the environment's `zoomClose`, set by
/// ``SwiftUI/View/zoomTransition(sourceID:in:cornerRadius:configuration:)``): call it from the
/// detail's close button instead of `dismiss`.
public struct ZoomCloseAction: Sendable {
    let action: @MainActor @Sendable () -> Void

    /// Closes the detail into its source (a fade in place if it is gone).
    @MainActor
    public func callAsFunction() { action() }
}

private struct ZoomCloseKey: EnvironmentKey {
    static let defaultValue = ZoomCloseAction {}
}

extension EnvironmentValues {
    /// Closes the zoomed detail into its source; does nothing outside one.
    public var zoomClose: ZoomCloseAction {
        get { self[ZoomCloseKey.self] }
        set { self[ZoomCloseKey.self] = newValue }
    }
}

// MARK: - ZoomTransitionModifier

/// The modifier behind ``SwiftUI/View/zoomTransition(sourceID:in:cornerRadius:configuration:)``:
/// the same view structure before, during and after (the content is never made again).
@MainActor
struct ZoomTransitionModifier: ViewModifier {
    let sourceID: AnyHashable
    let namespace: ZoomNamespace
    let cornerRadius: Double
    let configuration: ZoomTransition.Configuration
    @StateObject private var model = ZoomCoverModel()
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.dismiss) private var dismiss

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            let layout = model.layout
            let size = proxy.size
            ZStack(alignment: .topLeading) {
                Color.black.opacity(layout?.dimmingAlpha ?? 0)
                content
                    .environment(\.zoomClose, ZoomCloseAction { [model] in model.close() })
                    .frame(width: size.width, height: size.height)
                    .scaleEffect(scale(layout, size: size), anchor: .topLeading)
                    .offset(x: CGFloat(layout?.imageFrameInContainer.minX ?? 0), y: CGFloat(layout?.imageFrameInContainer.minY ?? 0))
                    .mask(
                        RoundedRectangle(cornerRadius: CGFloat(layout?.clipCornerRadius ?? 0), style: .continuous)
                            .frame(width: CGFloat(layout?.clipFrame.width ?? 0), height: CGFloat(layout?.clipFrame.height ?? 0))
                            .position(x: CGFloat(layout?.clipFrame.midX ?? 0), y: CGFloat(layout?.clipFrame.midY ?? 0))
                    )
                    .opacity(layout?.imageAlpha ?? 0)
                    .gesture(
                        DragGesture(minimumDistance: 10, coordinateSpace: .global)
                            .onChanged { value in
                                model.dragChanged(location: value.location, start: value.startLocation, translation: value.translation)
                            }
                            .onEnded { value in model.dragEnded(location: value.location) }
                    )
            }
            .onAppear {
                model.namespace = namespace
                model.sourceID = sourceID
                model.onClosed = {
                    var transaction = Transaction()
                    transaction.disablesAnimations = true
                    withTransaction(transaction) { dismiss() }
                }
                var configuration = configuration
                configuration.reduceMotion = configuration.reduceMotion || reduceMotion
                model.open(container: proxy.frame(in: .global), cornerRadius: cornerRadius, configuration: configuration)
            }
        }
        .ignoresSafeArea()
        .modifier(ClearCoverBackground())
    }

    /// The content's scale: the image frame's width over the cover's.
    private func scale(_ layout: ZoomTransitionLayout?, size: CGSize) -> CGFloat {
        guard let layout, size.width > 0 else { return 1 }
        let scale = CGFloat(layout.imageFrame.width) / size.width
        return scale.isFinite && scale > 0 ? scale : 1
    }
}

/// A clear background for the cover where the system allows it (iOS 16.4), so that the grid
/// shows around the mask.
private struct ClearCoverBackground: ViewModifier {
    func body(content: Content) -> some View {
        if #available(iOS 16.4, *) {
            content.presentationBackground(.clear)
        } else {
            content
        }
    }
}
#endif
