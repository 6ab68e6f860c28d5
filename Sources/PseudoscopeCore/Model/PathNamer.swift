import Synchronization

/// Names the paths of elements (`Application/Window/Button[1]`). A parent's children are named the first time
/// one of them is asked for, and kept: naming the paths of all findings, or of each selection in the
/// inspector, stays linear, and opening a large archive names nothing it does not show.
///
/// Safe to share between threads (it is part of the inspector's state, which is `Sendable`): the names are kept
/// behind a lock.
public struct PathNamer: Sendable {
    private let hierarchy: Hierarchy
    private let cache = StepNames()

    /// The step names found so far, by element.
    private final class StepNames: Sendable {
        let names = Mutex<[Int: String]>([:])
    }

    public init(_ hierarchy: Hierarchy) {
        self.hierarchy = hierarchy
    }

    /// One element's last path step (`Button[1]`); its siblings' are named and kept with it.
    func step(_ k: Int) -> String {
        if let known = cache.names.withLock({ $0[k] }) { return known }
        let h = hierarchy
        guard let p = h.elements[k].parent else { return h.elements[k].type }
        let kids = h.elements[p].children
        let names = Hierarchy.stepNames(ofChildren: kids, in: h)
        var mine = h.elements[k].type
        cache.names.withLock { table in
            for (kid, name) in zip(kids, names) {
                table[kid] = name
                if kid == k { mine = name }
            }
        }
        return mine
    }

    /// The paths of some elements (a screen's findings), by element; the table may name their ancestors too.
    /// Each parent's children are named once and each ancestor's path is built once: an element's path is its
    /// parent's and one more step (a hundred thousand findings in one parent made as many walks from the root).
    public static func paths(of indices: [Int], in h: Hierarchy) -> [Int: String] {
        var steps: [Int: String] = [:]
        var paths: [Int: String] = [:]
        paths.reserveCapacity(indices.count)
        func step(_ k: Int) -> String {
            if let known = steps[k] { return known }
            guard let p = h.elements[k].parent else { return h.elements[k].type }
            let kids = h.elements[p].children
            var mine = h.elements[k].type
            for (kid, name) in zip(kids, Hierarchy.stepNames(ofChildren: kids, in: h)) {
                steps[kid] = name
                if kid == k { mine = name }
            }
            return mine
        }
        var unknown: [Int] = []  // the walk up from an element to the nearest ancestor whose path is known
        for i in indices where paths[i] == nil {
            unknown.removeAll(keepingCapacity: true)
            var q: Int? = i
            var text: String?
            while let c = q {
                if let known = paths[c] { text = known; break }
                unknown.append(c)
                q = h.elements[c].parent
            }
            for c in unknown.reversed() {
                let name = step(c)
                let path = text.map { $0 + "/" + name } ?? name
                paths[c] = path
                text = path
            }
        }
        return paths
    }

    /// Indices from the root down to `i`, inclusive.
    func chain(_ i: Int) -> [Int] { hierarchy.path(to: i) }

    public func path(_ i: Int) -> String {
        chain(i).map { step($0) }.joined(separator: "/")
    }

    /// The path for display: very deep paths keep their first 4 and last 8 steps around a count of the rest.
    public func shortPath(_ i: Int) -> String {
        PathNamer.shorten(chain(i)) { step($0) }
    }

    static func shorten(_ chain: [Int], step: (Int) -> String) -> String {
        guard chain.count > 16 else { return chain.map(step).joined(separator: "/") }
        let head = chain.prefix(4).map(step), tail = chain.suffix(8).map(step)
        return (head + ["…(\(chain.count - 12) more)…"] + tail).joined(separator: "/")
    }
}
