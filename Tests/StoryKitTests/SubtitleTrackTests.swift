import StoryKit
import Testing

/// WebVTT subtitles: what a viewer shows at a playhead, and the errors a broken file gives.
@Suite struct SubtitleTrackTests {
    static let sample = """
        WEBVTT - a story's subtitles

        NOTE written by hand,
        over two lines

        intro
        00:00.500 --> 00:02.000 align:start line:90%
        Hello <b>there</b> &amp; <v Ava>welcome</v>

        00:01.500 --> 00:03.250
        <i>second</i> line
        and a third

        01:00:00.000 --> 01:00:01.000
        an hour in
        """

    @Test func cuesAreShownFromTheirStartUntilJustBeforeTheirEnd() throws {
        let track = try SubtitleTrack(webVTT: Self.sample)
        #expect(track.cues.count == 3)
        #expect(track.text(at: 0.499) == nil)
        #expect(track.text(at: 0.5) == "Hello there & welcome")
        #expect(track.text(at: 1.6) == "Hello there & welcome\nsecond line\nand a third")   // overlapping, by start
        #expect(track.text(at: 2.0) == "second line\nand a third")                          // the end is exclusive
        #expect(track.text(at: 3.25) == nil)
        #expect(track.text(at: 3600.5) == "an hour in")
        #expect(track.text(at: .nan) == nil && track.text(at: -.infinity) == nil)
    }

    @Test func windowsLineBreaksAByteOrderMarkAndKaraokeTimesAreRead() throws {
        let source = "\u{FEFF}WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\none <00:01.500>two &lt;3\r\n"
        let track = try SubtitleTrack(webVTT: source)
        #expect(track.cues == [SubtitleTrack.Cue(start: 1, end: 2, text: "one two <3")])
    }

    @Test func aFileWithoutTheSignatureIsRefusedOnLineOne() {
        #expect(throws: SubtitleTrack.ParseError(line: 1, reason: "a WebVTT file starts with \"WEBVTT\"")) {
            try SubtitleTrack(webVTT: "1\n00:00:01,000 --> 00:00:02,000\nan SRT file")
        }
    }

    @Test func aBrokenTimeNamesItsLine() {
        for bad in ["00:01 --> 00:02.000", "00:61.000 --> 00:62.000", "00:01.5 --> 00:02.000", "aa:01.000 --> 00:02.000"] {
            let error = #expect(throws: SubtitleTrack.ParseError.self) { try SubtitleTrack(webVTT: "WEBVTT\n\n\(bad)\ntext") }
            #expect(error?.line == 3, "\(bad)")
        }
    }

    @Test func aCueThatEndsBeforeItStartsIsRefused() {
        let error = #expect(throws: SubtitleTrack.ParseError.self) {
            try SubtitleTrack(webVTT: "WEBVTT\n\nid\n00:05.000 --> 00:04.000\ntext")
        }
        #expect(error?.line == 4)
        #expect(error?.description.contains("ends") == true)
    }

    @Test func aBlockWithoutATimingLineIsRefused() {
        let error = #expect(throws: SubtitleTrack.ParseError.self) { try SubtitleTrack(webVTT: "WEBVTT\n\nid\njust text") }
        #expect(error?.line == 4)
    }

    @Test func captionsShowWhenPresentAndSubtitlesFollowTheMuteUnlessTold() throws {
        let track = try SubtitleTrack(webVTT: Self.sample)
        let muted = CaptionPresentation(caption: "  Sunset at the pier \n", subtitles: track, playhead: 1, isMuted: true)
        #expect(muted == CaptionPresentation(caption: "Sunset at the pier", subtitle: "Hello there & welcome"))
        let heard = CaptionPresentation(caption: nil, subtitles: track, playhead: 1, isMuted: false)
        #expect(heard.isEmpty)
        #expect(CaptionPresentation(caption: nil, subtitles: track, playhead: 1, isMuted: false, mode: .always).subtitle
            == "Hello there & welcome")
        #expect(CaptionPresentation(caption: " ", subtitles: track, playhead: 1, isMuted: true, mode: .never).isEmpty)
        #expect(CaptionPresentation(caption: nil, subtitles: track, playhead: nil, isMuted: true).subtitle == nil)
    }
}

/// The subtitle mode in effect under the system's closed-captioning setting.
@Suite struct SubtitleModeTests {
    @Test func closedCaptionsOnMeansAlwaysWhateverTheAppConfigured() {
        for mode in CaptionPresentation.SubtitleMode.allCases {
            #expect(CaptionPresentation.SubtitleMode.effective(configured: mode, closedCaptioningEnabled: true) == .always)
            #expect(CaptionPresentation.SubtitleMode.effective(configured: mode, closedCaptioningEnabled: false) == mode)
        }
    }
}
