import Foundation

/// An app's string tables judged: folders of pseudo or made-up locales, tables whose values are pseudo-localized,
/// and each locale's coverage of the development language's keys.
struct StringTables: AuditJudge {
    let files: ProductFiles
    let app: AppAudit.App
    let product: String
    var findings: [AuditFinding] = []
    var notAudited: [String] = []
    /// The language `.lproj` folders at the app's top (not `Base`).
    var localeCount = 0
    /// The locale of the development language's tables (`developmentChoice`), once the tables are read.
    var development = ""

    /// One table file: where it is, its bundle folder inside the app, locale and name, and its values by key.
    struct Table {
        var path: String
        var bundle: String
        var locale: String
        var name: String
        var values: [String: String]
        /// A String Catalog's state of each key's unit where it is not `translated` (`new`, `needs_review`, `stale`).
        var states: [String: String] = [:]
        /// A catalog's keys marked `shouldTranslate: false` (false), the same in every language by design.
        var translatable: [String: Bool] = [:]

        /// What another locale's table of the same bundle, name and kind of file (`.strings`, `.stringsdict`) shares.
        var counterpartKey: String { "\(bundle)\u{0}\(name)\u{0}\(path.split(separator: ".").last ?? "")" }
    }

    init(files: ProductFiles, app: AppAudit.App, product: String) {
        self.files = files
        self.app = app
        self.product = product
    }

    mutating func judge() {
        let folders = files.entries(under: app.root).filter { $0.path.hasSuffix(".lproj") }
        var declaredHere: Set<String> = []
        for f in folders {
            let name = String(f.path.split(separator: "/").last ?? "")
            let topLevel = !app.inner(f.path).contains("/")
            switch LocaleName(folder: name) {
            case .pseudo(let why):
                add(.pseudoLocale, .blocking, f.path, "a pseudo-locale's folder in the product: \(why); it is test-only and must not ship")
            case .unknown:
                add(
                    .pseudoLocale, .review, f.path,
                    "a locale folder whose name is no language (ISO 639) or BCP 47 tag: made up, or a typo the system will never pick")
            case .language:
                if topLevel { localeCount += 1; declaredHere.insert(String(name.dropLast(6))) }
            case .base: break
            }
        }
        let tables = readTables()
        let folderLocales = folders.map { String($0.path.split(separator: "/").last?.dropLast(6) ?? "") }
        development = developmentChoice(among: Set(tables.map(\.locale) + folderLocales))
        // The development language's table of each bundle, name and kind of file, found by key, not by search.
        var developmentTables: [String: Table] = [:]
        for t in tables where isDevelopment(t.locale) && developmentTables[t.counterpartKey] == nil { developmentTables[t.counterpartKey] = t }
        for t in tables { pseudoValues(t, development: isDevelopment(t.locale) ? nil : developmentTables[t.counterpartKey]) }
        coverage(tables)
        // A catalog shipped as it is holds its languages without folders.
        declared(declaredHere.union(tables.filter { $0.path.hasSuffix(".xcstrings") }.map(\.locale)))
    }

