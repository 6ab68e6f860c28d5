/// A failure's query answered against the run's hierarchy (`FailureQuery`): the elements it matches and, when it
/// matches none, the nearest candidates ranked by what a person would try first, each with why it was proposed.
/// Part of a run's verdict: every report and view shows this one answer.
public struct QueryAnswer: Equatable, Sendable {
    public var query: FailureQuery
    /// The elements the query matches, in tree order.
    public var matches: [Int]
    /// An element the answer names, as every message names it, with its path: the hierarchy is not kept with a
    /// night's summaries, and a report names it from here.
    public struct Named: Equatable, Sendable {
        public var element: Int
        /// `Button 'checkout.confirm'` (`ElementName`).
        public var reference: String
        /// `Window/Other/Button[2]`.
        public var path: String
        public var frame: Rect

        init(_ i: Int, in h: Hierarchy) {
            element = i
            let e = h[i]
            reference = ElementName.of(type: e.type, identifier: e.identifier, text: e.label.isEmpty ? e.title : e.label, frame: e.frame)
            path = h.shortPathDescription(i)
            frame = e.frame
        }
    }
    public struct Candidate: Equatable, Sendable {
        public var named: Named
        /// `the same identifier in another case`, `the same label`, `a Button on the same spot`…
        public var why: String
        /// Lower is nearer.
        var rank: Int
        public var element: Int { named.element }
    }
    /// The matches, named.
    public var matched: [Named]
    public var candidates: [Candidate]
    /// A container the chain goes through that the screen does not have (`NavigationBar`): said, since no
    /// element under it can be found.
    public var absentContainers: [String]
    /// Why the tree may lack the element even though it is not in it (a tree cut at a snapshot depth, a partial
    /// snapshot, a flat list): a missing element is then not called absent.
    public var treeMayBeIncomplete: String?
    /// False when the run recorded no hierarchy: there was nothing to look in.
    public var treeRecorded = true
    /// The type asked for, when the tree holds no element of it at all.
    public var typeAbsent: String?

    /// At most this many candidates are proposed.
    static let maxCandidates = 5

    public init(_ query: FailureQuery, in h: Hierarchy, incomplete: String? = nil, frame: Rect? = nil, strings: StringCatalog? = nil) {
        self.query = query
        treeMayBeIncomplete = incomplete
        absentContainers = query.containers.filter { c in !h.elements.contains { $0.type == c } }
        typeAbsent = query.type.flatMap { t in h.elements.contains { $0.type == t } ? nil : t }
        matches = h.indices.filter { QueryAnswer.matches(query, h[$0]) }
        if let i = query.steps.last(where: { $0.kind == .index })?.index, matches.count > i { matches = [matches[i]] }
        candidates = matches.isEmpty ? QueryAnswer.candidates(for: query, in: h, frame: frame, strings: strings) : []
        matched = matches.prefix(QueryAnswer.maxCandidates * 4).map { Named($0, in: h) }
    }

    /// Whether an element is what the query asks for: its type (when asked), identifier and label.
    static func matches(_ q: FailureQuery, _ e: Element) -> Bool {
        guard q.identifier != nil || q.label != nil || q.type != nil else { return false }
        if let t = q.type, e.type != t { return false }
        if let id = q.identifier, e.identifier != id { return false }
        if let l = q.label, e.label != l, e.title != l { return false }
        return true
    }

    /// Identifiers compared the way a person reads them: case and separators (`-`, `_`, `.`, spaces) aside.
    static func folded(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }

    static func candidates(for q: FailureQuery, in h: Hierarchy, frame: Rect?, strings: StringCatalog?) -> [Candidate] {
        var out: [Candidate] = []
        // A locale run asks for the translated label: the same key's text in another language is what a screen
        // that missed the translation shows (`--strings` gives the tables).
        var translations: [String: (language: String, key: String)] = [:]
        if let catalog = strings, let label = q.label ?? q.identifier {
            for entry in catalog.matches(label) {
                for language in catalog.languages where language != entry.language {
                    for text in catalog.value(key: entry.key, table: entry.table, language: language)?.texts ?? [] where text != label {
                        translations[text] = (language, entry.key)
                    }
                }
            }
        }
        for i in h.indices where h[i].type != "Application" && h[i].type != "Window" {
            let e = h[i]
            var best: (Int, String)?
            func propose(_ rank: Int, _ why: String) { if best == nil || rank < best!.0 { best = (rank, why) } }
            let typeNote = q.type.map { e.type == $0 ? "" : " (a \(e.type), not a \($0))" } ?? ""
            if let id = q.identifier, !id.isEmpty {
                let (want, have) = (folded(id), folded(e.identifier))
                if !e.identifier.isEmpty, want == have {
                    propose(0, "the same identifier written differently ('\(e.identifier)')" + typeNote)
                } else if !have.isEmpty, want.count >= 3, have.count >= 3, have.hasPrefix(want) || want.hasPrefix(have) {
                    propose(2, "an identifier that begins the same ('\(e.identifier)')" + typeNote)
                } else if !have.isEmpty, want.count >= 4, have.contains(want) || want.contains(have) && have.count >= 4 {
                    propose(3, "an identifier that holds the one asked for ('\(e.identifier)')" + typeNote)
                }
                // A label that is the identifier asked for: `"Hide keyboard" IN identifiers` where only a label says it.
                if folded(e.label) == want, !want.isEmpty {
                    propose(1, "its label is the identifier asked for (\"\(e.label)\")" + typeNote)
                } else if !e.label.isEmpty, want.count >= 4, folded(e.label).contains(want) {
                    propose(3, "its label holds the identifier asked for (\"\(e.label)\")" + typeNote)
                }
            }
            if let label = q.label, !label.isEmpty {
                if e.label == label || e.title == label {
                    propose(1, "the same label" + typeNote)
                } else if folded(e.label) == folded(label), !e.label.isEmpty {
                    propose(1, "the same label written differently (\"\(e.label)\")" + typeNote)
                } else if folded(e.identifier) == folded(label), !e.identifier.isEmpty {
                    propose(2, "its identifier is the label asked for ('\(e.identifier)')" + typeNote)
                }
            }
            if let t = translations[e.label] ?? translations[e.title] {
                propose(1, "the same string in \(t.language) (key '\(t.key)'): the translation asked for is not what the screen shows" + typeNote)
            }
            if let f = frame, !f.isEmpty, let t = q.type, e.type == t, e.frame.intersection(f) != nil {
                propose(4, "a \(t) on the same spot of the screen")
            }
            if let b = best { out.append(Candidate(named: Named(i, in: h), why: b.1, rank: b.0)) }
        }
        // Nothing by name: the elements of the type asked for, when there are few, are what a person looks at next.
        if out.isEmpty, let t = q.type {
            let sameType = h.indices.filter { h[$0].type == t }
            if !sameType.isEmpty, sameType.count <= maxCandidates {
                out = sameType.map { Candidate(named: Named($0, in: h), why: "a \(t) on the screen", rank: 5) }
            }
        }
        return Array(out.sorted { ($0.rank, $0.element) < ($1.rank, $1.element) }.prefix(maxCandidates))
    }
}
