#if canImport(CoreImage)
import CoreImage

// MARK: - ProfileHeaderBlur

/// The header image's blurred copy, made once per image with Core Image for both front-ends:
/// `CIGaussianBlur` over the image clamped to its extent (so its edges do not fade to clear),
/// cropped back to the image's extent.
package enum ProfileHeaderBlur {
    /// `image` blurred with a standard deviation of `sigma` pixels; `image` itself when `sigma` is
    /// 0 or not finite, nil when Core Image fails. Slow (milliseconds to tens of milliseconds
    /// for a large image): call it off the main thread, once per image.
    ///
    /// - Parameters:
    ///   - image: The header image's bitmap.
    ///   - sigma: The blur, in the image's pixels: ``StoryKit/StretchyHeader/blurSigma(imagePixels:)``,
    ///     which blurs it by ``StoryKit/StretchyHeader/Configuration/blurRadius`` points as shown.
    package static func blurred(_ image: CGImage, sigma: Double) -> CGImage? {
        guard sigma.isFinite, sigma > 0 else { return image }
        let input = CIImage(cgImage: image)
        let extent = input.extent
        let output = input.clampedToExtent()
            .applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
            .cropped(to: extent)
        // One context per image: the blur runs once per image, and a context is not Sendable.
        return CIContext(options: [.cacheIntermediates: false]).createCGImage(output, from: extent)
    }
}
#endif
