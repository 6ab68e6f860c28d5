/// The rules about where elements are and how large: truncation, the window and parents, primary actions,
/// overlapping text, hit regions.
extension LayoutChecker {
    // MARK: text-truncated

    func textTruncated(into out: inout [Finding]) {
        // Fields are read in place: copying an element out (`let e = h[i]`) retains and releases all its strings,
        // and this runs over every element.
        for i in h.indices {
            guard let want = h[i].intrinsicContentSize else { continue }
            let frame = h[i].frame
            let dw = want.width - frame.width, dh = want.height - frame.height
            let tol = CheckThresholds.truncationTolerance
            guard dw > tol || dh > tol, !h[i].displayText.isEmpty || kinds[i].contains(.text) else { continue }
            var evidence: [(name: String, value: Double)] = []
            evidence.reserveCapacity(5)
            let hidden = dw > tol && want.width > 0 ? Int((dw / want.width * 100).rounded()) : 0
            if dw > tol { evidence += [("neededWidth", want.width), ("frameWidth", frame.width), ("hiddenPercent", Double(hidden))] }
            if dh > tol { evidence += [("neededHeight", want.height), ("frameHeight", frame.height)] }
            // Written into one string's bytes (`MessageBytes`): interpolated and joined, it was a third of this
            // rule on a long list of truncated labels.
            let message = MessageBytes.string(capacity: 140 + 7 * MessageBytes.numberCapacity) { m in
                if dw > tol {
                    m.put("text needs "); m.put(points: want.width)
                    m.put(" pt, frame is "); m.put(points: frame.width)
                    m.put(" pt wide (-"); m.put(points: dw)
                    m.put(" pt, "); m.put(hidden); m.put("% hidden)")
                }
                if dh > tol {
                    if dw > tol { m.put("; ") }
                    m.put("text needs "); m.put(points: want.height)
                    m.put(" pt, frame is "); m.put(points: frame.height)
                    m.put(" pt high (-"); m.put(points: dh); m.put(" pt)")
                }
            }
            out.append(finding(.textTruncated, .blocking, i, message, evidence))
        }
        if estimatesText { estimatedTruncation(into: &out) }
    }

    /// `text-truncated` where no intrinsic size is recorded: from the text's estimated width (`textEstimate`).
    func estimatedTruncation(into out: inout [Finding]) {
        for i in h.indices where kinds[i].contains(.text) && h[i].type == "StaticText" {
            guard let est = textEstimate(i) else { continue }
            let frame = h[i].frame
            let overflow = est.overflow(frameWidth: frame.width)
            guard overflow >= CheckThresholds.estimatedTruncationReview else { continue }
            if est.linesFit == 1 {
                let need = est.width.width
                let excess = need - frame.width
                guard excess >= CheckThresholds.estimatedTruncationExcess else { continue }
                // Blocking only when even the smallest size leaves it far too wide.
                let smallest = TextStyle(name: "smallest", size: TextStyle.smallestSize, weight: est.style.weight, tracking: TextStyle.tracking(at: TextStyle.smallestSize))
                let atSmallest = TextMeasurer.width(h[i].displayText, style: smallest).width / max(frame.width, 0.001)
                let severity: Severity = atSmallest >= CheckThresholds.estimatedTruncationBlocking ? .blocking : .review
                let hidden = Int((excess / need * 100).rounded())
                let message = "text needs about \(formatPoints(need.rounded())) pt, frame is \(formatPoints(frame.width)) pt wide (-\(formatPoints(excess.rounded())) pt, about \(hidden)% hidden); "
                    + "estimated (no intrinsic size recorded) with \(est.basis)"
                out.append(finding(.textTruncated, severity, i, message,
                                   [("neededWidth", need.rounded()), ("frameWidth", frame.width), ("hiddenPercent", Double(hidden)), ("estimated", 1)]))
            } else {
                let message = "text needs about \(est.linesNeeded) lines at \(formatPoints(frame.width)) pt wide, the frame holds \(est.linesFit); "
                    + "estimated (no intrinsic size recorded) with \(est.basis)"
                out.append(finding(.textTruncated, .review, i, message,
                                   [("neededLines", Double(est.linesNeeded)), ("fitLines", Double(est.linesFit)), ("frameWidth", frame.width), ("estimated", 1)]))
            }
        }
    }

    // MARK: truncation-headroom

