/// Writes animated GIF89a files from premultiplied RGBA frames.
///
/// Each frame is un-premultiplied, reduced to at most 256 colours by median cut (one palette per
/// frame, or one for the whole animation), optionally dithered, and LZW-compressed. Colours are
/// gathered on a 64-level-per-channel grid with exact means, so a flat colour is reproduced
/// exactly, but colours in one grid cell (closer than 4 levels per channel) share an entry. Pixels with
/// alpha below 128 become transparent (GIF has one-bit transparency; other pixels are shown
/// opaque in their straight colour). The file loops through the NETSCAPE2.0 application
/// extension.
///
/// ```swift
/// var gif = try GIFEncoder(width: 360, height: 640)
/// for frame in frames { try gif.addFrame(frame, delay: 1.0 / 30) }
/// try gif.write(toFile: "clip.gif")
/// ```
///
/// Timing: GIF delays are whole hundredths of a second, so each delay is rounded to the nearest
/// 0.01 s (see ``centiseconds(fromSeconds:)``); 1/30 s becomes 0.03 s. Browsers play delays of
/// 0 or 1 cs as 10 cs, so delays are raised to at least 2 cs (50 frames/s, the fastest rate they
/// honour).
///
/// Disposal: a frame is left in place (method 1) unless the frame after it (or, for the last
/// frame, the first) has transparent pixels; then it is cleared (method 2) before that frame is
/// drawn, so the holes show what is behind the GIF rather than the previous frame. Browsers
/// clear to transparent; decoders such as Pillow clear to the disposed frame's transparent
/// colour if it has one and to the opaque background colour otherwise, so a frame that is
/// cleared always gets a transparent palette entry too, and both agree. For the same reason the
/// first frame always has a transparent entry (unused when it is opaque): Pillow picks an
/// opaque canvas for the whole animation when the first frame has none.
public struct GIFEncoder: Sendable {
    /// Where the colour tables come from.
    public enum Palette: Sendable, Hashable {
        /// A palette fitted to each frame, stored as its local colour table: the best colours
        /// per frame, at up to 768 bytes per frame. A frame is encoded when the next one is
        /// added (its disposal depends on that frame), the last one by ``GIFEncoder/data()``.
        case perFrame
        /// One palette fitted to all frames together (every pixel of short animations, a
        /// sample of long ones), stored as the global colour table: smaller files, and flat
        /// areas keep the same colour from frame to frame, but a frame with colours of its own
        /// gets fewer of them. Frames are kept and encoded when ``data()`` is called.
        case global
    }

    /// Width of the animation in pixels, 1…65535.
    public let width: Int
    /// Height of the animation in pixels, 1…65535.
    public let height: Int
    /// The NETSCAPE2.0 loop count: 0 repeats forever; n > 0 repeats n more times (browsers
    /// play the animation n + 1 times); `nil` writes no loop extension, so it plays once.
    public let loopCount: Int?
    /// Where the colour tables come from.
    public let palette: Palette
    /// Whether colours between palette entries are approximated by Floyd–Steinberg dithering.
    public let dithering: Bool

    /// Frames encoded so far (``Palette/perFrame``), all but the last.
    private var encoded: [EncodedFrame] = []
    /// Straight RGBA frames not yet encoded: the last one with ``Palette/perFrame`` (its
    /// disposal depends on the frame after it), all of them with ``Palette/global``.
    private var pending: [PendingFrame] = []
    /// Whether the first frame has transparent pixels (the last frame is disposed before it).
    private var firstHasTransparency = false
    /// Whether the header was given out by ``takeFinishedBytes()``.
    private var headerTaken = false
    /// Frames given out by ``takeFinishedBytes()``.
    private var takenFrameCount = 0

