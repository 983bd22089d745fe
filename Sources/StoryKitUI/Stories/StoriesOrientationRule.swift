// MARK: - StoriesOrientationRule

/// Which interface orientations the Stories viewer allows: portrait on iPhone (the pages are
/// portrait, like the tray under them), every orientation the app allows on iPad (where split
/// view and Stage Manager resize the window rather than rotate the content).
///
/// ``StoriesViewController`` answers `supportedInterfaceOrientations` with it, from the app's
/// Info.plist `UISupportedInterfaceOrientations` (`~ipad` on iPad). SwiftUI cannot ask a presented
/// view for its orientations: an app that rotates on iPhone returns
/// ``orientations(idiom:allowed:)`` from `application(_:supportedInterfaceOrientationsFor:)`
/// while ``StoriesView`` shows.
///
/// ```swift
/// StoriesOrientationRule.orientations(idiom: .phone, allowed: .all)   // .portrait
/// StoriesOrientationRule.orientations(idiom: .pad, allowed: .all)     // .all
/// ```
public enum StoriesOrientationRule {
    /// The kind of device, as `UIUserInterfaceIdiom` tells it.
    public enum Idiom: Sendable, Hashable {
        /// An iPhone (or iPod touch).
        case phone
        /// An iPad, or anything else with a resizable window (Mac Catalyst, visionOS).
        case pad
    }

    /// Interface orientations, with `UIInterfaceOrientationMask`'s raw bits.
    public struct Orientations: OptionSet, Sendable, Hashable {
        /// The `UIInterfaceOrientationMask` bits.
        public var rawValue: UInt
        /// Orientations with `UIInterfaceOrientationMask` bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Home button (or bottom edge) down.
        public static let portrait = Orientations(rawValue: 1 << 1)
        /// Upside down.
        public static let portraitUpsideDown = Orientations(rawValue: 1 << 2)
        /// Landscape with the home button (or bottom edge) on the right.
        public static let landscapeRight = Orientations(rawValue: 1 << 3)
        /// Landscape with the home button (or bottom edge) on the left.
        public static let landscapeLeft = Orientations(rawValue: 1 << 4)
        /// All four.
        public static let all: Orientations = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]

        /// The orientations an Info.plist's `UISupportedInterfaceOrientations` array names
        /// (`"UIInterfaceOrientationPortrait"` and so on); unknown names are ignored.
        public init(infoPlistValues values: [String]) {
            self = []
            for value in values {
                switch value {
                case "UIInterfaceOrientationPortrait": insert(.portrait)
                case "UIInterfaceOrientationPortraitUpsideDown": insert(.portraitUpsideDown)
                case "UIInterfaceOrientationLandscapeLeft": insert(.landscapeLeft)
                case "UIInterfaceOrientationLandscapeRight": insert(.landscapeRight)
                default: break
                }
            }
        }
    }

    /// The viewer's orientations on `idiom` in an app that allows `allowed`.
    ///
    /// On iPhone: portrait, if the app allows it; an app without portrait keeps what it allows (a
    /// viewer cannot rotate an app into an orientation it does not support). On iPad: what the
    /// app allows. Nothing allowed (no Info.plist entry) counts as portrait on iPhone and all four
    /// on iPad, the system's defaults.
    ///
    /// - Parameters:
    ///   - idiom: The device's kind.
    ///   - allowed: The app's supported orientations.
    /// - Returns: The orientations for `supportedInterfaceOrientations`; never empty.
    public static func orientations(idiom: Idiom, allowed: Orientations) -> Orientations {
        switch idiom {
        case .phone:
            if allowed.isEmpty || allowed.contains(.portrait) { return .portrait }
            return allowed
        case .pad:
            return allowed.isEmpty ? .all : allowed
        }
    }

    /// The viewer's orientations on `idiom`, from the app's Info.plist: its
    /// `UISupportedInterfaceOrientations~ipad` array on iPad when there is one, else its
    /// `UISupportedInterfaceOrientations` array (none: the system's defaults).
    ///
    /// - Parameters:
    ///   - idiom: The device's kind.
    ///   - infoPlistValue: Reads a key of the app's Info.plist
    ///     (`Bundle.main.object(forInfoDictionaryKey:)`).
    /// - Returns: As ``orientations(idiom:allowed:)``.
    package static func orientations(idiom: Idiom, infoPlistValue: (String) -> Any?) -> Orientations {
        let key = idiom == .pad ? "UISupportedInterfaceOrientations~ipad" : "UISupportedInterfaceOrientations"
        let names = (infoPlistValue(key) ?? infoPlistValue("UISupportedInterfaceOrientations")) as? [String] ?? []
        return orientations(idiom: idiom, allowed: Orientations(infoPlistValues: names))
    }
}
