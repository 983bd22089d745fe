#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI

// MARK: - View + zoomTransition

extension View {
    /// Zooms this view (a detail in a full-screen cover) out of source `sourceID` of `namespace`
    /// as it appears, and back into it when closed with ``ZoomCloseAction`` (the environment's
    /// `zoomClose`) or dragged away: ``StoryKit/ZoomTransition``'s mask around the detail's
    /// image, the rest of the detail at the model's chrome opacity, the grid dimmed behind. A
    /// rightward drag (downward with ``StoryKit/ZoomTransition/Configuration/downwardDismiss``)
    /// shrinks the detail under the finger; let go, it lands in the cell where it is now, or
    /// springs back. Without the source, or under Reduce Motion, it fades. iOS 15's stand-in for
    /// `.navigationTransition(.zoom)`.
    ///
    /// The detail shows its image aspect-fit in its whole frame (`.scaledToFit()`, ignoring the
    /// safe area); give the image's size, so that the image lands exactly there and starts as
    /// the cell's aspect-filled crop. Present the cover without its own slide (a transaction that
    /// disables animations). Before iOS 16.4 the cover's background is opaque, so the grid does
    /// not show around the mask. The cell hides while the detail is open and comes back when the
    /// detail is closed any way (``ZoomSourceVisibility``).
    ///
    /// - Parameters:
    ///   - sourceID: The id the cell was given with ``SwiftUI/View/zoomSource(id:in:)``.
    ///   - namespace: The grid's namespace.
    ///   - imageSize: The image's size or aspect ratio (e.g. `UIImage.size`); nil: the whole
    ///     detail is the image.
    ///   - cornerRadius: The cell's corner radius, in points.
    ///   - configuration: The model's springs, drag numbers and release rule.
    @MainActor
    public func zoomTransition(sourceID: some Hashable, in namespace: ZoomNamespace, imageSize: CGSize? = nil,
                               cornerRadius: CGFloat = 0,
                               configuration: ZoomTransition.Configuration = ZoomTransition.Configuration()) -> some View {
        modifier(ZoomTransitionModifier(sourceID: AnyHashable(sourceID), namespace: namespace, imageSize: imageSize.map(Size.init),
                                        cornerRadius: Double(cornerRadius), configuration: configuration, pushed: false))
    }

    /// Zooms this view (a detail pushed on a `NavigationStack` with ``ZoomNamespace/push(_:)``)
    /// out of source `sourceID` of `namespace`, and back into it when closed with
    /// ``ZoomCloseAction`` or dragged away — the same model, drag and image placement as
    /// ``SwiftUI/View/zoomTransition(sourceID:in:imageSize:cornerRadius:configuration:)``.
    ///
    /// How it works on a device: ``ZoomNamespace/push(_:)`` captures the screen (a snapshot view
    /// of the key window: the grid as it is) and pushes without the system's slide (a
    /// transaction that disables animations, which the navigation stack passes on to its
    /// `UINavigationController` as an unanimated push). The navigation stack then takes the
    /// grid off screen, so the detail draws the captured grid beneath itself, with a placeholder
    /// over the cell and the dimming, while it opens, is dragged or closes; at rest it covers the
    /// screen and the capture is not drawn. The cells keep their frames while covered, so the
    /// close lands in the right one; when it lands the detail is popped without animation and
    /// the real grid, identical, is back. A pop by the back button or the edge swipe is the
    /// system's slide, and the cell shows again as it starts (``ZoomSourceVisibility``). Hide the
    /// navigation bar on the detail (`.toolbar(.hidden, for: .navigationBar)`) or it appears at
    /// once. On iOS 18 Apple's `.navigationTransition(.zoom(sourceID:in:))` does this natively;
    /// this modifier works from iOS 16.
    ///
    /// - Parameters:
    ///   - sourceID: The id the cell was given with ``SwiftUI/View/zoomSource(id:in:)``.
    ///   - namespace: The grid's namespace (the one that pushed).
    ///   - imageSize: The image's size or aspect ratio; nil: the whole detail is the image.
    ///   - cornerRadius: The cell's corner radius, in points.
    ///   - configuration: The model's springs, drag numbers and release rule.
    @available(iOS 16.0, *)
    @MainActor
    public func zoomNavigationTransition(sourceID: some Hashable, in namespace: ZoomNamespace, imageSize: CGSize? = nil,
                                         cornerRadius: CGFloat = 0,
                                         configuration: ZoomTransition.Configuration = ZoomTransition.Configuration()) -> some View {
        modifier(ZoomTransitionModifier(sourceID: AnyHashable(sourceID), namespace: namespace, imageSize: imageSize.map(Size.init),
                                        cornerRadius: Double(cornerRadius), configuration: configuration, pushed: true))
    }
}

// MARK: - EnvironmentValues + zoomClose

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

