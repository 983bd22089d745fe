import MotionCore

// MARK: - PrefetchConditions

/// The device's data, power and screen conditions that a ``PrefetchPlan`` takes into account,
/// as a value: the front-end reads them from the system (Low Data Mode and an expensive network
/// from `NWPathMonitor`, Low Power Mode from `ProcessInfo`, the screen's scale) and passes them
/// in; the plan never reads the platform.
///
/// - Saving data (``isSavingData``: Low Data Mode or an expensive network, such as cellular or a
///   personal hotspot): the plan prefetches only the current user's next item (no next users, no
///   previous user), and an item with ``StoryItem/renditions`` is loaded at a lower rendition:
///   never the highest of two or more, the lowest of the others that covers half the display
///   (``StoryRendition/choice(among:displayPixels:savingData:)``).
/// - Low Power Mode: no video is preloaded but the next item's (the one shown after the current
///   one going forward).
///
/// ```swift
/// let conditions = PrefetchConditions(isLowDataMode: true, displayScale: 3)
/// let plan = PrefetchPlan(viewer: viewer, conditions: conditions)   // the current item + one
/// ```
public struct PrefetchConditions: Sendable, Hashable {
    /// Whether the user turned on Low Data Mode (`NWPath.isConstrained`).
    public var isLowDataMode: Bool
    /// Whether the network costs the user money per byte: cellular, a personal hotspot
    /// (`NWPath.isExpensive`).
    public var isExpensive: Bool
    /// Whether Low Power Mode is on (`ProcessInfo.isLowPowerModeEnabled`).
    public var isLowPowerMode: Bool
    /// The screen's pixels per point, 1…4 (a non-finite or out-of-range value is clamped, NaN is
    /// 1); 1 by default. The display's pixel size, for choosing a rendition, is the viewer's
    /// page size in points times this.
    public var displayScale: Double {
        didSet { displayScale = Self.sanitizedScale(displayScale) }
    }

    /// Conditions; by default none saves anything (a fast, free network, full power).
    public init(isLowDataMode: Bool = false, isExpensive: Bool = false, isLowPowerMode: Bool = false,
                displayScale: Double = 1) {
        self.isLowDataMode = isLowDataMode
        self.isExpensive = isExpensive
        self.isLowPowerMode = isLowPowerMode
        self.displayScale = Self.sanitizedScale(displayScale)
    }

    /// Whether data is to be saved: Low Data Mode or an expensive network.
    public var isSavingData: Bool { isLowDataMode || isExpensive }

    /// The display's size in pixels for a page of `pageSize` points (zero for a non-finite or
    /// negative size).
    public func displayPixels(for pageSize: Size) -> Size {
        func pixels(_ points: Double) -> Double { points.isFinite && points > 0 ? points * displayScale : 0 }
        return Size(width: pixels(pageSize.width), height: pixels(pageSize.height))
    }

    static func sanitizedScale(_ scale: Double) -> Double {
        scale.isNaN ? 1 : Swift.min(Swift.max(scale, 1), 4)
    }
}