    /// Creates an encoder for frames of one size.
    ///
    /// Dithering is on by default, as in ImageMagick and ffmpeg's `paletteuse`: the demo reel's
    /// gradients and soft shadows band visibly with 256 flat colours. Turn it off for flat
    /// artwork (smaller files, no grain) or when frames share large static areas and must not
    /// shimmer.
    ///
    /// - Parameters:
    ///   - width: Width in pixels, 1…65535.
    ///   - height: Height in pixels, 1…65535.
    ///   - loopCount: The NETSCAPE2.0 loop count, 0 (the default) for forever; clamped to
    ///     0…65535. `nil` plays once.
    ///   - palette: Per-frame (default) or one global palette.
    ///   - dithering: Floyd–Steinberg dithering, on by default.
    /// - Throws: ``CodecError/invalidSize(format:width:height:maximum:)`` for sizes outside 1…65535.
    public init(width: Int, height: Int, loopCount: Int? = 0, palette: Palette = .perFrame,
                dithering: Bool = true) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw CodecError.invalidSize(format: "GIF", width: width, height: height, maximum: 65535)
        }
        self.width = width
        self.height = height
        self.loopCount = loopCount.map { Swift.min(65535, Swift.max(0, $0)) }
        self.palette = palette
        self.dithering = dithering
    }

    /// The number of frames added so far.
    public var frameCount: Int { takenFrameCount + encoded.count + pending.count }

    /// Adds a frame shown for `delay` seconds.
    ///
    /// - Parameters:
    ///   - image: A premultiplied frame of exactly ``width`` × ``height`` pixels.
    ///   - delay: How long the frame stays, in seconds; rounded to hundredths and kept within
    ///     0.02…655.35 s (non-finite or negative values give 0.02 s); see
    ///     ``centiseconds(fromSeconds:)``.
    /// - Throws: ``CodecError/frameSizeMismatch(expectedWidth:expectedHeight:width:height:)``.
    public mutating func addFrame(_ image: RGBAImage, delay: Double) throws {
        guard image.width == width, image.height == height else {
            throw CodecError.frameSizeMismatch(expectedWidth: width, expectedHeight: height,
                                               width: image.width, height: image.height)
        }
        add(pendingFrame(image, delay: delay))
    }

    /// Adds a frame un-premultiplied (by ``addFrame(_:delay:)`` or ``prepareFrame(_:delay:isFirst:)``),
    /// encoding the frame before it, whose disposal and palette depend on this one.
    mutating func add(_ frame: PendingFrame) {
        if frameCount == 0 { firstHasTransparency = frame.hasTransparency }
        if palette == .perFrame, let previous = pending.popLast() {
            encoded.append(encodeLocally(previous, isFirst: encoded.isEmpty && takenFrameCount == 0,
                                         nextHasTransparency: frame.hasTransparency))
        }
        pending.append(frame)
    }

    /// The GIF file: header, logical screen, loop extension, frames and trailer.
    ///
    /// With a ``Palette/global`` palette this is where the palette is fitted and all frames
    /// are encoded; with ``Palette/perFrame`` the last frame is. Call it once when the frames
    /// are complete, on an encoder whose bytes were not taken by ``takeFinishedBytes()``.
    public func data() -> [UInt8] {
        var copy = self
        return copy.takeFinishedBytes() + copy.takeRemainingBytes()
    }

    /// The bytes of the file that are final so far, removed from the encoder: with a
    /// ``Palette/perFrame`` palette, the header on the first call and every frame whose
    /// successor has been added; nothing with a ``Palette/global`` one (its colour table comes
    /// first in the file and needs every frame).
    ///
    /// Append them to the file after each ``addFrame(_:delay:)`` and then append
    /// ``takeRemainingBytes()``: the encoder then holds one frame at a time, so memory does not
    /// grow with the animation's length.
    public mutating func takeFinishedBytes() -> [UInt8] {
        guard palette == .perFrame else { return [] }
        var out: [UInt8] = []
        if !headerTaken {
            out = header(globalColors: [])
            headerTaken = true
        }
        // Every frame in `encoded` has a successor: the next one, or the pending frame.
        for (index, frame) in encoded.enumerated() {
            let following = index + 1 < encoded.count ? encoded[index + 1].hasTransparentPixels
                : (pending.first?.hasTransparency ?? firstHasTransparency)
            append(frame, followedByTransparency: following, single: false, to: &out)
        }
        takenFrameCount += encoded.count
        encoded.removeAll()
        return out
    }

    /// The rest of the file, after the bytes ``takeFinishedBytes()`` gave: the frames not yet
    /// taken and the trailer (the whole file for a ``Palette/global`` palette). Call it once,
    /// when the frames are complete.
    public mutating func takeRemainingBytes() -> [UInt8] {
        let total = frameCount
        var out: [UInt8] = []
        var frames = encoded
        var globalColors: [UInt8] = []
        if palette == .perFrame {
            frames += pending.map {
                encodeLocally($0, isFirst: total == 1 || (encoded.isEmpty && takenFrameCount == 0),
                              nextHasTransparency: total > 1 && firstHasTransparency)
            }
        } else {
            let transparent = pending.contains { $0.hasTransparency }
            var histogram = Histogram()
            // About four million pixels make a faithful histogram; skip pixels beyond that.
            let pixels = pending.count * width * height
            let step = Swift.max(1, pixels / 4_000_000)
            for frame in pending { histogram.add(frame.pixels, step: step) }
            globalColors = histogram.medianCut(maximumCount: transparent ? 255 : 256)
            frames = pending.map { encode($0, colors: globalColors, transparent: transparent, local: false) }
            globalColors = Self.paddedTable(globalColors, transparent: transparent).table
        }
        if !headerTaken {
            out = header(globalColors: globalColors)
            headerTaken = true
        }
        for (index, frame) in frames.enumerated() {
            let following = index + 1 < frames.count ? frames[index + 1].hasTransparentPixels : firstHasTransparency
            append(frame, followedByTransparency: following, single: total <= 1, to: &out)
        }
        out.append(0x3B)
        takenFrameCount += frames.count
        encoded.removeAll()
        pending.removeAll()
        return out
    }

    /// Header, logical screen (with the global colour table, if any) and loop extension.
    private func header(globalColors: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("GIF89a".utf8)
        Self.appendLittleEndian(width, to: &out)
        Self.appendLittleEndian(height, to: &out)
        if globalColors.isEmpty {
            out += [0x70, 0, 0]  // no global table, 8-bit colour resolution, background 0, square pixels
        } else {
            out += [0xF0 | UInt8(Self.tableBits(globalColors.count / 3) - 1), 0, 0]
            out += globalColors
        }
        if let loopCount {
            out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
            Self.appendLittleEndian(loopCount, to: &out)
            out.append(0)
        }
        return out
    }

    /// One frame: graphic control extension (disposal 2, restore to background, when the frame
    /// after it has holes; 1 otherwise or for a single frame), image descriptor and data.
    private func append(_ frame: EncodedFrame, followedByTransparency following: Bool, single: Bool,
                        to out: inout [UInt8]) {
        let disposal: UInt8 = !single && following ? 2 : 1
        out += [0x21, 0xF9, 0x04, disposal << 2 | (frame.transparentIndex != nil ? 1 : 0)]
        Self.appendLittleEndian(frame.delay, to: &out)
        out += [UInt8(frame.transparentIndex ?? 0), 0]
        out.append(0x2C)
        Self.appendLittleEndian(0, to: &out)
        Self.appendLittleEndian(0, to: &out)
        Self.appendLittleEndian(width, to: &out)
        Self.appendLittleEndian(height, to: &out)
        if frame.localTable.isEmpty {
            out.append(0)
        } else {
            out.append(0x80 | UInt8(Self.tableBits(frame.localTable.count / 3) - 1))
            out += frame.localTable
        }
        out += frame.imageData
    }

    /// Writes ``data()`` to `path`, replacing any file atomically (a temporary file beside it,
    /// synced, then renamed over it).
    ///
    /// - Throws: ``CodecError/unwritableFile(path:reason:)``.
    public func write(toFile path: String) throws {
        try FileLayer.replace(path, with: data())
    }

    /// A delay in seconds as GIF centiseconds: rounded to the nearest hundredth, then clamped to
    /// 2…65535 (0.02…655.35 s); NaN and negative delays give 2, +∞ gives 65535.
    ///
    /// - Parameter seconds: A frame duration in seconds.
    /// - Returns: The delay field of the frame's graphic control extension.
    public static func centiseconds(fromSeconds seconds: Double) -> Int {
        guard seconds.isFinite else { return seconds == .infinity ? 65535 : 2 }
        return Int(Swift.min(65535, Swift.max(2, (seconds * 100).rounded())))
    }

    // MARK: Frame encoding

    /// A frame as straight RGBA with its delay in centiseconds.
    struct PendingFrame: Sendable {
        var pixels: [UInt8]
        var delay: Int
        var hasTransparency: Bool
        /// The frame encoded ahead with its own palette (``prepareFrame(_:delay:isFirst:)``),
        /// with or without a transparent entry: used when that is what the frame needs.
        var encodedAhead: (transparent: Bool, frame: EncodedFrame)?
    }

    /// `image` un-premultiplied, with its delay in centiseconds.
    func pendingFrame(_ image: RGBAImage, delay: Double) -> PendingFrame {
        let straight = RGBAImage.unpremultiplied(image.pixels)
        return PendingFrame(pixels: straight, delay: Self.centiseconds(fromSeconds: delay),
                            hasTransparency: Self.hasTransparency(straight))
    }

    /// A compressed frame: its local table (empty with a global one), transparent index,
    /// whether any pixel uses it, delay in centiseconds and LZW data with its sub-blocks.
    struct EncodedFrame: Sendable {
        var localTable: [UInt8]
        var transparentIndex: Int?
        var hasTransparentPixels: Bool
        var delay: Int
        var imageData: [UInt8]
    }

    /// Encodes `frame` with its own palette; it reserves a transparent entry when it has holes,
    /// is cleared before a frame with holes, or is the first frame.
    func encodeLocally(_ frame: PendingFrame, isFirst: Bool, nextHasTransparency: Bool) -> EncodedFrame {
        let transparent = frame.hasTransparency || nextHasTransparency || isFirst
        if let ahead = frame.encodedAhead, ahead.transparent == transparent { return ahead.frame }
        var histogram = Histogram()
        histogram.add(frame.pixels)
        let colors = histogram.medianCut(maximumCount: transparent ? 255 : 256)
        return encode(frame, colors: colors, transparent: transparent, local: true)
    }

    private func encode(_ frame: PendingFrame, colors: [UInt8], transparent: Bool, local: Bool) -> EncodedFrame {
        let transparentIndex = transparent ? colors.count / 3 : nil
        let indices = Self.indices(pixels: frame.pixels, width: width, height: height, palette: colors,
                                   transparentIndex: transparentIndex, dithering: dithering)
        let (table, bits) = Self.paddedTable(colors, transparent: transparent)
        var data: [UInt8] = []
        LZW.encode(indices, minimumCodeSize: Swift.max(2, bits), into: &data)
        return EncodedFrame(localTable: local ? table : [], transparentIndex: transparentIndex,
                            hasTransparentPixels: frame.hasTransparency, delay: frame.delay, imageData: data)
    }

    /// The colour table: `colors`, a black entry for transparency if asked, padded with black
    /// to a power of two of at least 2 entries; and that power.
    private static func paddedTable(_ colors: [UInt8], transparent: Bool) -> (table: [UInt8], bits: Int) {
        let count = colors.count / 3 + (transparent ? 1 : 0)
        let bits = tableBits(count)
        return (colors + [UInt8](repeating: 0, count: (1 << bits) * 3 - colors.count), bits)
    }

    /// The bits of a colour table that holds `count` entries: 1…8.
    private static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    private static func hasTransparency(_ pixels: [UInt8]) -> Bool {
        stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] < 128 }
    }

    private static func appendLittleEndian(_ value: Int, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
    }
}
