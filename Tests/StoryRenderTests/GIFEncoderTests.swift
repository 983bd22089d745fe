import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct GIFEncoderTests {
    static let width = 40, height = 30

    /// Frame 0: flat (200, 30, 90). Frame 1: red rising and blue falling left to right over
    /// green 128. Frame 2: flat (20, 180, 60) on the left half, transparent on the right.
    static func threeFrames() -> [RGBAImage] {
        let flat = RGBAImage(width: width, height: height, fill: (200, 30, 90, 255))
        var gradient = RGBAImage(width: width, height: height)
        var holed = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let red = UInt8(x * 255 / (width - 1))
                gradient[x, y] = (red, 128, 255 - red, 255)
                holed[x, y] = x < width / 2 ? (20, 180, 60, 255) : (0, 0, 0, 0)
            }
        }
        return [flat, gradient, holed]
    }

    @Test(.enabled(if: CrossCheckTool.pillow.shouldRun, CrossCheckTool.pillow.skipComment),
          arguments: [GIFEncoder.Palette.perFrame, .global], [true, false])
    func pillowReadsBackFramesDelaysLoopAndColours(palette: GIFEncoder.Palette, dithering: Bool) throws {
        var encoder = try GIFEncoder(width: Self.width, height: Self.height, palette: palette, dithering: dithering)
        for (frame, delay) in zip(Self.threeFrames(), [0.1, 0.25, 1.0 / 30]) {
            try encoder.addFrame(frame, delay: delay)
        }
        let gif = encoder.data()
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(gif.last == 0x3B)
        guard let decoded = try PillowGIFDecoder.decode(gif) else { return }
        #expect(decoded.frames == 3)
        #expect(decoded.size == [Self.width, Self.height])
        #expect(decoded.loop == 0)
        #expect(decoded.durations == [100, 250, 30])  // 1/30 s rounds to 3 cs
        for (x, y) in [(0, 0), (17, 9), (39, 29)] {
            #expect(decoded.pixel(0, x, y) == [200, 30, 90, 255])
            #expect(decoded.pixel(2, x, y) == (x < Self.width / 2 ? [20, 180, 60, 255] : [0, 0, 0, 0]))
        }
        // The gradient: each 4 × 4 block's mean is close to the true colour, dithered or not.
        for bx in stride(from: 0, to: Self.width, by: 4) {
            for by in stride(from: 0, to: Self.height - 3, by: 4) {
                var mean = [0, 0, 0, 0]
                for x in bx..<bx + 4 { for y in by..<by + 4 { for c in 0..<4 { mean[c] += decoded.pixel(1, x, y)[c] } } }
                let red = Double((bx..<bx + 4).map { $0 * 255 / (Self.width - 1) }.reduce(0, +)) / 4
                let expected = [red, 128, 255 - red, 255]
                for c in 0..<4 {
                    #expect(abs(Double(mean[c]) / 16 - expected[c]) <= 6, "block (\(bx), \(by)) channel \(c)")
                }
            }
        }
    }

    @Test(.enabled(if: CrossCheckTool.pillow.shouldRun, CrossCheckTool.pillow.skipComment), arguments: [41 as UInt64, 42])
    func manyColoursAndLongCodeStreamsDecodeExactly(seed: UInt64) throws {
        // 200 random colours scattered over 256 × 256 pixels: the palette holds them all, and the
        // LZW stream grows to 12-bit codes and clears its table many times.
        var random = SeededRandom(seed: seed)
        let colours = (0..<200).map { _ in
            (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
             UInt8.random(in: 0...255, using: &random))
        }
        var image = RGBAImage(width: 256, height: 256)
        for y in 0..<256 {
            for x in 0..<256 {
                let colour = colours[Int.random(in: 0..<(x < 128 ? 200 : 3), using: &random)]
                image[x, y] = (colour.0, colour.1, colour.2, 255)
            }
        }
        var encoder = try GIFEncoder(width: 256, height: 256, loopCount: nil, dithering: false)
        try encoder.addFrame(image, delay: 0.5)
        guard let decoded = try PillowGIFDecoder.decode(encoder.data()) else { return }
        #expect(decoded.loop == nil)
        #expect(decoded.durations == [500])
        let expected = image.pixels
        #expect(decoded.pixels[0] == expected)
    }

    @Test func loopCountIsWrittenAndClamped() throws {
        for (asked, stored) in [(3, 3), (-5, 0), (70000, 65535)] {
            var encoder = try GIFEncoder(width: 2, height: 2, loopCount: asked)
            try encoder.addFrame(RGBAImage(width: 2, height: 2, fill: (1, 2, 3, 255)), delay: 1)
            let gif = encoder.data()
            let netscape = Array("NETSCAPE2.0".utf8)
            let start = try #require((0..<gif.count - 11).first { gif[$0..<$0 + 11].elementsEqual(netscape) })
            #expect(Int(gif[start + 13]) | Int(gif[start + 14]) << 8 == stored)
        }
        var once = try GIFEncoder(width: 2, height: 2, loopCount: nil)
        try once.addFrame(RGBAImage(width: 2, height: 2), delay: 1)
        #expect(!String(decoding: once.data(), as: UTF8.self).contains("NETSCAPE"))
    }

    @Test func delaysRoundToHundredthsAndStayPlayable() {
        #expect(GIFEncoder.centiseconds(fromSeconds: 0.1) == 10)
        #expect(GIFEncoder.centiseconds(fromSeconds: 1.0 / 30) == 3)
        #expect(GIFEncoder.centiseconds(fromSeconds: 0.016) == 2)  // 60 fps asks for 1.6 cs; browsers would slow 1 cs to 10
        #expect(GIFEncoder.centiseconds(fromSeconds: 0) == 2)
        #expect(GIFEncoder.centiseconds(fromSeconds: -1) == 2)
        #expect(GIFEncoder.centiseconds(fromSeconds: .nan) == 2)
        #expect(GIFEncoder.centiseconds(fromSeconds: .infinity) == 65535)
        #expect(GIFEncoder.centiseconds(fromSeconds: 1e9) == 65535)
    }

    @Test func disposalClearsOnlyBeforeFramesWithHoles() throws {
        var encoder = try GIFEncoder(width: Self.width, height: Self.height)
        for frame in Self.threeFrames() { try encoder.addFrame(frame, delay: 0.1) }
        let gif = encoder.data()
        let controls = (0..<gif.count - 3).filter { gif[$0] == 0x21 && gif[$0 + 1] == 0xF9 && gif[$0 + 2] == 4 }
        #expect(controls.count == 3)
        // Packed byte: disposal << 2 | transparent flag. Frame 1 precedes the holed frame 2, so
        // it is cleared and has a transparent entry for decoders that clear to it; frame 2
        // precedes frame 0 (opaque) when the animation loops. The first frame always has a
        // transparent entry, so Pillow gives the animation an alpha channel.
        #expect(controls.map { gif[$0 + 3] } == [1 << 2 | 1, 2 << 2 | 1, 1 << 2 | 1])
    }

    @Test(arguments: [1, 2, 3, 7])
    func streamedBytesAreTheSameFileWhileHoldingOneFrame(frames: Int) throws {
        // Frames taken as they come, then the rest, make exactly the file `data()` makes; after
        // each frame the encoder has given out everything but the frame it must still hold.
        let source = (0..<frames).map { Self.threeFrames()[$0 % 3] }
        var whole = try GIFEncoder(width: Self.width, height: Self.height)
        var streamed = try GIFEncoder(width: Self.width, height: Self.height)
        var bytes: [UInt8] = []
        for (index, frame) in source.enumerated() {
            try whole.addFrame(frame, delay: 0.04)
            try streamed.addFrame(frame, delay: 0.04)
            let taken = streamed.takeFinishedBytes()
            if index == 0 { #expect(Array(taken.prefix(6)) == Array("GIF89a".utf8)) }
            if index > 0 { #expect(taken.filter { $0 == 0x2C }.count >= 1, "frame \(index - 1) given out") }
            bytes += taken
            #expect(streamed.frameCount == index + 1)
        }
        bytes += streamed.takeRemainingBytes()
        #expect(bytes == whole.data())
        #expect(bytes.last == 0x3B)
    }

    @Test func aGlobalPaletteGivesItsBytesOnlyAtTheEnd() throws {
        var encoder = try GIFEncoder(width: Self.width, height: Self.height, palette: .global)
        var whole = encoder
        for frame in Self.threeFrames() {
            try encoder.addFrame(frame, delay: 0.1)
            try whole.addFrame(frame, delay: 0.1)
            #expect(encoder.takeFinishedBytes().isEmpty)
        }
        #expect(encoder.takeRemainingBytes() == whole.data())
    }

    @Test func badSizesAndMismatchedFramesAreErrors() throws {
        #expect(throws: CodecError.invalidSize(format: "GIF", width: 0, height: 10, maximum: 65535)) {
            try GIFEncoder(width: 0, height: 10)
        }
        #expect(throws: CodecError.self) { try GIFEncoder(width: 10, height: 70000) }
        var encoder = try GIFEncoder(width: 4, height: 4)
        let error = #expect(throws: CodecError.self) { try encoder.addFrame(RGBAImage(width: 5, height: 4), delay: 1) }
        #expect(error?.description == "frame is 5×4 but the encoder was created for 4×4")
        #expect(encoder.frameCount == 0)
    }

    @Test(.enabled(if: CrossCheckTool.pillow.shouldRun, CrossCheckTool.pillow.skipComment))
    func fullyTransparentFramesEncode() throws {
        var encoder = try GIFEncoder(width: 3, height: 3)
        try encoder.addFrame(RGBAImage(width: 3, height: 3), delay: 0.5)
        try encoder.addFrame(RGBAImage(width: 3, height: 3, fill: (0, 0, 255, 255)), delay: 0.5)
        guard let decoded = try PillowGIFDecoder.decode(encoder.data()) else { return }
        #expect(decoded.pixel(0, 1, 1)[3] == 0)
        #expect(decoded.pixel(1, 1, 1) == [0, 0, 255, 255])
    }
}
