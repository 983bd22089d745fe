import RealModule
import StoryKit

/// Gaussian blur of a premultiplied RGBA8 bitmap, with transparent pixels assumed outside it (as
/// `CIGaussianBlur` blurs a layer: edges fade out rather than smear).
///
/// The blur is separable: rows, then columns. For σ ≥ 2 pixels it is three successive centred
/// box blurs (the central limit theorem makes them close to a Gaussian), with odd widths `wl` and
/// `wl + 2` mixed so that their variance matches σ² (P. Kovesi, "Fast Almost-Gaussian Filtering",
/// DICTA 2010). The W3C Filter Effects sizes (`d = ⌊σ·3·√(2π)/4 + 0.5⌋`, three boxes of `d`)
/// cost the same but blur 5–9 % narrower than σ and need half-pixel-offset boxes for even `d`;
/// `CIGaussianBlur` is a true Gaussian, so matching the variance is the better stand-in. Below
/// σ = 2 it is a true Gaussian kernel of radius `⌈3σ⌉` (in `Float`). Box sums are exact integers
/// (running sums on `UInt32`, rows kept with up to 4 extra bits between the passes); the final
/// rounding to 8 bits uses a 4 × 4 ordered dither, so faint tails are not all rounded away (total alpha is kept to about
/// 1 %) while a constant area stays exactly constant and colour never exceeds alpha. The box
/// path is a single sweep down the image: each source row is blurred along x when the vertical
/// sums first need it, and only the rows they read again are kept (in a ring), so no
/// intermediate image is stored; the three boxes of each direction run as one filter of eight
/// taps and three running sums (see ``boxBlur(_:kernel:padding:window:)``). Scratch memory is a
/// few dozen rows per call; nothing is allocated per pixel.
///
/// The blurred picture is larger than the source by about 3σ on each side:
/// ``expanded(_:sigma:)`` returns that whole picture; ``apply(to:sigma:)`` keeps the source's
/// size (what spreads outside is cut off), for callers that padded the bitmap themselves with
/// ``padding(forSigma:)`` transparent pixels.
package enum GaussianBlur {
    /// The largest σ in pixels; larger values are treated as this (downscale first for more).
    /// It keeps the integer sums of the widest boxes (255 · 201³) below 2³¹.
    package static let maximumSigma = 100.0

    /// How far the blur spreads beyond the source on each side: `⌈3σ⌉` pixels (0 for no blur).
    package static func padding(forSigma sigma: Double) -> Int {
        guard let kernel = Kernel(sigma: sigma) else { return 0 }
        return kernel.padding
    }

    /// Blurs `image` in place, keeping its size; everything outside it counts as transparent.
    ///
    /// - Parameters:
    ///   - image: Premultiplied RGBA8 pixels.
    ///   - sigma: Standard deviation in pixels; not positive or not finite leaves the image as
    ///     is; clamped to ``maximumSigma``.
    package static func apply(to image: inout RGBAImage, sigma: Double) {
        guard let kernel = Kernel(sigma: sigma), image.width > 0, image.height > 0 else { return }
        image = blur(image, kernel: kernel, padding: 0)
    }

    /// The blur of `image` on a canvas grown by ``padding(forSigma:)`` pixels on every side, so
    /// nothing of the blur is cut off; pixel (x, y) of the source is at (x + padding, y + padding).
    ///
    /// - Parameters:
    ///   - image: Premultiplied RGBA8 pixels.
    ///   - sigma: Standard deviation in pixels (see ``apply(to:sigma:)``).
    /// - Returns: The blurred, larger bitmap; the image itself when there is no blur.
    package static func expanded(_ image: RGBAImage, sigma: Double) -> RGBAImage {
        guard let kernel = Kernel(sigma: sigma), image.width > 0, image.height > 0 else { return image }
        return blur(image, kernel: kernel, padding: kernel.padding)
    }

    /// The pixels of `image` inside `window` (a rectangle of its pixels) as ``apply(to:sigma:)``
    /// blurs them, computing only that part: the blurred copy with extended edges
    /// (`RGBAImage.blurred(sigma:)`) keeps the middle of a padded canvas this way.
    ///
    /// - Returns: `window`'s pixels (its part inside the image), byte for byte those of the
    ///   whole blur (the image's own pixels when there is no blur); a 0 × 0 image when the
    ///   window misses the image.
    package static func blurred(_ image: RGBAImage, sigma: Double, window: PixelRect) -> RGBAImage {
        let keep = window.intersection(image.bounds)
        guard !keep.isEmpty else { return RGBAImage(width: 0, height: 0) }
        guard let kernel = Kernel(sigma: sigma), !kernel.boxes.isEmpty else {
            var whole = image
            apply(to: &whole, sigma: sigma)
            var part = RGBAImage(width: keep.width, height: keep.height)
            for y in 0..<keep.height {
                let from = ((keep.y0 + y) * image.width + keep.x0) * 4, to = y * keep.width * 4
                part.pixels[to..<(to + keep.width * 4)] = whole.pixels[from..<(from + keep.width * 4)]
            }
            return part
        }
        return boxBlur(image, kernel: kernel, padding: 0, window: keep)
    }

    /// `RGBAImage.blurred(sigma:)` on the box path: the blur of `image` grown by
    /// ``padding(forSigma:)`` pixels on every side, each the colour of its nearest edge pixel,
    /// cut back to the image's own pixels, without making the grown canvas (byte for byte the
    /// ``blurred(_:sigma:window:)`` of that canvas).
    ///
    /// - Returns: `width × height` pixels; `nil` when σ takes the Gaussian-weights path (below
    ///   2 px) or gives no blur, or the image is empty.
    static func blurredExtendingEdges(_ image: RGBAImage, sigma: Double) -> RGBAImage? {
        guard let kernel = Kernel(sigma: sigma), !kernel.boxes.isEmpty, image.width > 0, image.height > 0 else { return nil }
        let e = kernel.padding
        return boxBlur(image, kernel: kernel, padding: 0,
                       window: PixelRect(x0: e, y0: e, x1: e + image.width, y1: e + image.height), extending: e)
    }

    /// The separable kernel: three boxes or Gaussian weights, with its integer total weight.
    struct Kernel {
        /// Box windows (pixels before, pixels after) for the box form; empty for weights.
        var boxes: [(before: Int, after: Int)] = []
        /// Gaussian weights summing to 1, index `radius` the centre; empty for boxes.
        var weights: [Float] = []
        var radius = 0
        /// The product of the box sizes (the sum of the integer box weights); 1 for weights.
        var total: UInt32 = 1
        /// Fraction bits kept between the passes so the vertical sums stay below 2³¹ (they are
        /// converted to `Float` through `Int32`).
        var fractionBits = 4
        var padding = 0

        init?(sigma: Double) {
            guard sigma.isFinite, sigma > 0 else { return nil }
            let sigma = Swift.min(sigma, GaussianBlur.maximumSigma)
            padding = Int((3 * sigma).rounded(.up))
            if sigma >= 2 {
                // Kovesi's box widths: odd sizes wl and wl + 2, as many of each as makes the
                // summed variance Σ(w² − 1)/12 closest to σ².
                let n = 3.0
                var wl = Int((12 * sigma * sigma / n + 1).squareRoot().rounded(.down))
                if wl % 2 == 0 { wl -= 1 }
                let l = Double(wl)
                let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
                let widths = (0..<3).map { $0 < m ? wl : wl + 2 }
                boxes = widths.map { ($0 / 2, $0 / 2) }
                total = UInt32(widths.reduce(1, *))
                radius = widths.reduce(0) { $0 + $1 / 2 }
            } else {
                radius = padding
                let raw = (-radius...radius).map { Double.exp(-Double($0 * $0) / (2 * sigma * sigma)) }
                let sum = raw.reduce(0, +)
                weights = raw.map { Float($0 / sum) }
            }
            while fractionBits > 0, UInt64(255) << UInt64(fractionBits) * UInt64(total) >= UInt64(1) << 31 {
                fractionBits -= 1
            }
        }

        /// Zero pixels needed before and after a line so that every read stays inside.
        var margin: Int { Swift.max(radius, boxes.reduce(0) { Swift.max($0, $1.before + 1, $1.after) }) + 1 }
    }
}
