// MARK: - SubtitleTrack

/// A video's subtitles: timed lines of text, read from a WebVTT file (`.vtt`, W3C WebVTT, the
/// format `AVPlayer` and every browser take).
///
/// The parser reads what subtitles need and is strict about the rest:
/// - the `WEBVTT` signature (a byte-order mark before it is fine) and blocks separated by blank
///   lines; `NOTE`, `STYLE` and `REGION` blocks are skipped;
/// - cues: an optional identifier line, a timing line `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`
///   (cue settings after it are allowed and ignored: the viewer places subtitles itself), then
///   the text, one or more lines;
/// - in the text, tags (`<b>`, `<i>`, `<v Ava>`, `<c.loud>`, karaoke times `<00:01.500>`) are
///   dropped and the entities `&amp;` `&lt;` `&gt;` `&nbsp;` `&lrm;` `&rlm;` `&quot;` `&apos;`
///   decoded.
///
/// Anything else is an error naming the line: a missing signature, a malformed time (minutes or
/// seconds above 59, a fraction not of three digits), an end before its start.
///
/// ```swift
/// let track = try SubtitleTrack(webVTT: """
///     WEBVTT
///
///     00:00.500 --> 00:02.000
///     Hello <b>there</b>
///     """)
/// track.text(at: 1)        // "Hello there"
/// track.text(at: 2)        // nil: a cue's end is exclusive
/// ```
public struct SubtitleTrack: Sendable, Hashable {
    /// One timed piece of text.
    public struct Cue: Sendable, Hashable {
        /// When it appears, in seconds of the media's playhead.
        public var start: Double
        /// When it goes (exclusive), in seconds; after ``start``.
        public var end: Double
        /// Its text without markup; lines separated by `\n`.
        public var text: String

        /// A cue from `start` to `end` seconds showing `text`.
        public init(start: Double, end: Double, text: String) {
            self.start = start
            self.end = end
            self.text = text
        }
    }

    /// A WebVTT file that cannot be read, with the line (from 1) and the reason.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line the problem is on, counted from 1.
        public var line: Int
        /// What is wrong, in a few words.
        public var reason: String

