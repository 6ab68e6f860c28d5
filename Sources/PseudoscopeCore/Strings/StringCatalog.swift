import Foundation

/// An app's string tables, loaded once (docs/strings.md): `*.lproj/*.strings` and `*.stringsdict` under a folder,
/// or String Catalogs (`*.xcstrings`), by language. Answers which keys and languages a text on screen is.
public struct StringCatalog: Sendable {
    public private(set) var entries: [LocalizedString] = []
    /// The language the app is written in: the catalog's `sourceLanguage`, `--development-language`, else `en`.
    public var developmentLanguage: String
    /// The tables read, for `info`: `es.lproj/Localizable.strings (42 strings)`.
    public private(set) var tables: [String] = []
    public private(set) var warnings: [StringsFile.Warning] = []
    private var exact: [String: [Int]] = [:]
    /// Values with placeholders, by the first character of their first literal (a text can only match the
    /// patterns filed under its own first character, or those that start with a placeholder).
    private var patterns: [Character: [(matcher: FormatMatcher, entry: Int)]] = [:]
    private var leadingPlaceholder: [(matcher: FormatMatcher, entry: Int)] = []
    private var byKey: [String: [Int]] = [:]

    public init(developmentLanguage: String = "en") {
        self.developmentLanguage = developmentLanguage
    }

    /// Loads every table under `path` (a folder, a `.xcstrings` file, or a `.strings` file in an `.lproj`).
    public static func load(_ path: String, developmentLanguage: String?, limits: LoadLimits = .default) throws -> StringCatalog {
        var catalog = StringCatalog(developmentLanguage: developmentLanguage ?? "en")
        var sourceLanguage: String?
        var files: [String] = []
        switch FileAccess.kind(path) {
        case .missing: throw ArchiveError(file: path, message: "no such file or folder")
        case .regular: files = [path]
        case .directory: files = walk(path)
        case .special(let what): throw ArchiveError(file: path, message: "is \(what), not a table")
        }
        guard !files.isEmpty else {
            throw ArchiveError(file: path, message: "holds no string tables (*.lproj/*.strings, *.stringsdict, *.xcstrings)")
        }
        for file in files {
            let bytes = try FileAccess.readRegularFile(file, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
            guard let table = try read(bytes, file: file, developmentLanguage: developmentLanguage, limits: limits) else { continue }
            sourceLanguage = sourceLanguage ?? table.sourceLanguage
            catalog.warnings += table.warnings
            catalog.add(table.entries, describing: table.description)
        }
        if catalog.tables.isEmpty {
            throw ArchiveError(
                file: path, message: "no table read: a .strings or .stringsdict file names its language by its folder (es.lproj/Localizable.strings)")
        }
        if developmentLanguage == nil, let s = sourceLanguage { catalog.developmentLanguage = s }
        return catalog
    }

    /// One table file's entries, read by its name: `*.xcstrings`, or `*.strings` / `*.stringsdict` in an
    /// `.lproj` folder (nil for a file elsewhere: it names no language).
    public static func read(_ bytes: [UInt8], file: String, developmentLanguage: String?, limits: LoadLimits = .default) throws
        -> (entries: [LocalizedString], warnings: [StringsFile.Warning], sourceLanguage: String?, description: String)?
    {
        let name = (file as NSString).lastPathComponent
        let table = (name as NSString).deletingPathExtension
        if name.hasSuffix(".xcstrings") {
            let (entries, source) = try XCStrings.parse(bytes, file: file, table: table, limits: limits)
            let languages = Set(entries.map(\.language)).sorted().joined(separator: ", ")
            return (entries, [], source, "\(name) (\(Set(entries.map(\.key)).count) keys, \(languages))")
        }
        let folder = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
        guard folder.hasSuffix(".lproj") else { return nil }
        var language = String(folder.dropLast(".lproj".count))
        if language == "Base" { language = developmentLanguage ?? "en" }
        if name.hasSuffix(".stringsdict") {
            let entries = try StringsDict.parse(bytes, file: file, table: table, language: language)
            return (entries, [], nil, "\(folder)/\(name) (\(entries.count) string\(entries.count == 1 ? "" : "s"))")
        }
        let parsed = try StringsFile.parse(bytes, file: file, table: table, language: language)
        return (parsed.entries, parsed.warnings, nil, "\(folder)/\(name) (\(parsed.entries.count) string\(parsed.entries.count == 1 ? "" : "s"))")
    }

    /// Tables under a folder, sorted, at most 16 levels deep, links not followed out of it.
    static func walk(_ root: String) -> [String] {
        var out: [String] = []
        var stack = [(root, 0)]
        var seen = Set<FileAccess.Identity>()
        while let (folder, depth) = stack.popLast() {
            guard depth <= 16, let id = FileAccess.identity(folder), seen.insert(id).inserted,
                let names = FileAccess.entries(folder)
            else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let p = (folder as NSString).appendingPathComponent(name)
                switch FileAccess.kind(p) {
                case .directory: stack.append((p, depth + 1))
                case .regular where name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings"): out.append(p)
                default: break
                }
            }
        }
        return out.sorted()
    }

