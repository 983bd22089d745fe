import MotionCore

// MARK: - CubePager + Gestures

extension CubePager {
    /// A finger came down on the pager.
    ///
    /// While the cube is settling, the touch holds it where the spring is at `time` (position
    /// continuous, velocity 0 while held), and the new gesture's start page is the page nearest
    /// that position, so repeated fast swipes move at most one page each. Nothing else moves
    /// until the finger passes the direction-lock slop. A touch-down while a finger is already
    /// down (a second finger, or a sequence whose end never came) replaces that touch in place;
    /// a cube the old touch held or dragged stays held, and goes on to a page when this one ends.
    ///
    /// - Parameters:
    ///   - point: The finger, in points (any coordinate space, as long as it stays the same for
    ///     the gesture). A non-finite point is ignored.
    ///   - time: Seconds on the input clock; a non-finite time is ignored.
    /// - Returns: ``Event/didChangePage(_:)`` if a settle had already finished by `time` (its
    ///   completion was not yet reported by ``advance(to:)``); otherwise empty.
    @discardableResult
    public mutating func touchBegan(at point: Point, time: Double) -> [Event] {
        guard pageCount > 0, hasUsableSize, point.isFinite, time.isFinite else { return [] }
        var events: [Event] = []
        var cube = Held.resting
        if let settle = interaction.settle {
            let time = settle.inputTime(time)  // never behind the frame on screen
            if settle.hasEnded(by: time) {
                events = finishSettle()
            } else {
                position = settle.sample(at: time, lastIndex: lastIndex).value
                cube = .held(target: settle.target)
            }
        } else if case .pressing(_, .held(let target)) = interaction {
            cube = .held(target: target)  // the replaced touch held it: it still goes there
        } else if case .dragging(let touch, let grabbed) = interaction {
            cube = .held(target: grabbed ?? nearestPage(to: touch))  // a dragged cube must still go somewhere
        }
        velocity = 0
        interaction = .pressing(Touch(at: point, cubeAt: position, on: dragTrack), cube: cube)
        tracker.reset()
        tracker.add(time: time, position: point)
        return events
    }

    /// The finger moved.
    ///
    /// Until it has moved ``Configuration/directionLockSlop`` from where it came down nothing
    /// happens; then a gesture with `|dy| > |dx|` is locked vertical (``isVerticalGesture``; an
    /// interrupted settle resumes) and every later move is ignored, and otherwise the cube
    /// follows: one page width of horizontal travel is one page, leftward toward later pages,
    /// measured from where the finger crossed the slop circle (the point on the straight line
    /// from the touch-down to the locking move at the slop's distance), so the locking move
    /// counts and the cube trails the finger by the slop only. Beyond start page ± 1 the cube stops; before
    /// page 0 and after the last page it rubber-bands. Without a finger down (before
    /// ``touchBegan(at:time:)`` or after the touch ended) a move is ignored and changes nothing.
    ///
    /// - Parameters:
    ///   - point: The finger, in points; a non-finite point is ignored.
    ///   - time: Seconds on the input clock; a non-finite time is ignored.
    /// - Returns: When the gesture locks vertical and the cube it held had to go on to a page
    ///   (an interrupted settle resumes), the events of that settle: ``Event/didChangePage(_:)``
    ///   when there was nothing left to move; otherwise empty.
    @discardableResult
    public mutating func touchMoved(to point: Point, time: Double) -> [Event] {
        switch interaction {
        case .pressing(var touch, let cube):
            guard point.isFinite, time.isFinite, hasUsableSize else { return [] }
            tracker.add(time: time, position: point)
            switch touch.move(to: point, slop: configuration.directionLockSlop) {
            case .undecided:
                interaction = .pressing(touch, cube: cube)
                return []
            case .vertical:
                return lockVertical(touch, cube: cube, time: time)
            case .horizontal:
                break
            }
            var grabbed: Int?
            if case .held(let target) = cube { grabbed = target }
            if case .settling(let settle) = cube {
                // A programmatic turn started under the resting finger: the drag takes the cube
                // where the turn has it, from the page nearest there.
                let time = settle.inputTime(time)
                position = settle.hasEnded(by: time) ? Double(settle.target) : settle.sample(at: time, lastIndex: lastIndex).value
                touch.restart(cubeAt: position, on: dragTrack)
                grabbed = settle.target
            }
            interaction = .dragging(touch, grabbed: grabbed)
            follow(touch)
        case .dragging(var touch, let grabbed):
            guard point.isFinite, time.isFinite, hasUsableSize else { return [] }
            tracker.add(time: time, position: point)
            touch.latest = point  // locked: the anchor stays where the drag began
            interaction = .dragging(touch, grabbed: grabbed)
            follow(touch)
        case .idle, .settling, .vertical:
            break
        }
        return []
    }

