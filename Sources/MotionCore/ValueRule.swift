// MARK: - ValueRule

/// One setting's sanitising rule: its default and its range, written once and applied on every
/// path a value comes in by (an initialiser's parameter, the property's setter, decoding), so a
/// configuration never holds a value its model cannot use.
///
/// For a floating-point setting, `sanitize(_:)` gives ``defaultValue`` for NaN (and for the
/// other values ``fallback`` names: infinities, zero and negatives), then clamps into
/// ``range``. For an integer setting it clamps. Every configuration of the effects uses it, the
/// same way:
///
/// ```swift
/// public struct Configuration: Sendable, Hashable {
///     /// Seconds per turn, 0.2…20; 1.2 by default.
///     public var turnDuration: Double { didSet { turnDuration = Rules.turnDuration.sanitize(turnDuration) } }
///
///     public init(turnDuration: Double = Rules.turnDuration.defaultValue) {
///         self.turnDuration = Rules.turnDuration.sanitize(turnDuration)
///     }
///
///     /// Each setting's default and range.
///     public enum Rules {
///         /// ``turnDuration``'s: seconds, 0.2…20, 1.2 by default.
///         public static let turnDuration = ValueRule<Double>(0.2...20, default: 1.2)
///     }
/// }
/// ```
public struct ValueRule<Value: Comparable & Sendable & Hashable>: Sendable, Hashable {
    /// The values kept; anything outside is clamped to the nearer end.
    public let range: ClosedRange<Value>
    /// The value a setting takes when it is not given, and in place of an unusable one
    /// (``fallback``).
    public let defaultValue: Value
    /// Which floating-point values give ``defaultValue`` instead of being clamped (NaN always
    /// does).
    public let fallback: Fallback

    /// A rule.
    ///
    /// - Parameters:
    ///   - range: The values kept (clamped into, from either side).
    ///   - defaultValue: The default, inside `range`.
    ///   - fallback: Which floating-point values give the default rather than the nearer end of
    ///     `range`: ``Fallback/nonFinite`` (NaN and ±∞) unless said otherwise.
    public init(_ range: ClosedRange<Value>, default defaultValue: Value, fallback: Fallback = .nonFinite) {
        self.range = range
        self.defaultValue = defaultValue
        self.fallback = fallback
    }

    /// The values of a floating-point setting that give the default instead of being clamped.
    public typealias Fallback = ValueRuleFallback

    /// `value` clamped into ``range``.
    @inlinable
    public func clamp(_ value: Value) -> Value {
        Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
    }
}

// MARK: - ValueRuleFallback

/// The values of a floating-point setting that give the default instead of being clamped.
public struct ValueRuleFallback: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int

    /// A set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// NaN (always gives the default, whatever the set says: it has no nearer end).
    public static let nan = ValueRuleFallback(rawValue: 1 << 0)
    /// +∞ and −∞ (without it they are clamped to the range's ends).
    public static let infinity = ValueRuleFallback(rawValue: 1 << 1)
    /// Zero and negative values, for a setting that must be positive and has no natural
    /// smallest value (a distance, a rubber-band constant).
    public static let nonPositive = ValueRuleFallback(rawValue: 1 << 2)
    /// NaN and ±∞: the usual rule.
    public static let nonFinite: ValueRuleFallback = [.nan, .infinity]
}

// MARK: - ValueRule + Floating point

extension ValueRule where Value: BinaryFloatingPoint {
    /// The setting's value for `value`: ``defaultValue`` for NaN and for what ``fallback``
    /// names, else `value` clamped into ``range``.
    @inlinable
    public func sanitize(_ value: Value) -> Value {
        if value.isNaN || (value.isInfinite && fallback.contains(.infinity)) || (value <= 0 && fallback.contains(.nonPositive)) {
            return defaultValue
        }
        return clamp(value)
    }
}

// MARK: - ValueRule + Integer

extension ValueRule where Value: BinaryInteger {
    /// The setting's value for `value`: clamped into ``range`` (an integer is never unusable).
    @inlinable
    public func sanitize(_ value: Value) -> Value {
        clamp(value)
    }
}
