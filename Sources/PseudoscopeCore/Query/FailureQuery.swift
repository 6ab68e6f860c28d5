/// A UI-test failure read as the query that failed: what the test tried to do, the element it asked for (the query
/// chain XCUITest prints: `Descendants matching type Button`, `Elements matching predicate '"id" IN identifiers'`,
/// `(First Match)`, `element bound by index 2`…), how it failed (nothing matched, several did, not hittable, timed
/// out), and XCUITest's own list of what it searched (`from input {( … )}`). Messages of Xcode 11 to 26 and
/// WebDriverAgent's `wdName == …` predicates are read; a shape this reader does not know is kept as text and said to
/// be unread (`isRead` false), never guessed at.
public struct FailureQuery: Equatable, Sendable {
    /// What the test did when it failed: `tap`, `type into`, `scroll to visible`, … or `find` for a bare query.
    public var action: String
    public enum Outcome: String, Sendable {
        case noMatches = "no matches"
        case multipleMatches = "several matches"
        case notHittable = "not hittable"
        case timedOut = "timed out"
        case noHitPoint = "no hit point"
        case failed
    }
    public var outcome: Outcome
    /// One link of the chain, in order from the application down.
    public struct Step: Equatable, Sendable {
        public enum Kind: String, Sendable { case descendants, children, predicate, firstMatch = "first match", index }
        public var kind: Kind
        /// `Button`, for `Descendants matching type Button`; nil for any type.
        public var type: String?
        public var identifier: String?
        public var label: String?
        public var index: Int?
        /// The step as XCUITest printed it.
        public var text: String
    }
    public var steps: [Step]
    /// The lines of `from input {( … )}`: what XCUITest searched, in its words.
    public var searched: [String]
    /// The whole message as it was given, for an unread shape.
    public var message: String

    /// Whether the message was read as a query (an action or outcome and at least one step or a named target).
    public var isRead: Bool { !steps.isEmpty }

    /// The element asked for: the last type, identifier and label the chain names.
    public var type: String? { steps.last { $0.type != nil }?.type }
    public var identifier: String? { steps.last { $0.identifier != nil }?.identifier }
    public var label: String? { steps.last { $0.label != nil }?.label }
    /// The containers the chain goes through before its target (`NavigationBar` in
    /// `Descendants matching type NavigationBar` -> `Descendants matching type Button`).
    public var containers: [String] {
        let target = type
        var out: [String] = []
        for s in steps where s.kind == .descendants || s.kind == .children {
            if let t = s.type, t != target, !out.contains(t) { out.append(t) }
        }
        return out
    }

    /// `Button 'checkout.confirm'`, `Button "Next"`, `any element 'camera'`: the target as a person reads it.
    /// An identifier or label of a message is shown by its first 200 characters: one of 60 KB would be a line of its
    /// own in every report.
    public var target: String {
        func short(_ s: String) -> String { s.count <= 200 ? s : String(s.prefix(200)) + "…" }
        var out = type ?? "any element"
        if let id = identifier { out += " '\(short(id))'" }
        if let l = label { out += " \"\(short(l))\"" }
        if let i = steps.last(where: { $0.kind == .index })?.index { out += " (index \(i))" }
        return out
    }
}

extension FailureQuery {
    /// The failure message read as a query; nil when it names no query at all (`XCTAssertTrue failed`).
    public static func parse(_ raw: String) -> FailureQuery? {
        let message = unescapeJSON(raw)
        guard let outcome = outcome(of: message) else { return nil }
        var q = FailureQuery(action: action(of: message), outcome: outcome, steps: [], searched: searched(in: message), message: raw)
        q.steps = steps(in: message)
        // `Failed to tap "Next" Button`: the target as the action names it, when the chain does not.
        if let named = quotedTarget(message) {
            if q.steps.isEmpty || (q.label == nil && q.identifier == nil) {
                q.steps.append(
                    Step(kind: .predicate, type: named.type, identifier: nil, label: named.text, index: nil, text: "\"\(named.text)\" \(named.type)"))
            }
        }
        // `Failed to scroll to visible (by AX action) Button, {{…}}, identifier: 'enrollButton', label: 'Enroll'`:
        // the element itself, in debugDescription's words.
        if q.steps.isEmpty, let described = describedElement(message) { q.steps.append(described) }
        return q
    }