    /// In a normal run: text that fits today but not at the expanded run's +40%, with how far it falls short.
    func truncationHeadroom(into out: inout [Finding]) {
        let tol = CheckThresholds.truncationTolerance
        for i in h.indices {
            guard let want = h[i].intrinsicContentSize else { continue }  // read in place, as in textTruncated
            let frame = h[i].frame
            guard want.width <= frame.width + tol else { continue }  // already truncated: text-truncated says so
            let expanded = want.width * CheckThresholds.expansionFactor
            let short = expanded - frame.width
            guard short > tol, !h[i].displayText.isEmpty, isVisible(i), !isSystemChrome[i] else { continue }
            // Written into one string's bytes at once (`MessageBytes`): a long list of labels gives one per label.
            let message = MessageBytes.string(capacity: 100 + 4 * MessageBytes.numberCapacity) { m in
                m.put("text needs "); m.put(points: want.width)
                m.put(" pt of "); m.put(points: frame.width)
                m.put(" pt; at +40% (the expanded run) it needs about "); m.put(points: expanded)
                m.put(" pt and will fall "); m.put(points: short); m.put(" pt short")
            }
            out.append(finding(.truncationHeadroom, .review, i, message,
                               [("neededWidth", want.width), ("expandedWidth", expanded), ("frameWidth", frame.width), ("shortBy", short)]))
        }
        // Estimated: only a one-line label clearly wider than its text (it does not grow with it), whose text fits
        // today but not at +40%; and only in a run known to be the control run (a dump's mode is only assumed).
        guard estimatesText, modeIsKnown else { return }
        for i in h.indices where h[i].type == "StaticText" {
            guard let est = textEstimate(i), est.linesFit == 1 else { continue }
            let frame = h[i].frame
            let want = est.width.width
            guard want * CheckThresholds.estimatedHeadroomSlack <= frame.width else { continue }
            let expanded = want * CheckThresholds.expansionFactor
            let short = expanded - frame.width
            guard short >= CheckThresholds.estimatedTruncationExcess else { continue }
            let message = "text needs about \(formatPoints(want.rounded())) pt of \(formatPoints(frame.width)) pt; at +40% (the expanded run) it needs about "
                + "\(formatPoints(expanded.rounded())) pt and will fall \(formatPoints(short.rounded())) pt short; estimated (no intrinsic size recorded) with \(est.basis)"
            out.append(finding(.truncationHeadroom, .review, i, message,
                               [("neededWidth", want.rounded()), ("expandedWidth", expanded.rounded()), ("frameWidth", frame.width), ("shortBy", short.rounded()), ("estimated", 1)]))
        }
    }

    // MARK: outside-window / outside-parent

    /// How far `f` sticks out of `bounds`, as "38 pt below" style phrases and the largest overhang.
    static func overhang(_ f: Rect, _ bounds: Rect) -> (phrases: [String], amount: Double) {
        var phrases: [String] = []
        var amount = 0.0
        let tol = CheckThresholds.containmentTolerance
        func add(_ d: Double, _ text: String) {
            guard d > tol else { return }
            phrases.append("\(formatPoints(d)) pt \(text)")
            amount = max(amount, d)
        }
        if f.minY >= bounds.maxY { add(f.minY - bounds.maxY, "below") } else { add(f.maxY - bounds.maxY, "past the bottom of") }
        if f.maxY <= bounds.minY { add(bounds.minY - f.maxY, "above") } else { add(bounds.minY - f.minY, "past the top of") }
        if f.minX >= bounds.maxX { add(f.minX - bounds.maxX, "right of") } else { add(f.maxX - bounds.maxX, "past the right edge of") }
        if f.maxX <= bounds.minX { add(bounds.minX - f.maxX, "left of") } else { add(bounds.minX - f.minX, "past the left edge of") }
        return (phrases, amount)
    }

    func outside(into out: inout [Finding]) {
        var reportedOutside = [Bool](repeating: false, count: h.count)
        // Pre-order makes the window's subtree one range: no ancestor walks (deep trees stay linear).
        let windowSubtree = windowIndex.map { $0..<h.subtreeEnd($0) } ?? 0..<0
        let tol = CheckThresholds.containmentTolerance
        // Only the screen under test: the window's subtree (not a second window, a keyboard or a system overlay),
        // and nothing when the window is unknown.
        for i in windowSubtree where i != 0 && i != windowIndex && !h[i].frame.isEmpty && !inScrollView[i] {
            let e = h[i]
            guard !e.frame.isEmpty, !inScrollView[i], e.isVisible != false else { continue }
            if let w = window, !w.contains(e.frame, tolerance: tol) {
                let (phrases, amount) = LayoutChecker.overhang(e.frame, w)
                if !phrases.isEmpty {
                    reportedOutside[i] = true
                    let matters = !kinds[i].isDisjoint(with: [.text, .interactive])
                    let parentOutside = e.parent.map { reportedOutside[$0] } ?? false
                    // Text and controls each; containers only at the top of an off-screen subtree.
                    if matters || !parentOutside {
                        let message = (e.frame.intersection(w) == nil ? "off-screen: " : "clipped: ") + phrases.joined(separator: ", ") + " the window"
                        out.append(finding(.outsideWindow, matters ? .blocking : .review, i, message, [("overhang", amount)]))
                    }
                    continue
                }
            }
            // Against the parent, when the parent is real (not a root added above a flat list).
            guard relationsKnown, let p = e.parent, p != 0, !h[p].frame.isEmpty, !h[p].frame.contains(e.frame, tolerance: tol) else { continue }
            let (pp, pa) = LayoutChecker.overhang(e.frame, h[p].frame)
            if !pp.isEmpty {
                out.append(finding(.outsideParent, .review, i, "clipped by its parent \(h[p].reference): " + pp.joined(separator: ", ") + " it", [("overhang", pa)]))
            }
        }
    }

