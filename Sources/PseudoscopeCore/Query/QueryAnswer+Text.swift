/// A failure's query and its answer as words: what was looked for, what the tree holds of it, the nearest
/// candidates and why, and XCUITest's own search input. The same parts in `info`, the inspector's details, `check`'s
/// text, Markdown, JUnit and the copy menu's hand-over.
extension QueryAnswer {
    /// `(label, text)` pairs: `looked for`, `answer`, `query`, each `match` or `nearest`, `searched`.
    public var parts: [(label: String, text: String)] {
        let a = self
        let q = a.query
        var out: [(String, String)] = []
        guard q.isRead else {
            out.append(
                ("looked for", "\(q.outcome.rawValue): not read as a query (\(q.unread ?? "the message names no element")); it is kept as text"))
            return out
        }
        out.append(("looked for", "\(q.action) \(q.target) (\(q.outcome.rawValue))"))
        out.append(("answer", a.phrase))
        if q.steps.count > 1 || q.input != nil {
            out.append(("query", ((q.input.map { [$0] } ?? []) + q.steps.map(\.text)).joined(separator: " → ")))
        }
        if let step = a.failingStep { out.append(("fails at", "\(step): it leaves nothing on this screen")) }
        if let moment = a.otherMoment { out.append(("moment", moment)) }
        if a.matches.count > 1 {
            for m in a.matched.prefix(10) { out.append(("match", "\(m.reference) at \(m.path)")) }
            if a.matches.count > 10 { out.append(("match", "… and \(a.matches.count - 10) more")) }
        }
        for c in a.candidates { out.append(("nearest", "\(c.named.reference) at \(c.named.path): \(c.why)")) }
        for s in a.seen { out.append(("nearest", s)) }
        for line in q.searched.prefix(5) { out.append(("searched", line)) }
        if q.searched.count > 5 { out.append(("searched", "… and \(q.searched.count - 5) more (XCUITest's own list)")) }
        return out
    }

    /// What the tree says of the query, without repeating its target.
    public var phrase: String {
        let a = self
        if !a.treeRecorded { return "the run recorded no hierarchy to look in" }
        switch a.matches.count {
        case 1: return "found: \(a.matched[0].reference) at \(a.matched[0].path)"
        case 0:
            if let p = a.unevaluated {
                return "its predicate \(p) is not one Pseudoscope evaluates: "
                    + (a.candidates.isEmpty ? "nothing is proposed" : "the nearest candidates below are by name and type only")
            }
            var out =
                a.treeMayBeIncomplete.map { "not in the recorded tree, which may be incomplete (\($0)): it may still have been on the screen" }
                ?? "not on the screen as asked"
            if !a.absentContainers.isEmpty { out += "; the screen has no \(a.absentContainers.joined(separator: " or ")) to look in" }
            if let t = a.typeAbsent, !a.absentContainers.contains(t) {
                out += "; the \(a.treeMayBeIncomplete == nil ? "screen" : "tree") has no \(t) at all"
            }
            if let step = a.failingStep, a.absentContainers.isEmpty, a.typeAbsent == nil { out += "; the chain finds nothing from \(step) on" }
            return out + (a.candidates.isEmpty && a.seen.isEmpty ? "; nothing like it is there" : "; nearest candidates below")
        default: return "\(a.matches.count) elements match"
        }
    }

}

extension QueryAnswer {
    /// An element the answer points a person at: one of several matches, or a candidate when nothing matched.
    public struct Proposal: Equatable, Sendable {
        public var element: Int
        /// `?1` for the nearest candidate, `=2` for the second of several matches: drawn on the wireframe and
        /// the picture, and named in the status line, so an outline and its reason are read together.
        public var tag: String
        /// `candidate 1 of 3: the same identifier in another case`, `match 2 of 4`.
        public var description: String
    }

    /// The elements a view outlines and steps through for this answer, nearest first: the matches when the query
    /// matched more than one, else the candidates. One match is the failing element itself, not a proposal.
    public var proposals: [Proposal] {
        if matches.count > 1 {
            return matched.enumerated().map { k, m in
                Proposal(
                    element: m.element, tag: "=\(k + 1)", description: "match \(k + 1) of \(matches.count) for the failure's query: \(m.reference)")
            }
        }
        guard matches.isEmpty else { return [] }
        return candidates.enumerated().map { k, c in
            Proposal(element: c.element, tag: "?\(k + 1)", description: "candidate \(k + 1) of \(candidates.count) for the failure's query: \(c.why)")
        }
    }
}