    /// The first query failure in a text that holds other things (a dump pasted with its log): from the words
    /// that begin it to the end of its line, or of XCUITest's `from input {( … )}` list when one follows; nil when
    /// the text holds none that reads as a query.
    public static func message(in text: String) -> String? {
        let markers = [
            "Failed to get matching snapshot", "Failed to synthesize event", "No matches found for", "Multiple matching elements found",
            "Failed to tap", "Failed to type", "Failed to scroll", "Failed to swipe", "Timed out waiting for", "Failed to compute hit point",
        ]
        guard let start = earliest(markers, in: Substring(text)) else { return nil }
        let rest = text[start.range.lowerBound...]
        let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
        var end = lineEnd
        if rest[..<lineEnd].contains("from input {("), let close = rest.range(of: ")}") { end = close.upperBound }
        let found = String(rest[..<end])
        guard let q = parse(found), q.isRead || q.outcome != .failed else { return nil }
        return found
    }

    /// WebDriverAgent's messages arrive JSON-escaped in logs (`\u0027wdName \u003d\u003d \"x\"\u0027`).
    static func unescapeJSON(_ s: String) -> String {
        guard s.contains("\\u00") || s.contains("\\\"") else { return s }
        var out = s
        for (code, c) in [("\\u0027", "'"), ("\\u003d", "="), ("\\u003c", "<"), ("\\u003e", ">"), ("\\u0026", "&"), ("\\\"", "\"")] {
            out = out.replacingOccurrences(of: code, with: c)
        }
        return out
    }

    static func outcome(of m: String) -> Outcome? {
        // A test's own assertion (`XCTAssertTrue failed: checkout.confirm is not hittable`) is the test's words, not
        // a query XCUITest ran.
        let trimmed = m.drop { $0 == " " || $0 == "\n" }
        if trimmed.hasPrefix("XCTAssert") || trimmed.hasPrefix("XCTFail") || trimmed.hasPrefix("XCTUnwrap") { return nil }
        if m.contains("No matches found") || m.contains("could not be located") { return .noMatches }
        if m.contains("Multiple matching elements found") || m.contains("multiple matching elements") { return .multipleMatches }
        if m.contains("is not hittable") || m.contains("not hittable") { return .notHittable }
        if m.contains("Failed to compute hit point") { return .noHitPoint }
        if m.contains("Timed out waiting for") || m.contains("Timed out while waiting") { return .timedOut }
        if m.hasPrefix("Failed to ") || m.contains("Failed to synthesize event") || m.contains("Failed to get matching snapshot") { return .failed }
        return nil
    }

    static func action(of m: String) -> String {
        for (words, action) in [
            ("Failed to tap", "tap"), ("Failed to double tap", "double tap"), ("Failed to press", "press"),
            ("Failed to swipe", "swipe"), ("Failed to type into", "type into"), ("Failed to type text", "type into"),
            ("Failed to scroll to visible", "scroll to visible"), ("Failed to long press", "long press"),
            ("Timed out waiting for", "wait for"), ("Failed to get matching snapshot", "find"),
            ("Failed to compute hit point", "tap"),
        ] where m.contains(words) {
            return action
        }
        return "find"
    }

