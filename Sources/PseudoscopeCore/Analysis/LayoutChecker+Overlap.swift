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
            keyed.removeAll(keepingCapacity: true)
            for k in kids { keyed.append((top: h[k].frame.minY, index: k)) }
            keyed.sort { $0 < $1 }
            sorted.removeAll(keepingCapacity: true)
            for k in keyed { sorted.append(k.index) }
            sweep.load(sorted, frames: { h[$0].frame }, controls: { kinds[$0].contains(.interactive) }, inks: { inkArea($0) })
            sweep.compare()
            guard sweep.firstOther.contains(where: { $0 >= 0 }) else { continue }
            let firstOther = sweep.firstOther, firstOverlap = sweep.firstOverlap, others = sweep.others
            // The sweep positions of the elements that overlap, in tree order.
            let reported = sorted.indices.filter { firstOther[$0] >= 0 }.sorted { sorted[$0] < sorted[$1] }
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
                let other = firstOther[k]
                let message =
                    "its text overlaps its sibling \(h[other].reference) by \(formatPoints(overlap.width))×\(formatPoints(overlap.height)) pt"
                    + (n > 0 ? " and \(n) other sibling\(n == 1 ? "" : "s")" : "")
                var f = finding(
                    .overlappingText, .review, sorted[k], message,
                    members.count > 1
                        ? [("overlapWidth", overlap.width), ("overlapHeight", overlap.height)]
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
    /// ones after it whose vertical ranges meet it, at most `overlapComparisonsPerElement` of them. What a
    /// comparison reads of a sibling lies in one entry, the entries side by side in sweep order (a dense stack
    /// makes up to 64 comparisons per element; reading whole frames from the elements meant a cache miss each, and
    /// a number per array kept a dozen base addresses live in the loop, more than the registers hold: the spills
    /// were most of a comparison's instructions). Refilled for each parent (`load`).
    struct OverlapSweep {
        /// What a comparison reads of the sibling at a sweep position: its top edge, its ink area as edges
        /// (`inkArea`; an element without one meets nothing: its edges are inverted), its element index and
        /// whether it is a control.
        ///
        /// The maxima before the minima: the smaller maxima of both axes are then one vector minimum, and the
        /// larger minima one vector maximum (with the minima first, the compiler paired each axis's two edges and
        /// blended them: a third more instructions a comparison).
        struct Entry {
            var top: Double
            var inkMaxX: Double, inkMaxY: Double, inkMinX: Double, inkMinY: Double
            var element: Int
            var control: Bool
        }
        /// What `compare` found for a sweep position while it runs: the earliest overlapping sibling (`Int.max`
        /// for none yet), how far they meet, and how many siblings overlap it (the first among them).
        struct Found {
            var first: Int = .max
            var width: Double = 0, height: Double = 0
            var hits: Int = 0
        }
        var entries: [Entry] = []
        /// Bottom edges less the tolerance: where the comparisons of an element stop.
        var reach: [Double] = []
        var frames: [Rect] = []
        /// What `compare` found, for each sweep position: the first overlapping sibling (an element index, -1 for
        /// none), how far they meet (width, height), and how many more overlap it.
        var firstOther: [Int] = [], firstOverlap: [(width: Double, height: Double)] = [], others: [Int] = []
        private var found: [Found] = []
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
            entries.removeAll(keepingCapacity: true); reach.removeAll(keepingCapacity: true)
            frames.removeAll(keepingCapacity: true)
            var plain = true
            for i in order {
                let f = frame(i)
                frames.append(f)
                entries.append(
                    Entry(
                        top: f.minY, inkMaxX: -.infinity, inkMaxY: -.infinity, inkMinX: .infinity, inkMinY: .infinity,
                        element: i, control: isControl(i)))
                reach.append(f.maxY - tol)
                if !(f.width >= 0 && f.height >= 0 && f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) { plain = false }
            }
            let meets = plain && !estimatesEveryInk ? framesMeeting() : nil  // nil: every ink
            for (k, i) in order.enumerated() where meets?[k] ?? true {
                guard let a = ink(i) else { continue }
                entries[k].inkMinX = a.minX
                entries[k].inkMaxX = a.maxX
                entries[k].inkMinY = a.minY
                entries[k].inkMaxY = a.maxY
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
                    entries.withUnsafeBufferPointer { entries in
                        reach.withUnsafeBufferPointer { reach -> Bool in
                            for k in 0..<n {
                                if k % 32 == 31, met * 4 > (k + 1) * 3 { return false }
                                let limit = reach[k], end = min(n, k + cap + 1), a = frames[k]
                                var m = k + 1
                                while m < end, entries[m].top < limit {
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
        /// element that comes first in the tree (each entry's `element`), naming the earliest other. Arrays, not
        /// dictionaries: hashing each comparison was most of this rule's time.
        mutating func compare() {
            let tol = CheckThresholds.overlapTolerance
            let cap = LayoutChecker.overlapComparisonsPerElement
            let n = entries.count
            found.removeAll(keepingCapacity: true); found.append(contentsOf: repeatElement(Found(), count: n))
            // Through pointers: a dense stack makes 64 comparisons per element, most of them hits, and the arrays'
            // checks and the closures' captures cost more than the comparisons. What the element at `k` finds is
            // kept in locals until its comparisons end (it is the earlier one of most pairs: the sweep's order is the
            // tree's among equal tops), and stored once; its overlap with the earliest other is measured again then
            // (keeping the two numbers in the loop took a blend of vectors at every hit).
            frames.withUnsafeBufferPointer { frames in
                found.withUnsafeMutableBufferPointer { found in
                    entries.withUnsafeBufferPointer { entries in
                        reach.withUnsafeBufferPointer { reach in
                            guard let base = entries.baseAddress, let fb = found.baseAddress else { return }
                            for k in 0..<n {
                                let e = base[k], limit = reach[k]
                                let stop = base + min(n, k + cap + 1)
                                var mine = Scan(first: fb[k].first, hits: fb[k].hits, at: -1)
                                var p = base + (k + 1)
                                while true {
                                    // Siblings that are not controls, when this one is not either, in the tight loop.
                                    if !e.control {
                                        OverlapSweep.scan(e, base: base, found: fb, limit: limit, tol: tol, from: &p, to: stop, into: &mine)
                                    }
                                    guard p < stop, p.pointee.top < limit else { break }
                                    defer { p += 1 }
                                    let w = min(e.inkMaxX, p.pointee.inkMaxX) - (p.pointee.inkMinX > e.inkMinX ? p.pointee.inkMinX : e.inkMinX)
                                    let h = min(e.inkMaxY, p.pointee.inkMaxY) - (p.pointee.inkMinY > e.inkMinY ? p.pointee.inkMinY : e.inkMinY)
                                    guard w > tol, h > tol else { continue }
                                    // A control with its own title or icon laid over it: one contains the other.
                                    if e.control || p.pointee.control, LayoutChecker.nests(frames[k], frames[p - base]) { continue }
                                    OverlapSweep.count(e, p, base: base, found: fb, width: w, height: h, into: &mine)
                                }
                                if mine.at >= 0 {
                                    let o = base[mine.at]
                                    fb[k].first = mine.first
                                    fb[k].width = min(e.inkMaxX, o.inkMaxX) - (o.inkMinX > e.inkMinX ? o.inkMinX : e.inkMinX)
                                    fb[k].height = min(e.inkMaxY, o.inkMaxY) - (o.inkMinY > e.inkMinY ? o.inkMinY : e.inkMinY)
                                }
                                fb[k].hits = mine.hits
                            }
                        }
                    }
                }
            }
            firstOther.removeAll(keepingCapacity: true); firstOverlap.removeAll(keepingCapacity: true); others.removeAll(keepingCapacity: true)
            for f in found {
                firstOther.append(f.hits > 0 ? f.first : -1)
                firstOverlap.append((width: f.width, height: f.height))
                others.append(max(0, f.hits - 1))
            }
        }

        /// What one element's comparisons found so far on its own side: the earliest later sibling it overlaps
        /// (`Int.max` for none), how many it overlaps, and the sweep position of a new earliest (-1 for none).
        struct Scan {
            var first: Int, hits: Int, at: Int
        }

        /// The comparisons of `e`, not a control, from `p` while its siblings are not controls either (no frame
        /// nests then): `p` is left at the first that is, or where the comparisons end. Each edge's arithmetic is
        /// `min` and `max`'s, written so the compiler keeps it in vector minima and maxima: the larger of two
        /// minima is the later one when it is greater, as `max` gives (for equal numbers either, their difference
        /// with a larger maximum is the same; with a NaN the earlier, as `max` gives).
        private static func scan(
            _ e: Entry, base: UnsafePointer<Entry>, found fb: UnsafeMutablePointer<Found>, limit: Double, tol: Double,
            from p: inout UnsafePointer<Entry>, to stop: UnsafePointer<Entry>, into mine: inout Scan
        ) {
            let ex0 = e.inkMinX, ex1 = e.inkMaxX, ey0 = e.inkMinY, ey1 = e.inkMaxY
            var q = p, found = mine
            while q < stop, q.pointee.top < limit, !q.pointee.control {
                let w = min(ex1, q.pointee.inkMaxX) - (q.pointee.inkMinX > ex0 ? q.pointee.inkMinX : ex0)
                let h = min(ey1, q.pointee.inkMaxY) - (q.pointee.inkMinY > ey0 ? q.pointee.inkMinY : ey0)
                if w > tol, h > tol { count(e, q, base: base, found: fb, width: w, height: h, into: &found) }
                q += 1
            }
            p = q
            mine = found
        }

        /// A pair that meets, counted on the one first in the tree, naming the earliest other.
        @inline(__always)
        private static func count(
            _ e: Entry, _ p: UnsafePointer<Entry>, base: UnsafePointer<Entry>, found fb: UnsafeMutablePointer<Found>,
            width w: Double, height h: Double, into mine: inout Scan
        ) {
            let a = e.element, b = p.pointee.element
            if a < b {
                mine.hits &+= 1
                if b < mine.first { mine.first = b; mine.at = p - base }
            } else {
                let r = fb + (p - base)
                r.pointee.hits &+= 1
                if a < r.pointee.first { r.pointee.first = a; r.pointee.width = w; r.pointee.height = h }
            }
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
