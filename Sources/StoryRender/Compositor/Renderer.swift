import MotionCore
import StoryKit

/// Draws a StoryKit `LayerScene` into a premultiplied RGBA8 bitmap with Core Animation's rules.
///
/// The renderer walks the layer tree as Core Animation composites it:
/// - Geometry: each layer's bounds go through its own matrix (anchor point, `transform`,
///   `position`, `zPosition`), each superlayer's `sublayerTransform` about the superlayer's anchor
///   point and its matrix, up to the scene, then the scale to pixels; the perspective divide
///   happens once per vertex, after clipping against the near plane.
/// - Order: siblings by `zPosition` (stable, not depth-sorted); within a layer its background,
///   image, gradient and shape, text, then its sublayers, then its border. Hidden and fully transparent
///   layers are skipped, and so are back-facing layers whose `isDoubleSided` is false.
/// - Images are sampled straight from the source image through the layer's projective map
///   (perspective-correct), with the contents' `minificationFilter` where shrunk and
///   `magnificationFilter` elsewhere (`nearest`; `linear`, bilinear from the full image;
///   `trilinear`, bilinear in a mip level), placed by `contentsGravity`, `contentsRect` and
///   `contentsScale` (StoryKit's `ImageContents.placement(imageWidth:imageHeight:contentsScale:in:)`)
///   and cut into nine parts by `contentsCenter` (`ImageContents.slices(of:)`).
/// - `masksToBounds` clips exactly, in destination space, to the projected bounds; with rounded
///   corners the layer renders offscreen and is multiplied by its rounded mask. Opacity applies to
///   a layer and its sublayers as a group (offscreen when more than one part is drawn), and
///   `blurRadius` blurs the flattened group.
/// - Text is laid out in the layer's bounds by `TextContents`' rules and rasterised in the layer's
///   plane at the resolution the layer has on screen (FreeType and fontconfig on Linux, Core Text
///   on Apple platforms), then drawn through the layer's projective map like an image.
/// - Edges are anti-aliased except the bounds edges a layer leaves out of `antialiasedEdges`
///   (`edgeAntialiasingMask`): two layers sharing such an edge split its pixels exactly, so cube
///   faces meet without a seam.
///
/// A renderer holds its images prepared for sampling (with mip levels), and the fonts, text
/// layouts and glyphs it has used, the offscreen bitmaps of its last frames' groups, masks and
/// shadows (at most 8 bitmaps and 64 MiB, ``ScratchBitmaps``), and the layers' parts it painted —
/// gradients, shapes, rounded clips — with their textures, so that a part unchanged since an
/// earlier frame is not painted again (at most 64 parts and 16 MiB, ``PartBitmaps``), a few of
/// them as placed into their group's bitmap (a still avatar's rounded clip, a ring's gradient
/// under turning segments: at most 8 and 4 MiB) and the gradient ramps (at most 32,
/// ``GradientTables``); create it once and reuse it for every frame. Rendering into a reused bitmap with ``render(_:scale:into:)`` allocates nothing for scenes
/// without offscreen groups or shape, gradient and text contents (the Stories cube: image layers in
/// a perspective container).
///
/// ```swift
/// let renderer = Renderer(images: ["alice.jpg": alice, "bob.jpg": bob])
/// let photos = ["alice.jpg", "bob.jpg"]
/// var cube = CubePager(pageCount: 2, pageSize: Size(width: 390, height: 844))
/// cube.turn(to: 1, time: 0, animated: true)
/// cube.advance(to: 0.1)                                                     // part way round
/// var frame = try renderer.render(cube.scene { ImageContents(image: photos[$0]) }, scale: 2)
/// cube.advance(to: 0.2)
/// try renderer.render(cube.scene { ImageContents(image: photos[$0]) }, scale: 2, into: &frame)   // no allocation
/// ```
public struct Renderer: Sendable {
    /// The largest width or height of a frame, in pixels.
    public static let maximumDimension = 16_384
    /// The largest number of pixels in a frame (256 MB of RGBA8).
    public static let maximumPixelCount = 1 << 26

    let textures: [String: Texture]
    /// Fonts, text layouts and rasterised glyphs, kept across frames.
    let text = TextRenderer()
    /// The offscreen bitmaps of groups, masks and shadows, kept across frames.
    package let scratch = ScratchBitmaps()
    /// The layers' painted parts (gradients, shapes, clip masks), kept across frames.
    package let parts = PartBitmaps()

    /// Creates a renderer that can draw the given images.
    ///
    /// Each image is prepared for sampling once, here (its mip levels are built), which costs a
    /// few milliseconds and about 4/3 of its memory for a photo.
    ///
    /// - Parameter images: Premultiplied images by the name that `ImageContents.image`
    ///   uses.
    public init(images: [String: RGBAImage] = [:]) {
        textures = images.mapValues { Texture($0) }
    }