    /// The chain: each `Descendants matching type X`, `Children matching type X`, `Elements matching predicate '…'`,
    /// `(First Match)` and `Element at index N` / `element bound by index N`, in the order the message gives them.
    static func steps(in m: String) -> [Step] {
        // Where the chain is printed: after "No matches found for", "Multiple matching elements found for", the
        // backquoted sequence, or the whole message.
        var text = Substring(m)
        if let r = m.range(of: "from input {(") { text = text[..<r.lowerBound] }
        var out: [Step] = []
        var rest = text
        while let next = earliest(
            [
                "Descendants matching type ", "Children matching type ", "Elements matching predicate ", "Element at index ",
                "element bound by index ", "(First Match)", "first match",
            ], in: rest)
        {
            rest = rest[next.range.upperBound...]
            switch next.marker {
            case "Descendants matching type ", "Children matching type ":
                let type = String(rest.prefix { $0.isLetter || $0.isNumber })
                guard !type.isEmpty else { continue }
                out.append(
                    Step(
                        kind: next.marker.hasPrefix("Descendants") ? .descendants : .children, type: type == "Any" ? nil : type,
                        identifier: nil, label: nil, index: nil, text: next.marker + type))
            case "Elements matching predicate ":
                guard let predicate = quoted(rest, by: "'") else { continue }
                rest = rest[predicate.end...]
                var step = Step(
                    kind: .predicate, type: nil, identifier: nil, label: nil, index: nil, text: "Elements matching predicate '\(predicate.text)'")
                read(predicate: predicate.text, into: &step)
                out.append(step)
            case "Element at index ", "element bound by index ":
                let digits = rest.prefix { $0.isNumber }
                out.append(Step(kind: .index, type: nil, identifier: nil, label: nil, index: Int(digits), text: next.marker + digits))
            default:
                out.append(Step(kind: .firstMatch, type: nil, identifier: nil, label: nil, index: nil, text: "(First Match)"))
            }
        }
        return out
    }

    /// What a predicate asks for: `"id" IN identifiers`, `identifier == "id"`, `label ==[c] "Text"`,
    /// `wdName == "x"` (WebDriverAgent: the identifier, else the label), `elementType == 9`.
    static func read(predicate p: String, into step: inout Step) {
        if let r = p.range(of: "\" IN identifiers"), let open = p[..<r.lowerBound].lastIndex(of: "\"") {
            step.identifier = String(p[p.index(after: open)..<r.lowerBound])
        }
        for key in ["wdName", "identifier", "name"] {
            if step.identifier == nil, let v = comparedValue(p, key) { step.identifier = v }
        }
        for key in ["label", "wdLabel", "title"] {
            if step.label == nil, let v = comparedValue(p, key) { step.label = v }
        }
        // Type 0 is `Any` (WebDriverAgent pads its predicates with `OR elementType == 0`): no type asked.
        if step.type == nil, let raw = comparedValue(p, "elementType").flatMap(Int.init) ?? number(after: "elementType == ", in: p), raw > 0 {
            step.type = ElementTypeNames.name(raw)
        }
    }

    /// The value a predicate compares `key` with (`key == "v"`, `key ==[c] 'v'`, `key BEGINSWITH "v"`…).
    static func comparedValue(_ p: String, _ key: String) -> String? {
        var search = p.startIndex
        while let r = p.range(of: key, range: search..<p.endIndex) {
            search = r.upperBound
            // A whole word: `label` is not the end of `wdLabel`.
            if r.lowerBound > p.startIndex, p[p.index(before: r.lowerBound)].isLetter { continue }
            var rest = p[r.upperBound...].drop { $0 == " " }
            guard let op = ["==[c]", "==[cd]", "==", "BEGINSWITH", "CONTAINS", "LIKE", "="].first(where: { rest.hasPrefix($0) }) else { continue }
            rest = rest.dropFirst(op.count).drop { $0 == " " }
            // Strings are quoted: a bare `identifier == 0` (WebDriverAgent's `1 == 1 OR …` padding) names nothing.
            if let q = rest.first, q == "\"" || q == "'", let v = quoted(rest, by: q) { return v.text }
            if key == "elementType" { return String(rest.prefix { $0.isNumber }) }
        }
        return nil
    }

