import Foundation

/// One localized string as a table holds it: its key, table and language, its text (several for a plural rule or
/// a device variation), and, from a String Catalog, its state.
public struct LocalizedString: Equatable, Sendable {
    public var key: String
    /// `Localizable`, `Main`: the table's name.
    public var table: String
    public var language: String
    public var texts: [String]
    /// A catalog's `stringUnit.state` (`translated`, `needs_review`, `new`, `stale`); nil for `.strings` files.
    public var state: String?
    /// False for a catalog key marked `shouldTranslate: false` (a brand name): the same in every language.
    public var translatable: Bool
    /// Where it was read: `es.lproj/Localizable.strings:12`.
    public var place: String

    public init(key: String, table: String, language: String, texts: [String], state: String? = nil, translatable: Bool = true, place: String) {
        self.key = key
        self.table = table
        self.language = language
        self.texts = texts
        self.state = state
        self.translatable = translatable
        self.place = place
    }

    /// Translated: a `.strings` value always is; a catalog's only in the `translated` state.
    public var isTranslated: Bool { state == nil || state == "translated" }
}

/// Reads `.strings` tables: the old-style property-list text Xcode writes (`"key" = "value";`, comments,
/// escapes), in UTF-8 or UTF-16, or a property list: the binary one a built app carries, or XML.
public enum StringsFile {
    public struct Warning: Equatable, Sendable {
        public var file: String
        public var line: Int
        public var message: String
    }

    /// A table's values by key, the later of a key defined twice winning (as in the app), without the entries'
    /// places and order: what the audit judges, read without keeping more than the table holds.
    static func values(_ bytes: [UInt8], file: String) throws -> [String: String] {
        if PropertyList.isXMLOrBinary(bytes) {
            var out: [String: String] = [:]
            for e in try parse(bytes, file: file, table: "", language: "").entries { out[e.key] = e.texts.first ?? "" }
            return out
        }
        var p = Parser(bytes: try utf8Text(bytes, file: file), file: file)
        var out: [String: String] = [:]
        while let (key, value, _) = try p.nextEntry() { out[key] = value }
        return out
    }

    /// The entries in order, and warnings (a key defined twice: the later value wins, as in the app).
    public static func parse(_ bytes: [UInt8], file: String, table: String, language: String) throws -> (
        entries: [LocalizedString], warnings: [Warning]
    ) {
        // A built app's tables are binary property lists; a project's may be XML ones (tools such as GlotPress
        // export them so, and Xcode compiles them alike).
        if PropertyList.isXMLOrBinary(bytes) {
            let kind = bytes.starts(with: Array("bplist00".utf8)) ? "a binary" : "an XML"
            let node: PlistNode
            do { node = try PlistNode.read(bytes) } catch let f as PlistNode.Failure {
                throw ArchiveError(file: file, message: "is \(kind) property list but not a table of strings: \(f.message)")
            }
            guard case .dictionary = node else { throw ArchiveError(file: file, message: "is \(kind) property list but not a table of strings") }
            let dict = node.strings
            return (dict.keys.sorted().map { k in LocalizedString(key: k, table: table, language: language, texts: [dict[k]!], place: file) }, [])
        }
        var p = Parser(bytes: try utf8Text(bytes, file: file), file: file)
        var entries: [LocalizedString] = []
        var warnings: [Warning] = []
        var seen: [String: (line: Int, index: Int)] = [:]
        while let (key, value, line) = try p.nextEntry() {
            if let first = seen[key] {
                warnings.append(
                    Warning(
                        file: file, line: line,
                        message: "key \"\(key.prefix(60))\" is defined again (first at line \(first.line)): the value of line \(line) wins"))
                entries[first.index].texts = [value]
                entries[first.index].place = "\(file):\(line)"
                continue
            }
            seen[key] = (line, entries.count)
            entries.append(LocalizedString(key: key, table: table, language: language, texts: [value], place: "\(file):\(line)"))
        }
        return (entries, warnings)
    }

    /// The text as UTF-8 bytes: UTF-16 with or without a byte order mark (Xcode wrote it for years) is converted,
    /// UTF-8 is validated where it lies (a table of 200 MB is not copied into a string to be checked).
    static func utf8Text(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        var encoding: String.Encoding?
        var body = bytes[...]
        if bytes.starts(with: [0xFF, 0xFE]) {
            encoding = .utf16LittleEndian; body = bytes.dropFirst(2)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16BigEndian; body = bytes.dropFirst(2)
        } else if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0 {
            encoding = .utf16LittleEndian
        } else if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0 {
            encoding = .utf16BigEndian
        }
        if let e = encoding {
            guard body.count % 2 == 0, let s = String(data: Data(body), encoding: e) else {
                throw ArchiveError(file: file, message: "is not valid UTF-16 (it starts like UTF-16, but its bytes do not decode)")
            }
            return Array(s.utf8)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { body = bytes.dropFirst(3) }
        var it = body.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        scan: while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: break scan
            case .error:
                // Where the first invalid byte is, as a line.
                let line = body.prefix(offset).filter { $0 == 0x0A }.count + 1
                throw ArchiveError(file: file, place: "line \(line)", message: "is not valid UTF-8 (nor UTF-16)")
            }
        }
        return body.startIndex == 0 ? bytes : Array(body)
    }
}
