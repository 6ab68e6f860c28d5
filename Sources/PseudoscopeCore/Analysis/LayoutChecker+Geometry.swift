/// The rules about where elements are and how large: truncation, the window and parents, primary actions,
/// hit regions (overlapping text is in `LayoutChecker+Overlap.swift`).
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
            var parts: [String] = []
            if dw > tol {
                parts.append(
                    "text needs \(formatPoints(want.width)) pt, frame is \(formatPoints(frame.width)) pt wide (-\(formatPoints(dw)) pt, \(hidden)% hidden)"
                )
            }
            if dh > tol {
                parts.append("text needs \(formatPoints(want.height)) pt, frame is \(formatPoints(frame.height)) pt high (-\(formatPoints(dh)) pt)")
            }
            let message = parts.joined(separator: "; ")
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
                let smallest = TextStyle(
                    name: "smallest", size: TextStyle.smallestSize, weight: est.style.weight, tracking: TextStyle.tracking(at: TextStyle.smallestSize)
                )
                let atSmallest = TextMeasurer.width(h[i].displayText, style: smallest).width / max(frame.width, 0.001)
                let severity: Severity = atSmallest >= CheckThresholds.estimatedTruncationBlocking ? .blocking : .review
                let hidden = Int((excess / need * 100).rounded())
                let message =
                    "text needs about \(formatPoints(need.rounded())) pt, frame is \(formatPoints(frame.width)) pt wide (-\(formatPoints(excess.rounded())) pt, about \(hidden)% hidden); "
                    + "estimated (no intrinsic size recorded) with \(est.basis)"
                out.append(
                    finding(
                        .textTruncated, severity, i, message,
                        [("neededWidth", need.rounded()), ("frameWidth", frame.width), ("hiddenPercent", Double(hidden)), ("estimated", 1)]))
            } else {
                let message =
                    "text needs about \(est.linesNeeded) lines at \(formatPoints(frame.width)) pt wide, the frame holds \(est.linesFit); "
                    + "estimated (no intrinsic size recorded) with \(est.basis)"
                out.append(
                    finding(
                        .textTruncated, .review, i, message,
                        [("neededLines", Double(est.linesNeeded)), ("fitLines", Double(est.linesFit)), ("frameWidth", frame.width), ("estimated", 1)])
                )
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
            if let room = navigationTitleRoom(i), expanded <= room + tol { continue }
            let message =
                "text needs \(formatPoints(want.width)) pt of \(formatPoints(frame.width)) pt; at +40% (the expanded run) it needs about "
                + "\(formatPoints(expanded)) pt and will fall \(formatPoints(short)) pt short"
            out.append(
                finding(
                    .truncationHeadroom, .review, i, message,
                    [("neededWidth", want.width), ("expandedWidth", expanded), ("frameWidth", frame.width), ("shortBy", short)]))
        }
        // Estimated: only a one-line label clearly wider than its text (it does not grow with it), whose text fits
        // today but not at +40%; and only in a run known to be the control run (a dump's mode is only assumed; a run
        // in a language other than the development one, English unless the tables say, is a locale run, whose
        // strings the expanded run does not lengthen).
        let development = strings?.developmentLanguage ?? "en"
        guard estimatesText, modeIsKnown, runLanguage.map({ $0 == development }) ?? true else { return }
        for i in h.indices where h[i].type == "StaticText" {
            guard let est = textEstimate(i), est.linesFit == 1 else { continue }
            let frame = h[i].frame
            let want = est.width.width
            guard want * CheckThresholds.estimatedHeadroomSlack <= frame.width else { continue }
            let expanded = want * CheckThresholds.expansionFactor
            let short = expanded - frame.width
            guard short >= CheckThresholds.estimatedTruncationExcess else { continue }
            if let room = navigationTitleRoom(i), expanded <= room { continue }
            let message =
                "text needs about \(formatPoints(want.rounded())) pt of \(formatPoints(frame.width)) pt; at +40% (the expanded run) it needs about "
                + "\(formatPoints(expanded.rounded())) pt and will fall \(formatPoints(short.rounded())) pt short; estimated (no intrinsic size recorded) with \(est.basis)"
            out.append(
                finding(
                    .truncationHeadroom, .review, i, message,
                    [
                        ("neededWidth", want.rounded()), ("expandedWidth", expanded.rounded()), ("frameWidth", frame.width),
                        ("shortBy", short.rounded()), ("estimated", 1),
                    ]))
        }
    }

    /// The room a navigation bar gives its title: the bar sizes the title's frame to its text and centres it, so
    /// a longer title grows into the space between the bar's leading and trailing items, not past its frame.
    /// Nil for anything that is not text directly in a navigation bar (a button's title is the button's).
    func navigationTitleRoom(_ i: Int) -> Double? {
        guard relationsKnown, kinds[i].contains(.text), let bar = h[i].parent, h[bar].type == "NavigationBar" else { return nil }
        let b = h[bar].frame
        guard !b.isEmpty else { return nil }
        // The widest inset either side: the title stays centred in the bar, so both sides give up the larger one.
        var inset = 0.0
        for c in h[bar].children where c != i && !h[c].frame.isEmpty && !kinds[c].contains(.text) {
            let f = h[c].frame
            if f.midX < b.midX { inset = max(inset, f.maxX - b.minX) } else { inset = max(inset, b.maxX - f.minX) }
        }
        return max(0, b.width - 2 * inset)
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
                        let message =
                            (e.frame.intersection(w) == nil ? "off-screen: " : "clipped: ") + phrases.joined(separator: ", ") + " the window"
                        out.append(finding(.outsideWindow, matters ? .blocking : .review, i, message, [("overhang", amount)]))
                    }
                    continue
                }
            }
            // Against the parent, when the parent is real (not a root added above a flat list).
            guard relationsKnown, let p = e.parent, p != 0, !h[p].frame.isEmpty, !h[p].frame.contains(e.frame, tolerance: tol) else { continue }
            let (pp, pa) = LayoutChecker.overhang(e.frame, h[p].frame)
            if !pp.isEmpty {
                out.append(
                    finding(
                        .outsideParent, .review, i, "clipped by its parent \(h[p].reference): " + pp.joined(separator: ", ") + " it",
                        [("overhang", pa)]))
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
                out.append(
                    Finding(
                        rule: .primaryActionUnreachable, severity: .blocking, element: nil, elementPath: "(missing)",
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
                    reasons.append(
                        "not hittable (not hit-tested: the hit tests of this screen's \(targets.count) primary actions reached their bound)")
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

    // MARK: small-hit-region

    /// Controls smaller than 44×44 pt. Not: invisible or disabled ones, UIKit's fixed-size controls at their
    /// standard size, a control repeated inside a control of the same frame, or one inside a larger tappable
    /// control (the row or button around it takes the tap).
    func smallHitRegions(into out: inout [Finding]) {
        // 44 pt is a touch guideline: a pointer (macOS) or a focus engine (tvOS) has none.
        guard archive.platform.isTouch else { return }
        let minSize = CheckThresholds.minimumHitSize
        let reach = minSize - CheckThresholds.hitSizeTolerance
        // The last message made, and the size it names: a screen's small controls mostly share a few sizes (a row
        // of icon buttons), and one string shared by them costs a retain where each of its own cost formatting
        // four numbers, an allocation and a free; so with its evidence. (Sizes compared by their bits: the message
        // is of those bits.)
        var last: (width: UInt64, height: UInt64, message: String, evidence: [(name: String, value: Double)])?
        for i in h.indices where kinds[i].contains(.interactive) && isVisible(i) && h[i].isEnabled && !isSystemChrome[i] {
            guard h[i].frame.width < reach || h[i].frame.height < reach else { continue }
            // Fields read in place: a copy of the element (`let e = h[i]`) retained all its strings for each control.
            let f = h[i].frame
            if isStandardSize(type: h[i].type, frame: f) { continue }
            if let a = interactiveAncestor(of: i) {
                let g = h[a].frame
                if LayoutChecker.sameFrame(f, g) { continue }
                // Inside a button large enough, a tap anywhere does what this control does. (A button inside a text
                // field, an eye toggle, is an action of its own, and so is a button in a table row: the row's tap
                // selects the row, not the button; both still need their own room.)
                if LayoutChecker.tapThroughTypes.contains(h[a].type), g.width >= reach, g.height >= reach,
                    g.contains(f, tolerance: CheckThresholds.containmentTolerance)
                {
                    continue
                }
            }
            // A screen's small controls mostly share a few sizes: one message (and its evidence) for each size.
            if let l = last, l.width == f.width.bitPattern, l.height == f.height.bitPattern {
                out.append(finding(.smallHitRegion, .review, i, l.message, l.evidence))
                continue
            }
            let message =
                "hit region is \(formatPoints(f.width))×\(formatPoints(f.height)) pt, smaller than \(formatPoints(minSize))×\(formatPoints(minSize)) pt"
            let evidence = [(name: "width", value: f.width), (name: "height", value: f.height)]
            last = (f.width.bitPattern, f.height.bitPattern, message, evidence)
            out.append(finding(.smallHitRegion, .review, i, message, evidence))
        }
    }

    /// Controls whose whole area takes a tap for what they contain: a button around its icon. Not a table row: a
    /// control in a row has an action of its own, which the row's tap does not do.
    static let tapThroughTypes: Set<String> = ["Button", "Link", "MenuItem", "Tab"]

    /// UIKit's fixed-size controls at their standard size, which an app cannot make larger.
    func isStandardSize(type: String, frame f: Rect) -> Bool {
        switch type {
        case "Switch", "Toggle":
            let s = CheckThresholds.standardSwitchSize
            return f.width >= s.width - 2 && f.height >= s.height - 2
        case "SearchField":
            return f.height >= CheckThresholds.standardSearchFieldHeight - CheckThresholds.hitSizeTolerance
                && f.width >= CheckThresholds.minimumHitSize
        default:
            return false
        }
    }
}