    static func number(after marker: String, in s: String) -> Int? {
        guard let r = s.range(of: marker) else { return nil }
        return Int(s[r.upperBound...].prefix { $0.isNumber })
    }

    /// The text between `q` at the start of `s` and its closing `q` (quotes escaped by a backslash are kept), and
    /// the index after the closing quote.
    static func quoted(_ s: Substring, by q: Character) -> (text: String, end: Substring.Index)? {
        guard s.first == q else { return nil }
        var i = s.index(after: s.startIndex)
        var out = ""
        while i < s.endIndex {
            let c = s[i]
            if c == "\\", s.index(after: i) < s.endIndex {
                out.append(s[s.index(after: i)])
                i = s.index(i, offsetBy: 2)
                continue
            }
            if c == q {
                // A predicate quotes inside its own quotes: `'"id" IN identifiers'` ends at the last `'` before
                // ` from`, `,`, a backquote or the end.
                let after = s[s.index(after: i)...]
                if q == "'", let next = after.first, next != " ", next != ",", next != "`", next != ")", next != "\n" {
                    out.append(c); i = s.index(after: i); continue
                }
                return (out, s.index(after: i))
            }
            out.append(c)
            i = s.index(after: i)
        }
        return nil
    }

    static func earliest(_ markers: [String], in s: Substring) -> (marker: String, range: Range<Substring.Index>)? {
        // The markers are ASCII, found by their bytes in one pass: Foundation's `range(of:)` went through the whole
        // text once for each marker (two thirds of checking a 12 MB dump).
        let utf8 = s.utf8
        let patterns = markers.map { Array($0.utf8) }
        let firsts = Set(patterns.compactMap(\.first))
        var i = utf8.startIndex
        while i != utf8.endIndex {
            if firsts.contains(utf8[i]) {
                for (k, p) in patterns.enumerated() where utf8[i...].starts(with: p) {
                    return (markers[k], i..<utf8.index(i, offsetBy: p.count))
                }
            }
            i = utf8.index(after: i)
        }
        return nil
    }

    /// `Failed to tap "Next" Button`, `"Confirm" Button is not hittable`: a quoted name and the type after it.
    static func quotedTarget(_ m: String) -> (text: String, type: String)? {
        guard let open = m.firstIndex(of: "\"") else { return nil }
        let afterOpen = m[m.index(after: open)...]
        guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
        let name = String(afterOpen[..<close])
        let type = afterOpen[afterOpen.index(after: close)...].drop { $0 == " " }.prefix { $0.isLetter }
        guard !name.isEmpty, let first = type.first, first.isUppercase, ElementTypeNames.isKnown(String(type)) else { return nil }
        return (name, String(type))
    }

    /// The element a message describes in debugDescription's words (`Button, {{…}}, identifier: 'x', label: 'y'`).
    static func describedElement(_ m: String) -> Step? {
        for type in ElementTypeNames.all where m.contains(" \(type), ") || m.contains(") \(type), ") {
            guard let r = m.range(of: "\(type), ") else { continue }
            let rest = m[r.upperBound...]
            func value(_ key: String) -> String? {
                guard let k = rest.range(of: "\(key): '") else { return nil }
                let v = rest[k.upperBound...]
                guard let end = v.firstIndex(of: "'") else { return nil }
                return String(v[..<end])
            }
            let id = value("identifier"), label = value("label")
            guard id != nil || label != nil else { continue }
            return Step(kind: .predicate, type: type, identifier: id, label: label, index: nil, text: String(m[r.lowerBound...].prefix(160)))
        }
        return nil
    }

    /// XCUITest's list of what it searched: the lines between `from input {(` and `)}`.
    static func searched(in m: String) -> [String] {
        guard let r = m.range(of: "from input {(") else { return [] }
        let rest = m[r.upperBound...]
        let body = rest.range(of: ")}").map { rest[..<$0.lowerBound] } ?? rest
        return body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
            .filter { !$0.isEmpty }
    }
}
