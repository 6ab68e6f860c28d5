/// The visible rows of a tree whose nodes expand and collapse, and the selection among them: the movement
/// rules of the inspector's tree (WAI-ARIA tree view), in one small value that tests drive on tiny trees.
public struct TreeCursor: Sendable {
    public let shape: TreeShape
    public private(set) var expanded: [Bool]
    /// The nodes shown, in tree order: every node whose ancestors are all expanded.
    public private(set) var rows: [Int] = []
    public private(set) var list = ListCursor()

    /// A cursor with nodes shallower than `openDepth` expanded, on the first row.
    public init(shape: TreeShape, openDepth: Int, pageSize: Int) {
        self.shape = shape
        var depth = [Int](repeating: 0, count: shape.count)
        for i in 0..<shape.count { if let p = shape.parents[i] { depth[i] = depth[p] + 1 } }
        expanded = depth.map { $0 < openDepth }
        list = ListCursor(count: 0, pageSize: pageSize)
        rebuildRows(keeping: 0)
    }

    public var selected: Int { rows.isEmpty ? 0 : rows[list.position] }

    /// The row of node `i`, or nil when an ancestor is collapsed (binary search: rows are in tree order).
    public func row(of i: Int) -> Int? {
        let k = WrapAround.lowerBound(rows, i)
        return k < rows.count && rows[k] == i ? k : nil
    }

    public func hasChildren(_ i: Int) -> Bool { !shape.children[i].isEmpty }

    // MARK: - Movement

    public mutating func apply(_ m: Movement) { list.apply(m) }
    public mutating func move(by delta: Int) { list.move(by: delta) }
    public mutating func pageDown() { list.pageDown() }
    public mutating func top() { list.top() }
    public mutating func bottom() { list.bottom() }
    public mutating func scrollView(by delta: Int) { list.scrollView(by: delta) }
    public mutating func setPageSize(_ n: Int) { list.resize(pageSize: n) }

    /// Selects node `i`, expanding its ancestors so that it is shown.
    public mutating func select(_ i: Int) {
        guard i >= 0, i < shape.count else { return }
        var changed = false
        var p = shape.parents[i]
        while let q = p {
            if !expanded[q] { expanded[q] = true; changed = true }
            p = shape.parents[q]
        }
        if changed { rebuildRows(keeping: i) } else if let r = row(of: i) { list.moveTo(r) }
    }

    /// `l` / Right: expand a collapsed node; on an expanded one, go to its first child.
    public mutating func expandOrFirstChild() {
        let i = selected
        guard let first = shape.children[i].first else { return }
        if expanded[i] { select(first) } else { setExpanded(i, true) }
    }

    /// `h` / Left: collapse an expanded node; on a collapsed node or a leaf, go to the parent.
    public mutating func collapseOrParent() {
        let i = selected
        if hasChildren(i) && expanded[i] { setExpanded(i, false) } else if let p = shape.parents[i] { select(p) }
    }

    public mutating func toggle() {
        let i = selected
        if hasChildren(i) { setExpanded(i, !expanded[i]) }
    }

    public mutating func expandSubtree() { setSubtree(expanded: true) }
    public mutating func collapseSubtree() { setSubtree(expanded: false) }

    public mutating func expandAll() {
        let keep = selected
        expanded = Array(repeating: true, count: shape.count)
        rebuildRows(keeping: keep)
    }

    mutating func setExpanded(_ i: Int, _ value: Bool) {
        let keep = selected
        expanded[i] = value
        rebuildRows(keeping: keep)
    }

    mutating func setSubtree(expanded value: Bool) {
        let i = selected
        for k in i..<shape.subtreeEnds[i] { expanded[k] = value }
        rebuildRows(keeping: i)
    }

    /// Recomputes the shown rows. When `node` is hidden by a collapse, its nearest shown ancestor is selected.
    mutating func rebuildRows(keeping node: Int) {
        var out: [Int] = []
        var i = 0
        while i < shape.count {
            out.append(i)
            i = expanded[i] ? i + 1 : shape.subtreeEnds[i]
        }
        rows = out
        var target: Int? = node
        while let t = target, row(of: t) == nil { target = shape.parents[t] }
        list.resize(count: rows.count)
        list.moveTo(target.flatMap(row(of:)) ?? 0)
    }
}