    /// Locks the undecided `touch` vertical: a held cube resumes its settle, a settling one goes on.
    private mutating func lockVertical(_ touch: Touch, cube: Held, time: Double) -> [Event] {
        switch cube {
        case .resting:
            interaction = .vertical(touch, settle: nil)
        case .settling(let settle):
            interaction = .vertical(touch, settle: settle)
        case .held(let target):
            interaction = .vertical(touch, settle: nil)
            return startSettle(to: target, time: time, velocity: 0)
        }
        return []
    }

    /// Puts the cube under the dragging finger: position and velocity from the finger's travel.
    private mutating func follow(_ touch: Touch) {
        let cube = touch.cube(on: dragTrack)
        position = cube.position
        velocity = fingerVelocity(at: nil) * cube.slope
    }

    /// The finger lifted: decide the target page and start the settle.
    ///
    /// The release velocity is the ``VelocityTracker``'s estimate at `time`, converted to pages
    /// per second (`−vx / width`, times the rubber band's slope past an end). The target is
    /// `startPage ± 1` when `DecelerationRate.normal.project(position, velocity)` is at least
    /// ``Configuration/snapThreshold`` beyond the start page that way, else the start page;
    /// clamped to the pages that exist. A release past the last page by more than
    /// ``Configuration/pastEndThreshold``, or whose projection passes the snap threshold beyond
    /// it, reports ``Event/pastEnd``. A finger that never locked lets a held cube resume its
    /// settle (a tap); a settle under it goes on.
    ///
    /// - Parameters:
    ///   - point: The finger, in points; a non-finite point counts as the last finite one.
    ///   - time: Seconds on the input clock; a non-finite time counts as the newest sample's.
    /// - Returns: In order, ``Event/pastEnd``; ``Event/didCancelPageChange(from:to:)`` when an
    ///   interrupted settle was heading to another page; ``Event/willChangePage(from:to:)`` when
    ///   the target differs from ``currentIndex`` and was not already announced; and
    ///   ``Event/didChangePage(_:)`` if there was nothing to settle.
    @discardableResult
    public mutating func touchEnded(at point: Point, time: Double) -> [Event] {
        var events = touchMoved(to: point, time: time)
        switch interaction {
        case .idle, .settling:
            break
        case .pressing(_, .resting):
            interaction = .idle
        case .pressing(_, .settling(let settle)), .vertical(_, let settle?):
            interaction = .settling(settle)
        case .vertical(_, nil):
            interaction = .idle
        case .pressing(_, .held(let target)):
            interaction = .idle
            events += startSettle(to: target, time: lastTime(time), velocity: 0)
        case .dragging(let touch, _):
            interaction = .idle
            let releaseVelocity = fingerVelocity(at: time.isFinite ? time : nil) * touch.cube(on: dragTrack).slope
            events += release(startPage: touch.startPage, velocity: releaseVelocity, time: lastTime(time))
        }
        return events
    }

    /// The system cancelled the touch (an incoming call, another recogniser won): a cube the
    /// finger held or turned settles, without velocity, on the page nearest to where it is
    /// (within start page ± 1); a settle under the finger goes on.
    ///
    /// - Parameter time: Seconds on the input clock; a non-finite time counts as the newest
    ///   sample's.
    /// - Returns: As ``touchEnded(at:time:)``: a cancel of an earlier announcement of another
    ///   page, ``Event/willChangePage(from:to:)`` when that page is not ``currentIndex`` and was
    ///   not already announced, and ``Event/didChangePage(_:)`` if there was nothing to settle.
    @discardableResult
    public mutating func touchCancelled(time: Double) -> [Event] {
        switch interaction {
        case .idle, .settling:
            return []
        case .pressing(_, .resting), .vertical(_, nil):
            interaction = .idle
            return []
        case .pressing(_, .settling(let settle)), .vertical(_, let settle?):
            interaction = .settling(settle)
            return []
        case .pressing(let touch, .held), .dragging(let touch, _):
            interaction = .idle
            let target = nearestPage(to: touch)
            return announcer.announce(target, from: currentIndex) + startSettle(to: target, time: lastTime(time), velocity: 0)
        }
    }

    /// The page nearest the cube's position, within the touch's start page ± 1 and the pages.
    func nearestPage(to touch: Touch) -> Int {
        touch.nearestPage(toCubeAt: position, currentIndex: currentIndex, lastIndex: lastIndex)
    }
}
