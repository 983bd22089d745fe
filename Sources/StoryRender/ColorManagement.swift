#if !canImport(ImageIO)
import CLCMS2

// MARK: - ColorManagement (Linux)

/// Converts decoded pixels described by an embedded ICC profile to sRGB with Little CMS 2
/// (Debian's liblcms2-2, loaded at run time by the `CLCMS2` C target, so building needs no -dev
/// package), as ImageIO does with ColorSync on Apple platforms.
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

    /// Whether Little CMS could be loaded (liblcms2.so.2, Debian's liblcms2-2); without it,
    /// embedded profiles are ignored.
    static var isAvailable: Bool { storykit_cms_available() != 0 }

    /// Converts `pixels` in place from the colour space `profile` describes to sRGB.
    ///
    /// - Parameters:
    ///   - pixels: Four bytes a pixel, straight (not premultiplied) alpha.
    ///   - profile: The bytes of an ICC profile.
    ///   - content: What the pixels hold and so which kind of profile fits.
    /// - Returns: Whether the pixels were converted (false: the profile was ignored).
    @discardableResult
    static func convertToSRGB(_ pixels: inout [UInt8], profile: [UInt8], content: Content) -> Bool {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max), pixels.count / 4 <= Int(UInt32.max) else { return false }
        let kind: Int32
        switch content {
        case .rgb: kind = Int32(STORYKIT_CMS_RGB.rawValue)
        case .grey: kind = Int32(STORYKIT_CMS_GREY.rawValue)
        case .invertedCMYK: kind = Int32(STORYKIT_CMS_INVERTED_CMYK.rawValue)
        }
        let converted = profile.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { buffer in
                storykit_cms_convert_to_srgb(source.baseAddress, UInt32(source.count), kind,
                                             buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(buffer.count / 4))
            }
        } != 0
        if converted, content == .invertedCMYK {
            var i = 3
            while i < pixels.count { pixels[i] = 255; i += 4 }  // alpha held K
        }
        return converted
    }
}
#endif
