import StoryKit

// MARK: - ProfileHeaderBlurKey

/// What a blurred copy of the header image is of: the image's content (never the `UIImage`
/// instance: the same picture decoded again is a new instance, and keying on identity blurred it
/// again and blanked the copy meanwhile, a flicker) and the blur. Plain values, tested on Linux.
package struct ProfileHeaderBlurKey: Sendable, Hashable {
    /// The image's content.
    package enum Content: Sendable, Hashable {
        /// The app's id for the image (a URL, an asset name): two images with one id are one.
        case id(String)
        /// No id: the bitmap's size in pixels, its scale and a hash of its bytes
        /// (``ProfileHeaderBlurKey/contentHash(_:)``).
        case pixels(width: Int, height: Int, scale: Double, hash: UInt64)
    }

    /// The image's content.
    package var content: Content
    /// The blur, a standard deviation in the image's pixels, rounded to a tenth.
    package var sigma: Double

    /// A key for `content` blurred by `sigma` pixels (rounded to a tenth of a pixel so that a
    /// tiny width change does not blur again).
    package init(content: Content, sigma: Double) {
        self.content = content
        self.sigma = sigma.isFinite ? (sigma * 10).rounded() / 10 : 0
    }

    /// A key for `content` blurred by the configured radius as `model` shows it: the image's
    /// pixels as displayed (its oriented size in points times its scale, so a photo whose bitmap
    /// lies on its side is measured standing up), through
    /// ``StoryKit/StretchyHeader/blurSigma(imagePixels:)``.
    ///
    /// - Parameters:
    ///   - content: The image's content.
    ///   - model: The header model it is shown in.
    ///   - imageSize: The image's size in points, oriented as displayed (`UIImage.size`).
    ///   - scale: The image's scale, pixels per point (`UIImage.scale`).
    package init(content: Content, model: StretchyHeader, imageSize: Size, scale: Double) {
        let pixels = Size(width: imageSize.width * scale, height: imageSize.height * scale)
        self.init(content: content, sigma: model.blurSigma(imagePixels: pixels))
    }

    /// A cheap hash of a bitmap's bytes: FNV-1a over the byte count and at most `samples` bytes
    /// evenly spread over them (so a 12 MP image costs 4,096 reads, not 48 million).
    package static func contentHash(_ bytes: UnsafeRawBufferPointer, samples: Int = 4096) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var count = UInt64(bytes.count)
        for _ in 0..<8 { mix(UInt8(truncatingIfNeeded: count)); count >>= 8 }
        guard !bytes.isEmpty, samples > 0 else { return hash }
        let step = Swift.max(1, bytes.count / samples)
        var index = 0
        while index < bytes.count {
            mix(bytes[index])
            index += step
        }
        mix(bytes[bytes.count - 1])
        return hash
    }
}

// MARK: - ProfileHeaderBlurCache

/// Which blurred copy the header shows and when a new one is made. Plain values, tested on Linux.
///
/// The rule: a copy is made once per ``ProfileHeaderBlurKey`` (content and blur); asking again
/// for the key shown or being made makes nothing. The copy on screen stays until the new one is
/// ready (never blanked in between: no flicker); a copy that finishes after another key was
/// asked for is dropped, and so is the end of a superseded job (a cancelled copy of a key asked
/// for again must not clear the newer request's): each start has a ``job`` number the maker
/// passes back.
package struct ProfileHeaderBlurCache: Sendable, Hashable {
    /// The key of the copy on screen, nil for none.
    package private(set) var shown: ProfileHeaderBlurKey?
    /// The key of the copy being made, nil for none.
    package private(set) var pending: ProfileHeaderBlurKey?
    /// The number of the latest copy started: read it when ``request(_:)`` says to start, and
    /// pass it to ``finished(_:job:)`` and ``failed(_:job:)``.
    package private(set) var job = 0

    /// An empty cache.
    package init() {}

    /// Asks for the copy of `key`.
    ///
    /// - Returns: Whether to start making it (false when it is shown or being made already).
    package mutating func request(_ key: ProfileHeaderBlurKey) -> Bool {
        if pending == key { return false }
        if shown == key {
            pending = nil  // a copy being made for another key is no longer wanted
            return false
        }
        pending = key
        job &+= 1
        return true
    }

    /// A copy of `key` is ready.
    ///
    /// - Returns: Whether to show it (false when another key was asked for since).
    package mutating func finished(_ key: ProfileHeaderBlurKey, job: Int? = nil) -> Bool {
        guard pending == key, job.map({ $0 == self.job }) ?? true else { return false }
        pending = nil
        shown = key
        return true
    }

    /// Making the copy of `key` failed: the shown copy stays, the key may be asked for again.
    package mutating func failed(_ key: ProfileHeaderBlurKey, job: Int? = nil) {
        guard job.map({ $0 == self.job }) ?? true else { return }   // a superseded job's end
        if pending == key { pending = nil }
    }

    /// Forgets everything (no image): the copy on screen is removed.
    package mutating func reset() {
        shown = nil
        pending = nil
    }
}
