import MotionCore

// MARK: - CubePager + Haptics

extension CubePager {
    /// A tap the hand should feel, as the front-end plays it with a UIKit feedback generator.
    public enum Haptic: String, Sendable, Hashable, Codable, CaseIterable {
        /// A finger's release turns the cube to another page (UIKit: a selection change).
        case pageTurn
        /// A finger dragging past the last page crossed
        /// ``CubePager/Configuration/pastEndThreshold``: letting go now closes (UIKit: a light
        /// impact). Felt once per crossing; dragging back under the threshold re-arms it.
        case pastEnd
    }

    /// When the cube asks for a haptic: the rule, as a value the front-end keeps beside the
    /// pager and shows it after every input.
    ///
    /// Haptics answer the finger only: a turn by ``CubePager/turn(to:time:animated:)`` (auto
    /// advance, VoiceOver, the app) or a settle's end plays nothing. A page turn is felt at the
    /// release that decides it, once per target: grabbing the settling cube and letting it go
    /// toward the same page again plays nothing more. The past-end tap comes while the finger is
    /// still down, so that the user knows a release will close the viewer.
    ///
    /// ```swift
    /// var haptics = CubePager.Haptics()
    /// let events = pager.touchEnded(at: point, time: t)
    /// for haptic in haptics.observe(pager) { generator.play(haptic) }
    /// ```
    ///
    /// UIKit's feedback generators follow the system's haptics setting (Settings › Sounds &
    /// Haptics › System Haptics) themselves; ``isEnabled`` is the app's own switch on top.
    public struct Haptics: Sendable, Hashable {
        /// Whether haptics are asked for at all (the app's setting); when `false`,
        /// ``observe(_:)`` keeps following the cube but returns nothing.
        public var isEnabled: Bool
        /// The pager's phase at the last observation.
        private var lastPhase: Phase = .idle
        /// The pager's resting page at the last observation.
        private var lastCurrentIndex: Int?
        /// The page a turn was last felt toward, until the cube rests.
        private var feltTarget: Int?
        /// Whether the finger is past the close threshold (the tap was played for this crossing).
        private var isPastEnd = false

        /// A rule that asks for haptics when `isEnabled`.
        public init(isEnabled: Bool = true) {
            self.isEnabled = isEnabled
        }

        /// Takes the pager as it is after an input (a touch, a frame, a turn, a resize) and
        /// returns the haptics to play now, in order (at most one of each kind).
        ///
        /// - Parameter pager: The pager after the input; call once per input, in order.
        /// - Returns: `[]` when disabled or when nothing is felt.
        public mutating func observe(_ pager: CubePager) -> [Haptic] {
            var haptics: [Haptic] = []
            let phase = pager.phase
            let target = pager.targetIndex
            let wasDragging = lastPhase == .dragging
            let startPage = lastCurrentIndex ?? pager.currentIndex
            if wasDragging, phase != .dragging, pager.pageCount > 1, target != startPage, target != feltTarget {
                haptics.append(.pageTurn)
                feltTarget = target
            } else if wasDragging, phase != .dragging, target == startPage {
                feltTarget = nil                       // let go back on its page: a later turn is new
            }
            if phase == .idle { feltTarget = nil }

            let beyond = pager.position - Double(pager.lastIndex)
            let pastNow = phase == .dragging && pager.pageCount > 0 && beyond.isFinite
                && beyond > pager.configuration.pastEndThreshold
            if pastNow, !isPastEnd { haptics.append(.pastEnd) }
            isPastEnd = pastNow

            lastPhase = phase
            lastCurrentIndex = pager.currentIndex
            return isEnabled ? haptics : []
        }
    }
}
