import Foundation
import StoryKit

/// Lays out and rasterises layers' text for one ``Renderer``, keeping what it can across frames:
/// the platform's fonts once opened, the layouts of recent texts, and rasterised glyphs.
///
/// A text bitmap covers the lines' ink (their advance boxes padded by a quarter em for
/// overhangs) within the layer's bounds, at the resolution the compositor asks for, so the
/// compositor maps it through the layer's transforms like any other layer contents. At an
/// untransformed layer's resolution (the frame's scale) glyphs land on the frame's pixel grid
/// directly: baselines on whole pixels, pens at quarter pixels, unhinted, anti-aliased. For a
/// transformed layer the resolution is rounded up to a step of 2^(1/8) of the frame's scale, so
/// a turning card reuses its glyphs from frame to frame.
///
/// Thread safety: every call takes the renderer's lock; a renderer used from one thread at a time
/// (the usual case) never waits.
package final class TextRenderer: @unchecked Sendable {
    /// The largest em drawn, in pixels; bigger text is drawn at this size and magnified.
    package static let maximumPixelsPerEm = 1024.0
    /// The largest font size laid out, in points; larger sizes are laid out at it.
    package static let maximumFontSize = 10_000.0
    /// Glyph coverage kept across frames, in bytes, before the cache is emptied.
    static let glyphCacheBytes = 32 << 20
    /// Layouts kept across frames before the cache is emptied.
    static let layoutCacheCount = 256

    private struct LayoutKey: Hashable {
        var text: TextContents
        var bounds: Rect
    }

    private struct MaskKey: Hashable {
        var glyph: GlyphID
        var pixelsPerEm: Double
        var quarter: Int
    }

    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private var fonts: (any FontBackend)?
    private var layouts: [LayoutKey: TextLayout] = [:]
    private var masks: [MaskKey: GlyphMask?] = [:]
    private var maskBytes = 0

    /// Creates a text renderer; the platform's fonts are opened on first use.
    package init() {}

    /// The layout of `text` in `bounds` (points, standardised), as it is drawn.
    package func layout(_ text: TextContents, in bounds: Rect) -> TextLayout {
        lock.lock()
        defer { lock.unlock() }
        return layoutLocked(text, in: bounds.standardized)
    }

    /// The bitmap of a layer's text, in the layer's coordinates.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - bounds: The layer's bounds, in points.
    ///   - pixelsPerPoint: The resolution the compositor wants, > 0.
    ///   - frameScale: The frame's pixels per point; resolutions are rounded to steps from it.
    /// - Returns: The bitmap, or `nil` when the text draws nothing.
    package func bitmap(for text: TextContents, in bounds: Rect, pixelsPerPoint: Double, frameScale: Double) -> LayerBitmap? {
        let bounds = bounds.standardized
        guard text.isVisible, bounds.isFinite, !bounds.isEmpty, pixelsPerPoint > 0, pixelsPerPoint.isFinite else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let layout = layoutLocked(text, in: bounds)
        guard !layout.lines.isEmpty, layout.fontSize > 0 else { return nil }
        let size = layout.fontSize, m = layout.metrics

        // The lines' ink, within the bounds, in points.
        let pad = 0.25 * size
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for line in layout.lines {
            minX = Swift.min(minX, line.x - pad); maxX = Swift.max(maxX, line.x + line.width + pad)
            minY = Swift.min(minY, line.baseline - m.ascent - pad); maxY = Swift.max(maxY, line.baseline + m.descent + pad)
        }
        minX = Swift.max(minX, bounds.minX); maxX = Swift.min(maxX, bounds.maxX)
        minY = Swift.max(minY, bounds.minY); maxY = Swift.min(maxY, bounds.maxY)
        guard maxX > minX, maxY > minY else { return nil }

        var ppp = Swift.min(Self.quantized(pixelsPerPoint, scale: frameScale), Self.maximumPixelsPerEm / size)
        let side = Double(LayerContentRenderer.maximumSide)
        let largest = Swift.max(maxX - minX, maxY - minY) * ppp
        if largest > side { ppp *= side / largest * 0.999 }
        let x0 = (minX * ppp).rounded(.down), y0 = (minY * ppp).rounded(.down)
        let width = Int((maxX * ppp).rounded(.up) - x0), height = Int((maxY * ppp).rounded(.up) - y0)
        guard width > 0, height > 0 else { return nil }

        var coverage = [UInt8](repeating: 0, count: width * height)
        let pixelsPerEm = size * ppp
        let margin = 2 * pixelsPerEm + 2
        for line in layout.lines {
            let baseline = Int((line.baseline * ppp).rounded() - y0)
            for (glyph, x) in line.glyphs {
                let pen = x * ppp - x0
                guard pen > -margin, pen < Double(width) + margin else { continue }
                var whole = pen.rounded(.down)
                var quarter = Int(((pen - whole) * 4).rounded())
                if quarter == 4 { whole += 1; quarter = 0 }
                guard let mask = maskLocked(glyph, pixelsPerEm: pixelsPerEm, quarter: quarter) else { continue }
                Self.add(mask, at: Int(whole) + mask.left, baseline - mask.top, to: &coverage, width: width, height: height)
            }
        }
        var image = RGBAImage(width: width, height: height)
        CoveragePainter.fill(&image, coverage: coverage, color: text.color)
        return LayerBitmap(image: image, origin: Point(x: x0 / ppp, y: y0 / ppp), pixelsPerPoint: ppp)
    }

    /// `pixelsPerPoint` rounded up to a step of 2^(1/8) from `scale` (exactly `scale` when within
    /// 10⁻⁹ of it).
    static func quantized(_ pixelsPerPoint: Double, scale: Double) -> Double {
        guard scale > 0, scale.isFinite else { return pixelsPerPoint }
        let ratio = pixelsPerPoint / scale
        guard Swift.abs(ratio - 1) > 1e-9 else { return scale }
        return scale * pow(2, (8 * log2(ratio) - 1e-9).rounded(.up) / 8)
    }

    // MARK: Caches

    private func layoutLocked(_ text: TextContents, in bounds: Rect) -> TextLayout {
        let key = LayoutKey(text: text, bounds: bounds)
        if let layout = layouts[key] { return layout }
        let size = Swift.min(text.fontSize, Self.maximumFontSize)
        guard text.isVisible, size > 0 else { return .empty(metrics: .fallback(size: 0), fontSize: 0) }
        let fonts = backend()
        let request = FontRequest(text)
        let characters = Array(text.string)
        let layout = TextLayout(characters: characters, glyphs: fonts.shape(characters, request: request, size: size),
                                ellipsis: fonts.shape(["…"], request: request, size: size),
                                metrics: fonts.metrics(for: request, size: size), fontSize: size, text: text,
                                bounds: bounds)
        if layouts.count >= Self.layoutCacheCount { layouts.removeAll(keepingCapacity: true) }
        layouts[key] = layout
        return layout
    }

    private func maskLocked(_ glyph: GlyphID, pixelsPerEm: Double, quarter: Int) -> GlyphMask? {
        let key = MaskKey(glyph: glyph, pixelsPerEm: pixelsPerEm, quarter: quarter)
        if let mask = masks[key] { return mask }
        let offset = Double(quarter) / 4
        let mask = glyph == .placeholder
            ? PlaceholderGlyph.mask(pixelsPerEm: pixelsPerEm, subpixelOffset: offset)
            : backend().mask(for: glyph, pixelsPerEm: pixelsPerEm, subpixelOffset: offset)
        let bytes = (mask?.coverage.count ?? 0) + 64
        if maskBytes + bytes > Self.glyphCacheBytes {
            masks.removeAll(keepingCapacity: true)
            maskBytes = 0
        }
        masks[key] = mask
        maskBytes += bytes
        return mask
    }

    private func backend() -> any FontBackend {
        if let fonts { return fonts }
        let made = SystemFonts.backend()
        fonts = made
        return made
    }

    /// Adds a glyph's coverage to the canvas's (as the union of independent coverages,
    /// `a + b − a·b`), its top-left pixel at (`x`, `y`), clipped to the canvas.
    private static func add(_ mask: GlyphMask, at x: Int, _ y: Int, to coverage: inout [UInt8], width: Int, height: Int) {
        let c0 = Swift.max(0, -x), c1 = Swift.min(mask.width, width - x)
        let r0 = Swift.max(0, -y), r1 = Swift.min(mask.height, height - y)
        guard c0 < c1, r0 < r1 else { return }
        coverage.withUnsafeMutableBufferPointer { out in
            mask.coverage.withUnsafeBufferPointer { source in
                for row in r0..<r1 {
                    let d = out.baseAddress! + (y + row) * width + x, s = source.baseAddress! + row * mask.width
                    for column in c0..<c1 where s[column] != 0 {
                        let a = UInt32(d[column]), b = UInt32(s[column])
                        d[column] = UInt8(truncatingIfNeeded: a &+ b &- CoveragePainter.div255(a &* b))
                    }
                }
            }
        }
    }
}
