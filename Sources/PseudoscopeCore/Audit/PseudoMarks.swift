import Foundation

/// Whether one string carries the marks a pseudo-localization transform leaves, and which: the gate's `［…·····］`,
/// Xcode's pseudolanguages (`[# … #]`, doubled strings), Android's bracketed accents, accented Latin that is the
/// development string with accents put on, and translation-tool placeholders. Used on a product's string tables
/// (`audit`) and on the visible strings of a run that should carry none (`check`'s control run).
public enum PseudoMarks {
    /// The kind of mark `value` carries, in words; nil when it carries none. `development` is the development
    /// language's value for the same key, where known: an accented copy of it is a transform, not a translation.
    public static func kind(_ value: String, development: String? = nil) -> String? {
        let t = value.trimmingWhitespace()
        if let mark = transformMark(trimmed: t) { return mark }
        guard t.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        if let tool = placeholder(t) { return tool }
        if let dev = development?.trimmingWhitespace(), dev.count >= 2 {
            if dev != t, let half = PseudoScheme.halfOfDouble(t), half == dev {
                return "the development string doubled (Xcode's double-length pseudolanguage)"
            }
            // The same letters as the development string once the accents are off, give or take the brackets
            // and padding a transform adds: `[Ŝéţţîñĝš one]` for `Settings`. A translation that shares a word
            // (`Détail de Montagne` for `Detail`) is not one.
            if dev != t, t.unicodeScalars.contains(where: isAccentedLatin),
                TextClassifier.stripMarkers(plain(t)) == dev
            {
                return "the development string with accents added (an accented pseudo-locale)"
            }
        }
        return nil
    }

    /// The marks only a transform writes, which no real text carries, judged on the string alone: the gate's
    /// `［…］`, Xcode's `[# … #]` and bracketed accented text. What a run that should be untouched (`check`'s
    /// control run) may not show; nil for none. The text comes trimmed of whitespace (its callers trim it once).
    static func transformMark(trimmed t: String) -> String? {
        guard t.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        if PseudoScheme.fullwidthBrackets.marks(t) { return "the gate's ［…］ markers" }
        if PseudoScheme.boundedString.marks(t) { return "Xcode's bounded-string [# … #] markers" }
        if PseudoScheme.brackets.marks(t), t.unicodeScalars.contains(where: isAccentedLatin) {
            return "bracketed accented text (an Android-style pseudo-locale)"
        }
        return nil
    }

    /// A value a translation tool or a person writes where a translation is still to come, by its own syntax: a
    /// to-do marker in capitals standing alone or before `:` (`TODO: translate`, `FIXME`; not Spanish `Todo el
    /// mundo`, not `Todos`), Crowdin's in-context placeholders (`crwdns1234:0crwdne1234:0`), doubled square brackets.
    /// A sentence that merely begins with "Translate" is text.
    static func placeholder(_ t: String) -> String? {
        for marker in ["TODO", "FIXME", "NEEDS TRANSLATION", "TRANSLATE ME", "UNTRANSLATED"] where t.hasPrefix(marker) {
            let after = t.unicodeScalars.dropFirst(marker.unicodeScalars.count).first
            if after.map({ [":", "(", "[", "-", "!"].contains($0) }) ?? true { return "a translation-tool placeholder" }
        }
        if t.hasPrefix("[[") && t.hasSuffix("]]") { return "a translation-tool placeholder" }
        if t.contains("crwdns"), t.contains("crwdne") { return "Crowdin's in-context placeholder (crwdns…crwdne…)" }
        return nil
    }

    /// A Latin letter with a mark on it (`é`, `ĝ`, `ŕ`, `ḗ`) or a lookalike from the extended and phonetic blocks
    /// (`ƒ`, `ɱ`, `Ƥ`, `ƞ`), as an accenting transform writes them: Latin-1 to IPA and Latin Extended Additional.
    static func isAccentedLatin(_ u: Unicode.Scalar) -> Bool {
        ((0xC0...0x2AF).contains(u.value) || (0x1E00...0x1EFF).contains(u.value) || (0x2C60...0x2C7F).contains(u.value)
            || (0xA720...0xA7FF).contains(u.value)) && u.value != 0xD7 && u.value != 0xF7 && u.properties.isAlphabetic
    }

