#if canImport(SwiftUI) && canImport(UIKit)
import Foundation
import StoryKit
import SwiftUI
import UIKit

/// A story avatar with its ring, and the loading animation a tap gets while the story loads: the
/// SwiftUI front-end of ``StoryKit/StoryRing`` (named so that it does not shadow the model).
///
/// The host says what it wants through a binding — ``StoryRingLoadingState/loading`` on tap,
/// ``StoryRingLoadingState/ready`` when the story can show, ``StoryRingLoadingState/idle`` to
/// give up — and opens the viewer in `onLaunch`, which comes when the ring has come to rest after
/// readiness; the view sets the binding back to idle then.
///
/// ```swift
/// @State private var loading = StoryRingLoadingState.idle
///
/// StoryRingAvatar(image: Image("ava"), status: .unseen, userName: "Ava", loading: $loading) {
///     openUser = user                          // the ring is at rest: open the viewer
/// }
/// .onTapGesture {
///     loading = .loading                       // the avatar shrinks, the segments turn
///     Task { await prefetch(user); loading = .ready }
/// }
/// ```
///
/// SwiftUI has no `CAAnimationGroup`, so while the ring is busy a `TimelineView(.animation)`
/// draws the model's ``StoryKit/StoryRing/frame(at:)`` on every frame: the avatar scaled about
/// its centre, and a circle from the top, clockwise, stroked with the model's line width, dash
/// pattern and phase, through an `AngularGradient` (clockwise from the bottom left) or the seen
/// colour. At rest the timeline pauses. The press, loop and resolution are the model's, so the
/// ring is the one ``StoryRingView`` plays with Core Animation.
///
/// The view is the avatar's diameter plus the gap and the wider ring on each side. Reduce Motion
/// (`accessibilityReduceMotion` from the environment, or the configuration's) makes the ring
/// pulse instead of turning. VoiceOver reads it as a button, "Ava, new story" or "Ava, seen",
/// with the value "loading" while it loads, and announces "Loading" when loading starts.
@MainActor
public struct StoryRingAvatar: View {
    /// What the host wants of the ring.
    public typealias LoadingState = StoryRingLoadingState

    let image: Image?
    let status: StoryRing.Status
    let userName: String
    @Binding var loading: StoryRingLoadingState
    let avatarDiameter: CGFloat
    let configuration: StoryRing.Configuration
    let onLaunch: @MainActor () -> Void
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var rules: RingLoadingRules

    /// An avatar and its ring.
    ///
    /// - Parameters:
    ///   - image: The avatar's picture (aspect-filled in the circle); a light grey disc when nil.
    ///   - status: Which ring shows.
    ///   - userName: The user's name, for VoiceOver.
    ///   - loading: The host's request: set ``StoryRingLoadingState/loading`` on tap,
    ///     ``StoryRingLoadingState/ready`` when the story can show, ``StoryRingLoadingState/idle``
    ///     to cancel; the view sets it back to idle at the launch (and when an avatar without
    ///     stories is asked to load).
    ///   - avatarDiameter: The avatar's diameter at rest, in points; 56 by default.
    ///   - configuration: The ring's look and timing.
    ///   - onLaunch: Called on the main actor when the ring has come to rest after readiness:
    ///     open the viewer now.
    public init(image: Image?, status: StoryRing.Status, userName: String = "",
                loading: Binding<StoryRingLoadingState>, avatarDiameter: CGFloat = 56,
                configuration: StoryRing.Configuration = StoryRing.Configuration(),
                onLaunch: @escaping @MainActor () -> Void) {
        self.image = image
        self.status = status
        self.userName = userName
        self._loading = loading
        self.avatarDiameter = avatarDiameter
        self.configuration = configuration
        self.onLaunch = onLaunch
        self._rules = State(initialValue: RingLoadingRules(ring: StoryRing(status: status, configuration: configuration)))
    }

