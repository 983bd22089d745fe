// MARK: - GIFEncoder + LZW

extension GIFEncoder {
    /// GIF's variable-length-code LZW compressor (GIF89a specification, appendix F).
    ///
    /// Codes start at `minimumCodeSize + 1` bits and grow by one bit each time the next free
    /// code no longer fits, up to 12 bits; when all 4096 codes are taken a clear code resets
    /// the table. The string table is an open-addressing hash of (prefix code, next index) →
    /// code with 5003 slots, the layout of `compress(1)` and Jef Poskanzer's GIFEncoder, so a
    /// reset costs clearing 5003 slots rather than a 1 M-entry trie.
    enum LZW {
        private static let tableSize = 5003
        private static let maximumCode = 4096

        /// Appends the LZW-compressed `indices` to `output` as GIF data sub-blocks: a byte
        /// holding `minimumCodeSize`, blocks of at most 255 bytes each preceded by its length,
        /// and the empty block that ends the image data.
        ///
        /// - Parameters:
        ///   - indices: Palette indices, each below `1 << minimumCodeSize`.
        ///   - minimumCodeSize: 2…8, the bit depth of the colour table.
        static func encode(_ indices: [UInt8], minimumCodeSize: Int, into output: inout [UInt8]) {
            output.append(UInt8(minimumCodeSize))
            var writer = BlockWriter(output: output)
            output = []
            let clearCode = 1 << minimumCodeSize, endCode = clearCode + 1
            var codeSize = minimumCodeSize + 1
            var limit = (1 << codeSize) - 1
            var nextCode = clearCode + 2
            var resetPending = false
            var keys = [Int32](repeating: -1, count: tableSize)
            var codes = [Int16](repeating: 0, count: tableSize)

            /// Writes `code` with the current width, then widens or resets the code size.
            func emit(_ code: Int) {
                writer.write(code, bits: codeSize)
                if resetPending {
                    codeSize = minimumCodeSize + 1
                    limit = (1 << codeSize) - 1
                    resetPending = false
                } else if nextCode > limit {
                    codeSize += 1
                    limit = codeSize == 12 ? maximumCode : (1 << codeSize) - 1
                }
            }

            emit(clearCode)
            guard let first = indices.first else {
                emit(endCode)
                output = writer.finish()
                return
            }
            keys.withUnsafeMutableBufferPointer { keys in
                codes.withUnsafeMutableBufferPointer { codes in
                    indices.withUnsafeBufferPointer { input in
                        var prefix = Int(first)
                        var i = 1
                        while i < input.count {
                            let c = Int(input[i])
                            i += 1
                            let key = Int32(c << 12 | prefix)
                            var slot = (c << 4) ^ prefix
                            if keys[slot] == key {
                                prefix = Int(codes[slot])
                                continue
                            }
                            if keys[slot] >= 0 {
                                // Secondary probe, as in compress(1).
                                let displacement = slot == 0 ? 1 : tableSize - slot
                                var found = false
                                repeat {
                                    slot -= displacement
                                    if slot < 0 { slot += tableSize }
                                    if keys[slot] == key {
                                        found = true
                                        break
                                    }
                                } while keys[slot] >= 0
                                if found {
                                    prefix = Int(codes[slot])
                                    continue
                                }
                            }
                            emit(prefix)
                            prefix = c
                            if nextCode < maximumCode {
                                codes[slot] = Int16(nextCode)
                                keys[slot] = key
                                nextCode += 1
                            } else {
                                for k in 0..<tableSize { keys[k] = -1 }
                                nextCode = clearCode + 2
                                resetPending = true
                                emit(clearCode)
                            }
                        }
                        emit(prefix)
                    }
                }
            }
            emit(endCode)
            output = writer.finish()
        }
    }

    /// Packs codes least-significant bit first into length-prefixed sub-blocks of ≤ 255 bytes.
    private struct BlockWriter {
        var output: [UInt8]
        private var bits: UInt64 = 0
        private var bitCount = 0
        private var block: [UInt8] = []

        init(output: [UInt8]) {
            self.output = output
            block.reserveCapacity(255)
        }

        mutating func write(_ code: Int, bits count: Int) {
            bits |= UInt64(code) << UInt64(bitCount)
            bitCount += count
            while bitCount >= 8 {
                append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                bitCount -= 8
            }
        }

        private mutating func append(_ byte: UInt8) {
            block.append(byte)
            if block.count == 255 { flushBlock() }
        }

        private mutating func flushBlock() {
            guard !block.isEmpty else { return }
            output.append(UInt8(block.count))
            output.append(contentsOf: block)
            block.removeAll(keepingCapacity: true)
        }

        /// Writes the remaining bits, the last block and the block terminator.
        mutating func finish() -> [UInt8] {
            if bitCount > 0 { append(UInt8(truncatingIfNeeded: bits)) }
            bits = 0
            bitCount = 0
            flushBlock()
            output.append(0)
            return output
        }
    }
}
