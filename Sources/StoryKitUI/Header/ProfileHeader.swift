#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

// MARK: - ProfileHeader

/// The stretchy, sticky profile header (``StoryKit/StretchyHeader``) over a `ScrollView`:
/// the header image stretches from its top when pulled down, moves up with the content and
/// sticks, the avatar shrinks about its bottom and goes behind the stuck header, and the title
/// slides into it over a blurred copy of the image.
///
/// ```swift
/// ProfileHeader(headerImage: banner, avatar: portrait, title: "Ada Lovelace") {
///     Text("Analyst, metaphysician, and founder of scientific computing.")
///         .padding()
/// }
/// .refreshable { await reload() }
/// ```
///
/// The container draws, in its scroll view's content from the top: the space of the header
/// (`safeAreaTop + headerHeight`, less half the avatar), the avatar (a circle of `avatarSize`,
/// 16 pt from the leading edge, overlapping the header by half its height), the name (the title
/// in bold `title2`), then your content. The header floats above or below the scroll view (an
/// overlay, never part of the content, its size fixed while scrolling: only its scale and offset
/// change) and covers the status bar. It is behind the content, so that the avatar shows in front
/// of it, until the model's ``StoryKit/StretchyHeader/Frame/isHeaderInFront``, then in front;
/// it takes no touches. The offset is the content's top in the scroll view's coordinate space
/// (a preference read by a `GeometryReader`), so a refresh control (`.refreshable` reaches the
/// inner `ScrollView` from iOS 16) that holds the content pulled down keeps the header stretched.
/// The blurred copy is made once per image content (``ProfileHeaderBlurKey``: the `headerImageID`
/// you give, else the bitmap's size, scale and a hash of its bytes, never the `UIImage` instance)
/// with Core Image, off the main thread; a new image keeps the old copy until its own is ready.
/// The scroll offset lives in a small observable that only the header and the avatar watch: a
/// scroll step re-evaluates those two views, never this body or your content (only the header
/// going in front or behind does). Reduce Motion
/// (the environment's, or ``StoryKit/StretchyHeader/Configuration/reduceMotion``) keeps the
/// avatar's size and fades the title in.
@MainActor
public struct ProfileHeader<Content: View>: View {
    let headerImage: UIImage
    let headerImageID: String?
    let avatar: UIImage
    let title: String
    let headerHeight: CGFloat
    let stickyHeight: CGFloat
    let avatarSize: CGFloat
    let configuration: StretchyHeader.Configuration
    let content: Content

    /// The per-frame offset: held, not observed, here; watched by the header and the avatar.
    @State private var scroll = ProfileHeaderScrollState()
    /// Whether the header is in front: changes only when it sticks or unsticks.
    @StateObject private var order = ProfileHeaderOrderState()
    @State private var nameSize: CGSize = .zero
    @State private var titleSize: CGSize = .zero
    @State private var cache = ProfileHeaderModelCache()
    @StateObject private var blur = ProfileHeaderBlurStore()
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// A profile header over `content`.
    ///
    /// - Parameters:
    ///   - headerImage: The header image; it aspect-fills the header.
    ///   - headerImageID: Your id for the image (a URL, an asset name), or nil: the blurred copy
    ///     is made once per id, else once per bitmap content.
    ///   - avatar: The avatar image; it aspect-fills a circle.
    ///   - title: The name under the avatar and the title of the stuck header.
    ///   - headerHeight: The header's full height below the safe-area top, in points.
    ///   - stickyHeight: The height the stuck header keeps below the safe-area top, in points; at
    ///     most `headerHeight`.
    ///   - avatarSize: The avatar's diameter, in points.
    ///   - configuration: The effect's choices.
    ///   - content: The body under the name: bio, posts…
    public init(headerImage: UIImage, headerImageID: String? = nil, avatar: UIImage, title: String, headerHeight: CGFloat = 120,
                stickyHeight: CGFloat = 44, avatarSize: CGFloat = 72,
                configuration: StretchyHeader.Configuration = StretchyHeader.Configuration(),
                @ViewBuilder content: () -> Content) {
        self.headerImage = headerImage
        self.headerImageID = headerImageID
        self.avatar = avatar
        self.title = title
        self.headerHeight = headerHeight
        self.stickyHeight = stickyHeight
        self.avatarSize = avatarSize
        self.configuration = configuration
        self.content = content()
    }

    /// The scroll view and the floating header, ordered by the model's frame.
    public var body: some View {
        GeometryReader { proxy in
            // The model's inputs: the header from the safe area and heights, the avatar and name
            // where the scroll content puts them at rest.
            let layout = ProfileHeaderStackLayout.layout(
                width: Double(proxy.size.width), safeAreaTop: Double(proxy.safeAreaInsets.top), headerHeight: Double(headerHeight),
                stickyHeight: Double(stickyHeight), avatarSize: Double(avatarSize), nameSize: Size(nameSize), titleSize: Size(titleSize))
            let model = cache.update(layout, configuration: configuration, systemReduceMotion: reduceMotion).model
            let key = blur.key(for: headerImage, id: headerImageID, model: model)
            ZStack(alignment: .top) {
                ProfileHeaderLayer(scroll: scroll, model: model, image: headerImage, blurredCopy: blur.shownCopy, title: title)
                    .onPreferenceChange(ProfileHeaderTitleSizeKey.self) { titleSize = $0 }
                    .zIndex(order.isHeaderInFront ? 1 : 0)
                scrollView(model)
                    .zIndex(order.isHeaderInFront ? 0 : 1)
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .top)
            .task(id: key) { [blur, headerImage] in
                await blur.makeBlurredCopy(of: headerImage, key: key)
            }
        }
        .ignoresSafeArea(edges: .top)
    }

    /// The scroll view: the header's space, the avatar, the name and the app's content, where the
    /// model's layout has them.
    private func scrollView(_ model: StretchyHeader) -> some View {
        let avatarRect = model.layout.avatar
        return ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 0) {
                GeometryReader { reader in
                    Color.clear.preference(key: ProfileHeaderOffsetKey.self,
                                           value: reader.frame(in: .named(ProfileHeaderOffsetKey.space)).minY)
                }
                .frame(height: 0)
                Color.clear.frame(height: CGFloat(avatarRect.minY))
                ProfileHeaderAvatar(scroll: scroll, model: model, avatar: avatar, size: CGFloat(avatarRect.width))
                    .padding(.leading, CGFloat(avatarRect.minX))
                    .accessibilityHidden(true)
                Text(title).font(.title2.bold()).lineLimit(1).fixedSize()
                    .background(GeometryReader { Color.clear.preference(key: ProfileHeaderNameSizeKey.self, value: $0.size) })
                    .padding(.leading, CGFloat(model.layout.nameLabel.minX))
                    .padding(.top, CGFloat(ProfileHeaderStackLayout.nameSpacing))
                    .accessibilityAddTraits(.isHeader)
                content
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        .coordinateSpace(name: ProfileHeaderOffsetKey.space)
        .ignoresSafeArea(edges: .top)  // the content's rest top is the scroll view's top, under the status bar
        .onPreferenceChange(ProfileHeaderOffsetKey.self) { [scroll, order] top in
            scroll.offset = -top
            order.update(model.frame(offset: Double(-top)).isHeaderInFront)
        }
        .onPreferenceChange(ProfileHeaderNameSizeKey.self) { nameSize = $0 }
    }
}
#endif
