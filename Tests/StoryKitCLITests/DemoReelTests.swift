import StoryKit
import StoryRender
import Testing
@testable import storykit

/// The demo reel says what each clip shows: a caption in every frame, a name under every still of
/// the contact sheet.
@Suite struct DemoReelTests {
    @Test func everyReelFrameIsCaptionedWithItsClipsTitle() throws {
        for clip in DemoClip.reel() {
            let frames = clip.scenes()
            for index in 0..<clip.frameCount {
                let scene = try #require(frames.next())
                guard [0, clip.frameCount / 2, clip.frameCount - 1].contains(index) else { continue }
                let caption = try #require(scene.layers.last)
                #expect(caption.name == "caption" && caption.sublayers.first?.text?.string == clip.title, "\(clip.name)")
                // The band's bottom edge is the frame's.
                #expect(caption.position.y + caption.bounds.height / 2 == clip.size.height, "\(clip.name)")
                // Drawn over everything: above every other layer's zPosition (the profile header's
                // content and header are at 1 and 2; the caption once hid under them).
                #expect(scene.layers.dropLast().allSatisfy { $0.zPosition < caption.zPosition }, "\(clip.name)")
                #expect(scene.isValid)
            }
        }
    }

    @Test func theCommandsCubeClipHasNoCaption() throws {
        let page = Size(width: 90, height: 160)
        let clip = DemoClip.cube(replaying: GestureScript(events: []), pages: [RGBAImage(width: 4, height: 4)],
                                 pageSize: page, framesPerSecond: 10, duration: 0.1).clip
        #expect(try !#require(clip.scenes().next()).layers.contains { $0.name == "caption" })
    }

    @Test func theContactSheetNamesEachClipUnderItsStill() throws {
        let clips = Array(DemoClip.reel().prefix(2))
        let still = RGBAImage(width: 120, height: 80, fill: (40, 40, 40, 255))
        let sheet = try DemoReel.contactSheet(clips.map { ($0, still) })
        // Gap 24, stills 80 high, 44 points of labels, gap 24.
        #expect(sheet.width == 24 + 2 * (120 + 24) && sheet.height == 24 + 80 + 44 + 24)
        // Under each still, in the title's row, there are bright pixels of its name.
        for (i, _) in clips.enumerated() {
            let left = 24 + i * 144
            var brightest = 0
            for y in (24 + 80 + 10)..<(24 + 80 + 30) {
                for x in left..<(left + 120) { brightest = max(brightest, Int(sheet[x, y].g)) }
            }
            #expect(brightest > 180, "no title under still \(i)")
        }
    }
}
