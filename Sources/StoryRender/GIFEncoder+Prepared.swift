// MARK: - GIFEncoder + Prepared frames

extension GIFEncoder {
    /// A frame made ready for the encoder away from it, so that the frames of an animation can be
    /// prepared on every core and added in order (``addFrame(_:)``).
    ///
    /// It holds the frame un-premultiplied and, with a ``Palette/perFrame`` palette, already
    /// quantised to its own palette, dithered and compressed: all of the work of
    /// ``addFrame(_:delay:)`` but the file's bookkeeping. The file is byte for byte the one that
    /// ``addFrame(_:delay:)`` makes from the same images.
    public struct PreparedFrame: Sendable {
        /// The width of the frame in pixels.
        public let width: Int
        /// The height of the frame in pixels.
        public let height: Int
        let frame: PendingFrame
    }

    /// Prepares `image` for ``addFrame(_:)``; does not change the encoder, and may be called from
    /// several threads at once on copies of one encoder.
    ///
    /// Whether a frame's palette keeps an entry for transparency depends on the frame after it
    /// (a frame cleared before a frame with holes gets one), which is not known yet: the frame
    /// is encoded as if the next one were opaque, the common case, and encoded again by
    /// ``addFrame(_:)`` in the rare case where it is not.
    ///
    /// ```swift
    /// let encoder = try GIFEncoder(width: 360, height: 640)
    /// let prepared = frames.indices.map { index in      // on any threads
    ///     try encoder.prepareFrame(frames[index], delay: 1.0 / 30, isFirst: index == 0)
    /// }
    /// var gif = encoder
    /// for frame in prepared { try gif.addFrame(frame) }  // in order
    /// ```
    ///
    /// - Parameters:
    ///   - image: A premultiplied frame of exactly ``width`` × ``height`` pixels.
    ///   - delay: How long the frame stays, in seconds, as in ``addFrame(_:delay:)``.
    ///   - isFirst: Whether it will be the animation's first frame (which always gets a
    ///     transparent entry); a wrong guess costs only a second encoding.
    /// - Throws: ``CodecError/frameSizeMismatch(expectedWidth:expectedHeight:width:height:)``.
    public func prepareFrame(_ image: RGBAImage, delay: Double, isFirst: Bool) throws -> PreparedFrame {
        guard image.width == width, image.height == height else {
            throw CodecError.frameSizeMismatch(expectedWidth: width, expectedHeight: height,
                                               width: image.width, height: image.height)
        }
        var frame = pendingFrame(image, delay: delay)
        if palette == .perFrame {
            let transparent = frame.hasTransparency || isFirst
            frame.encodedAhead = (transparent, encodeLocally(frame, isFirst: isFirst, nextHasTransparency: false))
        }
        return PreparedFrame(width: width, height: height, frame: frame)
    }

    /// Adds a frame made by ``prepareFrame(_:delay:isFirst:)``: the same bytes as adding its image
    /// with ``addFrame(_:delay:)``.
    ///
    /// - Throws: ``CodecError/frameSizeMismatch(expectedWidth:expectedHeight:width:height:)`` for
    ///   a frame prepared for another size.
    public mutating func addFrame(_ prepared: PreparedFrame) throws {
        guard prepared.width == width, prepared.height == height else {
            throw CodecError.frameSizeMismatch(expectedWidth: width, expectedHeight: height,
                                               width: prepared.width, height: prepared.height)
        }
        add(prepared.frame)
    }
}
