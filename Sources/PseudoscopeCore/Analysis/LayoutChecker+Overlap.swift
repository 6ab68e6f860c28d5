/// The rule `overlapping-text`: rendered text that collides with a sibling's, found by a sweep over each
/// parent's children sorted by top edge.
extension LayoutChecker {
    /// Siblings compared with each element at most: a pathological screen (thousands of siblings stacked in one
    /// place) costs linear time, and an element past the cap is still reported by the ones before it.
    static let overlapComparisonsPerElement = 64

    /// Rendered text that really collides with a sibling. Not a control and its own title laid over it, not
    /// elements of a flat list (they are not siblings), and not a short text in a wide frame whose glyphs do not
    /// reach the other element.
    func overlappingText(into out: inout [Finding]) {
        guard relationsKnown else { return }
        for p in h.indices where h[p].children.count > 1 {
            let kids = h[p].children.filter { k in !kinds[k].isDisjoint(with: [.text, .interactive]) && isVisible(k) && !isSystemChrome[k] }
            guard kids.count > 1 else { continue }
            let found = overlaps(among: kids)  // in tree order
            // Elements that overlap alike (the same frame, overlapping a sibling of the same frame) are one stack:
            // one finding names them all. A flat parent of a hundred thousand rows at a few positions gives a few.
            let keys = found.map { OverlapStackKey(own: h[$0.element].frame, other: h[$0.overlap.first].frame) }
            var stacks: [OverlapStackKey: [Int]] = [:]  // positions in `found`
            for n in found.indices { stacks[keys[n], default: []].append(n) }
            for (n, (k, o)) in found.enumerated() {
                let key = keys[n]
                let members = stacks[key]!
                guard members.count == 1 || members[0] == n else { continue }  // a stack's finding, on its first member
                // A stack's finding counts its members instead (`FindingStack`): the count of other siblings is
                // bounded by the comparisons made per element, and "63 other siblings" would understate a stack
                // of thousands.
                let others = members.count > 1 ? 0 : o.hits - 1
                let message =
                    "its text overlaps its sibling \(h[o.first].reference) by \(formatPoints(o.width))×\(formatPoints(o.height)) pt"
                    + (others > 0 ? " and \(others) other sibling\(others == 1 ? "" : "s")" : "")
                var evidence = [("overlapWidth", o.width), ("overlapHeight", o.height)]
                if members.count == 1 { evidence.append(("otherSiblings", Double(others))) }
                var f = finding(.overlappingText, .review, k, message, evidence)
                if members.count > 1 {
                    // Rows stacked on one frame also hold the last row, which only the others name.
                    let named = key.own == key.other ? members.map { found[$0].overlap.first } : []
                    let list = Set(members.map { found[$0].element } + named).sorted()
                    f.evidence.append(("stack", Double(list.count)))
                    f.stack = FindingStack(members: list, frames: key.own.shortDescription + "|" + key.other.shortDescription)
                }
                out.append(f)
            }
        }
    }

    /// What one element's comparisons found: the earliest sibling in the tree it overlaps, how far they meet, and
    /// how many siblings it overlaps.
    struct Overlap {
        var first: Int
        var width, height: Double
        var hits: Int
    }

    /// The siblings whose ink meets another's by more than the tolerance both ways, where neither is a control
    /// whose frame nests with the other's, in tree order; each pair counted on the element first in the tree,
    /// naming the earliest other. A sweep by top edge: each sibling is compared with the ones after it whose
    /// vertical ranges meet it, at most `overlapComparisonsPerElement` of them, so that thousands of siblings
    /// stacked in one place cost linear time (an element past the cap is still reported by the ones before it).
    func overlaps(among kids: [Int]) -> [(element: Int, overlap: Overlap)] {
        let tol = CheckThresholds.overlapTolerance
        let tops = kids.map { h[$0].frame.minY }
        let sorted = kids.indices.sorted { (tops[$0], kids[$0]) < (tops[$1], kids[$1]) }.map { kids[$0] }
        // What a comparison reads, by sweep position.
        let frames = sorted.map { h[$0].frame }, controls = sorted.map { kinds[$0].contains(.interactive) }
        // Each ink estimated once, and only for siblings compared with another (measuring is most of the rule).
        var inks = [Rect??](repeating: nil, count: sorted.count)
        func ink(_ k: Int) -> Rect? {
            if let known = inks[k] { return known }
            let area = inkArea(sorted[k])
            inks[k] = area
            return area
        }
        var found = [Overlap?](repeating: nil, count: sorted.count)  // by sweep position
        for k in sorted.indices {
            let reach = frames[k].maxY - tol
            var m = k + 1
            while m < sorted.count, m <= k + LayoutChecker.overlapComparisonsPerElement, frames[m].minY < reach {
                defer { m += 1 }
                guard let a = ink(k), let b = ink(m) else { continue }
                let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), ht = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                guard w > tol, ht > tol else { continue }
                // A control with its own title or icon laid over it: one contains the other.
                if controls[k] || controls[m], LayoutChecker.nests(frames[k], frames[m]) { continue }
                let (on, other) = sorted[k] < sorted[m] ? (k, sorted[m]) : (m, sorted[k])
                var o = found[on] ?? Overlap(first: other, width: w, height: ht, hits: 0)
                o.hits += 1
                if other < o.first { (o.first, o.width, o.height) = (other, w, ht) }
                found[on] = o
            }
        }
        return found.indices.compactMap { k in found[k].map { (sorted[k], $0) } }.sorted { $0.element < $1.element }
    }

    /// Whether one frame contains the other, within the containment tolerance.
    static func nests(_ fa: Rect, _ fb: Rect) -> Bool {
        let tol = CheckThresholds.containmentTolerance
        return fa.contains(fb, tolerance: tol) || fb.contains(fa, tolerance: tol)
    }

    /// The part of an element's frame its text is drawn in. Text takes its own width (the intrinsic size when
    /// recorded, else an estimate), vertically centred; labels align it to the leading edge (the left, or the
    /// right in an rtl run), controls centre their titles. Text wider than the frame fills it. An element
    /// without text (an icon button) covers its whole frame.
    func inkArea(_ i: Int) -> Rect? {
        // Fields read in place (`let e = h[i]` copied the element for every sibling compared).
        let f = h[i].frame
        let text = h[i].displayText
        guard !text.isEmpty else { return f }
        let size = h[i].intrinsicContentSize
        // Font size from the frame: a single line of body text is about 1.2 em high; larger frames are padded.
        let fontSize = min(17, max(10, f.height / 1.2))
        let tw = min(f.width, size?.width ?? TextClassifier.estimatedWidth(text, fontSize: fontSize))
        let th = min(f.height, size?.height ?? fontSize * 1.2)
        let x: Double
        if kinds[i].contains(.interactive) {
            x = f.midX - tw / 2
        } else {
            x = archive.mode.isRightToLeft ? f.maxX - tw : f.minX
        }
        return Rect(x: x, y: f.midY - th / 2, width: tw, height: th)
    }
}

/// A stack of identical overlaps: the frame its elements share and the frame they overlap.
struct OverlapStackKey: Hashable {
    let own: Rect, other: Rect
}
