import StoryKit

// MARK: - StoriesViewerStorm + Placeholders

extension StoriesViewerStorm {
    /// The BlurHash some of the storm's items carry (the specification's example).
    static let placeholder: StoryPlaceholder? = (try? BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")).map { .blurHash($0) }

    /// The storm's own record of the media reports the viewer was given, per item id, kept
    /// apart from the viewer's so that the placeholder rule is checked against what happened,
    /// not against what the viewer believes.
    struct PlaceholderRecord {
        enum Phase { case ready, displaying, failed }
        private var phases: [String: Phase] = [:]

        /// Notes a report the viewer was given at `time` (a report at a non-finite time is one
        /// the viewer ignores).
        mutating func record(_ event: StoriesViewer.MediaEvent, for id: String, at time: Double) {
            guard time.isFinite else { return }
            switch event {
            case .ready: if phases[id] == nil { phases[id] = .ready }
            case .displaying: phases[id] = .displaying
            case .failed: phases[id] = .failed
            default: break
            }
        }

        /// A retry of item `id` (the current item after the step) loads it again if it failed.
        mutating func retry(_ id: String?) {
            guard let id, phases[id] == .failed else { return }
            phases[id] = nil
        }

        /// Whether item `item`'s media is missing as far as its placeholder goes: an image's
        /// bytes have not arrived (no ready or first frame since its last failure), a video's
        /// first frame is not on screen.
        func isMissing(_ item: StoryItem) -> Bool {
            switch (item.kind, phases[item.id]) {
            case (_, nil), (_, .failed?): true
            case (.image, _): false
            case (.video, .ready?): true
            case (.video, .displaying?): false
            }
        }

        /// Whether no ready or first frame was reported for item `id` since its last failure.
        func hasNotArrived(_ id: String) -> Bool { phases[id] == nil || phases[id] == .failed }

        /// The rule for the open `viewer`'s frame: on every page drawn, an item whose media is
        /// missing shows its placeholder (named for it, over the page) if it has one, and its
        /// `"media"` layer draws no media.
        func check(_ viewer: StoriesViewer) -> String? {
            guard !viewer.isClosed else { return nil }
            let scene = viewer.scene(media: { _, _ in StoriesViewerStorm.picture }, avatar: { _ in StoriesViewerStorm.picture })
            for page in Self.layers(in: scene.layers, named: { $0.hasPrefix("page ") }) {
                guard let user = page.name.flatMap({ Int($0.dropFirst(5)) }), let index = viewer.item(forUser: user),
                      viewer.users.indices.contains(user), viewer.users[user].items.indices.contains(index),
                      let media = page.sublayers.first(where: { $0.name == "media" }) else {
                    return "page \(page.name ?? "?") without its user, item or media layer"
                }
                let item = viewer.users[user].items[index]
                let shown = media.sublayers.first { $0.name == "placeholder" }
                if item.placeholder != nil, isMissing(item) {
                    if media.contents != nil { return "page \(user) draws \(item.id)'s media before it arrived" }
                    guard let shown, shown.contents?.image == StoryPlaceholder.imageName(forItem: item.id),
                          shown.bounds.width >= page.bounds.width, shown.bounds.height >= page.bounds.height else {
                        return "page \(user) loads \(item.id) without its placeholder"
                    }
                } else if item.placeholder == nil, hasNotArrived(item.id), media.contents != nil {
                    return "page \(user) draws \(item.id)'s media before it arrived"
                }
                if item.placeholder == nil, shown != nil { return "page \(user) shows a placeholder \(item.id) does not have" }
            }
            return nil
        }

        /// The layers under `layers` (depth first) whose name passes `test`.
        static func layers(in layers: [Layer], named test: (String) -> Bool) -> [Layer] {
            layers.flatMap { layer in
                (layer.name.map(test) == true ? [layer] : []) + Self.layers(in: layer.sublayers, named: test)
            }
        }
    }
}