    // MARK: primary-action-unreachable

    /// `hitTestBudget`: the elements the hit tests may walk in all (the default is the rule's bound; tests set
    /// a small one).
    func primaryActions(into out: inout [Finding], hitTestBudget: Int? = nil) {
        // The failing element counts as a primary action when it is one a user acts on (a truncated label that
        // failed the gate is not an action, and static text is rarely hittable).
        var targets: [(id: String, index: Int?)] = []
        var named = Set<String>()
        if let f = archive.failingIndex, h[f].isInteractive {
            targets.append((h[f].identifier, f))
            named.insert(h[f].identifier)
        }
        // The archive's list may be long (it is the archive's word): each name is looked up in a table made once,
        // not by a walk of the tree per name, and repeats are dropped by a set.
        let wanted = archive.primaryActions.filter { !$0.isEmpty }
        let firstWithIdentifier = wanted.isEmpty ? [:] : h.firstIndices(identifiers: Set(wanted))
        for id in wanted where named.insert(id).inserted { targets.append((id, firstWithIdentifier[id])) }
        // The hit test walks the elements drawn after each target: its work is bounded (charged at the most a
        // walk can take), so that an archive naming thousands of unhittable actions on a large screen cannot
        // make it quadratic. Realistic screens (a few actions) never reach the bound.
        var hitTestBudget = hitTestBudget ?? LayoutChecker.hitTestWalksPerElement * h.count + LayoutChecker.hitTestMinimumBudget
        for t in targets {
            guard let i = t.index else {
                out.append(Finding(rule: .primaryActionUnreachable, severity: .blocking, element: nil, elementPath: "(missing)",
                                   elementType: "?", identifier: t.id, label: "", frame: nil,
                                   message: "primary action '\(t.id)' is missing from the hierarchy"))
                continue
            }
            let e = h[i]
            var reasons: [String] = []
            var evidence: [(name: String, value: Double)] = []
            if e.frame.isEmpty {
                reasons.append("zero size")
            } else if let w = window {
                let (phrases, amount) = LayoutChecker.overhang(e.frame, w)
                if !phrases.isEmpty {
                    let off = e.frame.intersection(w) == nil
                    reasons.append((off ? "off-screen: " : "partly off-screen: ") + phrases.joined(separator: ", ") + " the window")
                    evidence.append(("overhang", amount))
                }
            }
            if !e.isHittable {
                let walk = h.count - h.subtreeEnd(i)
                let tested = walk <= hitTestBudget
                // Once one does not fit, none after it is tested: which actions were is the archive's order.
                hitTestBudget = tested ? hitTestBudget - walk : -1
                if !tested {
                    reasons.append("not hittable (not hit-tested: the hit tests of this screen's \(targets.count) primary actions reached their bound)")
                } else if let cover = coveringElement(i) {
                    reasons.append("covered by \(h[cover].reference) at its hit point")
                } else if reasons.isEmpty {
                    reasons.append("not hittable (nothing in the archive covers it: hidden, transparent or under a system overlay)")
                } else {
                    reasons.append("not hittable")
                }
            }
            if !reasons.isEmpty {
                out.append(finding(.primaryActionUnreachable, .blocking, i, reasons.joined(separator: "; "), evidence))
            }
        }
    }

    /// The bound of the primary actions' hit tests (`primaryActions`): elements walked, per element of the
    /// screen, plus a floor for small screens.
    static let hitTestWalksPerElement = 64
    static let hitTestMinimumBudget = 10_000_000

