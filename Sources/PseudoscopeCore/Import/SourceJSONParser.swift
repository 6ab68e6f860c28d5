/// Reads WebDriverAgent's JSON page source (`GET /source?format=json`, Appium's `mobile: source` with
/// `format: json`): a tree of nodes with `type`, `rawIdentifier`, `name`, `label`, `value`, `rect` (or a `frame`
/// string), flags such as `isEnabled` and `isVisible` written `"1"`/`"0"`, and `children`. The attributes are the
/// XML source's under other names, so each node becomes an element through the XML reader's mapping
/// (`PageSourceParser.element`). Every key is optional.
enum SourceJSONParser {
    /// The tree's root in `text`: a node itself, or one WDA's answer wraps (`{"value": {…}, "sessionId": …}`,
    /// the old `/tree` answer's `{"tree": {…}}`), also as a JSON string (`{"value": "{\"type\": …}"}`). Nil when
    /// the text is not such JSON. `limits` bounds the nesting read (two JSON levels for each element level).
    static func tree(in text: String, limits: LoadLimits = .default) -> JSONObject? {
        let maxDepth = limits.maxDepth * 2 + 8
        guard var json = try? JSONParser.parse(Array(text.utf8), maxDepth: maxDepth) else { return nil }
        defer { JSONValue.release(&json) }
        var current = json
        for _ in 0..<4 {
            switch current {
            case .object(let o):
                if isNode(o) { return o }
                guard let inner = o["value"] ?? o["tree"] else { return nil }
                current = inner
            case .string(let s) where s.utf8.first == UInt8(ascii: "{"):
                guard let parsed = try? JSONParser.parse(Array(s.utf8), maxDepth: maxDepth) else { return nil }
                current = parsed
            default:
                return nil
            }
        }
        return nil
    }

    /// A node names its type as a string and has a place or children: a JSON object of other kinds (an archive
    /// without `formatVersion`, a WDA error answer) is not taken for one.
    static func isNode(_ o: JSONObject) -> Bool {
        guard case .string = o["type"] else { return false }
        return o["rect"] != nil || o["frame"] != nil || o["children"] != nil
    }

    static func parse(_ root: JSONObject, file: String, limits: LoadLimits) throws -> ImportedDump {
        var builder = HierarchyBuilder(limits: limits, file: file)
        var hidden = 0, skipped = 0, count = 0
        var sawPlaceholder = false
        // Depth first without recursion (a deep tree must not overflow the stack): each open node's children and
        // the next one to read.
        var open: [(children: [JSONValue], next: Int)] = []
        func enter(_ node: JSONObject) throws {
            let a = attributes(node)
            count += 1
            if a["visible"] == "false" { hidden += 1 }
            if a["placeholderValue"] != nil { sawPlaceholder = true }
            var type = a["type"] ?? ""
            if type.hasPrefix("XCUIElementType") { type.removeFirst("XCUIElementType".count) }
            try builder.push(PageSourceParser.element(type: type, a), place: "element \(count)")
            if case .array(let children) = node["children"] { open.append((children, 0)) } else { open.append(([], 0)) }
        }
        try enter(root)
        while let last = open.indices.last {
            guard open[last].next < open[last].children.count else {
                open.removeLast()
                builder.pop()
                continue
            }
            let child = open[last].children[open[last].next]
            open[last].next += 1
            if case .object(let o) = child, case .string = o["type"] { try enter(o) } else { skipped += 1 }
        }
        let (elements, addedRoot) = builder.finish()
        var dump = ImportedDump(format: .sourceJSON, elements: elements)
        if addedRoot { dump.notes.append("an Application root was added above the source's top element") }
        if skipped > 0 {
            dump.notes.append(skipped == 1 ? "1 entry of a children list is not an element (no type) and was left out"
                : "\(skipped) entries of children lists are not elements (no type) and were left out")
        }
        if hidden > 0 {
            dump.notes.append("\(hidden) element\(hidden == 1 ? " is" : "s are") marked not visible: no finding about \(hidden == 1 ? "its" : "their") place or size")
        }
        // As in the XML source: an empty field's placeholder comes as its value unless the source names it.
        dump.valuesMayBePlaceholders = !sawPlaceholder
        return dump
    }

    /// The node's attributes under the XML source's names, as text: strings as they are, numbers as written,
    /// flags (`"1"`, `1`, `true`) as `true` or `false`; `rawIdentifier`, the identifier itself (null when the
    /// element has none), as `identifier`; the `rect` (or the `frame` string `{{x, y}, {w, h}}`) as `x`, `y`,
    /// `width`, `height`.
    static func attributes(_ node: JSONObject) -> [String: String] {
        var a: [String: String] = [:]
        for key in ["type", "name", "label", "value", "title", "placeholderValue", "traits", "elementType"] {
            if let text = text(node[key]) { a[key] = text }
        }
        if let raw = node["rawIdentifier"] { a["identifier"] = text(raw) ?? "" }
        let flags = [("isEnabled", "enabled"), ("enabled", "enabled"), ("isVisible", "visible"), ("visible", "visible"),
                     ("isFocused", "focused"), ("focused", "focused"), ("isSelected", "selected"), ("selected", "selected"),
                     ("isHittable", "hittable"), ("hittable", "hittable")]
        for (key, name) in flags {
            if let on = flag(node[key]) { a[name] = on ? "true" : "false" }
        }
        if case .object(let rect) = node["rect"] {
            for key in ["x", "y", "width", "height"] {
                if let text = text(rect[key]) { a[key] = text }
            }
        } else if case .string(let frame) = node["frame"] {
            let numbers = frame.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
            if numbers.count == 4 {
                for (key, n) in zip(["x", "y", "width", "height"], numbers) { a[key] = NumberText.exact(n) }
            }
        }
        return a
    }

    private static func text(_ v: JSONValue?) -> String? {
        switch v {
        case .string(let s): return s
        case .number(let d, let literal): return JSONValue.numberText(d, literal)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    private static func flag(_ v: JSONValue?) -> Bool? {
        switch v {
        case .bool(let b): return b
        case .number(let d, _): return d != 0
        case .string(let s):
            switch s.lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no": return false
            default: return nil
            }
        default: return nil
        }
    }
}
