// MARK: - StoryPlaceholder + Data URIs

extension StoryPlaceholder {
    /// The bytes of a thumbnail given inline as a `data:image/…;base64,…` URI (a PNG or JPEG
    /// file's bytes), or `nil`: a BlurHash, or a thumbnail at a URL or path.
    public var inlineThumbnail: [UInt8]? {
        guard case .thumbnail(let reference) = self else { return nil }
        return try? Self.dataURIBytes(reference)
    }

    /// The bytes of a `data:` URI, or `nil` for a reference that is not one.
    ///
    /// - Throws: ``BlurHash/Error`` with the reason, for a `data:` URI that is not base64 (`;base64,` and its digits).
    static func dataURIBytes(_ reference: String) throws -> [UInt8]? {
        let utf8 = Array(reference.utf8)
        guard utf8.count >= 5, String(decoding: utf8[0..<5], as: UTF8.self).lowercased() == "data:" else { return nil }
        guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")),
              String(decoding: utf8[..<comma], as: UTF8.self).lowercased().hasSuffix(";base64") else {
            throw BlurHash.Error(description: "a data URI thumbnail must be base64 (data:image/png;base64,…)")
        }
        guard let bytes = Self.base64(utf8[(comma + 1)...]), !bytes.isEmpty else {
            throw BlurHash.Error(description: "the data URI's base64 is malformed or empty")
        }
        return bytes
    }

    /// Standard base64 (`+`, `/`, `=` padding optional; whitespace skipped), or `nil`.
    static func base64(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = [], buffer: UInt32 = 0, bits = 0, padding = 0
        bytes.reserveCapacity(text.count * 3 / 4)
        for character in text {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): padding += 1; continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            guard padding == 0 else { return nil }      // digits after the padding
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return padding <= 2 && bits < 6 ? bytes : nil
    }
}
