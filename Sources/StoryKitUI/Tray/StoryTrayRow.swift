#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

/// The row of story avatars above a feed, in SwiftUI: the front-end of ``StoryKit/StoryTray``
/// (named so that it does not shadow the model).
///
/// A horizontal `ScrollView` of ``StoryRingAvatar``s and names, each placed where the model puts
/// it, users with something unseen first. A tap starts the avatar's ring loading and reads the
/// user's first unseen item through the media configuration's `MediaByteSource`; when it is
/// there the ring comes to rest and `onOpen` is called with the user and the avatar's frame in
/// the window's coordinates (`.global`), for ``SwiftUI/View/storyOpening(from:)``:
///
/// ```swift
/// StoryTrayRow(feed: feed, seen: seen, media: media) { user, avatar in
///     openFrame = avatar
///     var transaction = Transaction()
///     transaction.disablesAnimations = true          // the viewer grows out of the avatar instead
///     withTransaction(transaction) { openUser = user }
/// }
/// ```
///
/// Failed reads bring the ring to rest and go to `onLoadFailure`; without a byte source a tap
/// opens at once. A tap that only stops the row's glide opens nothing (``TrayTapRule``). The
/// first items of the avatars in view and half a screen beyond are read ahead, at most three at
/// once. Each avatar reads as a VoiceOver button ("Ava, new story"). Model times are
/// `CACurrentMediaTime()` seconds.
///
/// The row follows its `feed`, `configuration` and `mediaBaseURL`: give it a new feed (it came
/// late, or refreshed) and it keeps its place and any loading ring as ``TrayFeedMerge`` says.
/// The cells are made lazily as they scroll into view, and scrolling redraws nothing.
@MainActor
public struct StoryTrayRow: View {
    let input: TrayRowInput
    let seen: Set<String>
    let onOpen: @MainActor (StoryUser, CGRect?) -> Void
    let onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)?
    let nameColor: Color
    let link: StoryTrayLink?
    @StateObject private var model: StoryTrayRowModel
    @Environment(\.displayScale) private var displayScale

    /// A row over `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out. A new feed is merged in
    ///     (``TrayFeedMerge``).
    ///   - seen: The ids of items seen: rings of users with nothing left unseen turn grey (the
    ///     order stays while the row is on screen).
    ///   - configuration: The avatars' diameter, spacing, insets, names' size and the rings.
    ///   - media: Where media bytes come from (the `MediaByteSource` the viewer uses too); read
    ///     once, when the row is made.
    ///   - mediaBaseURL: The folder relative media paths are in; the app bundle's resources by
    ///     default.
    ///   - nameColor: The names' colour (the seen ones' at 55 % opacity).
    ///   - onLoadFailure: Called when a tapped user's first item could not be read.
    ///   - link: Connects the row to the viewer it opens, for the swipe-down to land in the
    ///     avatar (``StoryTrayLink``).
    ///   - onOpen: Called when a tapped avatar's story is ready and its ring at rest, with the
    ///     user and the avatar's frame in the window's coordinates (nil if it is out of view).
    public init(feed: StoryFeed, seen: Set<String> = [], configuration: StoryTray.Configuration = StoryTray.Configuration(),
                media: StoriesMediaConfiguration = StoriesMediaConfiguration(), mediaBaseURL: URL? = Bundle.main.resourceURL,
                nameColor: Color = .primary, onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)? = nil,
                link: StoryTrayLink? = nil, onOpen: @escaping @MainActor (_ user: StoryUser, _ avatarFrame: CGRect?) -> Void) {
        let input = TrayRowInput(feed: feed, configuration: configuration, baseURL: mediaBaseURL)
        self.input = input
        self.seen = seen
        self.onOpen = onOpen
        self.onLoadFailure = onLoadFailure
        self.nameColor = nameColor
        self.link = link
        _model = StateObject(wrappedValue: StoryTrayRowModel(input: input, seen: seen, media: media))
    }

    public var body: some View {
        let display = model.display
        ScrollViewReader { proxy in
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(alignment: .top, spacing: CGFloat(display.spacing)) {
                    ForEach(display.avatars) { avatar in
                        cell(avatar, configuration: input.configuration).id(avatar.id)
                    }
                }
                .padding(.leading, CGFloat(display.leading))
                .padding(.top, CGFloat(display.top))
                .frame(width: CGFloat(display.contentSize.width), height: CGFloat(display.contentSize.height),
                       alignment: .topLeading)
                .background(GeometryReader { content in
                    Color.clear.preference(key: StoryTrayRowOffsetKey.self,
                                           value: -content.frame(in: .named(StoryTrayRowOffsetKey.space)).minX)
                })
            }
            .coordinateSpace(name: StoryTrayRowOffsetKey.space)
            .onPreferenceChange(StoryTrayRowOffsetKey.self) { offset in model.session.scroll(to: Double(offset)) }
            .onChange(of: model.scrollTarget) { target in
                guard let target else { return }
                proxy.scrollTo(target.id, anchor: UnitPoint(x: CGFloat(target.unitX), y: 0))
            }
        }
        .frame(height: CGFloat(display.contentSize.height))
        .background(GeometryReader { proxy in
            StoryTrayWindowProbe { model.windowProbe = $0 }
                .onAppear {
                    link?.model = model
                    measure(proxy.frame(in: .global))
                }
                .onChange(of: proxy.frame(in: .global)) { measure($0) }
        })
        .onChange(of: seen) { model.updateSeen($0) }
        .onChange(of: input) { model.replace($0) }
    }

    /// One avatar and its name, at the layout's size.
    private func cell(_ avatar: TrayRowDisplay.Avatar, configuration: StoryTray.Configuration) -> some View {
        let cell = avatar.cell, user = avatar.user, id = user.id
        let loading = Binding(get: { model.loading[id] ?? .idle }, set: { model.loading[id] = $0 })
        return VStack(spacing: CGFloat(avatar.nameGap)) {
            StoryRingAvatar(image: user.avatar.flatMap { model.avatars[$0] }.map { Image(uiImage: $0) },
                            status: avatar.status, userName: user.name, loading: loading,
                            avatarDiameter: CGFloat(cell.avatar.width), configuration: configuration.ring) {
                model.session.settle()
            }
            .contentShape(Circle())
            .onTapGesture { tap(id, checksMotion: true) }
            .accessibilityAction { tap(id, checksMotion: false) }
            Text(user.name)
                .font(.system(size: CGFloat(configuration.nameSize)))
                .foregroundColor(nameColor.opacity(avatar.nameOpacity))
                .lineLimit(1)
                .truncationMode(.tail)
                .frame(width: CGFloat(cell.name.width), height: CGFloat(cell.name.height))
                .accessibilityHidden(true)
        }
        .frame(width: CGFloat(cell.frame.width), height: CGFloat(cell.frame.height), alignment: .top)
        .onAppear { model.loadAvatar(of: user, diameter: cell.avatar.width, scale: Double(displayScale)) }
    }

    private func measure(_ frame: CGRect) {
        model.globalFrame = frame
        model.session.setViewportWidth(Double(frame.width))
    }

    /// A tap on user `id`'s avatar, with the host's current callbacks.
    private func tap(_ id: StoryUser.ID, checksMotion: Bool) {
        model.onOpen = onOpen
        model.onLoadFailure = onLoadFailure
        model.session.tap(user: id, checksMotion: checksMotion)
    }
}

/// The row's scroll offset, read from its content's frame in the scroll view's space.
struct StoryTrayRowOffsetKey: PreferenceKey {
    static let space = "StoryTrayRow"
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}

/// An empty UIKit view in the row's background that hands itself to the row's model, so that
/// the model can ask for its window's bounds (the scene's, in split view and Stage Manager).
private struct StoryTrayWindowProbe: UIViewRepresentable {
    let attach: @MainActor (UIView) -> Void

    func makeUIView(context: Context) -> UIView {
        let view = UIView()
        view.isUserInteractionEnabled = false
        view.isAccessibilityElement = false
        attach(view)
        return view
    }

    func updateUIView(_ uiView: UIView, context: Context) {}
}
#endif
