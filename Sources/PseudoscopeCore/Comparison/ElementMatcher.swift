/// Pairs the elements of two runs of the same screen (docs/comparison.md).
///
/// Passes, each over what is still unmatched: 1. identifier (the k-th occurrence of a duplicated identifier
/// pairs with the k-th); 2. type + text without pseudo-localization markers + position in the tree;
/// 3. type + position in the tree (the text changed); 4. type + text (the element moved in the tree).
public struct ElementMatching: Sendable {
    /// For each element of B, its partner in A.
    public let bToA: [Int?]
    /// For each element of A, its partner in B.
    public let aToB: [Int?]

    public init(_ a: Hierarchy, _ b: Hierarchy) {
        var aToB = [Int?](repeating: nil, count: a.count)
        var bToA = [Int?](repeating: nil, count: b.count)
        func pair(_ i: Int, _ j: Int) { aToB[i] = j; bToA[j] = i }
        // The roots always correspond.
        if a.count > 0 && b.count > 0 { pair(0, 0) }

        /// Each of A's unpaired elements, in tree order, takes the first of B's unpaired elements, in tree order,
        /// with the same key (side 0 is A, 1 is B; nil: no key).
        func matchBy<Key: Hashable>(_ key: (Int, Int) -> Key?) {
            var waiting: [Key: [Int]] = [:]
            for j in b.indices where bToA[j] == nil { if let k = key(1, j) { waiting[k, default: []].append(j) } }
            guard !waiting.isEmpty else { return }
            var taken: [Key: Int] = [:]
            for i in a.indices where aToB[i] == nil {
                guard let k = key(0, i), let candidates = waiting[k] else { continue }
                let n = taken[k, default: 0]
                if n < candidates.count { pair(i, candidates[n]); taken[k] = n + 1 }
            }
        }
        let sides = [a, b]
        matchBy { s, i in sides[s][i].identifier.isEmpty ? nil : sides[s][i].identifier }
        // The later passes pair only elements left on both sides: when either side is all paired, they would
        // find nothing, and their keys (a path and a stripped text per element) are not worth building.
        guard aToB.contains(nil), bToA.contains(nil) else {
            self.aToB = aToB
            self.bToA = bToA
            return
        }
        let paths = ElementMatching.pathKeys(a, b)
        // Texts only of the elements still unpaired: the passes below read no others.
        let texts = [
            a.indices.map { aToB[$0] == nil ? TextClassifier.stripMarkers(a[$0].displayText) : "" },
            b.indices.map { bToA[$0] == nil ? TextClassifier.stripMarkers(b[$0].displayText) : "" },
        ]
        struct Key: Hashable {
            let type: String, text: String, path: Int
        }
        matchBy { s, i in Key(type: sides[s][i].type, text: texts[s][i], path: paths[s][i]) }
        matchBy { s, i in Key(type: sides[s][i].type, text: "", path: paths[s][i]) }
        matchBy { s, i in texts[s][i].isEmpty ? nil : Key(type: sides[s][i].type, text: texts[s][i], path: -1) }
        self.aToB = aToB
        self.bToA = bToA
    }

    /// A number per element, shared by both trees, equal exactly when the paths are (each step's type and index
    /// among its same-type siblings, as `pathDescription` writes them), built from the parent's number in one pass
    /// so that deep trees stay linear.
    static func pathKeys(_ a: Hierarchy, _ b: Hierarchy) -> [[Int]] {
        struct Step: Hashable { let parent: Int, type: String, ordinal: Int }
        var ids: [Step: Int] = [:]
        ids.reserveCapacity(a.count + b.count)  // grown step by step, it was rehashed a dozen times
        return [a, b].map { h in
            var ordinal = [Int](repeating: -1, count: h.count)  // the root's step is its type alone
            for p in h.indices where h[p].children.count > 1 {  // an only child's step is its type alone
                let kids = h[p].children
                for (k, n) in zip(kids, Hierarchy.stepOrdinals(ofChildren: kids, in: h)) { ordinal[k] = n }
            }
            var keys = [Int](repeating: 0, count: h.count)
            for i in h.indices {
                // An element other than the root without a parent has no step of its own.
                let orphan = i != 0 && h[i].parent == nil
                let step = Step(parent: h[i].parent.map { keys[$0] } ?? -1, type: orphan ? "" : h[i].type, ordinal: ordinal[i])
                if let id = ids[step] { keys[i] = id } else { keys[i] = ids.count; ids[step] = ids.count }
            }
            return keys
        }
    }
}