    public var body: some View {
        let rules = self.rules.updated(status: status, configuration: configuration, systemReduceMotion: reduceMotion)
        let ring = rules.ring
        let layout = RingLayout(avatarDiameter: Double(avatarDiameter), ring: ring)
        TimelineView(.animation(minimumInterval: nil, paused: !ring.isBusy)) { context in
            StoryRingAvatarFrame(frame: ring.frame(at: context.date.timeIntervalSinceReferenceDate), layout: layout, image: image)
        }
        .frame(width: CGFloat(layout.side), height: CGFloat(layout.side))
        .onAppear { request(loading) }
        .onChange(of: loading) { request($0) }
        .task(id: rules.settleTime) { await settle(after: rules.settleDelayNanoseconds(now: Self.now)) }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(StoryRingAccessibility.label(userName: userName, status: status)))
        .accessibilityValue(Text(StoryRingAccessibility.value(isLoading: rules.isLoading) ?? ""))
        .accessibilityAddTraits(.isButton)
    }

    /// The model's clock: seconds, as `TimelineView`'s dates give them.
    private static var now: Double { Date().timeIntervalSinceReferenceDate }

    /// Takes the host's request.
    private func request(_ state: StoryRingLoadingState) {
        change { $0.request(state, time: Self.now) }
    }

    /// Waits `delay` nanoseconds until the model's settle time, then moves the model there (the
    /// launch).
    private func settle(after delay: UInt64?) async {
        guard let delay else { return }
        try? await Task.sleep(nanoseconds: delay)
        guard !Task.isCancelled else { return }
        change { $0.settle(now: Self.now) }
    }

    /// Applies `step` to the rules with the current status and configuration (Reduce Motion
    /// included), keeps them, keeps the binding on the request (idle after the launch) and hands
    /// the ring's events on.
    private func change(_ step: (inout RingLoadingRules) -> [StoryRing.Event]) {
        var rules = self.rules.updated(status: status, configuration: configuration, systemReduceMotion: reduceMotion)
        let events = step(&rules)
        self.rules = rules
        if loading != rules.request { loading = rules.request }
        RingLoadingSession.deliver(events, announce: { StoryRingVoiceOver.announce($0) }, launch: { onLaunch() })
    }
}

/// One frame of ``StoryRingAvatar``: the avatar scaled about its centre, and the ring stroked
/// along a circle from the top, clockwise, as the model's frame says.
struct StoryRingAvatarFrame: View {
    let frame: StoryRing.Frame
    let layout: RingLayout
    let image: Image?

    var body: some View {
        let diameter = CGFloat(layout.avatarDiameter), stroke = RingStroke(frame, layout: layout)
        let style = StrokeStyle(lineWidth: CGFloat(stroke.lineWidth), lineCap: stroke.roundCaps ? .round : .butt,
                                dash: stroke.dash.map { CGFloat($0) }, dashPhase: CGFloat(stroke.dashPhase))
        ZStack {
            avatar
                .frame(width: diameter, height: diameter)
                .clipShape(Circle())
                .scaleEffect(CGFloat(frame.avatarScale))
            if stroke.isVisible {
                ring(stroke, style)
                    .frame(width: CGFloat(stroke.side), height: CGFloat(stroke.side))
                    .opacity(stroke.opacity)
            }
        }
    }

    @ViewBuilder private var avatar: some View {
        if let image {
            image.resizable().scaledToFill()
        } else {
            Color(white: 0.8)
        }
    }

    /// SwiftUI's circle starts at the trailing side and runs clockwise; turned back a quarter, it
    /// starts at the top, as the model's path does (dash phase 0 puts a segment there). The
    /// gradient is not turned with it.
    @ViewBuilder private func ring(_ stroke: RingStroke, _ style: StrokeStyle) -> some View {
        let circle = Circle().rotation(.degrees(-90))
        if let colors = stroke.fill.gradientColors {
            let start = RingStroke.gradientStartDegrees, center = RingStroke.gradientCenter
            let gradient = Gradient(colors: colors.map { Color(uiColor: UIColor($0)) })
            circle.stroke(AngularGradient(gradient: gradient, center: UnitPoint(x: center.x, y: center.y),
                                          startAngle: .degrees(start), endAngle: .degrees(start + 360)),
                          style: style)
        } else {
            circle.stroke(Color(uiColor: UIColor(stroke.fill.color)), style: style)
        }
    }
}
#endif
