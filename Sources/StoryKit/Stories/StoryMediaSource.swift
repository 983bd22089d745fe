import MotionCore

/// What the Stories viewer needs from media: players that load, show, play and mute as the
/// viewer's ``StoriesViewer/players`` say, and that report back what their media did.
///
/// The front-ends' source wraps `AVPlayer`s and decoded images and reports from their callbacks
/// (straight into ``StoriesViewer/media(_:for:time:)``); ``ScriptedMediaSource`` is a source on
/// a virtual clock with scripted load times, stalls and failures, for tests, storms and the
/// command line. ``StoriesViewer/advance(to:media:)`` drives a viewer and a source together.
public protocol StoryMediaSource {
    /// Makes the players match `players`: load and show each listed item, play and mute them as
    /// told, and release every item that is not listed (nothing plays or is heard after that).
    ///
    /// - Parameters:
    ///   - players: The viewer's directives, one per visible page.
    ///   - time: Seconds on the viewer's clock.
    mutating func apply(_ players: [StoriesViewer.PlayerDirective], time: Double)

    /// What the media did after the previous call and up to `time`, in time order.
    ///
    /// - Parameter time: Seconds on the viewer's clock.
    mutating func reports(through time: Double) -> [MediaReport]
}

/// One thing a media source observed: an item's ``StoriesViewer/MediaEvent`` at a time.
public struct MediaReport: Sendable, Hashable {
    /// The item's id.
    public var id: String
    /// What happened.
    public var event: StoriesViewer.MediaEvent
    /// When, in seconds on the viewer's clock.
    public var time: Double

    /// A report.
    public init(id: String, event: StoriesViewer.MediaEvent, time: Double) {
        self.id = id
        self.event = event
        self.time = time
    }
}

// MARK: - StoriesViewer + Media source

extension StoriesViewer {
    /// Moves the viewer and `source` to `time` together: the source's reports are taken at
    /// their own times (in order), then the viewer advances, then the source is told what to
    /// play now.
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - source: The media source.
    /// - Returns: The viewer's events, in order.
    @discardableResult
    public mutating func advance<Source: StoryMediaSource>(to time: Double, media source: inout Source) -> [Event] {
        guard time.isFinite else { return [] }
        var events: [Event] = []
        for report in source.reports(through: time) {
            events += media(report.event, for: report.id, time: report.time)
        }
        events += advance(to: time)
        source.apply(players, time: self.time)
        return events
    }
}