    public mutating func add(_ new: [LocalizedString], describing table: String) {
        tables.append(table)
        for e in new {
            let k = entries.count
            entries.append(e)
            byKey[e.table + "\u{1F}" + e.key, default: []].append(k)
            for t in e.texts where !t.isEmpty {
                if let m = FormatMatcher(t) {
                    if let c = m.literals[0].first { patterns[c, default: []].append((m, k)) } else { leadingPlaceholder.append((m, k)) }
                } else {
                    exact[t, default: []].append(k)
                }
            }
        }
    }

    /// The strings whose text (exactly, or with its format placeholders as wildcards) is `text`.
    public func matches(_ text: String) -> [LocalizedString] {
        var out = (exact[text] ?? []).map { entries[$0] }
        let characters = Array(text)
        for p in (text.first.flatMap { patterns[$0] } ?? []) + leadingPlaceholder where p.matcher.matches(characters) {
            if !out.contains(entries[p.entry]) { out.append(entries[p.entry]) }
        }
        return out
    }

    /// The same key of the same table in `language`, if the tables have it.
    public func value(key: String, table: String, language: String) -> LocalizedString? {
        (byKey[table + "\u{1F}" + key] ?? []).map { entries[$0] }.first { StringCatalog.sameLanguage($0.language, language) }
    }

    /// Every language the tables hold.
    public var languages: [String] { Array(Set(entries.map(\.language))).sorted() }

    /// `es` is `es-ES`'s table; `zh-Hans` is `zh-Hans-CN`'s; `pt-BR` is not `pt-PT`'s.
    public static func sameLanguage(_ table: String, _ run: String) -> Bool {
        let t = table.replacingOccurrences(of: "_", with: "-").lowercased(), r = run.replacingOccurrences(of: "_", with: "-").lowercased()
        return t == r || r.hasPrefix(t + "-")
    }
}

/// A string with format placeholders (`%@`, `%d`, `%1$@`, `%.2f`, `%lld`) as a pattern: the literal parts must
/// match in order, each placeholder at least one character. `%%` is a literal `%`.
struct FormatMatcher: Sendable {
    let literals: [String]
    let literalCharacters: [[Character]]

    init?(_ format: String) {
        var parts: [String] = []
        var current = ""
        var found = false
        let s = Array(format)
        var i = 0
        while i < s.count {
            if s[i] == "%", i + 1 < s.count {
                if s[i + 1] == "%" { current.append("%"); i += 2; continue }
                // `%#@items@`: a .stringsdict / catalog substitution, one placeholder up to its closing @.
                if s[i + 1] == "#", i + 2 < s.count, s[i + 2] == "@", let close = s[(i + 3)...].firstIndex(of: "@") {
                    parts.append(current)
                    current = ""
                    found = true
                    i = close + 1
                    continue
                }
                var j = i + 1
                while j < s.count, s[j].isNumber || "$-+ #.*lhqLztj".contains(s[j]) { j += 1 }
                if j < s.count, "@dDiuUxXoOfFeEgGcCsSaAp".contains(s[j]) {
                    parts.append(current)
                    current = ""
                    found = true
                    i = j + 1
                    continue
                }
            }
            current.append(s[i])
            i += 1
        }
        parts.append(current)
        // A value that is (nearly) only placeholders would match any text: it identifies nothing.
        guard found, parts.reduce(0, { $0 + $1.count }) >= 2 else { return nil }
        literals = parts
        literalCharacters = parts.map(Array.init)
    }

    /// Literal, wildcard, literal, …: the first literal is a prefix, the last a suffix, the middle ones in order,
    /// each placeholder at least one character. Compared by `Character` (as `==` on strings compares), on
    /// arrays: no index of one string is ever used in another.
    func matches(_ text: [Character]) -> Bool {
        let n = literals.count
        let first = literalCharacters[0], last = literalCharacters[n - 1]
        guard n >= 2, text.count >= first.count + last.count + (n - 1),
            text.starts(with: first), text[(text.count - last.count)...].elementsEqual(last)
        else { return false }
        var at = first.count  // where the next placeholder begins
        let end = text.count - last.count
        for middle in literalCharacters[1..<(n - 1)] {
            guard let p = FormatMatcher.find(middle, in: text, from: at + 1, to: end) else { return false }
            at = p + middle.count
        }
        return end - at >= 1
    }

