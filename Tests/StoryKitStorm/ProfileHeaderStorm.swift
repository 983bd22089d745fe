import MotionCore
import StoryKit

/// The profile header under storms: scroll offsets from anywhere (pull-down far past the header,
/// past the content's end, jumps, NaN, infinities), layout changes mid-scroll (safe area, heights,
/// avatar, name label, tab bar; hostile values) and configuration changes.
///
/// Invariants after every step: every output finite; the header's bounds height is the layout's
/// header bottom (it never changes with the offset); the header's scale ≥ 1 and only when pulled
/// down, its bottom then on the content's top; its translation within −stickyOffset…0; it is in
/// front exactly past the sticky offset; the stuck header is never shorter than the sticky band;
/// the avatar's scale within its floor…1 with its bottom on the content; opacities within 0…1;
/// the title centred in the sticky band once it has arrived; a pinned tab bar never above the
/// stuck header; the frame a hair's breadth away differs by no more than the tracks' slopes allow
/// (no jumps); the scene validates.
public enum ProfileHeaderStorm: StormSubject {
    public struct Setup: Sendable {
        var layout: Shape
    }

    /// A layout's numbers, hostile ones included.
    public struct Shape: Sendable {
        var width: Double, safeAreaTop: Double, headerHeight: Double, stickyHeight: Double
        var avatar: Double, nameY: Double, titleHeight: Double, tabY: Double?
    }

    public enum Step: Sendable {
        case scroll(Double)
        case layout(Shape)
        case configure(slowdown: Double, floor: Double, reduceMotion: Bool, eased: Bool)
        /// One layout property set directly (0 width, 1 safe area, 2 header, 3 sticky, 4 avatar
        /// height, 5 name y, 6 title height).
        case poke(field: Int, value: Double)
    }

    public static let name = "ProfileHeader"

