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

    /// The paths of some elements (a screen's findings), in the order asked (an element asked twice is named
    /// twice). Each parent's children are named once, and the path of each parent of an asked element is built
    /// once: a hundred thousand findings in one parent were as many walks from the root. It is built from its
    /// nearest named ancestor's, and ancestors keep theirs only down to `keptAncestorDepth`. What is known is
    /// kept in tables by element, not in dictionaries: hashing elements, and the bookkeeping that spared it for
    /// siblings asked in order, were most of naming a screen whose findings are spread over many parents.
    public static func paths(of indices: [Int], in h: Hierarchy) -> [String] {
        // Each child's ordinal among its parent's children of its type (-1 when it is the only one), filled in
        // for all of a parent's children the first time one is asked; `unknown` until then.
        let unknown = Int32.min
        var ordinals = [Int32](repeating: unknown, count: h.count)
        func ordinal(_ k: Int, of p: Int) -> Int {
            // An only child is named by its type alone.
            if ordinals[k] == unknown, h.elements[p].children.count > 1 {
                let kids = h.elements[p].children
                for (kid, n) in zip(kids, Hierarchy.stepOrdinals(ofChildren: kids, in: h)) { ordinals[kid] = Int32(clamping: n) }
            }
            // A child its parent does not list is named by its type alone too, as `step` names it.
            if ordinals[k] == unknown { ordinals[k] = -1 }
            return Int(ordinals[k])
        }
        /// A step appended to a path's bytes (appending to a `String` piece by piece was most of naming parents).
        func appendStep(_ k: Int, to path: inout [UInt8]) {
            path.append(contentsOf: h.elements[k].type.utf8)
            guard let p = h.elements[k].parent else { return }
            let n = ordinal(k, of: p)
            if n >= 0 {
                path.append(UInt8(ascii: "["))
                let at = path.count
                var digits = n
                repeat { path.insert(UInt8(ascii: "0") + UInt8(digits % 10), at: at); digits /= 10 } while digits > 0
                path.append(UInt8(ascii: "]"))
            }
        }
        // Parents' paths, each built once from its nearest named ancestor's (ancestors down to `keptAncestorDepth`
        // keep theirs), all in one buffer: an array of bytes per parent, each first copied from its ancestor's,
        // was a third of naming a screen whose findings are spread over many parents.
        var known: [UInt8] = []
        var from = [Int](repeating: -1, count: h.count), to = [Int](repeating: 0, count: h.count)  // a path's bytes in `known`
        var chain: [Int] = []  // from a parent up to below its nearest named ancestor, reused
        var text: [UInt8] = []  // the path being built, reused
        var out: [String] = []
        out.reserveCapacity(indices.count)
        for i in indices {
            guard let p = h.elements[i].parent else {
                out.append(h.elements[i].type)  // the root: its type alone
                continue
            }
            if from[p] < 0 {
                chain.removeAll(keepingCapacity: true)
                text.removeAll(keepingCapacity: true)
                var a = p, named = false
                while true {
                    chain.append(a)
                    guard let up = h.elements[a].parent else { break }
                    if from[up] >= 0 { text.append(contentsOf: known[from[up]..<to[up]]); named = true; break }
                    a = up
                }
                for n in chain.indices.reversed() {
                    if named || n != chain.count - 1 { text.append(UInt8(ascii: "/")) }
                    appendStep(chain[n], to: &text)
                    if n == 0 || h.elements[chain[n]].depth < PathNamer.keptAncestorDepth {
                        from[chain[n]] = known.count
                        known.append(contentsOf: text)
                        to[chain[n]] = known.count
                    }
                }
            }
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: known[from[p]..<to[p]])
            text.append(UInt8(ascii: "/"))
            appendStep(i, to: &text)
            out.append(String(decoding: text, as: UTF8.self))
        }
        return out
    }

    /// Ancestors down to this depth keep their paths while a screen's findings are named, to name their
    /// descendants' from; deeper ones do not, so that a deep tree does not keep a path per level, each as long as
    /// its depth.
    static let keptAncestorDepth = 32

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
