/// The pair rule `rtl-not-mirrored`: with the window width W, an element at x with width w in the LTR run
/// belongs near x' = W - (x + w) in the rtl run. One that stayed at its LTR place was not mirrored.
struct MirrorCheck {
    let a: Archive
    let b: Archive
    let matching: ElementMatching

    init(a: Archive, b: Archive, matching: ElementMatching) {
        self.a = a
        self.b = b
        self.matching = matching
    }

    /// Findings on B's elements, and the B elements that stayed.
    func run() -> (findings: [Finding], notMirrored: Set<Int>) {
        let ha = a.hierarchy, hb = b.hierarchy
        let wa = ha.screenFrame, wb = hb.screenFrame
        guard !wa.isEmpty, !wb.isEmpty else { return ([], []) }
        let scale = wb.width / wa.width
        var stayed: [Int: (expected: Double, ltr: Double)] = [:]
        let windowB = hb.windowIndex
        for j in hb.indices where j != 0 && j != windowB {
            guard let i = matching.bToA[j] else { continue }
            let fa = ha[i].frame, fb = hb[j].frame
            guard !fa.isEmpty, !fb.isEmpty, fb.intersection(wb) != nil else { continue }
            let ltrX = wb.minX + (fa.minX - wa.minX) * scale
            let expectedX = wb.minX + (wa.maxX - fa.maxX) * scale
            let tol =
                hb[j].children.isEmpty ? RunComparison.tolerance : max(RunComparison.tolerance, wb.width * RunComparison.containerToleranceFraction)
            // Centred or full-width elements are their own mirror image: nothing to check.
            guard abs(expectedX - ltrX) > tol else { continue }
            if abs(fb.minX - ltrX) <= tol && abs(fb.minX - expectedX) > tol { stayed[j] = (expectedX, ltrX) }
        }
        guard !stayed.isEmpty else { return ([], []) }
        // Which elements stayed, and which are reported, by element: asked of every child and every ancestor,
        // hashing each into the dictionary and the set was most of this rule.
        var isStayed = [Bool](repeating: false, count: hb.count), isReported = [Bool](repeating: false, count: hb.count)
        for j in stayed.keys { isStayed[j] = true }

        var findings: [Finding] = []
        // Rows: matched siblings in B sharing a line. A row that kept its LTR order is one finding, on its
        // first element that stayed. Only a parent with a child that stayed can hold one: no rows made for the
        // others.
        for p in hb.indices where hb[p].children.count >= 2 && hb[p].children.contains(where: { isStayed[$0] }) {
            let members = hb[p].children.filter { matching.bToA[$0] != nil && !hb[$0].frame.isEmpty }
            // A row of one is never reported: no rows made for fewer than two (most parents).
            guard members.count >= 2 else { continue }
            for row in MirrorCheck.rows(members, hb) where row.count >= 2 && row.contains(where: { isStayed[$0] }) {
                let orderA = row.sorted { ha[matching.bToA[$0]!].frame.minX < ha[matching.bToA[$1]!].frame.minX }
                let orderB = row.sorted { hb[$0].frame.minX < hb[$1].frame.minX }
                guard orderA == orderB else { continue }  // reversed (or reshuffled): mirrored enough
                let stayedMembers = row.filter { isStayed[$0] }
                let first = stayedMembers[0]
                let names = stayedMembers.map {
                    "\(hb[$0].reference) stayed at x=\(formatPoints(hb[$0].frame.minX)) (belongs at x=\(formatPoints(stayed[$0]!.expected)))"
                }
                findings.append(
                    finding(
                        first, severity: row.contains { isNavigationOrInteractive($0) } ? .blocking : .review,
                        message: "row order not reversed in RTL: " + names.joined(separator: "; "),
                        expected: stayed[first]!.expected))
                for j in row { isReported[j] = true }
            }
        }
        // An element inside one already reported moved with it: report the outer one only.
        // Up the parents, not along a path made for each element (an array each, most of this loop).
        func insideReported(_ j: Int) -> Bool {
            var p = hb.elements[j].parent
            while let q = p {
                if isStayed[q] || isReported[q] { return true }
                p = hb.elements[q].parent
            }
            return false
        }
        for (j, s) in stayed.sorted(by: { $0.key < $1.key }) where !isReported[j] && !insideReported(j) {
            findings.append(
                finding(
                    j, severity: isNavigationOrInteractive(j) ? .blocking : .review,
                    message: "stayed at its LTR place x=\(formatPoints(hb[j].frame.minX)); mirrored it belongs at x=\(formatPoints(s.expected))",
                    expected: s.expected))
        }
        // Named all at once (`PathNamer.paths`): naming each on its own walked and locked per step.
        let paths = PathNamer.paths(of: findings.map { $0.element! }, in: hb)
        // B's screen hints, looked for only when there are findings (most rtl runs have none): each pair finding
        // carries those that concern it, as B's own findings do.
        let hints = findings.isEmpty ? [] : FalseAlarmHints.screenHints(b)
        for k in findings.indices {
            if !hints.isEmpty { findings[k].hints = FalseAlarmHints.hints(for: .rtlNotMirrored, element: findings[k].element, among: hints) }
            findings[k].elementPath = paths[k]
            findings[k].fingerprint = Fingerprint.of(.rtlNotMirrored, screen: b.screen, identifier: findings[k].identifier, elementPath: paths[k])
        }
        return (LayoutChecker.sorted(findings), Set(stayed.keys))
    }

