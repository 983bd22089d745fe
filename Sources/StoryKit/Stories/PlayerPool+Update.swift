// MARK: - PlayerPool + Update

extension PlayerPool {
    /// Brings the slots to what `viewer` needs now and says how, in the order to do it.
    ///
    /// Call it after every change of the viewer (every frame, touch and media report). The
    /// changes come in this order:
    /// 1. **silence**: every slot that must stop being heard or stop playing (its item is no
    ///    longer the playing current item, is no longer needed, or is about to be replaced) is
    ///    paused and muted — the slot that is heard now first, so that after the very first
    ///    change nothing but the current item can be heard;
    /// 2. the current item: **assign**ed to its slot if it is not there yet (or at a new
    ///    attempt), then **unmute**d and **play**ed if the viewer wants it heard and playing;
    /// 3. **assign** the other needed items not yet in a slot, paused and muted: the visible
    ///    pages', then the next item;
    /// 4. once the viewer has closed, only: **release** every slot, the one heard first.
    ///
    /// Nothing is unmuted before everything else is muted, and only the current item is ever
    /// unmuted or played, so after each single change at most one slot is unmuted, at most one
    /// plays, and a slot that can be heard holds the viewer's current item.
    ///
    /// - Parameter viewer: The viewer, as it is now.
    /// - Returns: The changes, in the order to carry them out; empty when nothing changes.
    public mutating func update(to viewer: StoriesViewer) -> [Change] {
        updates &+= 1
        let needs = Self.needs(of: viewer, capacity: capacity)
        guard !needs.isEmpty else {
            defer { slots = [] }
            return slots.sorted(by: Self.heardFirst).map { .release(slot: $0.id) }
        }

        // Place each need: in the slot that holds its item already, else in the least recently
        // needed slot whose item is no longer needed, else in a new slot.
        var placement: [Int: Need] = [:]
        var unplaced: [Need] = []
        for need in needs {
            if let slot = slot(holding: need.item.id) { placement[slot.id] = need } else { unplaced.append(need) }
        }
        var free = slots.filter { placement[$0.id] == nil }.sorted { ($0.lastNeeded, $0.id) < ($1.lastNeeded, $1.id) }[...]
        var used = Set(slots.map(\.id))
        for need in unplaced {
            if let slot = free.popFirst() {
                placement[slot.id] = need
            } else {
                let id = (0..<capacity).first { !used.contains($0) }!  // needs.count ≤ capacity
                used.insert(id)
                placement[id] = need
            }
        }

        // 1. Silence, the audible slot first.
        var changes: [Change] = []
        for slot in slots.sorted(by: Self.heardFirst) {
            let kept = placement[slot.id].flatMap { $0.item == slot.item ? $0 : nil }
            if slot.isPlaying, kept?.isPlaying != true { changes.append(.pause(slot: slot.id)) }
            if !slot.isMuted, kept?.isMuted != false { changes.append(.mute(slot: slot.id)) }
        }
        // 2. The current item, which may then be heard and play (no other slot is unmuted by
        //    now); 3. the others, paused and muted, most important first.
        var held: [Int: Slot] = [:]
        for slot in slots { held[slot.id] = Slot(id: slot.id, item: slot.item, isPlaying: false, isMuted: true, lastNeeded: slot.lastNeeded) }
        for (id, need) in placement.sorted(by: { $0.value.rank < $1.value.rank }) {
            let before = slots.first { $0.id == id && $0.item == need.item }
            if before == nil { changes.append(.assign(slot: id, item: need.item)) }
            if !need.isMuted, before?.isMuted != false { changes.append(.unmute(slot: id)) }
            if need.isPlaying, before?.isPlaying != true { changes.append(.play(slot: id)) }
            held[id] = Slot(id: id, item: need.item, isPlaying: need.isPlaying, isMuted: need.isMuted, lastNeeded: updates)
        }
        slots = held.values.sorted { $0.id < $1.id }
        return changes
    }

    /// The slot that can be heard before the others, then by id.
    static func heardFirst(_ a: Slot, _ b: Slot) -> Bool {
        (a.isAudible ? 0 : 1, a.id) < (b.isAudible ? 0 : 1, b.id)
    }

    /// One item the viewer needs in a slot now, and how its player must be.
    struct Need: Hashable {
        var item: Item
        var isPlaying: Bool
        var isMuted: Bool
        /// Its importance: 0 for the current item, then the other visible pages, then the next.
        var rank: Int
    }

    /// What `viewer` needs, most important first, one per item id, at most `capacity`: the
    /// current item (playing and heard as its directive says), the other visible pages' items,
    /// the next item (paused and muted). Nothing once the viewer has closed.
    static func needs(of viewer: StoriesViewer, capacity: Int) -> [Need] {
        guard !viewer.isClosed, let current = viewer.currentItem else { return [] }
        let directive = viewer.player(forUser: viewer.userIndex)
        var needs = [Need(item: Item(id: current.id, attempt: viewer.reports.attempt(of: current.id)),
                          isPlaying: directive?.isPlaying ?? false, isMuted: directive?.isMuted ?? true, rank: 0)]
        var ids: Set<String> = [current.id]
        func add(_ id: String, attempt: Int) {
            guard needs.count < capacity, ids.insert(id).inserted else { return }
            needs.append(Need(item: Item(id: id, attempt: attempt), isPlaying: false, isMuted: true, rank: needs.count))
        }
        for player in viewer.players { add(player.id, attempt: player.attempt) }
        if let next = viewer.nextItemID { add(next, attempt: viewer.reports.attempt(of: next)) }
        return needs
    }
}

// MARK: - StoriesViewer + Next item

extension StoriesViewer {
    /// The id of the item shown after the current one by going forward: the current user's next
    /// item, else the item the next user's page shows (``item(forUser:)``); `nil` after the
    /// last item of the last user.
    var nextItemID: String? { nextItem?.id }

    /// The item shown after the current one by going forward (see ``nextItemID``).
    var nextItem: StoryItem? {
        guard users.indices.contains(userIndex) else { return nil }
        let items = users[userIndex].items
        if items.indices.contains(itemIndex + 1) { return items[itemIndex + 1] }
        guard let item = item(forUser: userIndex + 1) else { return nil }
        return users[userIndex + 1].items[item]
    }
}
