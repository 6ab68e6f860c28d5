/// When nothing matches, what a person would try next, nearest first: what XCUITest itself listed at the failure,
/// then the tree's elements whose names are the one asked for written differently (case, separators, word order,
/// `btn` for `button`), its label, its translation (with `--strings`), the few elements of the type asked for, the
/// element on the same spot. Each with its reason.
extension QueryAnswer {
    /// An entry of XCUITest's `from input {( … )}` list: `Button, 0x…, identifier: 'x', label: 'y'`.
    struct Listed {
        var type: String
        var identifier: String?
        var label: String?
        var text: String
    }

    static func listedEntries(_ q: FailureQuery) -> [Listed] {
        q.searched.prefix(1000).compactMap { line in
            let type = String(line.prefix { $0.isLetter })
            guard ElementTypeNames.isKnown(type) else { return nil }
            let d = FailureQuery.describedElement(line)
            return Listed(type: type, identifier: d?.identifier, label: d?.label, text: line)
        }
    }

    /// XCUITest searched elements the tree does not hold: the tree was recorded at another moment.
    static func otherMoment(_ listed: [Listed], in h: Hierarchy) -> String? {
        let typed = listed.filter { $0.type != "Application" }
        guard !typed.isEmpty else { return nil }
        let types = Set(h.elements.map(\.type))
        let byType = Dictionary(grouping: typed, by: \.type).sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        if let (t, entries) = byType.first(where: { !types.contains($0.key) }) {
            return "XCUITest searched \(entries.count) \(t)\(entries.count == 1 ? "" : "s") at the failure and the recorded tree has none:"
                + " it shows another moment than the failure"
        }
        let named = typed.filter { $0.identifier != nil || $0.label != nil }
        let index = treeIndex(h)
        if named.count >= 2, !named.contains(where: { e in index[e.type + "\u{1}" + (e.identifier ?? "")]?.contains { same(e, h[$0]) } == true }) {
            return "none of the \(named.count) elements XCUITest searched at the failure is in the recorded tree: it shows another moment"
        }
        return nil
    }