    func isNavigationOrInteractive(_ j: Int) -> Bool {
        let hb = b.hierarchy
        if hb[j].isInteractive || hb[j].type == "NavigationBar" || hb[j].type == "TabBar" || hb[j].type == "Toolbar" { return true }
        return hb.path(to: j).contains { hb[$0].type == "NavigationBar" || hb[$0].type == "TabBar" || hb[$0].type == "Toolbar" }
    }

    /// Groups elements into rows: taken by their vertical centres, each joins the first row holding an element
    /// whose vertical span contains its centre, or whose centre its own span contains; else it starts a row.
    ///
    /// Comparing each element with every element placed before it was quadratic in a parent's children (a
    /// flat list of thousands). Taken in order of their centres, an earlier element `g` meets `f` exactly when
    /// `g`'s bottom reaches `f`'s centre or `g`'s centre reaches `f`'s top (the other halves of the two tests hold
    /// for every earlier element of a non-empty frame), so a row meets `f` when its lowest bottom or its lowest
    /// centre does: the first such row is found in a tree of those two per row.
    static func rows(_ members: [Int], _ h: Hierarchy) -> [[Int]] {
        let ordered = members.sorted(by: { h[$0].frame.midY < h[$1].frame.midY })
        var rows: [[Int]] = []
        var reach = RowReach(capacity: ordered.count)
        for j in ordered {
            let f = h[j].frame
            let k: Int
            if let found = reach.firstRow(bottomAtLeast: f.midY, centreAtLeast: f.minY) {
                k = found
                rows[k].append(j)
            } else {
                k = rows.count
                rows.append([j])
            }
            reach.include(row: k, bottom: f.maxY, centre: f.midY)
        }
        return rows
    }

    /// Per row, the lowest bottom and the lowest centre of its elements, in a tree of maxima over the rows (a
    /// segment tree), to find the first row reaching a height in logarithmic time.
    struct RowReach {
        private let leaves: Int
        private var bottom: [Double], centre: [Double]

        init(capacity: Int) {
            var n = 1
            while n < max(capacity, 1) { n *= 2 }
            leaves = n
            bottom = [Double](repeating: -.infinity, count: 2 * n)
            centre = [Double](repeating: -.infinity, count: 2 * n)
        }

        mutating func include(row: Int, bottom b: Double, centre c: Double) {
            var node = leaves + row
            bottom[node] = max(bottom[node], b)
            centre[node] = max(centre[node], c)
            while node > 1 {
                node /= 2
                bottom[node] = max(bottom[2 * node], bottom[2 * node + 1])
                centre[node] = max(centre[2 * node], centre[2 * node + 1])
            }
        }

        /// The first row whose lowest bottom is at least `y` or whose lowest centre is at least `top`.
        func firstRow(bottomAtLeast y: Double, centreAtLeast top: Double) -> Int? {
            func reaches(_ node: Int) -> Bool { bottom[node] >= y || centre[node] >= top }
            guard reaches(1) else { return nil }
            var node = 1
            while node < leaves { node = reaches(2 * node) ? 2 * node : 2 * node + 1 }
            return node - leaves
        }
    }

    func finding(_ j: Int, severity: Severity, message: String, expected: Double) -> Finding {
        let hb = b.hierarchy
        let e = hb[j]
        // Its path, fingerprint and hints come when all are named (`run`).
        return Finding(
            rule: .rtlNotMirrored, severity: severity, element: j, elementPath: "", elementType: e.type,
            identifier: e.identifier, label: e.displayText, frame: e.frame, message: message,
            evidence: [("x", e.frame.minX), ("expectedX", expected)], otherArchive: a.source.path)
    }
}