        /// A problem on `line` (from 1).
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// "line 4: …".
        public var description: String { "line \(line): \(reason)" }
    }

    /// The cues, in order of their start (file order among equal starts).
    public let cues: [Cue]

    /// A track of `cues` (ordered by start here); cues with a non-finite time or an end not
    /// after their start are left out.
    public init(cues: [Cue]) {
        self.cues = cues.enumerated()
            .filter { $0.element.start.isFinite && $0.element.end.isFinite && $0.element.end > $0.element.start }
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }

    /// Reads a WebVTT file's text.
    ///
    /// - Throws: ``ParseError`` naming the line of the first problem.
    public init(webVTT source: String) throws {
        var lines = source.replacingLineBreaks().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        guard let signature = lines.first, signature == "WEBVTT" || signature.hasPrefix("WEBVTT ") || signature.hasPrefix("WEBVTT\t")
        else { throw ParseError(line: 1, reason: "a WebVTT file starts with \"WEBVTT\"") }
        var cues: [Cue] = []
        var index = 1
        // The header runs to the first blank line.
        while index < lines.count, !lines[index].isBlank { index += 1 }
        while index < lines.count {
            if lines[index].isBlank { index += 1; continue }
            let blockStart = index
            var block: [String] = []
            while index < lines.count, !lines[index].isBlank { block.append(lines[index]); index += 1 }
            if let cue = try Self.cue(block, firstLine: blockStart + 1) { cues.append(cue) }
        }
        self.init(cues: cues)
    }

    /// The text on screen at `playhead` seconds: the cues that cover it, joined by new lines in
    /// order of their start; nil when none does (or the time is not finite).
    public func text(at playhead: Double) -> String? {
        guard playhead.isFinite else { return nil }
        let shown = cues.prefix { $0.start <= playhead }.filter { playhead < $0.end }
        return shown.isEmpty ? nil : shown.map(\.text).joined(separator: "\n")
    }

    /// The cue in a block, nil for a NOTE, STYLE or REGION block.
    private static func cue(_ block: [String], firstLine: Int) throws -> Cue? {
        guard let head = block.first else { return nil }
        for keyword in ["NOTE", "STYLE", "REGION"] where head == keyword || head.hasPrefix(keyword + " ") || head.hasPrefix(keyword + "\t") {
            return nil
        }
        // An identifier line may come before the timing line.
        let timingOffset = head.pieces(separatedBy: "-->").count > 1 ? 0 : 1
        guard block.count > timingOffset, block[timingOffset].pieces(separatedBy: "-->").count > 1 else {
            throw ParseError(line: firstLine + timingOffset, reason: "expected a timing line \"00:01.000 --> 00:02.000\"")
        }
        let timingLine = firstLine + timingOffset
        let parts = block[timingOffset].pieces(separatedBy: "-->")
        guard parts.count == 2 else { throw ParseError(line: timingLine, reason: "a timing line has one \"-->\"") }
        let startText = parts[0].trimmingSpaces()
        let endText = parts[1].trimmingSpaces().prefix { $0 != " " && $0 != "\t" }
        let start = try timestamp(startText, line: timingLine)
        let end = try timestamp(String(endText), line: timingLine)
        guard end > start else {
            throw ParseError(line: timingLine, reason: "the cue ends (\(endText)) before or when it starts (\(startText))")
        }
        let text = block.dropFirst(timingOffset + 1).map(plainText).joined(separator: "\n")
        return Cue(start: start, end: end, text: text)
    }

    /// `[hh:]mm:ss.ttt` in seconds.
    private static func timestamp(_ text: String, line: Int) throws -> Double {
        let fail = ParseError(line: line, reason: "\"\(text)\" is not a time such as 01:02.500 or 1:01:02.500")
        let clock = text.split(separator: ".", omittingEmptySubsequences: false)
        guard clock.count == 2, clock[1].count == 3, let millis = Int(clock[1]), clock[1].allSatisfy(\.isASCIIDigit) else { throw fail }
        let fields = clock[0].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { throw fail }
        let numbers = fields.map { Int($0) ?? -1 }
        let (hours, minutes, seconds) = fields.count == 3 ? (numbers[0], numbers[1], numbers[2]) : (0, numbers[0], numbers[1])
        guard hours >= 0, hours < 1_000_000, (0...59).contains(minutes), (0...59).contains(seconds),
              fields[fields.count - 1].count == 2, fields[fields.count - 2].count == 2 else { throw fail }
        return Double(hours) * 3600 + Double(minutes) * 60 + Double(seconds) + Double(millis) / 1000
    }

    /// A text line without tags, with its entities decoded.
    private static func plainText(_ line: String) -> String {
        var result = ""
        var inTag = false
        for character in line {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                result.append(character)
            }
        }
        let entities = [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"),
                        ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")]       // &amp; last: "&amp;lt;" is "&lt;"
        for (entity, character) in entities { result = result.pieces(separatedBy: entity).joined(separator: character) }
        return result
    }
}

private extension String {
    /// CR LF and lone CR as LF.
    func replacingLineBreaks() -> String {
        pieces(separatedBy: "\r\n").joined(separator: "\n").pieces(separatedBy: "\r").joined(separator: "\n")
    }

    /// Whether the line holds nothing but spaces and tabs.
    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }

    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// The text between occurrences of `separator` (the whole text when there is none), found
    /// left to right without overlaps; without Foundation, for iOS 15.
    func pieces(separatedBy separator: String) -> [String] {
        let characters = Array(self), target = Array(separator)
        guard !target.isEmpty else { return [self] }
        var pieces: [String] = [], current = ""
        var index = 0
        while index < characters.count {
            if index + target.count <= characters.count, characters[index..<index + target.count].elementsEqual(target) {
                pieces.append(current)
                current = ""
                index += target.count
            } else {
                current.append(characters[index])
                index += 1
            }
        }
        return pieces + [current]
    }
}

private extension Character {
    /// 0–9 only (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
