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
            // (Sorted as pairs of top edge and index: a comparison that reads two elements misses the cache twice.
            // A large parent's by the tops' bits, in the same order: `TopOrder`.)
            sorted.removeAll(keepingCapacity: true)
            var kidAt: [Int32]?  // each sweep position's child among `kids`, when `TopOrder` sorted them
            if kids.count >= TopOrder.smallest, zip(kids, kids.dropFirst()).allSatisfy({ $0 < $1 }),
               let order = TopOrder.positions(kids.map { h[$0].frame.minY }) {
                for o in order { sorted.append(kids[Int(o)]) }
                kidAt = order
            } else {
                keyed.removeAll(keepingCapacity: true)
                for k in kids { keyed.append((top: h[k].frame.minY, index: k)) }
                keyed.sort { $0 < $1 }
                for k in keyed { sorted.append(k.index) }
            }
            sweep.load(sorted, frames: { h[$0].frame }, controls: { kinds[$0].contains(.interactive) }, inks: { inkArea($0) })
            sweep.compare(sorted)
            guard sweep.firstOther.contains(where: { $0 >= 0 }) else { continue }
            let firstOther = sweep.firstOther, firstOverlap = sweep.firstOverlap, others = sweep.others
            // The sweep positions of the elements that overlap, in tree order.
            let reported: [Int]
            if let kidAt {
                var positionOf = [Int](repeating: 0, count: kids.count)
                for (p, o) in kidAt.enumerated() { positionOf[Int(o)] = p }
                reported = positionOf.filter { firstOther[$0] >= 0 }
            } else {
                reported = sorted.indices.filter { firstOther[$0] >= 0 }.sorted { sorted[$0] < sorted[$1] }
            }
            // Room for this parent's findings at once (a large parent's are not grown into by doubling, each step
            // moving all so far), yet geometrically: reserving the exact count for each of many small parents
            // would move the whole list at every parent.
            if out.capacity < out.count + reported.count { out.reserveCapacity(max(out.count + reported.count, 2 * out.capacity)) }
            // Elements that overlap alike (the same frame, overlapping a sibling of the same frame) are one stack:
            // one finding names them all. A flat parent of a hundred thousand rows at a few positions gives a few.
            // Each reported element's stack found once (hashing its frames a second time to find its stack again
            // was a sixth of the rule on a flat parent).
            var stackOf: [OverlapStackKey: Int] = [:]
            var stacks: [[Int]] = []
            var stackOfReported = [Int](repeating: 0, count: reported.count)
            for (r, k) in reported.enumerated() {
                let key = OverlapStackKey(own: h[sorted[k]].frame, other: h[firstOther[k]].frame)
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
                    let key = OverlapStackKey(own: h[sorted[k]].frame, other: h[firstOther[k]].frame)
                    // Each pair is counted on its earlier element: rows stacked on one frame also hold the last row,
                    // which only the others name.
                    // The members are in tree order already (`reported`), and the others they name nearly so: the two
                    // lists are merged (a set of each stack's elements, sorted, was a tenth of the rule on a flat parent).
                    var list = members.map { sorted[$0] }
                    if key.own == key.other {
                        var named = members.map { firstOther[$0] }
                        named.sort()
                        list = LayoutChecker.mergedDistinct(list, named)
                    }
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
            // Through buffers: a dense stack makes 64 comparisons per element, most of them hits, and the arrays'
            // checks and the closures' captures cost more than the comparisons. What the element at `k` finds is
            // kept in locals until its comparisons end (it is the earlier one of most pairs: the sweep's order is the
            // tree's among equal tops), and stored once.
            frames.withUnsafeBufferPointer { frames in
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
                    let a = order[k], control = controls[k]
                    var first = firstOther[k], overlap = firstOverlap[k], count = others[k]
                    var m = k + 1
                    while m < end, tops[m] < limit {
                        defer { m += 1 }
                        // Rect.intersection's arithmetic: the larger minimum and the smaller maximum of each axis.
                        let w = min(ax1, x1[m]) - max(ax0, x0[m]), h = min(ay1, y1[m]) - max(ay0, y0[m])
                        guard w > tol, h > tol else { continue }
                        // A control with its own title or icon laid over it: one contains the other.
                        if control || controls[m], LayoutChecker.nests(frames[k], frames[m]) { continue }
                        // Counted on the one first in the tree, naming the earliest other.
                        let b = order[m]
                        if a < b {
                            if first >= 0 {
                                count += 1
                                if b < first { first = b; overlap = (w, h) }
                            } else {
                                first = b
                                overlap = (w, h)
                            }
                        } else if firstOther[m] >= 0 {
                            others[m] += 1
                            if a < firstOther[m] { firstOther[m] = a; firstOverlap[m] = (w, h) }
                        } else {
                            firstOther[m] = a
                            firstOverlap[m] = (w, h)
                        }
                    }
                    firstOther[k] = first
                    firstOverlap[k] = overlap
                    others[k] = count
                }
            }}}}}}}}}}}}
        }
    }

    /// The distinct numbers of two ascending lists, ascending.
    static func mergedDistinct(_ a: [Int], _ b: [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next: Int
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if out.last != next { out.append(next) }
        }
        return out
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

/// A large parent's children in the overlap sweep's order, top edge first, by a radix sort of the tops' bits:
/// sorting a hundred thousand pairs of top and index by comparison was a tenth of the rule on a flat parent. It
/// gives the pairs' order where it is used: the children's indices increase (their order is the indices'; a
/// stable sort keeps it among equal tops) and no top is NaN (which orders no pair).
enum TopOrder {
    /// Parents with fewer children keep the comparison sort (a chosen bound, not a measured one: the rows that
    /// need the radix sort have thousands of children, and a night's small parents keep the path they had).
    static let smallest = 512

    /// The positions of `tops` in ascending order, equal ones in their order; nil when a top is NaN.
    static func positions(_ tops: [Double]) -> [Int32]? {
        let n = tops.count
        guard n < Int(Int32.max) else { return nil }
        // Each top as a word whose unsigned order is the number's (negatives' bits inverted, the sign bit set on
        // the rest); -0 as 0, which it equals.
        var keys: [UInt64] = []
        keys.reserveCapacity(n)
        for t in tops {
            guard !t.isNaN else { return nil }
            let b = (t + 0).bitPattern
            keys.append(b >> 63 == 1 ? ~b : b | (1 << 63))
        }
        var order = (0..<Int32(n)).map { $0 }
        var keysTo = keys, orderTo = order
        var counts = [Int](repeating: 0, count: 256)
        // A byte at a time from the lowest; a byte every key shares moves nothing and is passed over (whole
        // numbers' low bytes are all zero).
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            for d in 0..<256 { counts[d] = 0 }
            for k in keys { counts[Int(truncatingIfNeeded: k >> shift) & 0xFF] += 1 }
            if counts.contains(n) { continue }
            var at = 0
            for d in 0..<256 { (counts[d], at) = (at, at + counts[d]) }
            keys.withUnsafeBufferPointer { keys in
            order.withUnsafeBufferPointer { order in
            keysTo.withUnsafeMutableBufferPointer { keysTo in
            orderTo.withUnsafeMutableBufferPointer { orderTo in
            counts.withUnsafeMutableBufferPointer { counts in
                for j in 0..<n {
                    let d = Int(truncatingIfNeeded: keys[j] >> shift) & 0xFF
                    let to = counts[d]
                    counts[d] = to + 1
                    keysTo[to] = keys[j]
                    orderTo[to] = order[j]
                }
            }}}}}
            swap(&keys, &keysTo)
            swap(&order, &orderTo)
        }
        return order
    }
}

