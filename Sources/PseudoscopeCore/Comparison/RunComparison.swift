/// What differs between two runs of a screen, and the pair rule for an rtl run against its LTR run.
public struct RunComparison: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case onlyInA = "only-in-a"
        case onlyInB = "only-in-b"
        case moved
        case resized
        case textChanged = "text-changed"
        case hittableChanged = "hittable-changed"
        case notMirrored = "not-mirrored"
    }

    public struct Difference: Equatable, Sendable {
        public var kind: Kind
        public var a: Int?
        public var b: Int?
        public var message: String
    }

    /// Positions and sizes may differ by this much without counting (rounding, hairlines).
    public static let tolerance: Double = 2
    /// Containers may sit this fraction of the window width off their mirrored position.
    public static let containerToleranceFraction: Double = 0.04

    public let a: Archive
    public let b: Archive
    public let matching: ElementMatching
    public let differences: [Difference]
    /// What could not be compared because one run's source does not record it (a hittable flag, a frame): each
    /// in one sentence. What a source does not record is unknown, not a difference.
    public let notCompared: [String]
    /// `rtl-not-mirrored` pair findings, on B's elements, when B is rtl and A is LTR; triaged.
    public let mirrorFindings: [Finding]
    /// The mirroring faults of B as every command reports them: B's `rtl-not-mirrored` findings, the one-archive
    /// rule's where it already named an element (the back button) and the pair rule's elsewhere.
    public var notMirroredFindings: [Finding] { findingsB.filter { $0.rule == .rtlNotMirrored } }

    /// The worst a run's findings on an element say of it: blocking now, or only for review (known issues among
    /// them); nil when it has none. What a row's mark shows, as `check` would judge it.
    public func worst(on element: Int?, inB: Bool) -> Severity? {
        guard let element else { return nil }
        let found = (inB ? findingsB : findingsA).filter { $0.element == element || $0.stack?.members.contains(element) == true }
        if found.isEmpty { return nil }
        return found.contains(where: \.blocks) ? .blocking : .review
    }
    /// Each run's own findings, with the pair rule's on B, as the engine judged them (`Engine.findings`): what the
    /// wireframes of a comparison highlight and what every other command gives the same runs.
    public let findingsA: [Finding]
    public let findingsB: [Finding]
    /// Each run's verdict, as the engine decides it from those findings: what the comparison's header and marks show.
    public let verdictA: Verdict
    public let verdictB: Verdict

    /// Whether B is to be read as the mirror of A.
    public var isMirrorPair: Bool { RunComparison.isMirrorPair(a, b) }

    /// Where each of B's elements that did not mirror belongs: its LTR frame in A mirrored about A's screen.
    /// The views draw these as ghost outlines, so the fault shows in the picture and not only in the list.
    public var mirroredPlaces: [Rect] {
        guard isMirrorPair else { return [] }
        let screen = a.hierarchy.screenFrame
        return differences.filter { $0.kind == .notMirrored }.compactMap { d in
            guard let i = d.a else { return nil }
            var f = a.hierarchy[i].frame
            f.x = screen.minX + (screen.maxX - f.maxX)
            return f
        }
    }

    /// The elements of both runs aligned in one list: B's elements in tree order, each with its partner in A,
    /// and A-only elements after their nearest matched predecessor. The differences and the interactive
    /// comparison both walk this list.
    public let rows: [(a: Int?, b: Int?)]

    /// Two loaded runs compared with the checks' string tables and no known issues (tests, the fuzzer);
    /// `Engine.compare` compares with everything the engine applies.
    public init(_ a: Archive, _ b: Archive, context: CheckContext = CheckContext()) {
        self.init(a, b, engine: Engine(loader: ArchiveLoader(), context: context))
    }

    init(_ a: Archive, _ b: Archive, engine: Engine) {
        self.a = a
        self.b = b
        let m = ElementMatching(a.hierarchy, b.hierarchy)
        matching = m
        rows = RunComparison.align(a.hierarchy, b.hierarchy, m)
        let mirror = RunComparison.isMirrorPair(a, b)
        let mirrorResult = mirror ? MirrorCheck(a: a, b: b, matching: m).run() : (findings: [], notMirrored: Set<Int>())
        var pair = mirrorResult.findings
        engine.triage?.apply(&pair)
        mirrorFindings = pair
        findingsA = engine.findings(a)
        let judgedB = Engine.withPairFindings(engine.findings(b), pair)
        findingsB = judgedB
        verdictA = engine.verdict(findingsA, hierarchyNote: a.hierarchyNote, pairing: .notApplicable)
        verdictB = engine.verdict(judgedB, hierarchyNote: b.hierarchyNote, pairing: mirror ? .pairedWith(a.source.path) : .notApplicable)
        var (found, unknown) = RunComparison.diff(a, b, rows, mirror: mirror, notMirrored: mirrorResult.notMirrored)
        // One message per fault: an element that did not mirror is described as its finding describes it.
        for k in found.indices where found[k].kind == .notMirrored {
            if let j = found[k].b, let f = judgedB.first(where: { $0.rule == .rtlNotMirrored && $0.element == j }) {
                found[k].message = "\(f.elementReference): \(f.message)"
            }
        }
        differences = found
        notCompared = unknown
    }

    static func isMirrorPair(_ a: Archive, _ b: Archive) -> Bool { b.mode == .rtl && a.mode != .rtl }

    /// The pair rule alone: the same findings as `RunComparison(ltr, rtl).mirrorFindings`, without aligning the
    /// runs and listing their differences, which only a comparison shows (`check` and the run-set list need
    /// only the findings; the differences were a quarter of checking a night).
    public static func mirrorFindings(ltr a: Archive, rtl b: Archive) -> [Finding] {
        guard isMirrorPair(a, b) else { return [] }
        return MirrorCheck(a: a, b: b, matching: ElementMatching(a.hierarchy, b.hierarchy)).run().findings
    }

    static func align(_ ha: Hierarchy, _ hb: Hierarchy, _ m: ElementMatching) -> [(a: Int?, b: Int?)] {
        var pendingA: [Int: [Int]] = [:]
        var lastMatchedB = -1
        for i in ha.indices {
            if let j = m.aToB[i] { lastMatchedB = j } else { pendingA[lastMatchedB, default: []].append(i) }
        }
        var rows: [(a: Int?, b: Int?)] = (pendingA[-1] ?? []).map { ($0, nil) }
        for j in hb.indices {
            rows.append((m.bToA[j], j))
            rows += (pendingA[j] ?? []).map { ($0, nil) }
        }
        return rows
    }

    /// Text is compared only between runs in the same language: across languages every string differs.
    static func sameLanguage(_ a: Archive, _ b: Archive) -> Bool {
        func lang(_ x: Archive) -> String {
            if let l = x.languages.first { return String(l.prefix { $0 != "-" && $0 != "_" }) }
            return String((x.locale ?? "").prefix { $0 != "_" && $0 != "-" })
        }
        return lang(a) == lang(b)
    }

    static func diff(_ a: Archive, _ b: Archive, _ rows: [(a: Int?, b: Int?)], mirror: Bool, notMirrored: Set<Int>) -> ([Difference], [String]) {
        let ha = a.hierarchy, hb = b.hierarchy
        let hittableKnown = a.recordsHittable && b.recordsHittable
        var unknownFrames = 0
        let tol = tolerance
        let compareText = sameLanguage(a, b)
        let wa = ha.screenFrame, wb = hb.screenFrame
        var out: [Difference] = []
        // The aligned rows read top to bottom in B's tree order.
        for row in rows {
            guard let j = row.b else {
                let i = row.a!
                out.append(Difference(kind: .onlyInA, a: i, b: nil, message: "\(ha[i].reference) is only in A"))
                continue
            }
            guard let i = row.a else {
                out.append(Difference(kind: .onlyInB, a: nil, b: j, message: "\(hb[j].reference) is only in B"))
                continue
            }
            let ea = ha[i], eb = hb[j]
            if notMirrored.contains(j) {
                out.append(
                    Difference(kind: .notMirrored, a: i, b: j, message: "\(eb.reference) stayed at x=\(formatPoints(eb.frame.x)) where LTR put it"))
            } else if !ea.frame.isEmpty, !eb.frame.isEmpty {
                // In a mirror pair the expected place is the mirrored LTR place.
                var expected = ea.frame
                if mirror { expected.x = wb.minX + (wa.maxX - ea.frame.maxX) * (wb.width / max(wa.width, 1)) }
                let dx = eb.frame.x - expected.x, dy = eb.frame.y - expected.y
                if abs(dx) > tol || abs(dy) > tol {
                    out.append(
                        Difference(
                            kind: .moved, a: i, b: j,
                            message: "\(eb.reference) moved by \(formatPoints(dx)), \(formatPoints(dy)) pt"
                                + (mirror ? " from its mirrored place" : "")))
                }
            }
            let dw = eb.frame.width - ea.frame.width, dh = eb.frame.height - ea.frame.height
            // A frame one source did not record (zero, from a dump) is unknown: no size to compare.
            if (ea.frame.isEmpty && !a.recordsEveryFrame) || (eb.frame.isEmpty && !b.recordsEveryFrame) {
                if ea.frame.isEmpty != eb.frame.isEmpty { unknownFrames += 1 }
            } else if abs(dw) > tol || abs(dh) > tol {
                out.append(
                    Difference(
                        kind: .resized, a: i, b: j,
                        message:
                            "\(eb.reference) resized from \(formatPoints(ea.frame.width))×\(formatPoints(ea.frame.height)) to \(formatPoints(eb.frame.width))×\(formatPoints(eb.frame.height)) pt"
                    ))
            }
            if compareText {
                let ta = TextClassifier.stripMarkers(ea.displayText), tb = TextClassifier.stripMarkers(eb.displayText)
                if ta != tb {
                    out.append(Difference(kind: .textChanged, a: i, b: j, message: "\(eb.type) text changed from \"\(ta)\" to \"\(tb)\""))
                }
            }
            if hittableKnown, ea.isHittable != eb.isHittable {
                out.append(
                    Difference(kind: .hittableChanged, a: i, b: j, message: "\(eb.reference) is \(eb.isHittable ? "now" : "no longer") hittable"))
            }
        }
        var unknown: [String] = []
        for (side, archive) in [("A", a), ("B", b)] where !archive.recordsHittable {
            unknown.append("hittability (\(side)'s hierarchy, \(archive.imported?.format ?? "its source"), records no hittable flag)")
        }
        if unknownFrames > 0 {
            unknown.append("the size of \(unknownFrames) element\(unknownFrames == 1 ? "" : "s") whose frame one run's source does not record")
        }
        return (out, unknown)
    }
}