    /// The text with its accents off, and the lookalike letters accenting transforms use read as the letters they
    /// stand for: those with no accent to fold (`ƒ`, `ɱ`, `ð`, `þ`) by a table, any other Latin letter by what its
    /// Unicode name says it is (`Ƥ`, LATIN CAPITAL LETTER P WITH HOOK, is `P`; `ƞ` is `n`).
    static func plain(_ t: String) -> String {
        let folded = t.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        guard folded.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return folded }
        var out = String.UnicodeScalarView()
        for u in folded.unicodeScalars {
            if let m = lookalikes[u] {
                out.append(contentsOf: m.unicodeScalars)
            } else if u.value >= 0x80, isAccentedLatin(u), let letter = namedLetter(u) {
                out.append(letter)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }

    /// The basic letter a Latin letter's Unicode name gives (`LATIN SMALL LETTER N WITH LONG RIGHT LEG` is `n`);
    /// nil for a name that names no single letter (`LATIN SMALL LETTER ESH`).
    static func namedLetter(_ u: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = u.properties.name else { return nil }
        for (prefix, small) in [("LATIN SMALL LETTER ", true), ("LATIN CAPITAL LETTER ", false)] where name.hasPrefix(prefix) {
            let word = name.dropFirst(prefix.count).prefix { $0 != " " }
            guard word.count == 1, let c = word.unicodeScalars.first, ("A"..."Z").contains(c) else { return nil }
            return small ? Unicode.Scalar(c.value + 0x20) : c
        }
        return nil
    }

    static let lookalikes: [Unicode.Scalar: String] = [
        "ƒ": "f", "ɱ": "m", "ð": "d", "Ð": "D", "þ": "p", "Þ": "P", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
        "ħ": "h", "Ħ": "H", "ŧ": "t", "Ŧ": "T", "ı": "i", "ŋ": "n", "Ŋ": "N", "ɓ": "b", "ƈ": "c", "ɗ": "d", "ɠ": "g", "ƙ": "k",
        "ƥ": "p", "ʠ": "q", "ʂ": "s", "ƭ": "t", "ʋ": "v", "ƴ": "y", "ȥ": "z", "ɦ": "h", "ɲ": "n", "ɍ": "r", "ɨ": "i",
    ]
}

extension StringTables {
    /// A table most of whose values carry pseudo marks was pseudo-localized: blocking. Judged on the whole table,
    /// so one accented word in a real French table is nothing; the gate's and Xcode's explicit markers, which no
    /// real text carries, are named for review even when few.
    mutating func pseudoValues(_ t: Table, development: Table?) {
        var marked: [(key: String, value: String, kind: String)] = []
        var withLetters = 0
        for key in t.values.keys.sorted() {
            let value = t.values[key]!
            guard value.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { continue }
            withLetters += 1
            if let kind = PseudoMarks.kind(value, development: development?.values[key]) { marked.append((key, value, kind)) }
        }
        guard !marked.isEmpty else { return }
        let examples = marked.prefix(3).map { "\"\(StringTables.short($0.key))\" = \"\(StringTables.short($0.value))\": \($0.kind)" }
        if marked.count * 2 >= withLetters && marked.count >= 2 {
            add(
                .pseudoStrings, .blocking, t.path,
                "\(marked.count) of \(withLetters) values carry pseudo-localization marks: a pseudo table ships to users", examples)
        } else {
            let explicit = marked.filter {
                $0.kind.hasPrefix("the gate") || $0.kind.hasPrefix("Xcode's bounded") || $0.kind.hasPrefix("a translation-tool")
                    || $0.kind.hasPrefix("Crowdin")
            }
            guard !explicit.isEmpty else { return }
            add(
                .pseudoStrings, .review, t.path, "\(explicit.count) of \(withLetters) values carry pseudo-localization markers no real text has",
                explicit.prefix(3).map { "\"\(StringTables.short($0.key))\" = \"\(StringTables.short($0.value))\": \($0.kind)" })
        }
    }

