#if canImport(SwiftUI) && canImport(UIKit)
import QuartzCore
import StoryKit
import SwiftUI

// MARK: - View + storyOpening

extension View {
    /// Grows this view (the Stories viewer in a full-screen cover) out of a story avatar as it
    /// appears: ``StoryKit/StoryOpenTransition``'s frame, corner radius and content scale on one
    /// spring, applied as ``StoryOpenLayout`` says (a rounded mask, a scale and an offset of the
    /// view itself, which keeps its full-screen layout). Under Reduce Motion, or without a frame,
    /// it fades in where it is.
    ///
    /// Present the cover without its own slide (a transaction that disables animations), and
    /// give the frame ``StoryTrayRow`` passed to `onOpen`:
    ///
    /// ```swift
    /// StoriesView(feed: feed, seen: seen, startUser: user.id) { event in … }
    ///     .storyOpening(from: openFrame)
    /// ```
    ///
    /// Before iOS 16.4 the cover's own background is opaque, so the row does not show around the
    /// growing page.
    ///
    /// - Parameter avatarFrame: The avatar's picture in the window's coordinates (`.global`).
    @MainActor
    public func storyOpening(from avatarFrame: CGRect?) -> some View {
        modifier(StoryOpeningModifier(avatarFrame: avatarFrame))
    }
}

/// The modifier behind ``SwiftUI/View/storyOpening(from:)``: a `TimelineView(.animation)` that
/// samples the model while it runs, with the same view structure before, during and after (the
/// content is never made again).
@MainActor
struct StoryOpeningModifier: ViewModifier {
    let avatarFrame: CGRect?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var start: Double?
    @State private var finished = false

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            let page = Rect(proxy.frame(in: .global))
            TimelineView(.animation(minimumInterval: nil, paused: finished)) { _ in
                let layout = StoryOpenLayout.sampled(from: avatarFrame.map(Rect.init), page: page, start: start,
                                                     now: CACurrentMediaTime(), finished: finished, reduceMotion: reduceMotion)
                let size = proxy.size
                content
                    .frame(width: size.width, height: size.height)
                    .mask(
                        RoundedRectangle(cornerRadius: CGFloat(layout.maskCornerRadius), style: .circular)
                            .frame(width: CGFloat(layout.mask.width), height: CGFloat(layout.mask.height))
                            .position(x: CGFloat(layout.mask.midX), y: CGFloat(layout.mask.midY))
                    )
                    .scaleEffect(CGFloat(layout.scale))
                    .offset(x: CGFloat(layout.translation.x), y: CGFloat(layout.translation.y))
                    .opacity(layout.alpha)
            }
        }
        .ignoresSafeArea()
        .onAppear { if start == nil { start = CACurrentMediaTime() } }
        .task {
            try? await Task.sleep(nanoseconds: UInt64(StoryOpenLayout.duration * 1_000_000_000))
            finished = true
        }
    }
}
#endif
