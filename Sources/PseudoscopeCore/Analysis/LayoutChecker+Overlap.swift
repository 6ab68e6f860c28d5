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
        /// A sibling in the sweep, with what a comparison reads and what its comparisons found.
        struct Sibling {
            let element: Int, frame: Rect, control: Bool
            /// Estimated once, and only for siblings compared with another (measuring is most of the rule).
            var ink: Rect??
            var found: Overlap?
        }
        var order = kids.map { (top: h[$0].frame.minY, element: $0) }
        order.sort { $0 < $1 }
        var sweep = order.map { Sibling(element: $0.element, frame: h[$0.element].frame, control: kinds[$0.element].contains(.interactive)) }
        func ink(_ k: Int) -> Rect? {
            if let known = sweep[k].ink { return known }
            let area = inkArea(sweep[k].element)
            sweep[k].ink = area
            return area
        }
        for k in sweep.indices {
            let reach = sweep[k].frame.maxY - tol
            var m = k + 1
            while m < sweep.count, m <= k + LayoutChecker.overlapComparisonsPerElement, sweep[m].frame.minY < reach {
                defer { m += 1 }
                guard let a = ink(k), let b = ink(m) else { continue }
                let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), ht = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                guard w > tol, ht > tol else { continue }
                // A control with its own title or icon laid over it: one contains the other.
                if sweep[k].control || sweep[m].control, LayoutChecker.nests(sweep[k].frame, sweep[m].frame) { continue }
                let (on, other) = sweep[k].element < sweep[m].element ? (k, sweep[m].element) : (m, sweep[k].element)
                var o = sweep[on].found ?? Overlap(first: other, width: w, height: ht, hits: 0)
                o.hits += 1
                if other < o.first { (o.first, o.width, o.height) = (other, w, ht) }
                sweep[on].found = o
            }
        }
        return sweep.compactMap { s in s.found.map { (s.element, $0) } }.sorted { $0.element < $1.element }
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