    /// The offline hit test: the topmost element later in tree order, neither ancestor nor descendant of `i`,
    /// whose frame contains `i`'s centre. Later in tree order is drawn on top.
    public func coveringElement(_ i: Int) -> Int? {
        let f = h[i].frame
        let end = h.subtreeEnd(i)
        var j = h.count - 1
        while j >= end {
            let g = h[j].frame
            if !g.isEmpty, h[j].isVisible != false, g.contains(x: f.midX, y: f.midY), !h.isAncestor(j, of: i) {
                // Name the whole overlay (the toast), not the text inside it.
                var top = j
                while let p = h[top].parent, p >= end, !h.isAncestor(p, of: i), h[p].frame.contains(x: f.midX, y: f.midY) { top = p }
                return top
            }
            j -= 1
        }
        return nil
    }

    // MARK: overlapping-text

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
            sweep.load(sorted, frames: { h[$0].frame }, controls: { kinds[$0].contains(.interactive) }, inks: inkArea)
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

        /// The siblings at each sweep position (`order`), read through the element's frame, whether it is a
        /// control, and its ink area.
        mutating func load(_ order: [Int], frames frame: (Int) -> Rect, controls isControl: (Int) -> Bool, inks ink: (Int) -> Rect?) {
            let tol = CheckThresholds.overlapTolerance
            tops.removeAll(keepingCapacity: true); reach.removeAll(keepingCapacity: true)
            frames.removeAll(keepingCapacity: true); controls.removeAll(keepingCapacity: true)
            inkMinX.removeAll(keepingCapacity: true); inkMaxX.removeAll(keepingCapacity: true)
            inkMinY.removeAll(keepingCapacity: true); inkMaxY.removeAll(keepingCapacity: true)
            for i in order {
                let f = frame(i)
                frames.append(f)
                tops.append(f.minY)
                reach.append(f.maxY - tol)
                controls.append(isControl(i))
                let a = ink(i)
                inkMinX.append(a?.minX ?? .infinity)
                inkMaxX.append(a?.maxX ?? -.infinity)
                inkMinY.append(a?.minY ?? .infinity)
                inkMaxY.append(a?.maxY ?? -.infinity)
            }
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

    // MARK: small-hit-region

    /// Controls smaller than 44×44 pt. Not: invisible or disabled ones, UIKit's fixed-size controls at their
    /// standard size, a control repeated inside a control of the same frame, or one inside a larger tappable
    /// control (the row or button around it takes the tap).
    func smallHitRegions(into out: inout [Finding]) {
        // 44 pt is a touch guideline: a pointer (macOS) or a focus engine (tvOS) has none.
        guard archive.platform.isTouch else { return }
        let minSize = CheckThresholds.minimumHitSize
        let reach = minSize - CheckThresholds.hitSizeTolerance
        for i in h.indices where kinds[i].contains(.interactive) && isVisible(i) && h[i].isEnabled && !isSystemChrome[i] {
            guard h[i].frame.width < reach || h[i].frame.height < reach else { continue }
            let e = h[i]
            let f = e.frame
            if isStandardSize(e) { continue }
            if let a = interactiveAncestor(of: i) {
                let g = h[a].frame
                if LayoutChecker.sameFrame(f, g) { continue }
                // Inside a row or a button large enough, a tap anywhere does what this control does. (A button inside a
                // text field, an eye toggle, is an action of its own: it still needs its own room.)
                if LayoutChecker.tapThroughTypes.contains(h[a].type), g.width >= reach, g.height >= reach,
                   g.contains(f, tolerance: CheckThresholds.containmentTolerance) { continue }
            }
            // Written into one string's bytes (`MessageBytes`): interpolated, it was half of this rule on a screen
            // of small controls.
            let message = MessageBytes.string(capacity: 64 + 4 * MessageBytes.numberCapacity) { m in
                m.put("hit region is ")
                m.put(points: f.width)
                m.put("×")
                m.put(points: f.height)
                m.put(" pt, smaller than ")
                m.put(points: minSize)
                m.put("×")
                m.put(points: minSize)
                m.put(" pt")
            }
            out.append(finding(.smallHitRegion, .review, i, message, [("width", f.width), ("height", f.height)]))
        }
    }

    /// Controls whose whole area takes a tap for what they contain: a table row, a button around its icon.
    static let tapThroughTypes: Set<String> = ["Cell", "Button", "Link", "MenuItem", "Tab"]

    /// UIKit's fixed-size controls at their standard size, which an app cannot make larger.
    func isStandardSize(_ e: Element) -> Bool {
        let f = e.frame
        switch e.type {
        case "Switch", "Toggle":
            let s = CheckThresholds.standardSwitchSize
            return f.width >= s.width - 2 && f.height >= s.height - 2
        case "SearchField":
            return f.height >= CheckThresholds.standardSearchFieldHeight - CheckThresholds.hitSizeTolerance && f.width >= CheckThresholds.minimumHitSize
        default:
            return false
        }
    }
}
