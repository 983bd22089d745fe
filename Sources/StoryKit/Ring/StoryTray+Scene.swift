import MotionCore

// MARK: - StoryTray + Scene

extension StoryTray {
    /// The row at `time` as layers in the viewport: each visible user's avatar and ring (as
    /// ``StoryRing/layers(at:avatarFrame:avatar:name:)`` draws them) and name.
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - avatar: The picture of user `index`, if any.
    /// - Returns: The layers, left to right; avatars scrolled out of view are left out.
    public func layers(at time: Double, avatar: (Int) -> ImageContents?) -> [Layer] {
        var layers: [Layer] = []
        let reach = configuration.ringRoom
        for index in users.indices {
            guard let frame = avatarFrame(user: index), frame.maxX + reach >= 0, frame.minX - reach <= viewportWidth else { continue }
            layers += rings[index].layers(at: time, avatarFrame: frame, avatar: avatar(index), name: "avatar \(users[index].id)")
            var name = Layer(name: "name \(users[index].id)",
                             frame: Rect(x: frame.minX - configuration.spacing / 2 - reach, y: frame.maxY + reach + 4,
                                         width: frame.width + 2 * reach + configuration.spacing, height: configuration.nameSize * 1.4))
            let color = rings[index].status == .unseen ? RGBAColor(white: 0.1) : RGBAColor(white: 0.45)
            name.text = TextContents(users[index].name, fontSize: configuration.nameSize, color: color, alignment: .center, numberOfLines: 1)
            layers.append(name)
        }
        return layers
    }

    /// The VoiceOver label of user `index`'s avatar: "Ava, new story", "Ava, seen", with
    /// ", loading" while their story loads.
    public func accessibilityLabel(user index: Int) -> String {
        guard users.indices.contains(index) else { return "" }
        let state = rings[index].status == .unseen ? "new story" : "seen"
        return "\(users[index].name), \(state)" + (loadingUser == index ? ", loading" : "")
    }
}
