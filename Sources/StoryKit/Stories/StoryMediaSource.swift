import MotionCore

/// What the Stories viewer needs from media: players that load, show, play and mute as the
/// viewer says, and that report back what their media did. The one contract of every source:
/// the iOS front-end's (over `AVPlayer`s and decoded images), ``ScriptedMediaSource`` (a virtual
/// clock with scripted load times, stalls and failures, for tests, storms and the command line).
///
/// The contract, for any source:
/// - ``apply(_:)`` is told the viewer after every change of it; the source makes its players
///   match ``StoriesViewer/players`` (load and show each listed item, play and mute them as
///   told, release every item the viewer no longer needs: nothing plays or is heard after that).
///   A source may read more of the viewer than the directives (the next item to prepare, why it
///   is paused), never change it.
/// - ``reports(through:)`` hands over what the media did up to a time, each report once, in
///   time order, none later than that time; a report not yet due stays for a later call.
/// - ``StoriesViewer/takeReports(through:from:)`` feeds a source's reports into the viewer, and
///   ``StoriesViewer/advance(to:media:)`` drives a viewer and a source together on one clock.
public protocol StoryMediaSource {
    /// Makes the players match what `viewer` needs now (``StoriesViewer/players`` at
    /// ``StoriesViewer/time``).
    ///
    /// - Parameter viewer: The viewer after its latest change.
    mutating func apply(_ viewer: StoriesViewer)

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
        var events = takeReports(through: time, from: &source)
        events += advance(to: time)
        source.apply(self)
        return events
    }

    /// Gives the viewer what `source` reports up to `time`, each at its own time, in order;
    /// the source is not told anything (call ``StoryMediaSource/apply(_:)`` after the viewer's
    /// change is complete).
    ///
    /// - Parameters:
    ///   - time: Seconds on the viewer's clock.
    ///   - source: The media source.
    /// - Returns: The viewer's events, in order.
    @discardableResult
    public mutating func takeReports<Source: StoryMediaSource>(through time: Double, from source: inout Source) -> [Event] {
        guard time.isFinite else { return [] }
        var events: [Event] = []
        for report in source.reports(through: time) {
            events += media(report.event, for: report.id, time: report.time)
        }
        return events
    }
}
