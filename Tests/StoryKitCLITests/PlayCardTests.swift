import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// `storykit play --size WxH` with a landscape size renders the iPad card: the page centred as a
/// 9:16 card on black with the next users' cards beside it, and the default script's taps land
/// on the card.
@Suite struct PlayCardTests {
    @Test func aLandscapeSizeRendersTheCardWithItsNeighbours() throws {
        let dir = NSTemporaryDirectory() + "storykit-card-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try CLI.run(["play", "--size", "512x384", "--duration", "4", "--fps", "1", "--scale", "1", "-o", dir + "/"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
        try #require(files.count == 4)
        let frame = try RGBAImage(contentsOfFile: dir + "/" + files[1])
        #expect(frame.width == 512 && frame.height == 384)
        let card = StoriesViewer.CardLayout.commandLine(screen: Size(width: 512, height: 384)).card
        #expect(card.height == 336 && card.midX == 256)
        // Black backdrop left of the first user's card (no previous user) and above it.
        #expect(frame[20, 192].r == 0 && frame[20, 192].g == 0 && frame[20, 192].b == 0)
        #expect(frame[256, 8].r == 0 && frame[256, 8].b == 0)
        // The card's photo is not black, nor is the next user's card right of it.
        let centre = frame[256, 250]
        #expect(Int(centre.r) + Int(centre.g) + Int(centre.b) > 60, "the card: \(centre)")
        let next = StoriesViewer.CardLayout.commandLine(screen: Size(width: 512, height: 384)).slot(offset: 1).center
        let beside = frame[Int(next.x), Int(next.y) + 30]
        #expect(Int(beside.r) + Int(beside.g) + Int(beside.b) > 20, "the next card: \(beside)")
        // The default script's first tap (on the card's right) moved to the second item.
        #expect(lines.contains { $0.contains("itemShown(user: 0, item: 1") })
    }

    @Test func aPortraitSizeUnderARegularSizeClassRendersTheIPadCardUpright() throws {
        let dir = NSTemporaryDirectory() + "storykit-card-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let screen = Size(width: 384, height: 512)
        let lines = try CLI.run(["play", "--size", "384x512", "--size-class", "regular", "--duration", "4", "--fps", "1",
                                 "--scale", "1", "-o", dir + "/"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
        try #require(files.count == 4)
        let frame = try RGBAImage(contentsOfFile: dir + "/" + files[1])
        #expect(frame.width == 384 && frame.height == 512)
        let layout = StoriesViewer.CardLayout.commandLine(screen: screen, sizeClass: .regular)
        #expect(layout.presentation == .card && layout.card.height == 464 && layout.card.midX == 192)
        // Black above the card and beside it at mid-height, the card's photo inside it, the next
        // user's card peeking in at the right edge.
        #expect(frame[192, 8].r == 0 && frame[192, 8].g == 0 && frame[192, 8].b == 0)
        #expect(frame[Int(layout.card.minX) - 6, 256].r == 0 && frame[Int(layout.card.minX) - 6, 256].b == 0)
        let centre = frame[192, 300]
        #expect(Int(centre.r) + Int(centre.g) + Int(centre.b) > 60, "the card: \(centre)")
        let next = layout.slot(offset: 1).frame(cardSize: layout.card.size)
        #expect(next.minX < 384 - 4)
        let beside = frame[Int(next.minX) + 3, Int(next.midY)]
        #expect(Int(beside.r) + Int(beside.g) + Int(beside.b) > 20, "the next card: \(beside)")
        // The default script's taps land on the card: its first tap moved to the second item.
        #expect(lines.contains { $0.contains("itemShown(user: 0, item: 1") })
        // Without the size class the same size is a phone upright: the page full screen.
        #expect(StoriesViewer.CardLayout.commandLine(screen: screen).presentation == .fullScreen)
    }

    @Test func anUnknownSizeClassIsRefusedNamingTheChoices() {
        #expect(throws: (any Error).self) {
            try CLI.run(["play", "--size", "384x512", "--size-class", "huge", "-o", NSTemporaryDirectory() + "never.gif"])
        }
    }
}
