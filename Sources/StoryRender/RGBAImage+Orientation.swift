// MARK: - RGBAImage + Orientation

extension RGBAImage {
    /// How a camera stored a photo relative to how it is meant to be seen: the EXIF/TIFF
    /// `Orientation` tag (0x0112), with the names and raw values of ImageIO's
    /// `CGImagePropertyOrientation`.
    ///
    /// Each case names where the stored image's top row ends up when displayed, e.g. a phone held
    /// upright stores its sensor's landscape rows and tags them ``right`` (6): the stored picture
    /// must turn 90° clockwise to be seen the right way up.
    public enum Orientation: UInt8, Sendable, Hashable, CaseIterable {
        /// 1: displayed as stored.
        case up = 1
        /// 2: mirrored left to right.
        case upMirrored = 2
        /// 3: turned 180°.
        case down = 3
        /// 4: mirrored top to bottom.
        case downMirrored = 4
        /// 5: mirrored about the top-left to bottom-right diagonal (transposed).
        case leftMirrored = 5
        /// 6: turned 90° clockwise (a phone photo taken upright).
        case right = 6
        /// 7: mirrored about the top-right to bottom-left diagonal (transversed).
        case rightMirrored = 7
        /// 8: turned 90° counter-clockwise.
        case left = 8

        /// Whether displaying swaps width and height (5…8).
        public var swapsSides: Bool { rawValue >= 5 }
    }

    /// The image as it is meant to be displayed when stored with `orientation`: turned and/or
    /// mirrored, as ImageIO draws it with `kCGImageSourceCreateThumbnailWithTransform` and UIKit
    /// shows a `UIImage` with that `imageOrientation`. Cases 5…8 swap width and height.
    ///
    /// - Parameter orientation: The EXIF orientation the pixels were stored with.
    /// - Returns: The displayed image; the same image for ``Orientation/up``.
    public func oriented(_ orientation: Orientation) -> RGBAImage {
        if orientation == .up { return self }
        let w = width, h = height
        let outWidth = orientation.swapsSides ? h : w, outHeight = orientation.swapsSides ? w : h
        var out = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for dy in 0..<outHeight {
                    for dx in 0..<outWidth {
                        // The stored pixel (sx, sy) that is displayed at (dx, dy).
                        let sx: Int, sy: Int
                        switch orientation {
                        case .up: (sx, sy) = (dx, dy)
                        case .upMirrored: (sx, sy) = (w - 1 - dx, dy)
                        case .down: (sx, sy) = (w - 1 - dx, h - 1 - dy)
                        case .downMirrored: (sx, sy) = (dx, h - 1 - dy)
                        case .leftMirrored: (sx, sy) = (dy, dx)
                        case .right: (sx, sy) = (dy, h - 1 - dx)
                        case .rightMirrored: (sx, sy) = (w - 1 - dy, h - 1 - dx)
                        case .left: (sx, sy) = (w - 1 - dy, dx)
                        }
                        let s = (sy * w + sx) * 4, t = (dy * outWidth + dx) * 4
                        target[t] = source[s]; target[t + 1] = source[s + 1]
                        target[t + 2] = source[s + 2]; target[t + 3] = source[s + 3]
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out) ?? self
    }

    /// The `Orientation` tag of the first image directory (IFD0) of EXIF data stored as a TIFF
    /// structure (`II*\0` little-endian or `MM\0*` big-endian, as in a JPEG's APP1 segment after
    /// `Exif\0\0` or a PNG's `eXIf` chunk).
    ///
    /// - Returns: `nil` when the data is not TIFF, is cut short, has no orientation tag or holds
    ///   a value outside 1…8 (such files display as stored, as in browsers and ImageIO).
    static func exifOrientation(tiff: ArraySlice<UInt8>) -> Orientation? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, count <= 4, offset <= bytes.count - count else { return nil }
            var value = 0
            for i in 0..<count {
                value |= Int(bytes[offset + i]) << (8 * (little ? i : count - 1 - i))
            }
            return value
        }
        guard read(2, 2) == 42, let directory = read(4, 4), let entries = read(directory, 2) else { return nil }
        for entry in 0..<Swift.min(entries, 1000) {
            let at = directory + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            // Tag 0x0112, type SHORT (3), one value held in the entry itself.
            if tag == 0x0112, read(at + 2, 2) == 3, read(at + 4, 4) == 1, let value = read(at + 8, 2) {
                guard (1...8).contains(value) else { return nil }
                return Orientation(rawValue: UInt8(value))
            }
        }
        return nil
    }

    /// The TIFF structure of a JPEG's EXIF segment (the first APP1 starting `Exif\0\0`), found by
    /// walking the segments before the first scan.
    static func jpegExif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var index = 2  // after SOI
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }  // the scan starts: no EXIF before it
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }  // no length
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let start = index + 4, end = Swift.min(bytes.count, index + 2 + length)
            let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            if marker == 0xE1, end - start > 6, bytes[start..<start + 6].elementsEqual(exifHeader) {
                return bytes[(start + 6)..<end]
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }
}
