import PseudoscopeCore
import PseudoscopeDrawing

/// One inspector's findings, indexed once: by element, the elements that have any (in tree order, for `f`/`F`),
/// and the worst severity inside each element's subtree (so a collapsed node shows
/// that something inside it needs a look). Built here and built again, never patched, when the findings change
/// (known issues recorded with `b`).
public struct FindingIndex: Sendable {
    public let findings: [Finding]
    public let byElement: [Int: [Finding]]
    public let elements: [Int]
    public let worstInside: [Severity?]

    public init(_ findings: [Finding], hierarchy h: Hierarchy) {
        self.findings = findings
        var byElement: [Int: [Finding]] = [:]
        for f in findings {
            if let stack = f.stack {
                // A stack's finding belongs to each of its members.
                for i in stack.members { byElement[i, default: []].append(f) }
            } else if let i = f.element {
                byElement[i, default: []].append(f)
            }
        }
        self.byElement = byElement
        elements = byElement.keys.sorted()
        // Children come after their parent in pre-order: one backward pass carries each worst severity up.
        var inside = [Severity?](repeating: nil, count: h.count)
        func worse(_ a: Severity?, _ b: Severity?) -> Severity? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        for i in h.indices.reversed() {
            guard let parent = h[i].parent else { continue }
            let own = byElement[i]?.map(\.severity).min()
            inside[parent] = worse(worse(own, inside[i]), inside[parent])
        }
        worstInside = inside
    }
}