    /// The tree's elements by type and identifier: an entry of XCUITest's list is looked up, not searched for.
    static func treeIndex(_ h: Hierarchy) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for i in h.indices { out[h[i].type + "\u{1}" + h[i].identifier, default: []].append(i) }
        return out
    }

    static func same(_ l: Listed, _ e: Element) -> Bool {
        e.type == l.type && (l.identifier ?? "") == e.identifier && (l.label.map { $0 == e.label || $0 == e.title } ?? true)
    }

    /// Identifiers compared the way a person reads them: case and separators (`-`, `_`, `.`, spaces) aside.
    static func folded(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }

    /// Abbreviations identifiers use for whole words.
    static let abbreviations: [String: [String]] = [
        "btn": ["button"], "lbl": ["label"], "txt": ["text"], "img": ["image"], "tf": ["text", "field"], "textfield": ["text", "field"],
        "nav": ["navigation"], "navbar": ["navigation", "bar"], "tv": ["table", "view"], "cv": ["collection", "view"], "iv": ["image", "view"],
        "vc": ["view", "controller"], "msg": ["message"], "pwd": ["password"], "desc": ["description"], "num": ["number"], "bg": ["background"],
        "tbl": ["table"], "sw": ["switch"], "cell": ["cell"], "lbl_": ["label"],
    ]
    /// Words that say what kind of element it is rather than which: set aside when the rest still says which.
    static let kindWords: Set<String> = ["button", "label", "text", "field", "image", "view", "cell", "switch", "bar", "icon", "item"]

    /// `btn_add_note` and `addNoteButton` are both `add note button`: split at separators and camelCase, lower-cased,
    /// abbreviations spelled out.
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var current = ""
        var previous: Character?
        for c in s.prefix(200) {
            let boundary =
                !(c.isLetter || c.isNumber) || (c.isUppercase && (previous?.isLowercase ?? false))
                || (c.isNumber != (previous?.isNumber ?? c.isNumber))
            if boundary, !current.isEmpty { out.append(current); current = "" }
            if c.isLetter || c.isNumber { current.append(Character(c.lowercased())) }
            previous = c
        }
        if !current.isEmpty { out.append(current) }
        return out.flatMap { abbreviations[$0] ?? [$0] }
    }

    /// A name as it is compared: folded and split into words once. Past 1,000 characters a name is compared by
    /// its start: a message's 60 KB identifier costs one pass, not one a tree element.
    struct Name {
        var raw: String
        var folded: String
        var words: [String]
        var core: Set<String>
        init(_ s: String) {
            let cut = String(s.prefix(1000))
            raw = s
            folded = QueryAnswer.folded(cut)
            words = QueryAnswer.words(cut).sorted()
            core = Set(words).subtracting(QueryAnswer.kindWords)
        }
    }

    /// How near a name is to the one asked for, and why; nil when it is not near.
    static func nearness(want: Name, have: Name, kind: String) -> (Int, String)? {
        guard !want.raw.isEmpty, !have.raw.isEmpty else { return nil }
        let (w, hv) = (want.folded, have.folded)
        let shown = String(have.raw.prefix(200))
        if w == hv { return (0, "the same \(kind) written differently ('\(shown)')") }
        if want.words == have.words || (!want.core.isEmpty && want.core == have.core) {
            return (1, "the same words in another order or style ('\(shown)')")
        }
        if w.count >= 3, hv.count >= 3, hv.hasPrefix(w) || w.hasPrefix(hv) { return (2, "a \(kind) that begins the same ('\(shown)')") }
        if w.count >= 4, hv.count >= 4, hv.contains(w) || w.contains(hv) { return (3, "a \(kind) that holds the one asked for ('\(shown)')") }
        let shared = want.core.intersection(have.core)
        if shared.count >= 2, Double(shared.count) >= 0.6 * Double(want.core.count) {
            return (3, "a \(kind) that shares the words \(shared.sorted().joined(separator: ", ")) ('\(shown)')")
        }
        return nil
    }

    /// What the query names, as names: its identifiers (the key among them) and its labels.
    struct Wanted {
        var identifiers: [Name]
        var labels: [Name]
        init(_ q: FailureQuery) {
            identifiers = [q.identifier, q.key].compactMap { $0 }.map(Name.init)
            labels = [q.label, q.key].compactMap { $0 }.map(Name.init)
        }
    }

    /// How near an element (or an entry of XCUITest's list) is to what the query names, and why.
    static func nearness(_ wanted: Wanted, identifier: String, label: String, title: String) -> (Int, String)? {
        var best: (Int, String)?
        func propose(_ r: (Int, String)?) { if let r, best == nil || r.0 < best!.0 { best = r } }
        let (id, lab) = (Name(identifier), Name(label))
        for want in wanted.identifiers {
            propose(nearness(want: want, have: id, kind: "identifier"))
            if lab.folded == want.folded, !lab.folded.isEmpty { propose((1, "its label is the identifier asked for (\"\(lab.raw.prefix(200))\")")) }
            if let n = nearness(want: want, have: lab, kind: "label"), n.0 >= 1 { propose((n.0 + 1, n.1)) }
        }
        for want in wanted.labels {
            if label == want.raw || title == want.raw { propose((1, "the same label")) }
            propose(nearness(want: want, have: lab, kind: "label"))
            if id.folded == want.folded, !id.folded.isEmpty { propose((2, "its identifier is the label asked for ('\(id.raw.prefix(200))')")) }
        }
        return best
    }

    static func candidates(for q: FailureQuery, listed: [Listed], in h: Hierarchy, frame: Rect?, strings: StringCatalog?)
        -> (candidates: [Candidate], seen: [String])
    {
        var out: [Candidate] = []
        var seen: [String] = []
        // What XCUITest itself saw at the failure comes first: found in the tree, it is pointed at; not there, it is
        // named with what it was.
        let wanted = Wanted(q)
        let index = treeIndex(h)
        var listedElements: [Int: String] = [:]
        for entry in listed.prefix(1000) where entry.type != "Application" {
            guard let near = nearness(wanted, identifier: entry.identifier ?? "", label: entry.label ?? "", title: "") else { continue }
            if let i = index[entry.type + "\u{1}" + (entry.identifier ?? "")]?.first(where: { same(entry, h[$0]) }) {
                listedElements[i] = "XCUITest listed it at the failure: " + near.1
            } else if seen.count < maxCandidates {
                seen.append("\(entry.text): \(near.1); in XCUITest's list at the failure, not in the recorded tree")
            }
        }
        let translations = translationsOf(q, strings: strings)
        for i in h.indices where h[i].type != "Application" && h[i].type != "Window" {
            let e = h[i]
            var best: (Int, String)?
            func propose(_ rank: Int, _ why: String) { if best == nil || rank < best!.0 { best = (rank, why) } }
            let typeNote = q.type.map { e.type == $0 ? "" : " (a \(e.type), not a \($0))" } ?? ""
            if let why = listedElements[i] { propose(-1, why + typeNote) }
            if let n = nearness(wanted, identifier: e.identifier, label: e.label, title: e.title) { propose(n.0, n.1 + typeNote) }
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
        return (Array(out.sorted { ($0.rank, $0.element) < ($1.rank, $1.element) }.prefix(maxCandidates)), seen)
    }

    /// A locale run asks for the translated label: the same key's text in another language is what a screen that
    /// missed the translation shows (`--strings` gives the tables).
    static func translationsOf(_ q: FailureQuery, strings: StringCatalog?) -> [String: (language: String, key: String)] {
        var translations: [String: (language: String, key: String)] = [:]
        guard let catalog = strings, let label = q.label ?? q.key ?? q.identifier else { return translations }
        for entry in catalog.matches(label) {
            for language in catalog.languages where language != entry.language {
                for text in catalog.value(key: entry.key, table: entry.table, language: language)?.texts ?? [] where text != label {
                    translations[text] = (language, entry.key)
                }
            }
        }
        return translations
    }
}
