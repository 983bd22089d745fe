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
/// opens at once. The first items of the avatars in view and half a screen beyond are read
/// ahead, at most three at once. Each avatar reads as a VoiceOver button ("Ava, new story").
/// Model times are `CACurrentMediaTime()` seconds.
@MainActor
public struct StoryTrayRow: View {
    let seen: Set<String>
    let onOpen: @MainActor (StoryUser, CGRect?) -> Void
    let onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)?
    let nameColor: Color
    let link: StoryTrayLink?
    @StateObject private var model: StoryTrayRowModel

    /// A row over `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out. Read once, when the row is made.
    ///   - seen: The ids of items seen: rings of users with nothing left unseen turn grey (the
    ///     order stays while the row is on screen).
    ///   - configuration: The avatars' diameter, spacing, insets, names' size and the rings.
    ///   - media: Where media bytes come from (the `MediaByteSource` the viewer uses too).
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
        self.seen = seen
        self.onOpen = onOpen
        self.onLoadFailure = onLoadFailure
        self.nameColor = nameColor
        self.link = link
        _model = StateObject(wrappedValue: StoryTrayRowModel(feed: feed, seen: seen, configuration: configuration,
                                                             media: media, baseURL: mediaBaseURL))
    }

    public var body: some View {
        let layout = model.layout
        ScrollView(.horizontal, showsIndicators: false) {
            ZStack(alignment: .topLeading) {
                ForEach(Array(model.rules.tray.users.enumerated()), id: \.element.id) { index, user in
                    if layout.cells.indices.contains(index) {
                        cell(user: user, index: index, layout: layout.cells[index])
                    }
                }
            }
            .frame(width: CGFloat(layout.contentSize.width), height: CGFloat(layout.contentSize.height), alignment: .topLeading)
            .background(GeometryReader { proxy in
                Color.clear.preference(key: StoryTrayRowOffsetKey.self,
                                       value: -proxy.frame(in: .named(StoryTrayRowOffsetKey.space)).minX)
            })
        }
        .coordinateSpace(name: StoryTrayRowOffsetKey.space)
        .onPreferenceChange(StoryTrayRowOffsetKey.self) { offset in model.scroll(to: Double(offset)) }
        .frame(height: CGFloat(layout.contentSize.height))
        .background(GeometryReader { proxy in
            Color.clear
                .onAppear {
                    link?.model = model
                    measure(proxy.frame(in: .global))
                }
                .onChange(of: proxy.frame(in: .global)) { measure($0) }
        })
        .onChange(of: seen) { model.updateSeen($0) }
    }

    /// One avatar and its name, placed at the model's frame.
    private func cell(user: StoryUser, index: Int, layout cell: TrayLayout.Cell) -> some View {
        let tray = model.rules.tray
        let status = tray.rings[index].status
        let loading = Binding(get: { model.loading[index] ?? .idle }, set: { model.loading[index] = $0 })
        return VStack(spacing: CGFloat(cell.name.minY - cell.ring.maxY)) {
            StoryRingAvatar(image: model.avatars[user.id].map { Image(uiImage: $0) }, status: status, userName: user.name,
                            loading: loading, avatarDiameter: CGFloat(cell.avatar.width),
                            configuration: tray.configuration.ring) {
                model.settle()
            }
            .contentShape(Circle())
            .onTapGesture { tap(index) }
            .accessibilityAction { tap(index) }
            Text(user.name)
                .font(.system(size: CGFloat(tray.configuration.nameSize)))
                .foregroundColor(status == .unseen ? nameColor : nameColor.opacity(0.55))
                .lineLimit(1)
                .truncationMode(.tail)
                .frame(width: CGFloat(cell.name.width), height: CGFloat(cell.name.height))
                .accessibilityHidden(true)
        }
        .frame(width: CGFloat(cell.frame.width), height: CGFloat(cell.frame.height), alignment: .top)
        .position(x: CGFloat(cell.frame.midX), y: CGFloat(cell.frame.midY))
        .onAppear { model.loadAvatar(of: user) }
    }

    private func measure(_ frame: CGRect) {
        model.globalFrame = frame
        model.setViewportWidth(Double(frame.width))
    }

    /// A tap on user `index`'s avatar, with the host's current callbacks.
    private func tap(_ index: Int) {
        model.onOpen = onOpen
        model.onLoadFailure = onLoadFailure
        model.tap(user: index)
    }
}

/// The row's scroll offset, read from its content's frame in the scroll view's space.
struct StoryTrayRowOffsetKey: PreferenceKey {
    static let space = "StoryTrayRow"
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}
#endif
