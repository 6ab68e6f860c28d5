/// The locale run's rules (docs/strings.md): the run shows the app in a real language, and each visible text is
/// mapped back to the app's string tables. Review findings: a wrong string is a localization fault, not one of
/// the layout faults the gate blocks on.
extension LayoutChecker {
    /// The run's language, when the archive names one.
    var runLanguage: String? { archive.languages.first ?? archive.locale.map { String($0.prefix { $0 != "_" }) } }

    /// A locale run: a language, and either the app's tables or the strings the run itself recorded.
    var isLocaleRun: Bool { runLanguage != nil && (strings != nil || !archive.shownStrings.isEmpty) }

    /// The texts a locale run shows and the rules judge: the same elements as the hard-coded text rule, minus
    /// numbers, punctuation and what UIKit itself supplies (the back button's title). `isData` marks a text that
    /// holds the archive's fixed test data: judged only when a table's format matches it (`Signed in as %@`).
    ///
    /// Each text is judged once where it repeats: a button's inner StaticText, or a cell's label and its
    /// switch. Of such a group the failing element speaks for it, else the control (what the test queries).
    func localeTexts() -> [(index: Int, text: String, isData: Bool)] {
        let data = testDataStrings()
        var groups: [[Int]] = []
        var groupOf: [String: Int] = [:]
        var memberOf: [Int: Int] = [:]
        var textOf: [Int: String] = [:]
        for i in h.indices {
            let e = h[i]
            let isField = kinds[i].contains(.field) && e.type != "TextView"
            guard !kinds[i].isDisjoint(with: [.localizedText, .field]) else { continue }
            let text = (isField ? e.placeholderValue : e.label).trimmingWhitespace()
            guard !text.isEmpty, isVisible(i), !isSystemChrome[i], e.identifier != "BackButton" else { continue }
            if TextClassifier.isNumericLike(text) || TextClassifier.isPunctuationOnly(text) || data.contains(text) { continue }
            textOf[i] = text
            // The group: the parent's, when the parent says the same; else the siblings' under this parent.
            if let p = e.parent, textOf[p] == text, let g = memberOf[p] {
                groups[g].append(i)
                memberOf[i] = g
                continue
            }
            let key = "\(e.parent ?? -1)\u{1F}\(text)"
            let g = groupOf[key] ?? groups.count
            if g == groups.count { groupOf[key] = g; groups.append([]) }
            groups[g].append(i)
            memberOf[i] = g
        }
        return groups.map { g in
            let pick = g.first { $0 == archive.failingIndex } ?? g.first { kinds[$0].contains(.interactive) } ?? g[0]
            let text = textOf[pick]!
            return (pick, text, data.contains(where: { $0.count >= 3 && text.contains($0) }))
        }.sorted { $0.0 < $1.0 }
    }

    func localeRunStrings(into out: inout [Finding]) {
        guard let language = runLanguage else { return }
        if let catalog = strings { againstTables(catalog, language: language, into: &out); return }
        againstShownStrings(language: language, into: &out)
    }

    func againstTables(_ catalog: StringCatalog, language: String, into out: inout [Finding]) {
        let dev = catalog.developmentLanguage
        let runIsDevelopment = StringCatalog.sameLanguage(dev, language)
        for (i, text, isData) in localeTexts() {
            let found = catalog.matches(text)
            if found.isEmpty && isData { continue }
            // A key marked shouldTranslate: false (a brand name) is right in every language.
            if found.contains(where: { !$0.translatable }) { continue }
            let quoted = "\"\(DisplayWidth.clip(text, to: 60))\""
            if let shown = found.first(where: { StringCatalog.sameLanguage($0.language, language) }) {
                if !shown.isTranslated {
                    out.append(
                        finding(
                            .missingTranslation, .review, i,
                            "\(quoted) is the \(language) value of \(ref(shown)), but its catalog state is \(shown.state ?? "?"): not translated yet")
                    )
                }
                continue
            }
            if !runIsDevelopment, let source = found.first(where: { StringCatalog.sameLanguage($0.language, dev) }) {
                if let target = catalog.value(key: source.key, table: source.table, language: language), target.isTranslated,
                    let translation = target.texts.first, translation != text
                {
                    out.append(
                        finding(
                            .untranslated, .review, i,
                            "\(quoted) is the \(dev) value of \(ref(source)); \(language) has \"\(DisplayWidth.clip(translation, to: 60))\""))
                } else {
                    out.append(
                        finding(
                            .missingTranslation, .review, i,
                            "\(quoted) is the \(dev) value of \(ref(source)), which has no \(language) translation"
                                + (catalog.value(key: source.key, table: source.table, language: language).map { " (state \($0.state ?? "?"))" } ?? "")
                        ))
                }
                continue
            }
            if let other = found.first {
                let expected = catalog.value(key: other.key, table: other.table, language: language)?.texts.first
                out.append(
                    finding(
                        .wrongLanguage, .review, i,
                        "\(quoted) is the \(other.language) value of \(ref(other)) in a \(language) run"
                            + (expected.map { "; \(language) has \"\(DisplayWidth.clip($0, to: 60))\"" } ?? "")))
                continue
            }
            out.append(finding(.hardcodedText, .review, i, "\(quoted) is in no string table in any language: it bypassed the localization layer"))
        }
    }

    /// Without tables: the run's own record of the strings it showed (a result bundle's localization
    /// attachment). A text whose frame no shown string covers was not localized.
    func againstShownStrings(language: String, into out: inout [Finding]) {
        let shown = archive.shownStrings
        for (i, text, isData) in localeTexts() where !isData {
            if !shown.contains(where: { ElementStrings.covers(h[i].frame, $0.frame) }) {
                out.append(
                    finding(
                        .hardcodedText, .review, i,
                        "\"\(DisplayWidth.clip(text, to: 60))\" was not shown through a localized string (the run's localization record has none at its frame)"
                    ))
            }
        }
    }

    func ref(_ s: LocalizedString) -> String { "'\(s.key)' (\(s.table))" }
}