    func matches(_ text: String) -> Bool { matches(Array(text)) }

    /// The first place at or after `from` where `needle` lies wholly before `to`.
    static func find(_ needle: [Character], in text: [Character], from: Int, to: Int) -> Int? {
        guard from <= to - needle.count else { return nil }
        for p in from...(to - needle.count) where text[p..<(p + needle.count)].elementsEqual(needle) { return p }
        return nil
    }
}

/// `.stringsdict`: plural and variable-width rules as a property list; every variant text of a key is one of its
/// texts (`%d items`, `one item`).
enum StringsDict {
    static func parse(_ bytes: [UInt8], file: String, table: String, language: String) throws -> [LocalizedString] {
        let node: PlistNode
        do { node = try PlistNode.read(bytes) } catch let f as PlistNode.Failure {
            throw ArchiveError(file: file, message: "is not a property list of keys (a .stringsdict): \(f.message)")
        }
        guard case .dictionary(let dict) = node else {
            throw ArchiveError(file: file, message: "is not a property list of keys (a .stringsdict)")
        }
        return dict.keys.sorted().map { key in
            // Every text under the key, its nested rules in key order (a work list: the nesting is the file's).
            var texts: [String] = []
            var waiting = [dict[key]!]
            while let v = waiting.popLast() {
                if case .string(let s) = v { texts.append(s) }
                if case .dictionary(let d) = v {
                    let keys = d.keys.sorted().filter { $0 != "NSStringFormatSpecTypeKey" && $0 != "NSStringFormatValueTypeKey" }
                    waiting += keys.reversed().map { d[$0]! }
                }
            }
            return LocalizedString(key: key, table: table, language: language, texts: texts.filter { !$0.hasPrefix("%#@") }, place: file)
        }
    }
}

/// String Catalogs (`.xcstrings`, Xcode 15): JSON with the source language and, per key, each language's
/// `stringUnit` (`state`, `value`) or `variations` (plural, device). Unknown fields are refused, naming the key:
/// a catalog this does not understand must not be half read.
enum XCStrings {
    static let topKeys: Set<String> = ["sourceLanguage", "strings", "version"]
    static let stringKeys: Set<String> = ["comment", "extractionState", "localizations", "shouldTranslate"]
    static let localizationKeys: Set<String> = ["stringUnit", "variations", "substitutions"]
    static let unitKeys: Set<String> = ["state", "value"]

    /// Reads a catalog one string at a time: the project's JSON parser (iterative, nesting bounded, errors with
    /// line and column) driven member by member through `strings`, each string's value parsed, read and freed
    /// before the next. Memory stays near what the entries themselves hold (a 52 MB catalog read through
    /// Foundation's parser peaked at 2.1 GB).
    static func parse(_ bytes: [UInt8], file: String, table: String, limits: LoadLimits = .default) throws -> ([LocalizedString], String?) {
        var p = JSONParser(bytes: bytes, maxDepth: limits.maxDepth * 2 + 8)
        func syntax(_ e: JSONParser.SyntaxError) -> ArchiveError {
            let message =
                e.message.hasPrefix("nesting deeper")
                ? "nesting deeper than the limit of \(limits.maxDepth) levels (raise it with \(LoadLimits.Variable.depth.rawValue))"
                : "not valid JSON: \(e.message)"
            return ArchiveError(file: file, place: "line \(e.line), column \(e.column)", message: message)
        }
        func expect(_ byte: UInt8) throws -> Bool {
            p.skipWhitespace()
            guard p.index < bytes.count, bytes[p.index] == byte else { return false }
            p.index += 1
            return true
        }
        /// After a member: true when another follows (`,`), false at the object's end (`}`).
        func next() throws -> Bool {
            p.skipWhitespace()
            if try expect(UInt8(ascii: ",")) { return true }
            if try expect(UInt8(ascii: "}")) { return false }
            throw syntax(p.error(p.index < bytes.count ? "expected ',' or '}'" : "unexpected end of input inside an object", at: p.index))
        }
        var source: String?
        var out: [LocalizedString] = []
        /// Keys that have no value in the source language, whatever order the catalog gives its members in.
        var keysWithoutSource: [(key: String, languages: [String], translatable: Bool)] = []
        var sawStrings = false
        do {
            guard try expect(UInt8(ascii: "{")) else {
                throw ArchiveError(file: file, message: "is not a String Catalog (JSON with sourceLanguage and strings)")
            }
            var more = !(try expect(UInt8(ascii: "}")))
            while more {
                let key = try p.parseKey()
                guard topKeys.contains(key) else {
                    throw ArchiveError(file: file, place: String(key.prefix(60)), message: "unknown field in a String Catalog")
                }
                if key == "strings" {
                    sawStrings = true
                    guard try expect(UInt8(ascii: "{")) else { throw ArchiveError(file: file, place: "strings", message: "missing or not an object") }
                    var moreStrings = !(try expect(UInt8(ascii: "}")))
                    while moreStrings {
                        let name = try p.parseKey()
                        var value = try p.parseValue()
                        defer { JSONValue.release(&value) }
                        guard case .object(let o) = value else {
                            throw ArchiveError(file: file, place: "strings.\(name.prefix(60))", message: "not an object")
                        }
                        let (entries, languages, translatable) = try entry(name, o, file: file, table: table)
                        out += entries
                        keysWithoutSource.append((name, languages, translatable))
                        moreStrings = try next()
                    }
                } else {
                    var value = try p.parseValue()
                    if key == "sourceLanguage", case .string(let s) = value { source = s }
                    JSONValue.release(&value)
                }
                more = try next()
            }
            p.skipWhitespace()
            if p.index < bytes.count { throw syntax(p.error("unexpected bytes after the end of the catalog", at: p.index)) }
        } catch let e as JSONParser.SyntaxError {
            throw syntax(e)
        }
        guard sawStrings else { throw ArchiveError(file: file, place: "strings", message: "missing or not an object") }
        // A key with no value in the source language shows itself there (SwiftUI's `Text("Sign in")`).
        if let source {
            for k in keysWithoutSource
            where !k.key.isEmpty
                && !k.languages.contains(where: { StringCatalog.sameLanguage($0, source) && StringCatalog.sameLanguage(source, $0) })
            {
                out.append(
                    LocalizedString(
                        key: k.key, table: table, language: source, texts: [k.key], translatable: k.translatable,
                        place: "\(file): strings.\(k.key.prefix(60))"))
            }
        }
        return (out, source)
    }

