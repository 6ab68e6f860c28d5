/// A query step's predicate, read clause by clause (`label BEGINSWITH "Add " AND label ENDSWITH " to Water"`), so
/// the tree can be asked the same question: a predicate this reader cannot evaluate (an `OR`, a block, an attribute
/// the tree does not record) is kept as text and said to be opaque, never half-evaluated.
public struct Predicate: Equatable, Sendable {
    public struct Clause: Equatable, Sendable {
        /// `identifier`, `label`, `value`, `title`, `placeholderValue`, `elementType`, or `identifiers` (XCUITest's
        /// subscript key: the identifier or the label).
        public var attribute: String
        /// `==`, `!=`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `IN`; `caseless` for `[c]`.
        public var op: String
        public var caseless: Bool
        public var value: String
    }
    /// The predicate as printed.
    public var text: String
    /// The clauses joined by AND; empty when opaque.
    public var clauses: [Clause]
    public var isOpaque: Bool

    /// Every clause names the element (`"x" IN identifiers`, `identifier == "x"`, `label == "y"`): it says who, not
    /// what kind.
    var reducesToNames: Bool {
        !isOpaque && !clauses.isEmpty
            && clauses.allSatisfy {
                ["identifiers", "identifier", "label", "elementType"].contains($0.attribute) && ($0.op == "==" || $0.op == "IN")
            }
    }

    /// Attributes the tree records, by the names predicates give them (WebDriverAgent's `wd…` and Appium's `name`).
    static let attributes: [String: String] = [
        "identifier": "identifier", "wdName": "identifier", "name": "identifier", "label": "label", "wdLabel": "label",
        "value": "value", "wdValue": "value", "title": "title", "placeholderValue": "placeholderValue", "elementType": "elementType",
        "wdType": "elementType", "type": "elementType",
    ]

    init(_ text: String) {
        self.text = text
        var clauses: [Clause] = []
        var opaque = false
        for part in Predicate.topLevel(text, splitOn: ["AND", "&&"]) {
            var p = Substring(part).trimmingCharacters(in: .whitespaces)[...]
            if p.hasPrefix("("), p.hasSuffix(")") {
                let inner = String(p.dropFirst().dropLast())
                // WebDriverAgent pads its predicates with `(1 == 1 OR identifier == 0 OR …)`: always true.
                if inner.hasPrefix("1 == 1 OR") || inner.hasPrefix("1 = 1 OR") { continue }
                p = inner[...]
            }
            guard Predicate.topLevel(String(p), splitOn: ["OR", "||", "NOT"]).count == 1, let c = Predicate.clause(String(p)) else {
                opaque = true
                break
            }
            // Type 0 is `Any`: no type asked.
            if c.attribute == "elementType", c.value == "Any" { continue }
            clauses.append(c)
        }
        self.clauses = opaque ? [] : clauses
        isOpaque = opaque || clauses.isEmpty
    }

    /// `"x" IN identifiers`, or `attribute OP "value"` (`'value'`, a number, `true`).
    static func clause(_ s: String) -> Clause? {
        let t = Substring(s)
        if let q = t.first, q == "\"" || q == "'", let v = FailureQuery.quoted(t, by: q) {
            let rest = t[v.end...].trimmingCharacters(in: .whitespaces)
            return rest == "IN identifiers" ? Clause(attribute: "identifiers", op: "IN", caseless: false, value: v.text) : nil
        }
        let name = t.prefix { $0.isLetter || $0.isNumber }
        guard let attribute = attributes[String(name)] else { return nil }
        var rest = t[name.endIndex...].drop { $0 == " " }
        guard let op = ["==", "!=", "=", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE"].first(where: { rest.hasPrefix($0) }) else { return nil }
        rest = rest.dropFirst(op.count)
        var caseless = false
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            caseless = rest[rest.index(after: rest.startIndex)..<close].contains("c")
            rest = rest[rest.index(after: close)...]
        }
        rest = rest.drop { $0 == " " }
        let value: String
        if let q = rest.first, q == "\"" || q == "'" {
            guard let v = FailureQuery.quoted(rest, by: q), rest[v.end...].allSatisfy({ $0 == " " }) else { return nil }
            value = v.text
        } else {
            value = String(rest).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        }
        // Types are compared by name: `elementType == 9` is a Button.
        let named = attribute == "elementType" ? Int(value).flatMap(ElementTypeNames.name) ?? value : value
        return Clause(attribute: attribute, op: op == "=" ? "==" : op, caseless: caseless, value: named)
    }

    /// The parts of `s` between the words in `splitOn` that stand outside quotes and parentheses.
    static func topLevel(_ s: String, splitOn words: [String]) -> [String] {
        var out: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if let q = quote {
                if c == "\\" { current.append(c); i = s.index(after: i); if i < s.endIndex { current.append(s[i]); i = s.index(after: i) }; continue }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" || c == "{" {
                depth += 1
            } else if c == ")" || c == "}" {
                depth -= 1
            } else if depth == 0, c == " ", let w = words.first(where: { s[s.index(after: i)...].hasPrefix($0 + " ") }) {
                out.append(current)
                current = ""
                i = s.index(i, offsetBy: w.count + 2, limitedBy: s.endIndex) ?? s.endIndex
                continue
            }
            current.append(c)
            i = s.index(after: i)
        }
        out.append(current)
        return out
    }

    /// Whether an element answers every clause; nil when the predicate cannot be evaluated here.
    func matches(_ e: Element) -> Bool? {
        guard !isOpaque else { return nil }
        for c in clauses {
            let have: [String]
            switch c.attribute {
            case "identifiers": have = [e.identifier, e.label, e.title]
            case "identifier": have = [e.identifier]
            case "label": have = [e.label, e.title].filter { !$0.isEmpty }.isEmpty ? [""] : [e.label, e.title]
            case "value": have = [e.value]
            case "title": have = [e.title]
            case "placeholderValue": have = [e.placeholderValue]
            case "elementType": have = [e.type]
            default: return nil
            }
            let want = c.caseless ? c.value.lowercased() : c.value
            let ok = have.contains { raw in
                let v = c.caseless ? raw.lowercased() : raw
                switch c.op {
                case "==", "IN": return v == want
                case "!=": return v != want
                case "BEGINSWITH": return v.hasPrefix(want)
                case "ENDSWITH": return v.hasSuffix(want)
                case "CONTAINS": return v.contains(want)
                case "LIKE": return Predicate.like(v, want)
                default: return false
                }
            }
            if !ok { return false }
        }
        return true
    }

    /// NSPredicate's LIKE: `*` any run of characters, `?` one.
    static func like(_ s: String, _ pattern: String) -> Bool {
        let s = Array(s), p = Array(pattern)
        // The classic two-pointer match with one backtrack point: linear in practice, bounded by |s|·|p|.
        var (i, j, star, mark) = (0, 0, -1, 0)
        while i < s.count {
            if j < p.count, p[j] == "?" || p[j] == s[i] {
                i += 1; j += 1
            } else if j < p.count, p[j] == "*" {
                star = j; mark = i; j += 1
            } else if star >= 0 {
                j = star + 1; mark += 1; i = mark
            } else {
                return false
            }
        }
        while j < p.count, p[j] == "*" { j += 1 }
        return j == p.count
    }
}
