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
    /// once: a hundred thousand findings in one parent were as many walks from the root. (Only those parents'
    /// paths are kept, not every ancestor's: in a deep tree that would build a path for every level, each as long
    /// as its depth.) Siblings' findings come together, so the last parent's path and ordinals are kept at hand
    /// and a table is looked up only when the parent changes; the answer is a list, not a table by element, as
    /// hashing each finding's element twice was a third of naming a large parent's children.
    public static func paths(of indices: [Int], in h: Hierarchy) -> [String] {
        // Steps are written straight into the path from each parent's sibling ordinals (a step string made per
        // element and then copied into its path was a third of naming a large parent's children).
        var ordinals: [Int: [Int]] = [:]  // by parent
        // The last parent's children and ordinals at hand, and where the last child asked for stands: siblings are
        // mostly asked for in order, so the next one is usually the next child (no search among 100k siblings).
        var last = (parent: -1, kids: [Int](), ordinals: [Int](), position: -1)
        /// Child `k`'s ordinal among its parent `p`'s children of its type (-1 when it is the only one).
        func ordinal(_ k: Int, of p: Int) -> Int {
            if last.parent != p {
                let kids = h.elements[p].children
                if ordinals[p] == nil { ordinals[p] = Hierarchy.stepOrdinals(ofChildren: kids, in: h) }
                last = (p, kids, ordinals[p]!, -1)
            }
            let next = last.position + 1
            last.position = next < last.kids.count && last.kids[next] == k ? next : PathNamer.position(of: k, in: last.kids)
            return last.ordinals[last.position]
        }
        func appendStep(_ k: Int, to path: inout String) {
            path += h.elements[k].type
            guard let p = h.elements[k].parent else { return }
            let n = ordinal(k, of: p)
            if n >= 0 {
                path += "["
                path += String(n)  // a short string held inline: no interpolation, no allocation
                path += "]"
            }
        }
        var parentPaths: [Int: String] = [:]
        var lastPrefix = (parent: -1, path: "")
        var out: [String] = []
        out.reserveCapacity(indices.count)
        for i in indices {
            if let p = h.elements[i].parent {
                if lastPrefix.parent != p {
                    if let known = parentPaths[p] {
                        lastPrefix = (p, known)
                    } else {
                        var text = ""
                        for (n, a) in h.path(to: p).enumerated() {
                            if n > 0 { text += "/" }
                            appendStep(a, to: &text)
                        }
                        parentPaths[p] = text
                        lastPrefix = (p, text)
                    }
                }
                // The prefix, a slash and the step written into the string's bytes at once: appending them one by
                // one was most of naming a large parent's children.
                out.append(PathNamer.joined(lastPrefix.path, h.elements[i].type, ordinal(i, of: p)))
            } else {
                out.append(h.elements[i].type)  // the root: its type alone
            }
        }
        return out
    }

    /// `prefix/type[ordinal]` (no brackets for an ordinal below zero), written byte by byte into one string.
    static func joined(_ prefix: String, _ type: String, _ ordinal: Int) -> String {
        var prefix = prefix, type = type  // (`withUTF8` reads a native string in place)
        return prefix.withUTF8 { p in
            type.withUTF8 { t in
                String(unsafeUninitializedCapacity: p.count + t.count + 23) { out in
                    let base = UnsafeMutableRawPointer(out.baseAddress!)
                    if let from = p.baseAddress { base.copyMemory(from: from, byteCount: p.count) }
                    var n = p.count
                    out[n] = UInt8(ascii: "/"); n += 1
                    if let from = t.baseAddress { (base + n).copyMemory(from: from, byteCount: t.count) }
                    n += t.count
                    guard ordinal >= 0 else { return n }
                    out[n] = UInt8(ascii: "["); n += 1
                    n = NumberText.writeDigits(UInt64(ordinal), into: out, at: n)
                    out[n] = UInt8(ascii: "]")
                    return n + 1
                }
            }
        }
    }

    /// Where child `k` stands among `kids`: found by halving, as children are listed in tree order (ascending
    /// indices), and by a scan when they are not.
    static func position(of k: Int, in kids: [Int]) -> Int {
        var lo = 0, hi = kids.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if kids[mid] < k { lo = mid + 1 } else { hi = mid }
        }
        if lo < kids.count, kids[lo] == k { return lo }
        return kids.firstIndex(of: k) ?? 0
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
