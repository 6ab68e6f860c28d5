/// Which localized string each element shows (docs/strings.md): from the app's tables (`--strings`), the key(s)
/// whose value in some language is the element's text, with the value expected in the run's language and in
/// the development language; without tables, the run's own record of the strings it showed, by frame.
/// What the details pane and `/` search use; the locale-run rules judge the same matches.
public struct ElementStrings: Sendable {
    /// One key an element's text is.
    public struct Identity: Equatable, Sendable {
        public var key: String
        public var table: String
        /// The languages whose value is exactly the text shown; empty for a run record (it names no language).
        public var shownAs: [String]
        /// The value in the run's language and in the development language, when the tables have them.
        public var runValue: String?
        public var developmentValue: String?
        /// A catalog's state for the run's language (`needs_review`, `new`), when not translated.
        public var runState: String?
    }

    public var byElement: [Int: [Identity]] = [:]
    /// The run's language and the tables' development language, for the pane's labels.
    public var runLanguage: String?
    public var developmentLanguage: String?
    /// What the identities come from: the tables loaded (`es.lproj/Localizable.strings (42 strings)`), or the
    /// run's localization record.
    public var sources: [String] = []

    public init() {}

    public var isEmpty: Bool { sources.isEmpty }

    /// The identities of every element with text.
    public init(_ archive: Archive, catalog: StringCatalog?) {
        let h = archive.hierarchy
        runLanguage = archive.languages.first ?? archive.locale.map { String($0.prefix { $0 != "_" }) }
        if let catalog {
            developmentLanguage = catalog.developmentLanguage
            sources = catalog.tables
            var memo: [String: [Identity]] = [:]
            for i in h.indices {
                var found: [Identity] = []
                for text in ElementStrings.texts(h[i]) {
                    let ids = memo[text] ?? identify(text, catalog)
                    memo[text] = ids
                    for id in ids where !found.contains(where: { $0.key == id.key && $0.table == id.table }) { found.append(id) }
                }
                if !found.isEmpty { byElement[i] = found }
            }
        } else if !archive.shownStrings.isEmpty {
            sources = ["the run's localization record (\(archive.shownStrings.count) strings shown)"]
            for i in h.indices where !ElementStrings.texts(h[i]).isEmpty {
                let ids = archive.shownStrings.filter { ElementStrings.covers(h[i].frame, $0.frame) }
                    .map { Identity(key: $0.key, table: $0.table, shownAs: []) }
                if !ids.isEmpty { byElement[i] = ids }
            }
        }
    }

    /// The texts of an element a table could hold: its label, title and placeholder.
    static func texts(_ e: Element) -> [String] {
        var out: [String] = []
        for t in [e.label, e.title, e.placeholderValue] {
            let s = t.trimmingWhitespace()
            if !s.isEmpty, !out.contains(s) { out.append(s) }
        }
        return out
    }

    /// A shown string belongs to the element whose frame holds it: same line, within its horizontal extent.
    static func covers(_ element: Rect, _ shown: Rect) -> Bool {
        abs(shown.midY - element.midY) <= max(4, element.height / 2) && shown.minX >= element.minX - 4 && shown.maxX <= element.maxX + 4
    }

    func identify(_ text: String, _ catalog: StringCatalog) -> [Identity] {
        var out: [Identity] = []
        for m in catalog.matches(text) {
            if let k = out.firstIndex(where: { $0.key == m.key && $0.table == m.table }) {
                if !out[k].shownAs.contains(m.language) { out[k].shownAs.append(m.language) }
                continue
            }
            let run = runLanguage.flatMap { catalog.value(key: m.key, table: m.table, language: $0) }
            let dev = catalog.value(key: m.key, table: m.table, language: catalog.developmentLanguage)
            out.append(
                Identity(
                    key: m.key, table: m.table, shownAs: [m.language], runValue: run?.texts.first,
                    developmentValue: dev?.texts.first, runState: run.flatMap { $0.isTranslated ? nil : $0.state }))
        }
        return out
    }

    /// Lines for the details pane: `key 'settings.title' (Localizable)`, the expected values.
    public func lines(_ element: Int) -> [String] {
        guard let ids = byElement[element] else { return [] }
        var out: [String] = []
        for id in ids.prefix(4) {
            out.append("key         '\(id.key)' (\(id.table))" + (id.shownAs.isEmpty ? "" : ", shown as \(id.shownAs.joined(separator: ", "))"))
            if let r = runLanguage {
                out.append(pad(r) + (id.runValue.map { "\"\($0)\"" } ?? "— (no value in \(r))") + (id.runState.map { " [\($0)]" } ?? ""))
            }
            if let d = developmentLanguage, d != runLanguage {
                out.append(pad(d) + (id.developmentValue.map { "\"\($0)\"" } ?? "—") + " (development language)")
            }
        }
        if ids.count > 4 { out.append("            and \(ids.count - 4) more keys with this text") }
        return out
    }

    /// A language as a field name, the values lined up with the pane's other fields.
    func pad(_ s: String) -> String { s + String(repeating: " ", count: max(1, 12 - s.count)) }

    /// The keys of each element, for search.
    public var searchTexts: [Int: [String]] { byElement.mapValues { $0.map(\.key) } }
}