    static func shape(_ random: inout StormRandom) -> Shape {
        Shape(width: random.double(0...500, hostility: 0.05), safeAreaTop: random.double(0...60, hostility: 0.05),
              headerHeight: random.double(0...300, hostility: 0.05), stickyHeight: random.double(0...100, hostility: 0.05),
              avatar: random.double(0...120, hostility: 0.05), nameY: random.double(-50...500, hostility: 0.05),
              titleHeight: random.double(0...40, hostility: 0.05), tabY: random.chance(0.5) ? random.double(0...900, hostility: 0.05) : nil)
    }

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup(layout: shape(&random)) }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...19) {
        case 0: return .layout(shape(&random))
        case 1: return .configure(slowdown: random.double(1...3, hostility: 0.1), floor: random.double(0...1, hostility: 0.1),
                                  reduceMotion: random.chance(0.3), eased: random.chance(0.5))
        case 2: return .poke(field: random.int(in: 0...6), value: random.double(-50...400, hostility: 0.3))
        case 3...5: return .scroll(random.double(-2_000...3_000, hostility: 0.1))
        default: return .scroll(random.double(-200...600, hostility: 0.02))
        }
    }

    static func layout(_ shape: Shape) -> StretchyHeader.Layout {
        StretchyHeader.Layout(width: shape.width, safeAreaTop: shape.safeAreaTop, headerHeight: shape.headerHeight,
                              stickyHeight: shape.stickyHeight,
                              avatar: Rect(x: 16, y: shape.safeAreaTop + shape.headerHeight - shape.avatar / 2, width: shape.avatar, height: shape.avatar),
                              nameLabel: Rect(x: 16, y: shape.nameY, width: 200, height: 24),
                              titleSize: Size(width: 120, height: shape.titleHeight),
                              tabBar: shape.tabY.map { Rect(x: 0, y: $0, width: shape.width, height: 44) })
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var header = StretchyHeader(layout: layout(setup.layout))
        var offset = 0.0
        for (index, step) in steps.enumerated() {
            switch step {
            case let .scroll(value): offset = value
            case let .layout(shape): header.layout = layout(shape)
            case let .configure(slowdown, floor, reduceMotion, eased):
                header.configuration = .init(avatarSlowdown: slowdown, minimumAvatarScale: floor,
                                             titleCurve: eased ? .easeInEaseOut : .linear, reduceMotion: reduceMotion)
            case let .poke(field, value):
                switch field {
                case 0: header.layout.width = value
                case 1: header.layout.safeAreaTop = value
                case 2: header.layout.headerHeight = value
                case 3: header.layout.stickyHeight = value
                case 4: header.layout.avatar.size.height = value
                case 5: header.layout.nameLabel.origin.y = value
                default: header.layout.titleSize.height = value
                }
            }
            if let message = violation(header, offset) { return StormViolation(step: index, message: message) }
        }
        return nil
    }

    /// The first broken invariant of `header` at `offset`, or nil.
    static func violation(_ header: StretchyHeader, _ offset: Double) -> String? {
        let now = header.frame(offset: offset), layout = header.layout
        let o = now.offset, tolerance = 1e-9 * (1 + abs(o) + layout.headerBottom + layout.width)
        let values = [now.headerScale, now.headerTranslation, now.header.minX, now.header.minY, now.header.width, now.header.height,
                      now.avatarScale, now.avatar.minX, now.avatar.minY, now.avatar.width, now.titleCenter.y, now.title.minY,
                      now.titleOpacity, now.blurOpacity, now.tabBarHold, now.pullDistance, now.tabBar?.minY ?? 0]
        if values.contains(where: { !$0.isFinite }) { return "not finite at \(o): \(now)" }
        if now.headerScale < 1 || (o >= 0 && now.headerScale != 1) { return "header scale \(now.headerScale) at \(o)" }
        if o < 0, layout.headerBottom > 0, abs(now.header.maxY - (layout.headerBottom - o)) > tolerance { return "pulled header bottom \(now.header.maxY) at \(o)" }
        if now.headerTranslation > 0 || now.headerTranslation < -layout.stickyOffset - tolerance { return "translation \(now.headerTranslation)" }
        if now.isHeaderInFront != (o > layout.stickyOffset) { return "in front \(now.isHeaderInFront) at \(o), sticks at \(layout.stickyOffset)" }
        if now.header.maxY < layout.stickyBottom - tolerance { return "header bottom \(now.header.maxY) above the sticky band's \(layout.stickyBottom)" }
        let floor = header.configuration.reduceMotion ? 1 : header.configuration.minimumAvatarScale
        if now.avatarScale < floor - 1e-12 || now.avatarScale > 1 { return "avatar scale \(now.avatarScale)" }
        if abs(now.avatar.maxY - (layout.avatar.maxY - o)) > tolerance { return "avatar bottom \(now.avatar.maxY) left the content" }
        for (name, value) in [("title", now.titleOpacity), ("blur", now.blurOpacity)] where value < 0 || value > 1 { return "\(name) opacity \(value)" }
        if o >= layout.titleEndOffset, abs(now.title.midY - (layout.safeAreaTop + layout.stickyHeight / 2)) > tolerance {
            return "title at \(now.title.midY) once arrived, band centre \(layout.safeAreaTop + layout.stickyHeight / 2)"
        }
        if let bar = now.tabBar, let stick = layout.tabBarStickOffset, o >= stick, abs(bar.minY - layout.stickyBottom) > tolerance {
            return "tab bar at \(bar.minY), stuck header ends at \(layout.stickyBottom)"
        }
        // No jumps: a hair away, every output moves by at most what the tracks' slopes allow.
        let h = Swift.max(1e-6, 1e-12 * abs(o))
        let next = header.frame(offset: o + h)
        let steep = 4 + 2 * layout.width / Swift.max(layout.headerBottom, 1e-3) + 4 / Swift.max(layout.titleTravel, 1e-3)
            + 2 / Swift.max(layout.avatar.height, 1e-300)
            + (layout.titleSize.height + layout.headerBottom + layout.stickyOffset) / Swift.max(layout.headerBottom, 1e-3)   // the title scales with a pulled header
        let jumps = [next.headerTranslation - now.headerTranslation, next.header.height - now.header.height, next.avatar.minY - now.avatar.minY,
                     next.avatarScale - now.avatarScale, next.title.minY - now.title.minY, next.blurOpacity - now.blurOpacity]
        if layout.titleTravel > 1e-3, let jump = jumps.map(abs).max(), jump > steep * h * 1.01 + tolerance {
            return "jump of \(jump) between \(o) and \(o + h)"
        }
        let scene = LayerScene(size: Size(width: Swift.max(layout.width, 1), height: 800), layers: header.layers(
            offset: o, header: ImageContents(image: "h"), blurredHeader: ImageContents(image: "b"), avatar: ImageContents(image: "a"),
            title: TextContents("Title"), tabBar: layout.tabBar.map { Layer(name: "tabs", frame: $0) }))
        if !scene.isValid, let error = scene.validationErrors().first { return "scene: \(error)" }
        let top = scene.layers[0]
        if abs(top.bounds.height - layout.headerBottom) > 0 { return "header bounds \(top.bounds) for bottom \(layout.headerBottom)" }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .scroll(value): simpler(value).map { .scroll($0) }
        case let .poke(field, value): simpler(value).map { .poke(field: field, value: $0) }
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        func text(_ s: Shape) -> String {
            "width \(swiftLiteral(s.width)), safe \(swiftLiteral(s.safeAreaTop)), header \(swiftLiteral(s.headerHeight)), sticky \(swiftLiteral(s.stickyHeight)), "
                + "avatar \(swiftLiteral(s.avatar)), name y \(swiftLiteral(s.nameY)), title h \(swiftLiteral(s.titleHeight)), tab y \(s.tabY.map(swiftLiteral) ?? "none")"
        }
        var lines = ["// layout: \(text(setup.layout))"]
        for step in steps {
            switch step {
            case let .scroll(value): lines.append("header.frame(offset: \(swiftLiteral(value)))")
            case let .layout(shape): lines.append("header.layout = /* \(text(shape)) */")
            case let .configure(slowdown, floor, reduceMotion, eased):
                lines.append("header.configuration = .init(avatarSlowdown: \(swiftLiteral(slowdown)), minimumAvatarScale: \(swiftLiteral(floor)), "
                    + "titleCurve: \(eased ? ".easeInEaseOut" : ".linear"), reduceMotion: \(reduceMotion))")
            case let .poke(field, value):
                let name = ["width", "safeAreaTop", "headerHeight", "stickyHeight", "avatar.size.height", "nameLabel.origin.y",
                            "titleSize.height"][field]
                lines.append("header.layout.\(name) = \(swiftLiteral(value))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