/// The modifier behind ``SwiftUI/View/zoomTransition(sourceID:in:imageSize:cornerRadius:configuration:)``
/// and ``SwiftUI/View/zoomNavigationTransition(sourceID:in:imageSize:cornerRadius:configuration:)``:
/// the same view structure before, during and after (the content is never made again).
@MainActor
struct ZoomTransitionModifier: ViewModifier {
    let sourceID: AnyHashable
    @ObservedObject var namespace: ZoomNamespace
    let imageSize: Size?
    let cornerRadius: Double
    let configuration: ZoomTransition.Configuration
    /// Pushed on a navigation stack (the captured grid is drawn beneath) rather than in a cover.
    let pushed: Bool
    @StateObject private var model = ZoomCoverModel()
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.dismiss) private var dismiss
    @Environment(\.isPresented) private var isPresented
    @Environment(\.layoutDirection) private var layoutDirection

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            let zoom = model.zoom
            let placement = zoom.placement
            let size = proxy.size
            ZStack(alignment: .topLeading) {
                if zoom.backdropVisible, let backdrop = namespace.backdrop {
                    ZoomBackdrop(snapshot: backdrop, windowOrigin: proxy.frame(in: .global).origin,
                                 placeholder: zoom.placeholder)
                }
                Color.black.opacity(placement.dimmingAlpha)
                content
                    .environment(\.zoomClose, ZoomCloseAction { [zoom] in zoom.close() })
                    .frame(width: size.width, height: size.height)
                    .scaleEffect(CGFloat(placement.scale), anchor: .topLeading)
                    .offset(x: CGFloat(placement.origin.x), y: CGFloat(placement.origin.y))
                    .mask(mask(placement, size: size))
                    .opacity(placement.alpha)
                    .gesture(
                        DragGesture(minimumDistance: 10, coordinateSpace: .global)
                            .onChanged { zoom.dragChanged(location: Point($0.location), start: Point($0.startLocation)) }
                            .onEnded { zoom.dragEnded(location: Point($0.location)) }
                    )
            }
            .onAppear {
                zoom.directory = namespace
                zoom.pushed = pushed
                zoom.onClosed = { withTransaction(.unanimated) { dismiss() } }
                zoom.open(sourceID, container: Rect(proxy.frame(in: .global)), cornerRadius: cornerRadius, imageSize: imageSize,
                          configuration: configuration, systemReduceMotion: reduceMotion,
                          layoutDirection: StoryLayoutDirection(layoutDirection))
            }
        }
        .ignoresSafeArea()
        .onChange(of: isPresented) { model.zoom.presentationChanged(sourceID, isPresented: $0) }
        .onChange(of: sourceID) { model.zoom.sourceChanged(to: $0) }
        .onDisappear { model.zoom.disappeared(sourceID, stillPresented: isPresented) }
        .modifier(ClearCoverBackground(enabled: !pushed))
    }

    /// The image's clip, fully opaque, over the rest of the detail at the chrome's opacity.
    private func mask(_ placement: ZoomDetailPlacement, size: CGSize) -> some View {
        ZStack(alignment: .topLeading) {
            Color.black.opacity(placement.chromeAlpha)
            RoundedRectangle(cornerRadius: CGFloat(placement.clipCornerRadius), style: .continuous)
                .frame(width: CGFloat(placement.clip.width), height: CGFloat(placement.clip.height))
                .position(x: CGFloat(placement.clip.midX), y: CGFloat(placement.clip.midY))
        }
        .frame(width: size.width, height: size.height, alignment: .topLeading)
    }
}

/// The SwiftUI side of a detail's zoom: a ``ZoomDetailDriver`` on a display link, announced to
/// SwiftUI before each change of its placement.
@MainActor
final class ZoomCoverModel: ObservableObject {
    /// The detail's zoom.
    let zoom = ZoomDetailDriver(driver: DisplayLinkFrameDriver())

    init() {
        zoom.willChange = { [weak self] in self?.objectWillChange.send() }
    }
}

// MARK: - Transaction + unanimated

extension Transaction {
    /// A transaction that disables animations: a presentation or navigation change without the
    /// system's slide.
    static var unanimated: Transaction {
        var transaction = Transaction()
        transaction.disablesAnimations = true
        return transaction
    }
}

/// The screen captured by ``ZoomNamespace/push(_:)``, beneath a pushed detail, with a placeholder
/// over the cell the image left: both framed by ``ZoomBackdropLayout``.
private struct ZoomBackdrop: UIViewRepresentable {
    let snapshot: UIView
    /// The detail's origin in the window, in points.
    let windowOrigin: CGPoint
    /// The cell's frame in the detail's points while the image is away from it.
    let placeholder: Rect?

    func makeUIView(context: Context) -> UIView {
        let view = UIView()
        view.isUserInteractionEnabled = false
        context.coordinator.backgroundColor = .systemBackground
        view.addSubview(context.coordinator)
        return view
    }

    /// The placeholder's view.
    func makeCoordinator() -> UIView { UIView() }

    func updateUIView(_ view: UIView, context: Context) {
        let layout = ZoomBackdropLayout(snapshotSize: Size(snapshot.bounds.size), windowOrigin: Point(windowOrigin),
                                        placeholder: placeholder)
        if snapshot.superview !== view {
            view.subviews.filter { $0 !== context.coordinator }.forEach { $0.removeFromSuperview() }
            view.insertSubview(snapshot, at: 0)
        }
        snapshot.frame = CGRect(layout.snapshotFrame)
        context.coordinator.frame = CGRect(layout.placeholderViewFrame)
        context.coordinator.isHidden = layout.placeholderHidden
    }
}

/// A clear background for the cover where the system allows it (iOS 16.4), so that the grid
/// shows around the mask.
private struct ClearCoverBackground: ViewModifier {
    let enabled: Bool

    func body(content: Content) -> some View {
        if enabled, #available(iOS 16.4, *) {
            content.presentationBackground(.clear)
        } else {
            content
        }
    }
}
#endif
