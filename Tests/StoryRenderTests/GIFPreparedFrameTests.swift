import StoryRender
import Testing

/// GIF frames prepared away from the encoder (on any thread, in any order) make the same file.
@Suite struct GIFPreparedFrameTests {
    /// Frame `index` of a small animation: a gradient, with a transparent hole where `holed`.
    private func frame(_ index: Int, holed: Bool) -> RGBAImage {
        var image = RGBAImage(width: 24, height: 16)
        for y in 0..<16 {
            for x in 0..<24 {
                let offset = (y * 24 + x) * 4
                let hole = holed && x > 8 && x < 16 && y > 4
                let alpha: UInt8 = hole ? 0 : 255
                image.pixels[offset] = hole ? 0 : UInt8((x * 10 + index * 7) % 256)
                image.pixels[offset + 1] = hole ? 0 : UInt8((y * 15) % 256)
                image.pixels[offset + 2] = hole ? 0 : UInt8((index * 40) % 256)
                image.pixels[offset + 3] = alpha
            }
        }
        return image
    }

    @Test(arguments: [[false, false, false, false], [false, true, false, false, true], [true, false, true], [true], [false]])
    func preparedFramesMakeTheSameBytesAsAddedImages(holes: [Bool]) throws {
        let frames = holes.enumerated().map { frame($0.offset, holed: $0.element) }
        var direct = try GIFEncoder(width: 24, height: 16)
        for image in frames { try direct.addFrame(image, delay: 0.05) }

        let template = try GIFEncoder(width: 24, height: 16)
        // Prepared last to first, as threads may finish them; added in order.
        let prepared = try frames.indices.reversed().map { try template.prepareFrame(frames[$0], delay: 0.05, isFirst: $0 == 0) }
        var streamed = template
        var bytes: [UInt8] = []
        for frame in prepared.reversed() {
            try streamed.addFrame(frame)
            bytes += streamed.takeFinishedBytes()
        }
        bytes += streamed.takeRemainingBytes()
        #expect(bytes == direct.data())
        #expect(bytes.count > 100)
    }

    @Test func aWrongGuessOfTheFirstFrameOnlyCostsTime() throws {
        let frames = [frame(0, holed: false), frame(1, holed: false)]
        var direct = try GIFEncoder(width: 24, height: 16)
        for image in frames { try direct.addFrame(image, delay: 0.1) }
        let template = try GIFEncoder(width: 24, height: 16)
        var guessed = template
        for image in frames { try guessed.addFrame(template.prepareFrame(image, delay: 0.1, isFirst: false)) }
        #expect(guessed.data() == direct.data())
    }

    @Test func aFramePreparedForAnotherSizeIsRefused() throws {
        let small = try GIFEncoder(width: 24, height: 16)
        var large = try GIFEncoder(width: 48, height: 16)
        let prepared = try small.prepareFrame(frame(0, holed: false), delay: 0.1, isFirst: true)
        #expect(throws: CodecError.self) { try large.addFrame(prepared) }
        #expect(throws: CodecError.self) { try large.prepareFrame(frame(0, holed: false), delay: 0.1, isFirst: true) }
    }

    @Test func aGlobalPaletteTakesPreparedFramesToo() throws {
        let frames = [frame(0, holed: false), frame(1, holed: true), frame(2, holed: false)]
        var direct = try GIFEncoder(width: 24, height: 16, palette: .global)
        for image in frames { try direct.addFrame(image, delay: 0.04) }
        let template = try GIFEncoder(width: 24, height: 16, palette: .global)
        var prepared = template
        for (index, image) in frames.enumerated() { try prepared.addFrame(template.prepareFrame(image, delay: 0.04, isFirst: index == 0)) }
        #expect(prepared.data() == direct.data())
    }
}
