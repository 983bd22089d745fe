#if !canImport(ImageIO)
import CLCMS2

// MARK: - ColorManagement (Linux)

/// Converts decoded pixels described by an embedded ICC profile to sRGB with Little CMS 2
/// (Debian's liblcms2), as ImageIO does with ColorSync on Apple platforms.
///
/// The transform uses the perceptual intent (ImageIO's default for images; for the matrix/TRC
/// profiles cameras and editors embed it equals relative colorimetric), no black-point
/// compensation, 8 bits in and out. A profile Little CMS cannot read, or whose colour space does
/// not match the pixels (an RGB profile on a greyscale file), is ignored and the pixels are left
/// as stored, as browsers and ImageIO do.
enum ColorManagement {
    /// What the decoded pixels hold, four bytes a pixel.
    enum Content {
        /// RGBA8: the profile must be an RGB one; alpha is left alone.
        case rgb
        /// Grey expanded to RGBA8 (R = G = B): the profile must be a grey one; alpha is left alone.
        case grey
        /// Adobe-style inverted CMYK (255 = no ink): the profile must be a CMYK one; the result is
        /// opaque RGBA8.
        case invertedCMYK
    }

    /// Little CMS pixel formats (`lcms2.h`'s `TYPE_…` macros, which Swift cannot import):
    /// colour space << 16, flavour (1 = inverted) << 13, extra channels << 7, channels << 3, bytes.
    private static func format(space: Int32, channels: UInt32, extra: UInt32, inverted: Bool = false) -> UInt32 {
        UInt32(space) << 16 | (inverted ? 1 << 13 : 0) | extra << 7 | channels << 3 | 1
    }

    /// Converts `pixels` in place from the colour space `profile` describes to sRGB.
    ///
    /// - Parameters:
    ///   - pixels: Four bytes a pixel, straight (not premultiplied) alpha.
    ///   - profile: The bytes of an ICC profile.
    ///   - content: What the pixels hold and so which kind of profile fits.
    /// - Returns: Whether the pixels were converted (false: the profile was ignored).
    @discardableResult
    static func convertToSRGB(_ pixels: inout [UInt8], profile: [UInt8], content: Content) -> Bool {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max), pixels.count / 4 <= Int(UInt32.max),
              let input = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) })
        else { return false }
        defer { cmsCloseProfile(input) }
        let space = cmsGetColorSpace(input)
        let inputFormat: UInt32
        switch content {
        case .rgb:
            guard space == cmsSigRgbData else { return false }
            inputFormat = format(space: PT_RGB, channels: 3, extra: 1)
        case .grey:
            guard space == cmsSigGrayData else { return false }
            inputFormat = format(space: PT_GRAY, channels: 1, extra: 3)  // R of each pixel
        case .invertedCMYK:
            guard space == cmsSigCmykData else { return false }
            inputFormat = format(space: PT_CMYK, channels: 4, extra: 0, inverted: true)
        }
        guard let output = cmsCreate_sRGBProfile() else { return false }
        defer { cmsCloseProfile(output) }
        let outputFormat = format(space: PT_RGB, channels: 3, extra: 1)
        guard let transform = cmsCreateTransform(input, inputFormat, output, outputFormat, UInt32(INTENT_PERCEPTUAL), 0)
        else { return false }
        defer { cmsDeleteTransform(transform) }
        // In place: both formats are four bytes a pixel and Little CMS leaves extra output
        // channels (alpha) untouched.
        pixels.withUnsafeMutableBytes { buffer in
            cmsDoTransform(transform, buffer.baseAddress, buffer.baseAddress, UInt32(buffer.count / 4))
        }
        if content == .invertedCMYK {
            var i = 3
            while i < pixels.count { pixels[i] = 255; i += 4 }  // alpha held K
        }
        return true
    }
}
#endif
