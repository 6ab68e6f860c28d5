/// The accessibility tree of one screen, flattened in pre-order (a parent precedes its descendants).
public struct Hierarchy: Equatable, Sendable {
    public private(set) var elements: [Element]

    /// Builds a hierarchy from elements already in pre-order with consistent parent/children links.
    public init(preorder elements: [Element]) {
        self.elements = elements
    }

    /// Every element's texts cut at the string limit (`LoadLimits.cut`): what every reader leaves of an input.
    mutating func cutStrings(_ limits: LoadLimits) {
        let max = limits.maxStringBytes
        for k in elements.indices {
            let e = elements[k]
            guard
                e.type.utf8.count > max || e.identifier.utf8.count > max || e.label.utf8.count > max || e.value.utf8.count > max
                    || e.placeholderValue.utf8.count > max || e.title.utf8.count > max || (e.markedText?.utf8.count ?? 0) > max
            else { continue }
            elements[k].type = limits.cut(e.type)
            elements[k].identifier = limits.cut(e.identifier)
            elements[k].label = limits.cut(e.label)
            elements[k].value = limits.cut(e.value)
            elements[k].placeholderValue = limits.cut(e.placeholderValue)
            elements[k].title = limits.cut(e.title)
            elements[k].markedText = e.markedText.map(limits.cut)
        }
    }

    @inlinable public var count: Int { elements.count }
    public var root: Element { elements[0] }
    /// Read in place: returning a copy would retain and release every string of the element on each access.
    /// Inlinable, as are `count` and `indices`: the drawing and the views read elements from another module,
    /// where a call per access was a cost of its own.
    @inlinable public subscript(i: Int) -> Element {
        _read { yield elements[i] }
    }
    @inlinable public var indices: Range<Int> { elements.indices }

    /// The window the screen is drawn in: the first `Window` with a size, else an `Application` root with a size
    /// (Xcode 9 gave the application a frame). Nil when neither is there (a tvOS or macOS subtree, a fragment,
    /// a flat list): the window is unknown, and nothing is measured against it.
    public var windowIndex: Int? {
        if let w = elements.firstIndex(where: { $0.type == "Window" && !$0.frame.isEmpty }) { return w }
        if let root = elements.first, root.type == "Application", !root.frame.isEmpty { return 0 }
        return nil
    }

    public var windowFrame: Rect? {
        windowIndex.map { elements[$0].frame }
    }

    /// What mirroring is measured against: the window, or, when it is unknown, the area the elements cover.
    public var screenFrame: Rect { windowFrame ?? extent }

    /// The area all elements cover: what a drawing shows when the window is unknown.
    public var extent: Rect {
        var r: Rect?
        for e in elements where !e.frame.isEmpty { r = r.map { $0.union(e.frame) } ?? e.frame }
        return r ?? .zero
    }

    /// The index one past the last descendant of `i` (pre-order makes every subtree a contiguous range).
    public func subtreeEnd(_ i: Int) -> Int {
        let d = elements[i].depth
        var j = i + 1
        while j < elements.count, elements[j].depth > d { j += 1 }
        return j
    }

    public func isAncestor(_ a: Int, of b: Int) -> Bool {
        var p = elements[b].parent
        while let q = p {
            if q == a { return true }
            p = elements[q].parent
        }
        return false
    }

    /// Indices from the root down to `i`, inclusive.
    public func path(to i: Int) -> [Int] {
        var out = [i]
        var p = elements[i].parent
        while let q = p {
            out.append(q)
            p = elements[q].parent
        }
        return out.reversed()
    }

    /// A stable, readable path like `Application/Window/Other/Button[2]`: the index counts siblings of the
    /// same type, so it survives unrelated siblings being added. For many paths use a `PathNamer`.
    public func pathDescription(_ i: Int) -> String {
        path(to: i).map(stepName).joined(separator: "/")
    }

    /// The path for display: very deep paths keep their first 4 and last 8 steps around a count of the rest.
    public func shortPathDescription(_ i: Int) -> String {
        PathNamer.shorten(path(to: i), step: stepName)
    }

    /// One element's last path step (`Button[1]`), naming its parent's children once.
    public func stepName(_ k: Int) -> String {
        guard let p = elements[k].parent else { return elements[k].type }
        let kids = elements[p].children
        let names = Hierarchy.stepNames(ofChildren: kids, in: self)
        return names[kids.firstIndex(of: k) ?? 0]
    }

    /// Each element's last path step, computed for all elements in one pass.
    public func pathStepNames() -> [String] {
        var names = [String](repeating: "", count: elements.count)
        for p in elements.indices where !elements[p].children.isEmpty {
            let kids = elements[p].children
            for (k, name) in zip(kids, Hierarchy.stepNames(ofChildren: kids, in: self)) { names[k] = name }
        }
        if !elements.isEmpty { names[0] = elements[0].type }
        return names
    }

    /// The step names of one parent's children, in order: the type, with `[n]` when several children share it.
    static func stepNames(ofChildren kids: [Int], in h: Hierarchy) -> [String] {
        zip(kids, stepOrdinals(ofChildren: kids, in: h)).map { k, n in
            let t = h.elements[k].type
            return n < 0 ? t : "\(t)[\(n)]"
        }
    }

    /// For each of one parent's children, in order: its index among the children of its type, or -1 when no other
    /// child has its type (the step is the bare type). The one place sibling indexing is defined.
    static func stepOrdinals(ofChildren kids: [Int], in h: Hierarchy) -> [Int] {
        var ordinals = [Int](repeating: -1, count: kids.count)
        // An only child's step is its bare type: most parents of a real tree have one child.
        guard kids.count > 1 else { return ordinals }
        // First each child's slot of its type (held in `ordinals` for now) and how many children each type has.
        // Siblings share few types (rows of `Cell`, an `Other` or two): a type is looked for among the few seen by
        // comparing, and hashed only once a parent has shown many (hashing every child's type was most of naming
        // a screen's paths).
        var types: [String] = [], count: [Int] = []
        types.reserveCapacity(min(kids.count, 8))
        count.reserveCapacity(min(kids.count, 8))
        var slotOfType: [String: Int] = [:]
        for (k, kid) in kids.enumerated() {
            let type = h.elements[kid].type
            if let s = types.count <= 8 ? types.firstIndex(of: type) : slotOfType[type] {
                ordinals[k] = s
                count[s] += 1
                continue
            }
            if types.count == 8 { for (s, t) in types.enumerated() { slotOfType[t] = s } }
            if types.count >= 8 { slotOfType[type] = types.count }
            ordinals[k] = types.count
            types.append(type)
            count.append(1)
        }
        // Then each child's index among the children of its type: `next` is the next index of each type, -1 for a
        // type only one child has.
        var next = consume count
        for s in next.indices { next[s] = next[s] > 1 ? 0 : -1 }
        for k in kids.indices {
            let s = ordinals[k]
            ordinals[k] = next[s]
            if next[s] >= 0 { next[s] += 1 }
        }
        return ordinals
    }

    /// The first element whose identifier is `identifier`, in tree order.
    public func firstIndex(identifier: String) -> Int? {
        guard !identifier.isEmpty else { return nil }
        return elements.firstIndex { $0.identifier == identifier }
    }

    /// `firstIndex(identifier:)` of each of `identifiers`, in one walk (absent ones are left out).
    public func firstIndices(identifiers: Set<String>) -> [String: Int] {
        var found: [String: Int] = [:]
        for (i, e) in elements.enumerated() where !e.identifier.isEmpty && found[e.identifier] == nil && identifiers.contains(e.identifier) {
            found[e.identifier] = i
        }
        return found
    }
}