    /// Renders a scene into a new bitmap of `⌈size × scale⌉` pixels.
    ///
    /// - Parameters:
    ///   - scene: The scene; it is validated first.
    ///   - scale: Pixels per point (1, 2, 3, or any positive finite value).
    /// - Returns: The frame, premultiplied RGBA8, transparent where nothing was drawn.
    /// - Throws: ``RenderError``: an invalid scale or scene, a missing image, or a frame too large.
    public func render(_ scene: LayerScene, scale: Double = 1) throws -> RGBAImage {
        var image = RGBAImage(width: 0, height: 0)
        try render(scene, scale: scale, into: &image)
        return image
    }

    /// Renders a scene into an existing bitmap, replacing its contents.
    ///
    /// When `image` already has the frame's size, its storage is reused and the call allocates
    /// nothing for scenes that need no offscreen group (no opacity group, rounded mask or blur)
    /// and no gradient, shape, rounded background or border bitmaps. Otherwise `image` is replaced
    /// by a bitmap of the right size. On error `image` is left unchanged.
    ///
    /// - Parameters:
    ///   - scene: The scene; it is validated first.
    ///   - scale: Pixels per point, positive and finite.
    ///   - image: The bitmap to draw into; on return it is `⌈size × scale⌉` pixels (0 × 0 for
    ///     the empty scene, `LayerScene.isEmptyScene`).
    /// - Throws: ``RenderError``: an invalid scale or scene, a missing image, or a frame too large.
    public func render(_ scene: LayerScene, scale: Double, into image: inout RGBAImage) throws {
        guard scale > 0, scale.isFinite else { throw RenderError.invalidScale(scale) }
        // LayerScene.isValid and validationErrors() are the one set of rules; only a failing scene
        // pays for the messages.
        if !scene.isValid { throw RenderError.invalidScene(scene.validationErrors()) }
        if scene.isEmptyScene {
            // Nothing to draw: a model's answer to a size it cannot lay out.
            image = RGBAImage(width: 0, height: 0)
            return
        }
        let (width, height) = try Self.pixelSize(of: scene.size, scale: scale)
        if let missing = firstMissingImage(in: scene.layers, path: nil) { throw missing }

        if image.width != width || image.height != height {
            image = RGBAImage(width: width, height: height)
        }
        Raster.clear(&image, to: scene.backgroundColor.map { PremultipliedColor($0) } ?? .transparent)
        var compositor = FrameCompositor(textures: textures, text: text, scratch: scratch, parts: parts, scale: scale)
        swap(&compositor.target, &image)
        RenderTree.walk(scene, scale: scale, visitor: &compositor)
        swap(&compositor.target, &image)
    }
}

// MARK: - Renderer + Checks

extension Renderer {
    /// The frame size in pixels, `⌈size × scale⌉` (ignoring a rounding error of 10⁻⁶ pixel).
    static func pixelSize(of size: Size, scale: Double) throws -> (width: Int, height: Int) {
        let w = (size.width * scale - 1e-6).rounded(.up), h = (size.height * scale - 1e-6).rounded(.up)
        func saturated(_ v: Double) -> Int { v.isFinite && v < 1e18 ? Int(Swift.max(v, 0)) : Int.max }
        guard w <= Double(maximumDimension), h <= Double(maximumDimension),
              w * h <= Double(maximumPixelCount) else {
            throw RenderError.tooLarge(width: saturated(w), height: saturated(h))
        }
        return (Swift.max(1, Int(w)), Swift.max(1, Int(h)))
    }

    /// The first layer (in document order, a layer's mask after its sublayers) whose image is not
    /// in ``textures``; the path string is only built on the way out of a failure.
    private func firstMissingImage(in layers: [Layer], path: String?, isMask: Bool = false) -> RenderError? {
        for (index, layer) in layers.enumerated() {
            func here() -> String { layer.name ?? (isMask ? "\(path ?? "") > mask" : Self.label(path, index)) }
            if let name = layer.contents?.image, textures[name] == nil {
                return .missingImage(name: name, layer: here())
            }
            if layer.sublayers.contains(where: hasMissingImage) {
                return firstMissingImage(in: layer.sublayers, path: here())
            }
            if let mask = layer.mask, hasMissingImage(mask) {
                return firstMissingImage(in: [mask], path: here(), isMask: true)
            }
        }
        return nil
    }

    /// Whether the layer, one of its sublayers or its mask (at any depth) names an image that is
    /// not in ``textures``.
    private func hasMissingImage(_ layer: Layer) -> Bool {
        layer.contents.map { textures[$0.image] == nil } ?? false || layer.sublayers.contains(where: hasMissingImage)
            || layer.mask.map(hasMissingImage) ?? false
    }

    private static func label(_ path: String?, _ index: Int) -> String {
        path.map { "\($0) > sublayers[\(index)]" } ?? "layers[\(index)]"
    }
}
