/// Names the paths of many elements (`Application/Window/Button[1]`): every step name is computed once, in one
/// pass, so that naming the paths of all findings, or of each selection in the inspector, stays linear.
///
/// A value with no shared state: safe to use from concurrent rules.
public struct PathNamer: Sendable {
    public let steps: [String]
    private let parents: [Int?]

    public init(_ hierarchy: Hierarchy) {
        steps = hierarchy.pathStepNames()
        parents = hierarchy.elements.map(\.parent)
    }

    /// The paths of some elements (a screen's findings), naming only the children of their ancestors: on a large
    /// screen with few findings, most parents are never named.
    public static func paths(of indices: [Int], in h: Hierarchy) -> [Int: String] {
        var step: [Int: String] = [:]
        var out: [Int: String] = [:]
        for i in indices where out[i] == nil {
            var chain: [Int] = []
            var k: Int? = i
            while let c = k {
                chain.append(c)
                if step[c] == nil {
                    if let p = h.elements[c].parent {
                        let kids = h.elements[p].children
                        for (kid, name) in zip(kids, Hierarchy.stepNames(ofChildren: kids, in: h)) { step[kid] = name }
                    } else {
                        step[c] = h.elements[c].type
                    }
                }
                k = h.elements[c].parent
            }
            out[i] = chain.reversed().map { step[$0]! }.joined(separator: "/")
        }
        return out
    }

    /// Indices from the root down to `i`, inclusive.
    func chain(_ i: Int) -> [Int] {
        var out = [i]
        var p = parents[i]
        while let q = p {
            out.append(q)
            p = parents[q]
        }
        return out.reversed()
    }

    public func path(_ i: Int) -> String {
        chain(i).map { steps[$0] }.joined(separator: "/")
    }

    /// The path for display: very deep paths keep their first 4 and last 8 steps around a count of the rest.
    public func shortPath(_ i: Int) -> String {
        PathNamer.shorten(chain(i)) { steps[$0] }
    }

    static func shorten(_ chain: [Int], step: (Int) -> String) -> String {
        guard chain.count > 16 else { return chain.map(step).joined(separator: "/") }
        let head = chain.prefix(4).map(step), tail = chain.suffix(8).map(step)
        return (head + ["…(\(chain.count - 12) more)…"] + tail).joined(separator: "/")
    }
}
