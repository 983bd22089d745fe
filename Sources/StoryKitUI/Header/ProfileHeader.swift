#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

// MARK: - ProfileHeader

/// The stretchy, sticky profile header (``StoryKit/ProfileHeaderModel``) over a `ScrollView`:
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
/// of it, until the model's ``StoryKit/ProfileHeaderModel/Frame/isHeaderInFront``, then in front;
/// it takes no touches. The offset is the content's top in the scroll view's coordinate space
/// (a preference read by a `GeometryReader`), so a refresh control (`.refreshable` reaches the
/// inner `ScrollView` from iOS 16) that holds the content pulled down keeps the header stretched.
/// The blurred copy is made once per image with Core Image, off the main thread. Reduce Motion
/// (the environment's, or ``StoryKit/ProfileHeaderModel/Configuration/reduceMotion``) keeps the
/// avatar's size and fades the title in.
@MainActor
public struct ProfileHeader<Content: View>: View {
    let headerImage: UIImage
    let avatar: UIImage
    let title: String
    let headerHeight: CGFloat
    let stickyHeight: CGFloat
    let avatarSize: CGFloat
    let configuration: ProfileHeaderModel.Configuration
    let content: Content

    @State private var offset: CGFloat = 0
    @State private var nameSize: CGSize = .zero
    @State private var titleSize: CGSize = .zero
    @State private var cache = ProfileHeaderModelCache()
    @StateObject private var blur = ProfileHeaderBlurStore()
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// A profile header over `content`.
    ///
    /// - Parameters:
    ///   - headerImage: The header image; it aspect-fills the header.
    ///   - avatar: The avatar image; it aspect-fills a circle.
    ///   - title: The name under the avatar and the title of the stuck header.
    ///   - headerHeight: The header's full height below the safe-area top, in points.
    ///   - stickyHeight: The height the stuck header keeps below the safe-area top, in points; at
    ///     most `headerHeight`.
    ///   - avatarSize: The avatar's diameter, in points.
    ///   - configuration: The effect's choices.
    ///   - content: The body under the name: bio, posts…
    public init(headerImage: UIImage, avatar: UIImage, title: String, headerHeight: CGFloat = 120,
                stickyHeight: CGFloat = 44, avatarSize: CGFloat = 72,
                configuration: ProfileHeaderModel.Configuration = ProfileHeaderModel.Configuration(),
                @ViewBuilder content: () -> Content) {
        self.headerImage = headerImage
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
            let model = cache.model(layout(width: proxy.size.width, safeAreaTop: proxy.safeAreaInsets.top),
                                    configuration: effectiveConfiguration)
            let frame = model.frame(offset: Double(offset))
            let sigma = Self.blurSigma(model, headerImage)
            ZStack(alignment: .top) {
                header(frame, layout: model.layout, blurSigma: sigma)
                    .zIndex(frame.isHeaderInFront ? 1 : 0)
                scrollView(frame, layout: model.layout)
                    .zIndex(frame.isHeaderInFront ? 0 : 1)
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .top)
            .task(id: ProfileHeaderBlurStore.Key(image: headerImage, sigma: sigma)) { [blur] in
                await blur.makeBlurredCopy(of: headerImage, sigma: sigma)
            }
        }
        .ignoresSafeArea(edges: .top)
    }

    /// The blur in the image's pixels that blurs it by the configured radius as shown (the
    /// model's), rounded to a tenth of a pixel so that a tiny width change does not blur again.
    static func blurSigma(_ model: ProfileHeaderModel, _ image: UIImage) -> Double {
        let pixels = Size(width: Double(image.size.width * image.scale), height: Double(image.size.height * image.scale))
        return (model.blurSigma(imagePixels: pixels) * 10).rounded() / 10
    }

    private var effectiveConfiguration: ProfileHeaderModel.Configuration {
        var effective = configuration
        effective.reduceMotion = configuration.reduceMotion || reduceMotion
        return effective
    }

    /// The model's inputs: the header from the safe area and heights, the avatar and name where
    /// the scroll content puts them at rest.
    private func layout(width: CGFloat, safeAreaTop: CGFloat) -> ProfileHeaderModel.Layout {
        let headerBottom = Double(safeAreaTop + Swift.max(0, headerHeight))
        let size = Double(Swift.max(0, avatarSize))
        return ProfileHeaderModel.Layout(
            width: Double(width), safeAreaTop: Double(safeAreaTop), headerHeight: Double(headerHeight),
            stickyHeight: Double(stickyHeight),
            avatar: Rect(x: 16, y: Swift.max(0, headerBottom - size / 2), width: size, height: size),
            nameLabel: Rect(x: 16, y: Swift.max(0, headerBottom - size / 2) + size + 8, width: Double(nameSize.width),
                            height: Double(nameSize.height)),
            titleSize: Size(titleSize))
    }

    /// The floating header: image, blurred copy and title, clipped, scaled about its top centre
    /// and lifted.
    private func header(_ frame: ProfileHeaderModel.Frame, layout: ProfileHeaderModel.Layout, blurSigma: Double) -> some View {
        let width = CGFloat(layout.width), height = CGFloat(layout.headerBottom)
        return ZStack {
            Image(uiImage: headerImage).resizable().scaledToFill()
                .frame(width: width, height: height).clipped()
            if let copy = blur.copy(of: headerImage, sigma: blurSigma) {
                Image(uiImage: copy).resizable().scaledToFill()
                    .frame(width: width, height: height).clipped()
                    .opacity(frame.blurOpacity)
            }
            Text(title).font(.headline).foregroundColor(.white).lineLimit(1).fixedSize()
                .background(GeometryReader { Color.clear.preference(key: ProfileHeaderTitleSizeKey.self, value: $0.size) })
                .position(CGPoint(frame.titleCenter))
                .opacity(frame.titleOpacity)
        }
        .frame(width: width, height: height)
        .clipped()
        .scaleEffect(CGFloat(frame.headerScale), anchor: .top)
        .offset(y: CGFloat(frame.headerTranslation))
        .allowsHitTesting(false)
        .accessibilityHidden(true)  // the name under the avatar says it
        .onPreferenceChange(ProfileHeaderTitleSizeKey.self) { titleSize = $0 }
    }

    /// The scroll view: the header's space, the avatar, the name and the app's content.
    private func scrollView(_ frame: ProfileHeaderModel.Frame, layout: ProfileHeaderModel.Layout) -> some View {
        let size = Swift.max(0, avatarSize)
        return ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 0) {
                GeometryReader { reader in
                    Color.clear.preference(key: ProfileHeaderOffsetKey.self,
                                           value: reader.frame(in: .named(ProfileHeaderOffsetKey.space)).minY)
                }
                .frame(height: 0)
                Color.clear.frame(height: Swift.max(0, CGFloat(layout.headerBottom) - size / 2))
                Image(uiImage: avatar).resizable().scaledToFill()
                    .frame(width: size, height: size)
                    .clipShape(Circle())
                    .overlay(Circle().stroke(Color(uiColor: .systemBackground), lineWidth: 4))
                    .scaleEffect(CGFloat(frame.avatarScale), anchor: .bottom)
                    .padding(.leading, 16)
                    .accessibilityHidden(true)
                Text(title).font(.title2.bold()).lineLimit(1).fixedSize()
                    .background(GeometryReader { Color.clear.preference(key: ProfileHeaderNameSizeKey.self, value: $0.size) })
                    .padding(.leading, 16)
                    .padding(.top, 8)
                    .accessibilityAddTraits(.isHeader)
                content
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        .coordinateSpace(name: ProfileHeaderOffsetKey.space)
        .ignoresSafeArea(edges: .top)  // the content's rest top is the scroll view's top, under the status bar
        .onPreferenceChange(ProfileHeaderOffsetKey.self) { offset = -$0 }
        .onPreferenceChange(ProfileHeaderNameSizeKey.self) { nameSize = $0 }
    }
}
#endif
