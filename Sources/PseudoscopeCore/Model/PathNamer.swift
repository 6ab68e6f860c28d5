/// Names the path steps of elements (`Button[1]`), remembering each parent's sibling table so that naming the
/// paths of many elements under a wide parent stays linear instead of scanning the siblings every time.
public final class PathNamer {
    private let hierarchy: Hierarchy
    private var stepOf: [Int: String] = [:]

    public init(_ hierarchy: Hierarchy) {
        self.hierarchy = hierarchy
    }

    public func step(_ k: Int) -> String {
        if let s = stepOf[k] { return s }
        let h = hierarchy
        guard let p = h[k].parent else { return h[k].type }
        // Name every child of this parent at once.
        var total: [String: Int] = [:]
        for c in h[p].children { total[h[c].type, default: 0] += 1 }
        var seen: [String: Int] = [:]
        for c in h[p].children {
            let t = h[c].type
            let n = seen[t, default: 0]
            seen[t] = n + 1
            stepOf[c] = total[t]! > 1 ? "\(t)[\(n)]" : t
        }
        return stepOf[k]!
    }

    public func path(_ i: Int) -> String {
        hierarchy.path(to: i).map(step).joined(separator: "/")
    }
}
