/// The parts of a failure message: the chain, the quoted key, the described element, the locator, the searched list.
/// Each reader is linear in the message: a message of 60 KB costs a few passes over it.
extension FailureQuery {
    /// The chain: each `Descendants matching type X`, `Children matching type X`, `Elements matching predicate '…'`,
    /// `(First Match)` and `Element at index N` / `element bound by index N`, in the order the message gives them.
    static func steps(in text: String) -> [Step] {
        var out: [Step] = []
        var rest = Substring(text)
        // A real chain has a handful of steps; a message that prints thousands is read for its first 64, each of
        // which is asked of the whole tree.
        while out.count < 64,
            let next = earliest(
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
                    Step(next.marker.hasPrefix("Descendants") ? .descendants : .children, type: type == "Any" ? nil : type, text: next.marker + type))
            case "Elements matching predicate ":
                guard let quoted = quoted(rest, by: "'") else { continue }
                rest = rest[quoted.end...]
                var step = Step(.predicate, text: "Elements matching predicate '\(quoted.text)'")
                let p = Predicate(quoted.text)
                step.predicate = p
                // A predicate that only names the element gives the target its identifier, label and type.
                for c in p.clauses where c.op == "==" || c.op == "IN" {
                    switch c.attribute {
                    case "identifiers", "identifier": step.identifier = step.identifier ?? c.value
                    case "label": step.label = step.label ?? c.value
                    case "elementType": step.type = step.type ?? c.value
                    default: break
                    }
                }
                out.append(step)
            case "Element at index ", "element bound by index ":
                let digits = rest.prefix { $0.isNumber }
                out.append(Step(.index, index: Int(digits), text: "Element at index \(digits)"))
            default:
                out.append(Step(.firstMatch, text: "(First Match)"))
            }
        }
        // `Failed to tap Button (First Match): … sequence: `Descendants …``: the first match is the last step.
        if out.count > 1, out[0].kind == .firstMatch { out.append(out.removeFirst()) }
        return out
    }

    /// `Failed to swipe up CollectionView: …`, `Failed to tap Button (First Match): …`: the type right after the action.
    static func actedOnType(_ m: String) -> String? {
        guard let r = m.range(of: "Failed to ") else { return nil }
        var words = m[r.upperBound...].prefix { $0 != ":" && $0 != "\n" }.split(separator: " ").prefix(4)
        words = words.drop { !($0.first?.isUppercase ?? false) }
        guard let t = words.first, ElementTypeNames.isKnown(String(t)) else { return nil }
        return String(t)
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
                    out.append(c)
                    i = s.index(after: i)
                    continue
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

    /// `Failed to tap "Next" Button`, `for object "name-field" TextField`: a quoted name and the element type right
    /// after it (XCUIElement's own description). Each quote is tried as an opening one, so a quoted sentence before
    /// it does not hide it.
    static func quotedTarget(_ m: String) -> (text: String, type: String)? {
        var search = m.startIndex
        while let open = m[search...].firstIndex(of: "\"") {
            let afterOpen = m[m.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
            let name = String(afterOpen[..<close])
            let type = afterOpen[afterOpen.index(after: close)...].drop { $0 == " " }.prefix { $0.isLetter }
            if let first = type.first, first.isUppercase, ElementTypeNames.isKnown(String(type)), !name.contains("\n") {
                return (name, String(type))
            }
            search = close
        }
        return nil
    }

    /// The element a message describes in debugDescription's words: `Button, {{…}}, identifier: 'x', label: 'y'`,
    /// Xcode 7-8's `Button 0x…: traits: N, {{…}}, label: 'y'`, `StaticText at {{…}}`.
    static func describedElement(_ m: String) -> Described? {
        var best: (at: String.Index, type: String)?
        for type in ElementTypeNames.all {
            var search = m.startIndex
            while let r = m.range(of: type, range: search..<m.endIndex) {
                search = r.upperBound
                let before = m[..<r.lowerBound]
                guard before.isEmpty || before.last == " " || before.last == "(", !before.hasSuffix("type "), !before.hasSuffix("Element ") else {
                    continue
                }
                let after = m[r.upperBound...]
                guard after.hasPrefix(", ") || after.hasPrefix(" 0x") || after.hasPrefix(" at {{") else { continue }
                if best == nil || r.lowerBound < best!.at { best = (r.lowerBound, type) }
                break
            }
        }
        guard let found = best else { return nil }
        let rest = m[found.at...].prefix { $0 != "\n" }
        let end = rest.range(of: ", error:").map { rest[..<$0.lowerBound] } ?? rest
        func value(_ key: String) -> String? {
            guard let k = end.range(of: ", \(key): ") ?? end.range(of: " \(key): ") else { return nil }
            let v = end[k.upperBound...]
            if v.first == "'" {
                let body = v.dropFirst()
                guard let close = body.range(of: "', ") ?? (body.hasSuffix("'") ? body.index(before: body.endIndex)..<body.endIndex : nil) else {
                    return String(body)
                }
                return String(body[..<close.lowerBound])
            }
            // Unquoted (`value: 2`): up to the next `, key:` or the end.
            let stop = v.range(of: #", [A-Za-z]+: "#, options: .regularExpression)?.lowerBound ?? v.endIndex
            return String(v[..<stop])
        }
        let frame = end.range(of: "{{").flatMap { DebugDescriptionParser.parseFrame(end[$0.lowerBound...])?.0 }
        return Described(
            type: found.type, identifier: value("identifier"), label: value("label"), value: value("value"), placeholder: value("placeholderValue"),
            frame: frame.flatMap { $0.isEmpty || !$0.x.isFinite || !$0.y.isFinite ? nil : $0 })
    }

    /// A wait's condition: `Expect predicate `exists == 1` for object …`, `Expect predicate exists == true for …`.
    static func condition(_ m: String) -> String? {
        guard let r = m.range(of: "Expect predicate ") else { return nil }
        var rest = m[r.upperBound...]
        if rest.first == "`" {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "`") else { return nil }
            return String(rest[..<close])
        }
        guard let end = rest.range(of: " for ") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// `for object ProgressIndicator`: a wait on an element named by its type alone.
    static func objectType(_ m: String) -> String? {
        guard let r = m.range(of: "for object ") else { return nil }
        let t = String(m[r.upperBound...].prefix { $0.isLetter })
        return ElementTypeNames.isKnown(t) ? t : nil
    }

    /// Appium's locator: `"using":"accessibility id","value":"X"` (JSON Wire) or `using 'accessibility id', value 'X'`.
    static func locator(_ m: String) -> (using: String, value: String)? {
        for (u, v, q) in [("\"using\":\"", "\"value\":\"", "\""), ("using '", "value '", "'")] {
            guard let ur = m.range(of: u), let uEnd = m[ur.upperBound...].firstIndex(of: Character(q)),
                let vr = m.range(of: v, range: uEnd..<m.endIndex),
                let vEnd = m[vr.upperBound...].firstIndex(of: Character(q))
            else { continue }
            return (String(m[ur.upperBound..<uEnd]), String(m[vr.upperBound..<vEnd]))
        }
        return nil
    }

    /// The app a launch or connection failure names: `<XCUIApplicationImpl: 0x… com.example.App at /…>`,
    /// `automation session for com.example.App:1234`.
    static func bundleID(_ m: String) -> String? {
        func word(after marker: String) -> String? {
            guard let r = m.range(of: marker) else { return nil }
            let w = m[r.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }
            return w.contains(".") ? String(w) : nil
        }
        if let r = m.range(of: "<XCUIApplicationImpl: 0x") {
            let afterAddress = m[r.upperBound...].drop { $0.isHexDigit }.drop { $0 == " " }
            let w = afterAddress.prefix { $0 != " " && $0 != ">" }
            if w.contains(".") { return String(w) }
        }
        return word(after: "automation session for ")
    }

    /// What a failure without a query names: the app (a lost connection, its animations) or its main window.
    static func subject(_ m: String) -> String? {
        if m.contains("main window") || m.hasPrefix("Element Window ") { return "Window" }
        for words in [
            "Lost connection to the application", "XCUIApplicationImpl", "XCUIApplicationProcess", "Target Application", "automation session",
        ]
        where m.contains(words) {
            return "Application"
        }
        return nil
    }

    /// XCUITest's list of what it searched: the lines between `from input {(` and `)}`, without a log's own prefix
    /// (`[simctl] Xcode `) on each.
    static func searched(in m: String) -> [String] {
        guard let r = m.range(of: "from input {(") else { return [] }
        let rest = m[r.upperBound...]
        let body = rest.range(of: ")}").map { rest[..<$0.lowerBound] } ?? rest
        return body.split(separator: "\n").map { line -> String in
            var l = line.trimmingCharacters(in: .whitespaces)[...]
            if l.hasPrefix("["), let close = l.firstIndex(of: "]") { l = l[l.index(after: close)...].drop { $0 == " " } }
            if l == "Xcode" || l.hasPrefix("Xcode ") { l = l.dropFirst(5).drop { $0 == " " } }
            return String(l.hasSuffix(",") ? l.dropLast() : l)
        }.filter { !$0.isEmpty }
    }
}
