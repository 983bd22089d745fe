// MARK: - StoryTray + Carry

extension StoryTray {
    /// Gives user `user` the phase of `ring` (its loading, or its resolution towards a launch),
    /// keeping the user's own status: how a row taking a new feed keeps the ring of a user who is
    /// still in it (see `TrayFeedMerge` in StoryKitUI). Nothing for an index out of range.
    ///
    /// - Parameters:
    ///   - ring: The user's ring in the tray that was.
    ///   - user: The user's index in this tray.
    ///   - loading: Whether the user is the one loading (their launch is then reported by
    ///     ``advance(to:)``).
    package mutating func carry(_ ring: StoryRing, to user: Int, loading: Bool) {
        guard rings.indices.contains(user) else { return }
        var carried = ring
        carried.status = rings[user].status
        rings[user] = carried
        if loading { loadingUser = user }
    }
}