    /// One string of the catalog: its localizations' texts (every unit of every variation), the languages it has,
    /// and whether it is translated at all.
    static func entry(_ key: String, _ s: JSONObject, file: String, table: String) throws -> ([LocalizedString], [String], Bool) {
        if let unknown = s.members.map(\.key).sorted().first(where: { !stringKeys.contains($0) }) {
            throw ArchiveError(file: file, place: "strings.\(key.prefix(60)).\(unknown.prefix(60))", message: "unknown field in a String Catalog")
        }
        var localizations: [(key: String, value: JSONValue)] = []
        if case .object(let l)? = s["localizations"] { localizations = l.members }
        var translatable = true
        if case .bool(let b)? = s["shouldTranslate"] { translatable = b }
        var out: [LocalizedString] = []
        var languages: [String] = []
        for (language, value) in localizations.sorted(by: { $0.key < $1.key }) {
            languages.append(language)
            let place = "strings.\(key.prefix(60)).localizations.\(language.prefix(40))"
            guard case .object(let l) = value else { throw ArchiveError(file: file, place: place, message: "not an object") }
            if let unknown = l.members.map(\.key).sorted().first(where: { !localizationKeys.contains($0) }) {
                throw ArchiveError(file: file, place: place + ".\(unknown.prefix(60))", message: "unknown field in a String Catalog")
            }
            var texts: [String] = []
            var state: String?
            func unit(_ v: JSONValue?, _ at: String) throws {
                guard case .object(let u)? = v else { return }
                if let unknown = u.members.map(\.key).sorted().first(where: { !unitKeys.contains($0) }) {
                    throw ArchiveError(file: file, place: at + ".\(unknown.prefix(60))", message: "unknown field in a String Catalog")
                }
                if case .string(let t)? = u["value"] { texts.append(t) }
                if case .string(let st)? = u["state"], state == nil || st != "translated" { state = st }
            }
            try unit(l["stringUnit"], place + ".stringUnit")
            // Variations nest (`plural.one.stringUnit`, `device.iphone.variations.plural…`): every unit counts.
            var stack: [(JSONValue, String)] = l["variations"].map { [($0, place + ".variations")] } ?? []
            var visited = 0
            while let (v, at) = stack.popLast(), visited < 10_000 {
                visited += 1
                guard case .object(let d) = v else { continue }
                for (k, child) in d.members.sorted(by: { $0.key < $1.key }) {
                    if k == "stringUnit" { try unit(child, at + ".stringUnit") } else { stack.append((child, at + ".\(k.prefix(40))")) }
                }
            }
            guard !texts.isEmpty else { continue }
            out.append(
                LocalizedString(
                    key: key, table: table, language: language, texts: texts, state: state, translatable: translatable, place: "\(file): \(place)"))
        }
        return (out, languages, translatable)
    }
}
