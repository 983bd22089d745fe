#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - UIImage + StoriesPlaceholderPicture

extension UIImage {
    /// The image of a placeholder picture: its pixels as an sRGB `CGImage`, or its file bytes
    /// decoded by UIKit; `nil` when they do not make an image.
    convenience init?(_ picture: StoriesPlaceholderPicture) {
        switch picture {
        case .encoded(let bytes):
            self.init(data: Data(bytes))
        case .pixels(let bitmap):
            guard let provider = CGDataProvider(data: Data(bitmap.rgba) as CFData),
                  let space = CGColorSpace(name: CGColorSpace.sRGB),
                  let image = CGImage(width: bitmap.width, height: bitmap.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                      bytesPerRow: bitmap.width * 4, space: space,
                                      bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                                      provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
            else { return nil }
            self.init(cgImage: image)
        }
    }
}
#endif
