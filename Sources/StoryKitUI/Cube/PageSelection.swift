// MARK: - PageSelection

/// How ``CubePages``' selection by element identity maps to the pager's page index, as plain
/// values (tested on Linux).
enum PageSelection {
    /// The page showing the element whose identity is `id`: the first such page, or nil when no
    /// element has it.
    static func page<ID: Equatable>(of id: ID, in ids: [ID]) -> Int? {
        ids.firstIndex(of: id)
    }

    /// The identity of the element on page `index`, or nil when there is no such page.
    static func id<ID>(ofPage index: Int, in ids: [ID]) -> ID? {
        ids.indices.contains(index) ? ids[index] : nil
    }
}