    /// For each locale, the development language's keys it lacks (it falls back to the development language at run
    /// time) and its values left as the development language's (untranslated), counted over every table of a bundle.
    mutating func coverage(_ tables: [Table]) {
        // Grouped once: a product of 20,000 tables a language is looked up, not searched, table by table.
        let byBundle = Dictionary(grouping: tables, by: \.bundle)
        for bundle in byBundle.keys.sorted() {
            let here = byBundle[bundle]!
            let byLocaleAndName = Dictionary(grouping: here) { "\($0.locale)\u{0}\($0.name)" }
            let translatedNames = Set(here.filter { !isDevelopment($0.locale) }.map(\.name))
            // A table no other locale has is kept in the development language on purpose (Element X's
            // `Untranslated.strings`): no locale lacks it.
            let development = here.filter { isDevelopment($0.locale) && translatedNames.contains($0.name) }
            guard !development.isEmpty else { continue }
            let devLocale = development[0].locale
            let locales = Set(here.map(\.locale)).filter {
                !isDevelopment($0) && { if case .language = LocaleName.judge($0) { true } else { false } }($0)
            }
            let devLanguage = LocaleName.language(of: devLocale)
            // A regional variant of the development language (`en-US` beside `en`) overrides only what differs.
            for locale in locales.sorted() where LocaleName.language(of: locale) != devLanguage {
                // A regional variant (`pt-BR`) falls back to its language's tables (`pt`) before the development
                // language's: a key `pt` has is not missing from `pt-BR`.
                // Only across a region: `sr-Latn` falling back to `sr` would show Cyrillic to a reader of Latin.
                let language = LocaleName.language(of: locale)
                let subtags = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
                let regional = subtags.count == 1 && subtags.allSatisfy { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
                let parent = regional && locales.contains(language) ? language : nil
                var missing: [String] = [], same: [String] = [], unfinished: [String] = [], total = 0
                for dev in development.sorted(by: { $0.name < $1.name }) {
                    // A table's keys are those of every file of its name (`Localizable.strings` and `.stringsdict`).
                    let theirs = byLocaleAndName["\(locale)\u{0}\(dev.name)"] ?? []
                    let fallback = parent.map { p in byLocaleAndName["\(p)\u{0}\(dev.name)"] ?? [] } ?? []
                    let sources = theirs + fallback
                    for key in dev.values.keys.sorted() {
                        total += 1
                        guard let value = sources.lazy.compactMap({ $0.values[key] }).first else {
                            missing.append(dev.name == "Localizable" ? key : "\(dev.name): \(key)"); continue
                        }
                        if let state = theirs.lazy.compactMap({ $0.states[key] }).first, state == "new" || state == "needs_review" {
                            unfinished.append(key)
                            continue
                        }
                        let devValue = dev.values[key]!
                        if value == devValue, dev.translatable[key] ?? true,
                            devValue.unicodeScalars.filter({ $0.properties.isAlphabetic }).count >= 2
                        {
                            same.append(key)
                        }
                    }
                }
                let folder = (bundle.isEmpty ? "" : bundle + "/") + "\(locale).lproj"
                func list(_ keys: [String]) -> String {
                    keys.prefix(3).map { "\"\(StringTables.short($0))\"" }.joined(separator: ", ") + (keys.count > 3 ? "…" : "")
                }
                // Without a folder of the development language itself (only `en-GB` and `en-US` where it is `en`), a
                // missing key shows what the source holds (the code's text, the Info.plist's value), which the
                // audit cannot see: no claim about what users see is made.
                if !missing.isEmpty, developmentHasOwnFolder {
                    add(
                        .localizationCoverage, .review, app.path(folder),
                        "\(locale) lacks \(missing.count) of \(devLocale)'s \(total) keys: users see them in \(devLocale)",
                        ["missing: " + list(missing)])
                }
                if !unfinished.isEmpty {
                    add(
                        .localizationCoverage, .review, app.path(folder),
                        "\(unfinished.count) of \(locale)'s \(total - missing.count) values are marked new or needs_review in the String Catalog: not translated yet, users see them as they are",
                        ["unfinished: " + list(unfinished)])
                }
                // A few shared values (`OK`, a brand) are normal; a fifth of the table is a locale left untranslated.
                if same.count >= 3, same.count * 5 >= total - missing.count {
                    add(
                        .localizationCoverage, .review, app.path(folder),
                        "\(same.count) of \(locale)'s \(total - missing.count) values are \(devLocale)'s, word for word: left untranslated",
                        ["untranslated: " + list(same)])
                }
            }
        }
    }

    /// The locales the Info.plist declares (`CFBundleLocalizations`) against the folders the app holds.
    mutating func declared(_ folders: Set<String>) {
        guard case .array(let items)? = app.info?["CFBundleLocalizations"] else { return }
        let declared = Set(items.compactMap(\.stringValue))
        let plist = app.path("Info.plist")
        for d in declared.subtracting(folders).sorted() where !isDevelopment(d) {
            add(
                .undeclaredLocale, .review, plist,
                "declares \(d) in CFBundleLocalizations but holds no \(d).lproj: the system offers a language the app falls back from")
        }
        for f in folders.subtracting(declared).sorted() where !isDevelopment(f) {
            add(
                .undeclaredLocale, .review, app.path("\(f).lproj"),
                "tables of \(f), which CFBundleLocalizations does not declare: the system may never pick them")
        }
    }
}
