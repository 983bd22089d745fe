#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

// MARK: - ProfileHeaderLayer

/// ``ProfileHeader``'s floating header: image, blurred copy and title, clipped, scaled about its
/// top centre and lifted. It watches the scroll offset, so a scroll step re-evaluates it alone.
struct ProfileHeaderLayer: View {
    @ObservedObject var scroll: ProfileHeaderScrollState
    let model: StretchyHeader
    let image: UIImage
    let blurredCopy: UIImage?
    let title: String

    var body: some View {
        let frame = model.frame(offset: Double(scroll.offset))
        let width = CGFloat(model.layout.width), height = CGFloat(model.layout.headerBottom)
        return ZStack {
            Image(uiImage: image).resizable().scaledToFill()
                .frame(width: width, height: height).clipped()
            if let blurredCopy {
                Image(uiImage: blurredCopy).resizable().scaledToFill()
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
    }
}

// MARK: - ProfileHeaderAvatar

/// ``ProfileHeader``'s avatar, scaled about its bottom by the model; it watches the scroll
/// offset, so a scroll step re-evaluates it alone.
struct ProfileHeaderAvatar: View {
    @ObservedObject var scroll: ProfileHeaderScrollState
    let model: StretchyHeader
    let avatar: UIImage
    let size: CGFloat

    var body: some View {
        Image(uiImage: avatar).resizable().scaledToFill()
            .frame(width: size, height: size)
            .clipShape(Circle())
            .overlay(Circle().stroke(Color(uiColor: .systemBackground), lineWidth: 4))
            .scaleEffect(CGFloat(model.frame(offset: Double(scroll.offset)).avatarScale), anchor: .bottom)
    }
}
#endif
