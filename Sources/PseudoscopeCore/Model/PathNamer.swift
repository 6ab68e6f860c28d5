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

    /// The paths of some elements (a screen's findings), by element. Each parent's children are named once, and
    /// the path of each parent of an asked element is built once: a hundred thousand findings in one parent were
    /// as many walks from the root. (Only those parents' paths are kept, not every ancestor's: in a deep tree
    /// that would build a path for every level, each as long as its depth.)
    public static func paths(of indices: [Int], in h: Hierarchy) -> [Int: String] {
        var steps: [Int: String] = [:]
        var parentPaths: [Int: String] = [:]
        var out: [Int: String] = [:]
        out.reserveCapacity(indices.count)
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
        for i in indices where out[i] == nil {
            guard let p = h.elements[i].parent else { out[i] = step(i); continue }
            let prefix: String
            if let known = parentPaths[p] {
                prefix = known
            } else {
                prefix = h.path(to: p).map(step).joined(separator: "/")
                parentPaths[p] = prefix
            }
            out[i] = prefix + "/" + step(i)
        }
        return out
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