/// A stack of identical overlaps: the frame its elements share and the frame they overlap.
struct OverlapStackKey: Hashable {
    let own: Rect, other: Rect

    /// One word for the hasher, mixed from the eight numbers' bits: the hasher's work for each of eight was most of
    /// finding a flat parent's stacks. (Zero is made positive: `-0.0 == 0.0`.)
    func hash(into hasher: inout Hasher) {
        hasher.combine(OverlapStackKey.mixed(own, other, seed: OverlapStackKey.seed))
    }

    /// The mix starts from a secret of this process's: each step is a bijection of the word so far, so from a
    /// known start an archive could be made whose frames all mix to one word, and equal words hash equal whatever
    /// the hasher's own seed (its stacks would then be found by probing past all the others: quadratic).
    static let seed = UInt64.random(in: .min ... .max)

    static func mixed(_ own: Rect, _ other: Rect, seed: UInt64) -> UInt64 {
        var x = seed
        func mix(_ v: Double) {
            x = (x ^ (v + 0).bitPattern) &* 0x9E37_79B9_7F4A_7C15
            x ^= x >> 29
        }
        mix(own.x); mix(own.y); mix(own.width); mix(own.height)
        mix(other.x); mix(other.y); mix(other.width); mix(other.height)
        return x
    }
}
