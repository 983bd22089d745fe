import MotionCore

// MARK: - Rect + Hit target

extension Rect {
    /// This frame grown about its centre to at least 44 × 44 points (Apple's smallest hit
    /// target), in the same points; a frame without width (a button not shown) is `.zero`.
    var hitTarget: Rect {
        guard width > 0 else { return .zero }
        let dx = Swift.max(44 - width, 0) / 2, dy = Swift.max(44 - height, 0) / 2
        return Rect(x: minX - dx, y: minY - dy, width: width + 2 * dx, height: height + 2 * dy)
    }
}