    /// Every `.strings` and `.stringsdict` inside an `.lproj`, and each language of a String Catalog, read; one that
    /// cannot be read is named as not audited.
    mutating func readTables() -> [Table] {
        var out: [Table] = []
        for (path, bytes) in files.contents.sorted(by: { $0.key < $1.key }) where path.hasPrefix(app.prefix) {
            let parts = app.inner(path).split(separator: "/").map(String.init)
            // A String Catalog shipped as it is: every language of it is a table.
            if let file = parts.last, file.hasSuffix(".xcstrings") {
                do {
                    guard let catalog = try StringCatalog.read(bytes, file: path, developmentLanguage: nil) else { continue }
                    // Entries grouped by language in one pass (a key in 30,000 languages is 30,000 entries, not 30,000²).
                    var byLanguage: [String: Table] = [:]
                    for e in catalog.entries {
                        if byLanguage[e.language] == nil {
                            byLanguage[e.language] = Table(
                                path: path, bundle: parts.dropLast().joined(separator: "/"), locale: e.language, name: String(file.dropLast(10)),
                                values: [:])
                        }
                        // Changed where it is kept: a copy taken out and put back would copy its tables every entry.
                        byLanguage[e.language]!.values[e.key] = e.texts.joined(separator: " | ")
                        if let state = e.state, state != "translated" { byLanguage[e.language]!.states[e.key] = state }
                        if !e.translatable { byLanguage[e.language]!.translatable[e.key] = false }
                    }
                    out += byLanguage.keys.sorted().map { byLanguage[$0]! }
                } catch let e as ArchiveError { notAudited.append(e.description) } catch {}
                continue
            }
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj"), let file = parts.last,
                file.hasSuffix(".strings") || file.hasSuffix(".stringsdict")
            else { continue }
            let locale = String(parts[parts.count - 2].dropLast(6))
            let bundle = parts.dropLast(2).joined(separator: "/")
            let name = String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)])
            do {
                var values: [String: String] = [:]
                if file.hasSuffix(".strings") {
                    values = try StringsFile.values(bytes, file: path)
                } else {
                    guard case .dictionary(let d) = try PlistNode.read(bytes) else {
                        throw PlistNode.Failure(message: "not a dictionary of plural rules")
                    }
                    for (key, rule) in d { values[key] = StringTables.texts(of: rule).joined(separator: " | ") }
                }
                out.append(Table(path: path, bundle: bundle, locale: locale, name: name, values: values))
            } catch let e as ArchiveError {
                notAudited.append(e.description)
            } catch let f as PlistNode.Failure {
                notAudited.append("\(path): \(f.message)")
            } catch {}
        }
        return out
    }

    /// A `.stringsdict` rule's texts (its plural forms), without the format keys.
    static func texts(of node: PlistNode) -> [String] {
        var out: [String] = [], stack = [node]
        while let n = stack.popLast() {
            switch n {
            case .string(let s): out.append(s)
            case .dictionary(let d):
                for (k, v) in d.sorted(by: { $0.key < $1.key }) where !k.hasPrefix("NSString") { stack.append(v) }
            case .array(let a): stack += a
            default: break
            }
        }
        return out
    }

    /// The development language's folder name: `CFBundleDevelopmentRegion` as a folder of this app has it (`en`,
    /// `English`, `en-US`); `en` when the plist leaves it to a build variable.
    var developmentLocale: String {
        let region = app.info?["CFBundleDevelopmentRegion"]?.stringValue ?? "en"
        return region.hasPrefix("$(") ? "en" : region
    }

    /// The locale whose tables are the development language's, among those the app has: the development region's
    /// own (`en`, `English`), else its language's bare code (`en` for `en-US` or `English`), else the first of its
    /// regional variants. One locale: `en-GB` and `en-US` beside `en` are variants of it, not more of it.
    func developmentChoice(among locales: Set<String>) -> String {
        if locales.contains(developmentLocale) { return developmentLocale }
        let language = LocaleName.language(of: developmentLocale)
        if locales.contains(language) { return language }
        let same = locales.filter { LocaleName.language(of: $0) == language }.sorted()
        return same.first { LocaleName.legacyNames[$0] != nil } ?? same.first ?? developmentLocale
    }

    func isDevelopment(_ locale: String) -> Bool { locale == development }

    /// Whether the development tables are the development language's own (`en`), not a variant standing in.
    var developmentHasOwnFolder: Bool { development == developmentLocale || development == LocaleName.language(of: developmentLocale) }

    /// A key or value as evidence: its first 200 characters (a table's key may be megabytes long; a report's line
    /// must not be).
    static func short(_ s: String) -> String { s.count <= 200 ? s : String(s.prefix(200)) + "…" }
}
