import MotionCore

// MARK: - ZoomTransition + Layout direction

extension ZoomTransition {
    /// The pop's progress for a finger travel (or velocity) `d`, in points (or points per
    /// second): `d.y / height` for a downward dismiss; else `d.x / width` toward the trailing
    /// side — rightward left to right, LEFTWARD right to left
    /// (``Configuration/layoutDirection``), as the system's back swipe runs from the leading edge.
    func progressRate(_ d: Point) -> Double {
        configuration.downwardDismiss ? d.y / height : configuration.layoutDirection.sign * d.x / width
    }
}
