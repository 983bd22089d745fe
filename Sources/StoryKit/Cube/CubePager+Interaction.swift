import MotionCore

// MARK: - CubePager + Interaction

extension CubePager {
    /// What the pager is doing, as one value: whether a finger is down, how it is locked, and
    /// what the cube does meanwhile (see the state machine in ``CubePager``).
    ///
    /// The cases leave out what cannot happen: a dragging finger holds no spring (a programmatic
    /// turn waits for it, a release ends it first), a vertical finger never holds the cube (it
    /// lets a held settle go on when it locks), and only an undecided finger holds a cube still.
    enum Interaction: Sendable, Hashable {
        /// No finger and no spring: the cube rests on ``CubePager/currentIndex``.
        case idle
        /// No finger; the spring takes the cube to its target.
        case settling(Settle)
        /// A finger down that has not yet moved the direction-lock slop, over a cube doing `cube`.
        case pressing(Touch, cube: Held)
        /// A finger locked vertical: not the cube's; the cube rests, or settles by itself.
        case vertical(Touch, settle: Settle?)
        /// A finger locked horizontal, turning the cube. `grabbed` is the target of the settle
        /// the gesture took the cube from (a held cube's, or a programmatic turn's it took over),
        /// nil when it began on a resting cube: a touch-down replacing this one holds the cube
        /// for that page, else for the nearest.
        case dragging(Touch, grabbed: Int?)

        /// The finger, if one is down.
        var touch: Touch? {
            switch self {
            case .idle, .settling: nil
            case .pressing(let touch, _), .vertical(let touch, _), .dragging(let touch, _): touch
            }
        }

        /// The spring running, under a finger or not.
        var settle: Settle? {
            switch self {
            case .settling(let settle), .pressing(_, .settling(let settle)): settle
            case .vertical(_, let settle): settle
            case .idle, .pressing, .dragging: nil
            }
        }

        /// The public phase of this state.
        var phase: Phase {
            switch self {
            case .idle, .pressing(_, .resting), .vertical(_, nil): .idle
            case .settling, .pressing(_, .settling), .vertical(_, _?): .settling
            case .pressing(_, .held), .dragging: .dragging
            }
        }

        /// This state with `settle` as its spring (nil: none), the finger unchanged: a held or
        /// resting cube under an undecided finger becomes a settling one, and back. A dragging
        /// finger keeps the cube (callers end a drag before starting a settle).
        func replacingSettle(_ settle: Settle?) -> Interaction {
            switch self {
            case .idle, .settling: settle.map(Interaction.settling) ?? .idle
            case .pressing(let touch, _): .pressing(touch, cube: settle.map(Held.settling) ?? .resting)
            case .vertical(let touch, _): .vertical(touch, settle: settle)
            case .dragging: self
            }
        }
    }

    /// What the cube does under a finger whose direction is not decided yet.
    enum Held: Sendable, Hashable {
        /// At rest on ``CubePager/currentIndex``.
        case resting
        /// Held still where a settle (or a drag whose touch was replaced) left it; it goes to
        /// `target` if the finger only taps or locks vertical, to the nearest page on a cancel,
        /// and a drag takes it from there.
        case held(target: Int)
        /// Springing under a programmatic turn that started after the finger came down.
        case settling(Settle)
    }
}
