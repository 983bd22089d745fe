// MARK: - StoryResourceRequest

/// The bytes one `AVAssetResourceLoadingDataRequest` still wants, and the chunks to read them
/// in: the arithmetic of ``StoryResourceLoader`` as plain values, tested on Linux.
///
/// A data request asks for `requestedLength` bytes from `requestedOffset`, or for everything from
/// there to the end when `requestsAllDataToEndOfResource` is true (its length then means
/// nothing); `currentOffset` is where the bytes already given to it end. The loader reads what
/// is left in chunks of ``chunkLength`` bytes and hands each to the request as it arrives, so
/// the player can start before the whole range is in.
///
/// ```swift
/// let request = StoryResourceRequest(requestedOffset: 100, requestedLength: 600_000,
///                                    currentOffset: 100, toEnd: false)
/// request.chunks(length: 2_000_000)   // [100..<262144, 262144..<524288, 524288..<600100]
/// ```
package struct StoryResourceRequest: Sendable, Hashable {
    /// 256 KiB: the default chunk, about a second of a 2 Mbit/s story video.
    package static let defaultChunkLength = 256 * 1024

    /// The first byte asked for.
    package var requestedOffset: Int64
    /// How many bytes are asked for (ignored when ``toEnd``).
    package var requestedLength: Int
    /// The first byte not yet given to the request (≥ ``requestedOffset`` once bytes were given).
    package var currentOffset: Int64
    /// Whether everything up to the end of the media is asked for.
    package var toEnd: Bool
    /// The most bytes read from the source and handed over at once, ≥ 1.
    package var chunkLength: Int

    /// A data request's numbers.
    ///
    /// - Parameters:
    ///   - requestedOffset: `requestedOffset`.
    ///   - requestedLength: `requestedLength`.
    ///   - currentOffset: `currentOffset`.
    ///   - toEnd: `requestsAllDataToEndOfResource`.
    ///   - chunkLength: The chunk, clamped to at least 1 byte; ``defaultChunkLength`` by default.
    package init(requestedOffset: Int64, requestedLength: Int, currentOffset: Int64, toEnd: Bool,
                 chunkLength: Int = StoryResourceRequest.defaultChunkLength) {
        self.requestedOffset = requestedOffset
        self.requestedLength = requestedLength
        self.currentOffset = currentOffset
        self.toEnd = toEnd
        self.chunkLength = Swift.max(chunkLength, 1)
    }

    /// The byte offsets still to give, within a media of `length` bytes: from the current
    /// offset (or the requested one, if later) to the end of the request or of the media,
    /// whichever comes first. Empty when nothing is left; negative numbers count as 0 and sums
    /// that would overflow as the end of the media.
    ///
    /// - Parameter length: The media's full length in bytes.
    package func remaining(length: Int) -> Range<Int> {
        let length = Swift.max(length, 0)
        let start = Self.clamp(Swift.max(requestedOffset, currentOffset), to: length)
        let end: Int
        if toEnd {
            end = length
        } else {
            let (sum, overflow) = Swift.max(requestedOffset, 0).addingReportingOverflow(Int64(Swift.max(requestedLength, 0)))
            end = overflow ? length : Self.clamp(sum, to: length)
        }
        return start..<Swift.max(start, end)
    }

    /// The ranges to read, in order: ``remaining(length:)`` cut at multiples of ``chunkLength``
    /// (so that requests that overlap ask the source for the same ranges). Contiguous, each
    /// non-empty and at most ``chunkLength`` long, together exactly ``remaining(length:)``.
    ///
    /// - Parameter length: The media's full length in bytes.
    package func chunks(length: Int) -> [Range<Int>] {
        let range = remaining(length: length)
        var chunks: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let boundary = (start / chunkLength).addingReportingOverflow(1).partialValue
            let next = boundary.multipliedReportingOverflow(by: chunkLength)
            let end = next.overflow || next.partialValue <= start ? range.upperBound : Swift.min(next.partialValue, range.upperBound)
            chunks.append(start..<end)
            start = end
        }
        return chunks
    }

    private static func clamp(_ offset: Int64, to length: Int) -> Int {
        offset <= 0 ? 0 : (offset >= Int64(length) ? length : Int(offset))
    }
}
