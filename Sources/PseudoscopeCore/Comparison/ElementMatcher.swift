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

        /// `key(side, index)` where side 0 is A and 1 is B: a number shared by both sides (nil: no key), each
        /// side's unpaired elements in tree order. B's are grouped by key in arrays (a counting sort), and each
        /// of A's takes the first of its key's that is still unpaired: no dictionary (hashing each element's key
        /// in every pass was a twentieth of a night's `check`).
        func matchBy(_ key: (Int, Int) -> Int?) {
            var bKeys: [(key: Int, element: Int)] = [], aKeys: [(key: Int, element: Int)] = []
            for j in b.indices where bToA[j] == nil { if let k = key(1, j) { bKeys.append((k, j)) } }
            guard !bKeys.isEmpty else { return }
            for i in a.indices where aToB[i] == nil { if let k = key(0, i) { aKeys.append((k, i)) } }
            var keyCount = 0
            for k in bKeys { keyCount = max(keyCount, k.key + 1) }
            // Where each key's elements of B start in `grouped`, in tree order within a key.
            var start = [Int](repeating: 0, count: keyCount + 1)
            for k in bKeys { start[k.key + 1] += 1 }
            for k in 0..<keyCount { start[k + 1] += start[k] }
            var grouped = [Int](repeating: 0, count: bKeys.count)
            var next = start
            for k in bKeys { grouped[next[k.key]] = k.element; next[k.key] += 1 }
            next = start  // each key's first candidate not yet looked past
            for (k, i) in aKeys where k < keyCount {
                var n = next[k]
                let end = start[k + 1]
                while n < end, bToA[grouped[n]] != nil { n += 1 }
                if n < end { pair(i, grouped[n]); n += 1 }
                next[k] = n
            }
        }
        // Types and texts as numbers shared by both sides (equal exactly when the strings are), each string
        // numbered once: the passes' keys were strings, hashed again in every pass (a tenth of a night's `check`).
        let sides = [a, b]
        var identifiers = FirstSeenNumbers<String>()
        matchBy { s, i in sides[s][i].identifier.isEmpty ? nil : identifiers.number(sides[s][i].identifier) }
        // The later passes pair only elements left on both sides: when either side is all paired, they would
        // find nothing, and their keys (a path and a stripped text per element) are not worth building.
        guard aToB.contains(nil), bToA.contains(nil) else {
            self.aToB = aToB
            self.bToA = bToA
            return
        }
        let (types, numbers) = ElementMatching.typeNumbers(a, b)
        var typeNumbers = numbers
        let paths = ElementMatching.pathKeys(a, b, types: types, typeNumbers: &typeNumbers)
        // Texts only of the elements still unpaired: the passes below read no others. The empty text is -1.
        var textNumbers = FirstSeenNumbers<String>()
        func number(_ text: String) -> Int { text.isEmpty ? -1 : textNumbers.number(text) }
        let texts = [
            a.indices.map { aToB[$0] == nil ? number(TextClassifier.stripMarkers(a[$0].displayText)) : -1 },
            b.indices.map { bToA[$0] == nil ? number(TextClassifier.stripMarkers(b[$0].displayText)) : -1 },
        ]
        // Each pass's keys numbered across both sides (type, text, path; type, path; type, text).
        var typeTextPath = FirstSeenNumbers<NumberTriple>(capacity: a.count + b.count)
        matchBy { s, i in typeTextPath.number(types[s][i], texts[s][i], paths[s][i]) }
        var typePath = FirstSeenNumbers<NumberTriple>(capacity: a.count + b.count)
        matchBy { s, i in typePath.number(types[s][i], paths[s][i], 0) }
        var typeText = FirstSeenNumbers<NumberTriple>(capacity: a.count + b.count)
        matchBy { s, i in texts[s][i] < 0 ? nil : typeText.number(types[s][i], texts[s][i], 0) }
        self.aToB = aToB
        self.bToA = bToA
    }

    /// A number per element, shared by both trees, that is equal exactly when `pathDescription` is (type and
    /// same-type sibling index at every level), built from the parent's number in one pass so that deep trees
    /// stay linear. A step is (parent's number, type, index among same-type siblings or -1 when the type is
    /// unique there): numbers, not the step's text, which made and hashed a string per element.
    static func pathKeys(_ a: Hierarchy, _ b: Hierarchy) -> [[Int]] {
        let (types, numbers) = typeNumbers(a, b)
        var typeNumbers = numbers
        return pathKeys(a, b, types: types, typeNumbers: &typeNumbers)
    }

    /// Each element's type as a number shared by both trees (`types[side][i]`), and the numbering.
    static func typeNumbers(_ a: Hierarchy, _ b: Hierarchy) -> (types: [[Int]], numbers: FirstSeenNumbers<String>) {
        var numbers = FirstSeenNumbers<String>()
        let types = [a, b].map { h in
            h.elements.map { numbers.number($0.type) }
        }
        return (types, numbers)
    }

    /// `pathKeys` with each element's type already a number (`types[side][i]`, numbered in `typeNumbers`, which
    /// gains the empty type when an element other than the root has no parent).
    static func pathKeys(_ a: Hierarchy, _ b: Hierarchy, types elementTypes: [[Int]], typeNumbers: inout FirstSeenNumbers<String>) -> [[Int]] {
        // A type spelled with a bracket could read like another type's indexed step ("Button[0]"): then the
        // texts themselves are compared, as `pathDescription` would.
        if typeNumbers.keys.contains(where: { $0.utf8.contains(UInt8(ascii: "[")) }) {
            return textPathKeys(a, b)
        }
        var ids = FirstSeenNumbers<NumberTriple>(capacity: a.count + b.count)  // interns a step (parent, type, index), across both trees
        // An element other than the root without a parent has no step of its own (its text is empty).
        let emptyType = typeNumbers.number("")
        return [a, b].enumerated().map { side, h in
            let types = h.indices.map { i in i == 0 || h[i].parent != nil ? elementTypes[side][i] : emptyType }
            var index = [Int](repeating: -1, count: h.count)
            for p in h.indices where !h[p].children.isEmpty {
                let kids = h[p].children
                for (k, n) in zip(kids, Hierarchy.stepOrdinals(ofChildren: kids, in: h)) { index[k] = n }
            }
            var keys = [Int](repeating: 0, count: h.count)
            for i in h.indices {
                // The root's step is its type alone, whatever its place.
                keys[i] = ids.number(h[i].parent.map { keys[$0] } ?? -1, types[i], i == 0 ? -1 : index[i])
            }
            return keys
        }
    }

    /// `pathKeys` from the steps' texts (`Button[1]`): the reference the numbered steps above stand for.
    static func textPathKeys(_ a: Hierarchy, _ b: Hierarchy) -> [[Int]] {
        struct Step: Hashable { let parent: Int, name: String }
        var ids: [Step: Int] = [:]
        return [a, b].map { h in
            var keys = [Int](repeating: 0, count: h.count)
            let steps = h.pathStepNames()
            for i in h.indices {
                let step = Step(parent: h[i].parent.map { keys[$0] } ?? -1, name: steps[i])
                if let id = ids[step] { keys[i] = id } else { keys[i] = ids.count; ids[step] = ids.count }
            }
            return keys
        }
    }
}
