/// The old-style (OpenStep) property-list text an Xcode project is written in (`project.pbxproj`): dictionaries
/// `{ key = value; }`, arrays `( a, b )` and strings, with comments. Read with `StringsFile`'s tokenizer (the same
/// strings, escapes and comments), each dictionary keeping the line it starts on so a finding can name it. Nesting
/// is bounded; nothing is built past the file's own size.
indirect enum OpenStepValue: Equatable {
    case string(String)
    case array([OpenStepValue])
    case dictionary([String: OpenStepValue], line: Int)

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var array: [OpenStepValue]? { if case .array(let a) = self { a } else { nil } }
    var line: Int? { if case .dictionary(_, let l) = self { l } else { nil } }
    subscript(key: String) -> OpenStepValue? { if case .dictionary(let d, _) = self { d[key] } else { nil } }
    /// A dictionary's members.
    var members: [String: OpenStepValue] { if case .dictionary(let d, _) = self { d } else { [:] } }

    /// A setting's words: a string split at white space, or an array's strings (`("DEBUG=1", "$(inherited)")`).
    var words: [String] {
        switch self {
        case .string(let s): return OpenStepValue.words(s)
        case .array(let a): return a.flatMap(\.words)
        case .dictionary: return []
        }
    }

    /// A setting's text split as Xcode splits it: at white space outside double quotes, the quotes taken off
    /// (`"Shop/Preview Content" Other` is two words).
    static func words(_ s: String) -> [String] {
        var out: [String] = [], word = "", quoted = false, started = false
        for c in s {
            if c == "\"" { quoted.toggle(); started = true; continue }
            if !quoted, c == " " || c == "\t" || c == "\n" {
                if started { out.append(word) }
                word = ""
                started = false
                continue
            }
            word.append(c)
            started = true
        }
        if started { out.append(word) }
        return out
    }

    static let maxDepth = 64

    /// The value the text holds (after an optional `// !$*UTF8*$!` line); refused with the line where it breaks.
    static func parse(_ bytes: [UInt8], file: String) throws -> OpenStepValue {
        var p = StringsFile.Parser(bytes: try StringsFile.utf8Text(bytes, file: file), file: file)
        let value = try p.openStepValue(depth: 0)
        try p.skipSpaceAndComments()
        guard p.i == p.chars.count else { throw p.fail("text after the property list's end") }
        return value
    }
}

extension StringsFile.Parser {
    mutating func openStepValue(depth: Int) throws -> OpenStepValue {
        guard depth < OpenStepValue.maxDepth else { throw fail("nested deeper than \(OpenStepValue.maxDepth) levels") }
        try skipSpaceAndComments()
        guard i < chars.count else { throw fail("the file ends where a value was due") }
        switch chars[i] {
        case UInt8(ascii: "{"):
            let start = line
            i += 1
            var members: [String: OpenStepValue] = [:]
            while true {
                try skipSpaceAndComments()
                guard i < chars.count else { throw fail("a { is never closed", line: start) }
                if at("}") { i += 1; break }
                let key = try string(after: nil)
                try skipSpaceAndComments()
                guard at("=") else { throw fail("expected = after \"\(key.prefix(60))\"") }
                i += 1
                members[key] = try openStepValue(depth: depth + 1)
                try skipSpaceAndComments()
                guard at(";") else { throw fail("expected ; after the value of \"\(key.prefix(60))\"") }
                i += 1
            }
            return .dictionary(members, line: start)
        case UInt8(ascii: "("):
            let start = line
            i += 1
            var items: [OpenStepValue] = []
            while true {
                try skipSpaceAndComments()
                guard i < chars.count else { throw fail("a ( is never closed", line: start) }
                if at(")") { i += 1; break }
                items.append(try openStepValue(depth: depth + 1))
                try skipSpaceAndComments()
                if at(",") { i += 1 } else if i < chars.count, !at(")") { throw fail("expected , or ) in a list") }
            }
            return .array(items)
        default:
            return .string(try string(after: nil))
        }
    }
}
