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
            out.append(("looked for", "\(q.outcome.rawValue): the message is not a query this reader knows; it is kept as text"))
            return out
        }
        out.append(("looked for", "\(q.action) \(q.target) (\(q.outcome.rawValue))"))
        out.append(("answer", a.phrase))
        if q.steps.count > 1 { out.append(("query", q.steps.map(\.text).joined(separator: " → "))) }
        if a.matches.count > 1 {
            for m in a.matched.prefix(10) { out.append(("match", "\(m.reference) at \(m.path)")) }
            if a.matches.count > 10 { out.append(("match", "… and \(a.matches.count - 10) more")) }
        }
        for c in a.candidates { out.append(("nearest", "\(c.named.reference) at \(c.named.path): \(c.why)")) }
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
            var out = a.treeMayBeIncomplete.map { "not in the recorded tree, which may be incomplete (\($0)): it may still have been on the screen" }
                ?? "not on the screen as asked"
            if !a.absentContainers.isEmpty { out += "; the screen has no \(a.absentContainers.joined(separator: " or ")) to look in" }
            if let t = a.typeAbsent, !a.absentContainers.contains(t) { out += "; the \(a.treeMayBeIncomplete == nil ? "screen" : "tree") has no \(t) at all" }
            return out + (a.candidates.isEmpty ? "; nothing like it is there" : "; nearest candidates below")
        default: return "\(a.matches.count) elements match"
        }
    }

}
