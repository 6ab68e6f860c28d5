/// The shape of a tree in pre-order: each node's parent, children and the end of its subtree. Built once, so
/// that no movement walks a subtree to find where it ends.
public struct TreeShape: Sendable {
    public let parents: [Int?]
    public let children: [[Int]]
    /// One past the last descendant of each node.
    public let subtreeEnds: [Int]

    /// A tree from each node's parent, nodes in pre-order (a parent precedes its descendants).
    public init(parents: [Int?]) {
        var kids = [[Int]](repeating: [], count: parents.count)
        for (i, p) in parents.enumerated() { if let p = p { kids[p].append(i) } }
        self.init(parents: parents, children: kids)
    }

    /// A tree whose children lists are already known (a hierarchy's): they are shared, not rebuilt.
    public init(parents: [Int?], children kids: [[Int]]) {
        self.parents = parents
        children = kids
        // In pre-order a subtree ends where the next node that is not a descendant starts: walk backwards,
        // each node's end is its last child's end (or itself + 1 for a leaf).
        var ends = [Int](repeating: 0, count: parents.count)
        for i in parents.indices.reversed() { ends[i] = kids[i].last.map { ends[$0] } ?? i + 1 }
        subtreeEnds = ends
    }

    public var count: Int { parents.count }
}
