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
        // One sweep's buffers for every parent, refilled: most parents overlap nowhere, and making a dozen arrays
        // for each of them (and freeing them) cost more than comparing their children.
        var sweep = OverlapSweep()
        var kids: [Int] = [], keyed: [(top: Double, index: Int)] = [], sorted: [Int] = []
        for p in h.indices {
            guard h[p].children.count > 1 else { continue }
            kids.removeAll(keepingCapacity: true)
            for k in h[p].children where !kinds[k].isDisjoint(with: [.text, .interactive]) && isVisible(k) && !isSystemChrome[k] { kids.append(k) }
            guard kids.count > 1 else { continue }
            // Sweep by top edge: only elements whose vertical ranges meet are compared, and at most a fixed number
            // per element. Each element is reported once, naming its first overlapping sibling and counting the rest.
            // (Sorted as pairs of top edge and index: a comparison that reads two elements misses the cache twice.)
            keyed.removeAll(keepingCapacity: true)
            for k in kids { keyed.append((top: h[k].frame.minY, index: k)) }
            keyed.sort { $0 < $1 }
            sorted.removeAll(keepingCapacity: true)
            for k in keyed { sorted.append(k.index) }
            sweep.load(sorted, frames: { h[$0].frame }, controls: { kinds[$0].contains(.interactive) }, inks: { inkArea($0) })
            sweep.compare(sorted)
            guard sweep.firstOther.contains(where: { $0 >= 0 }) else { continue }
            let firstOther = sweep.firstOther, firstOverlap = sweep.firstOverlap, others = sweep.others
            let reported = sorted.indices.filter { firstOther[$0] >= 0 }.sorted { sorted[$0] < sorted[$1] }
            // Room for this parent's findings at once (a large parent's are not grown into by doubling, each step
            // moving all so far), yet geometrically: reserving the exact count for each of many small parents
            // would move the whole list at every parent.
            if out.capacity < out.count + reported.count { out.reserveCapacity(max(out.count + reported.count, 2 * out.capacity)) }
            // Elements that overlap alike (the same frame, overlapping a sibling of the same frame) are one stack:
            // one finding names them all. A flat parent of a hundred thousand rows at a few positions gives a few.
            // Each reported element's stack found once (hashing its frames a second time to find its stack again
            // was a sixth of the rule on a flat parent).
            struct StackKey: Hashable { let own: Rect, other: Rect }
            var stackOf: [StackKey: Int] = [:]
            var stacks: [[Int]] = []
            var stackOfReported = [Int](repeating: 0, count: reported.count)
            for (r, k) in reported.enumerated() {
                let key = StackKey(own: h[sorted[k]].frame, other: h[firstOther[k]].frame)
                if let s = stackOf[key] {
                    stacks[s].append(k)
                    stackOfReported[r] = s
                } else {
                    stackOf[key] = stacks.count
                    stackOfReported[r] = stacks.count
                    stacks.append([k])
                }
            }
            for (r, k) in reported.enumerated() {
                let members = stacks[stackOfReported[r]]
                if members.count > 1 {
                    guard members[0] == k else { continue }  // the stack's finding, on its first member
                }
                // A stack's finding counts its members instead (`FindingStack`): the count of other siblings is
                // bounded by the comparisons made per element, and "63 other siblings" would understate a stack
                // of thousands.
                let n = members.count > 1 ? 0 : others[k]
                let overlap = firstOverlap[k]
                // Written into one string's bytes at once (`MessageBytes`).
                let other = firstOther[k]
                let message = MessageBytes.string(capacity: 64 + MessageBytes.referenceCapacity(h[other]) + 3 * MessageBytes.numberCapacity) { m in
                    m.put("its text overlaps its sibling ")
                    m.put(referenceTo: h[other])
                    m.put(" by ")
                    m.put(points: overlap.width)
                    m.put("×")
                    m.put(points: overlap.height)
                    m.put(" pt")
                    if n > 0 {
                        m.put(" and ")
                        m.put(n)
                        m.put(n == 1 ? " other sibling" : " other siblings")
                    }
                }
                var f = finding(.overlappingText, .review, sorted[k], message,
                                members.count > 1 ? [("overlapWidth", overlap.width), ("overlapHeight", overlap.height)]
                                    : [("overlapWidth", overlap.width), ("overlapHeight", overlap.height), ("otherSiblings", Double(n))])
                if members.count > 1 {
                    let key = StackKey(own: h[sorted[k]].frame, other: h[firstOther[k]].frame)
                    // Each pair is counted on its earlier element: rows stacked on one frame also hold the last row,
                    // which only the others name.
                    var all = Set(members.map { sorted[$0] })
                    if key.own == key.other { for m in members { all.insert(firstOther[m]) } }
                    let list = all.sorted()
                    f.evidence.append(("stack", Double(list.count)))
                    f.stack = FindingStack(members: list, frames: key.own.shortDescription + "|" + key.other.shortDescription)
                }
                out.append(f)
            }
        }
    }

    /// The comparisons of the overlap rule for one parent's siblings, sorted by top edge: each sibling with the
    /// ones after it whose vertical ranges meet it, at most `overlapComparisonsPerElement` of them. What they read
    /// lies side by side in sweep order, a number per array (a dense stack makes up to 64 comparisons per element;
    /// reading whole frames from the elements meant a cache miss each). Refilled for each parent (`load`).
    struct OverlapSweep {
        /// Top edges, and bottom edges less the tolerance: where the comparisons of an element stop.
        var tops: [Double] = [], reach: [Double] = []
        var frames: [Rect] = [], controls: [Bool] = []
        /// Ink areas as edges (`inkArea`; an element without one meets nothing: its edges are inverted).
        var inkMinX: [Double] = [], inkMaxX: [Double] = [], inkMinY: [Double] = [], inkMaxY: [Double] = []
        /// What `compare` found, for each sweep position: the first overlapping sibling (an element index, -1 for
        /// none), how far they meet (width, height), and how many more overlap it.
        var firstOther: [Int] = [], firstOverlap: [(width: Double, height: Double)] = [], others: [Int] = []
        /// Estimate every sibling's ink, met or not (what the tests compare the sweep's shortcut with).
        var estimatesEveryInk = false

        /// The siblings at each sweep position (`order`), read through the element's frame, whether it is a
        /// control, and its ink area.
        ///
        /// An ink area lies within its frame (`inkArea`), so a sibling whose frame meets none of those it is
        /// compared with cannot meet them with its ink either: its ink is not estimated (measuring the text was
        /// most of loading a parent whose children do not overlap). When a frame of the parent is not a plain
        /// one (a negative or absurd size), every ink is.
        mutating func load(_ order: [Int], frames frame: (Int) -> Rect, controls isControl: (Int) -> Bool, inks ink: (Int) -> Rect?) {
            let tol = CheckThresholds.overlapTolerance
            tops.removeAll(keepingCapacity: true); reach.removeAll(keepingCapacity: true)
            frames.removeAll(keepingCapacity: true); controls.removeAll(keepingCapacity: true)
            inkMinX.removeAll(keepingCapacity: true); inkMaxX.removeAll(keepingCapacity: true)
            inkMinY.removeAll(keepingCapacity: true); inkMaxY.removeAll(keepingCapacity: true)
            var plain = true
            for i in order {
                let f = frame(i)
                frames.append(f)
                tops.append(f.minY)
                reach.append(f.maxY - tol)
                controls.append(isControl(i))
                if !(f.width >= 0 && f.height >= 0 && f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) { plain = false }
            }
            let meets = plain && !estimatesEveryInk ? framesMeeting() : nil  // nil: every ink
            for (k, i) in order.enumerated() {
                let estimated = meets?[k] ?? true
                let a = estimated ? ink(i) : nil
                inkMinX.append(a?.minX ?? .infinity)
                inkMaxX.append(a?.maxX ?? -.infinity)
                inkMinY.append(a?.minY ?? .infinity)
                inkMaxY.append(a?.maxY ?? -.infinity)
            }
        }

        /// For each sweep position, whether its frame meets one it is compared with (`compare`'s window) by more
        /// than a little less than the tolerance (a margin for the rounding of the ink's arithmetic); nil once most
        /// of the positions so far meet one (a stack, a dense grid), where every ink is needed and the look ahead
        /// would be as much work again as the comparisons.
        private func framesMeeting() -> [Bool]? {
            let tol = CheckThresholds.overlapTolerance - 0.001
            let cap = LayoutChecker.overlapComparisonsPerElement
            let n = frames.count
            var meets = [Bool](repeating: false, count: n)
            var met = 0
            let found = meets.withUnsafeMutableBufferPointer { meets in
                frames.withUnsafeBufferPointer { frames in
                    tops.withUnsafeBufferPointer { tops in
                        reach.withUnsafeBufferPointer { reach -> Bool in
                            for k in 0..<n {
                                if k % 32 == 31, met * 4 > (k + 1) * 3 { return false }
                                let limit = reach[k], end = min(n, k + cap + 1), a = frames[k]
                                var m = k + 1
                                while m < end, tops[m] < limit {
                                    let b = frames[m]
                                    if min(a.maxX, b.maxX) - max(a.minX, b.minX) > tol, min(a.maxY, b.maxY) - max(a.minY, b.minY) > tol {
                                        if !meets[k] { meets[k] = true; met += 1 }
                                        if !meets[m] { meets[m] = true; met += 1 }
                                    }
                                    m += 1
                                }
                            }
                            return true
                        }
                    }
                }
            }
            return found ? meets : nil
        }

        /// Fills `firstOther`, `firstOverlap` and `others`. A pair meets when their ink areas meet by more than the
        /// tolerance both ways and neither is a control whose frame nests with the other's; it is counted on the
        /// element that comes first in the tree (`order` gives the element at each position), naming the earliest
        /// other. Arrays, not dictionaries: hashing each comparison was most of this rule's time.
        mutating func compare(_ order: [Int]) {
            let tol = CheckThresholds.overlapTolerance
            let cap = LayoutChecker.overlapComparisonsPerElement
            let n = tops.count
            firstOther.removeAll(keepingCapacity: true); firstOther.append(contentsOf: repeatElement(-1, count: n))
            firstOverlap.removeAll(keepingCapacity: true); firstOverlap.append(contentsOf: repeatElement((width: 0.0, height: 0.0), count: n))
            others.removeAll(keepingCapacity: true); others.append(contentsOf: repeatElement(0, count: n))
            let frames = self.frames
            // Through buffers: a dense stack makes 64 comparisons per element, most of them hits, and the arrays'
            // checks and the closures' captures cost more than the comparisons.
            firstOther.withUnsafeMutableBufferPointer { firstOther in
            firstOverlap.withUnsafeMutableBufferPointer { firstOverlap in
            others.withUnsafeMutableBufferPointer { others in
            order.withUnsafeBufferPointer { order in
            tops.withUnsafeBufferPointer { tops in
            reach.withUnsafeBufferPointer { reach in
            inkMinX.withUnsafeBufferPointer { x0 in
            inkMaxX.withUnsafeBufferPointer { x1 in
            inkMinY.withUnsafeBufferPointer { y0 in
            inkMaxY.withUnsafeBufferPointer { y1 in
            controls.withUnsafeBufferPointer { controls in
                for k in 0..<n {
                    let limit = reach[k], end = min(n, k + cap + 1)
                    let ax0 = x0[k], ax1 = x1[k], ay0 = y0[k], ay1 = y1[k]
                    var m = k + 1
                    while m < end, tops[m] < limit {
                        defer { m += 1 }
                        // Rect.intersection's arithmetic: the larger minimum and the smaller maximum of each axis.
                        let w = min(ax1, x1[m]) - max(ax0, x0[m]), h = min(ay1, y1[m]) - max(ay0, y0[m])
                        guard w > tol, h > tol else { continue }
                        // A control with its own title or icon laid over it: one contains the other.
                        if controls[k] || controls[m], LayoutChecker.nests(frames[k], frames[m]) { continue }
                        let a = order[k], b = order[m]
                        let (lo, hi) = a < b ? (k, b) : (m, a)
                        if firstOther[lo] >= 0 {
                            others[lo] += 1
                            if hi < firstOther[lo] { firstOther[lo] = hi; firstOverlap[lo] = (w, h) }
                        } else {
                            firstOther[lo] = hi
                            firstOverlap[lo] = (w, h)
                        }
                    }
                }
            }}}}}}}}}}}
        }
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
