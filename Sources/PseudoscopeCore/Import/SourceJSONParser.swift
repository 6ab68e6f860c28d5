/// Reads the accessibility trees tools print as JSON, through the XML reader's attribute mapping
/// (`PageSourceParser.element`); every key is optional:
/// - WebDriverAgent's JSON page source (`GET /source?format=json`, Appium's `mobile: source` with `format: json`):
///   one tree of nodes with `type`, `rawIdentifier`, `name`, `label`, `value`, `rect` (or a `frame` string), flags
///   such as `isEnabled` and `isVisible` written `"1"`/`"0"`, and `children`;
/// - idb's `ui describe-all` (and AXe's `describe-ui`, the same shape): an array of elements with `type` (or
///   `role`, `AXButton`), `AXUniqueId`, `AXLabel`, `AXValue`, `frame` `{x, y, width, height}` (or the `AXFrame`
///   string), `enabled`; flat, or with `children` (`--nested`).
enum SourceJSONParser {
    /// The nodes at the top of `text` and the tool that printed them: WDA's tree root itself, or one its answer
    /// wraps (`{"value": {…}, "sessionId": …}`, the old `/tree` answer's `{"tree": {…}}`, also as a JSON string);
    /// or idb's array of elements (also inside `{"elements": …}`). Nil when the text is not such JSON. `limits`
    /// bounds the nesting read (two JSON levels for each element level).
    static func roots(in text: String, limits: LoadLimits = .default) -> (nodes: [JSONObject], format: DumpFormat)? {
        let maxDepth = limits.maxDepth * 2 + 8
        guard var json = try? JSONParser.parse(Array(text.utf8), maxDepth: maxDepth) else { return nil }
        defer { JSONValue.release(&json) }
        var current = json
        for _ in 0..<4 {
            switch current {
            case .object(let o):
                if isNode(o) { return ([o], isAccessibilityNode(o) ? .accessibilityJSON : .sourceJSON) }
                guard let inner = o["value"] ?? o["tree"] ?? o["elements"] else { return nil }
                current = inner
            case .array(let entries):
                // idb's list: every entry an object, and elements among them (not an array of log lines).
                let objects = entries.compactMap { entry -> JSONObject? in if case .object(let o) = entry { return o } else { return nil } }
                guard !objects.isEmpty, objects.count == entries.count, objects.contains(where: isAccessibilityNode) else { return nil }
                return (objects, .accessibilityJSON)
            case .string(let s) where s.utf8.first == UInt8(ascii: "{") || s.utf8.first == UInt8(ascii: "["):
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
        if isAccessibilityNode(o) { return true }
        guard case .string = o["type"] else { return false }
        return o["rect"] != nil || o["frame"] != nil || o["children"] != nil
    }

    /// An entry of a `children` list that is an element: one with a type (a WDA child need not have a place), or
    /// idb's element.
    static func isChild(_ o: JSONObject) -> Bool {
        if case .string = o["type"] { return true }
        return isAccessibilityNode(o)
    }

    /// idb's element: a place (`AXFrame`, or `frame` as an object) and something of the AX keys.
    static func isAccessibilityNode(_ o: JSONObject) -> Bool {
        let placed: Bool
        if case .string = o["AXFrame"] { placed = true } else if case .object = o["frame"] { placed = true } else { placed = false }
        return placed && (o["AXLabel"] != nil || o["AXUniqueId"] != nil || o["role"] != nil)
    }

    static func parse(_ roots: [JSONObject], format: DumpFormat, file: String, limits: LoadLimits) throws -> ImportedDump {
        var builder = HierarchyBuilder(limits: limits, file: file)
        var hidden = 0, skipped = 0, skippedAtTop = 0, count = 0
        var sawPlaceholder = false
        var sawHittable = false
        // Depth first without recursion (a deep tree must not overflow the stack): each open node's children and
        // the next one to read.
        var open: [(children: [JSONValue], next: Int)] = []
        func enter(_ node: JSONObject) throws {
            let a = attributes(node)
            count += 1
            if a["visible"] == "false" { hidden += 1 }
            if a["placeholderValue"] != nil { sawPlaceholder = true }
            if a["hittable"] != nil { sawHittable = true }
            var type = a["type"] ?? ""
            if type.hasPrefix("XCUIElementType") { type.removeFirst("XCUIElementType".count) }
            if type.isEmpty, let role = a["role"], role.hasPrefix("AX") { type = String(role.dropFirst(2)) }
            // idb names a header `Heading`; XCUITest, whose types the rules know, reports it as StaticText.
            if type == "Heading" { type = "StaticText" }
            try builder.push(PageSourceParser.element(type: type, a), place: "element \(count)")
            if case .array(let children) = node["children"] { open.append((children, 0)) } else { open.append(([], 0)) }
        }
        /// Reads what is open above `base` to its end.
        func readSubtrees(above base: Int) throws {
            while let last = open.indices.last, last >= base {
                guard open[last].next < open[last].children.count else {
                    open.removeLast()
                    builder.pop()
                    continue
                }
                let child = open[last].children[open[last].next]
                open[last].next += 1
                if case .object(let o) = child, isChild(o) { try enter(o) } else { skipped += 1 }
            }
        }
        // idb's default list is flat: its elements, the app first, with no parents. The app is their root, and the
        // rules that need parents and siblings are told there are none (`Structure.flatList`).
        let flat = roots.count > 1 && !roots.contains { $0["children"] != nil }
        var rest = roots[...]
        if flat, let app = rest.first, case let a = attributes(app), a["type"] == "Application" || a["role"] == "AXApplication" {
            try enter(app)  // kept open: the others are its children
            rest = rest.dropFirst()
        }
        let base = open.count
        for root in rest {
            guard isNode(root) else { skippedAtTop += 1; continue }
            try enter(root)
            try readSubtrees(above: base)
        }
        try readSubtrees(above: 0)
        let (elements, addedRoot) = builder.finish()
        var dump = ImportedDump(format: format, elements: elements)
        if addedRoot {
            dump.notes.append(
                roots.count > 1
                    ? "an Application root was added above the list's elements" : "an Application root was added above the source's top element")
        }
        // idb answers with one element with no type, label or size when it could not read the app's tree: not a
        // clean screen, but none at all (`check` says "not checked", the inspector says why).
        if elements.allSatisfy({ $0.frame.isEmpty }) {
            dump.noHierarchy =
                "no element has a size: the tool did not read the app's tree (idb answers with one empty element when the app's accessibility is not ready)"
        }
        if flat {
            dump.structure = .flatList
            dump.notes.append("a flat list of \(count) elements: the dump holds no hierarchy, so no element's parent, children or siblings are known")
        }
        if skipped > 0 {
            dump.notes.append(
                skipped == 1
                    ? "1 entry of a children list is not an element (no type) and was left out"
                    : "\(skipped) entries of children lists are not elements (no type) and were left out")
        }
        if skippedAtTop > 0 {
            dump.notes.append(
                skippedAtTop == 1
                    ? "1 entry of the list is not an element and was left out"
                    : "\(skippedAtTop) entries of the list are not elements and were left out")
        }
        if hidden > 0 {
            dump.notes.append(
                "\(hidden) element\(hidden == 1 ? " is" : "s are") marked not visible: no finding about \(hidden == 1 ? "its" : "their") place or size"
            )
        }
        // As in the XML source: an empty field's placeholder comes as its value unless the source names it.
        dump.valuesMayBePlaceholders = !sawPlaceholder
        dump.hittableRecorded = sawHittable
        return dump
    }

    /// The node's attributes under the XML source's names, as text: strings as they are, numbers as written,
    /// flags (`"1"`, `1`, `true`) as `true` or `false`; `rawIdentifier` or idb's `AXUniqueId`, the identifier
    /// itself (null when the element has none), as `identifier`; idb's `AXLabel`, `AXValue` as `label`, `value`;
    /// the `rect` or idb's `frame` object (or the `frame`/`AXFrame` string `{{x, y}, {w, h}}`) as `x`, `y`,
    /// `width`, `height`.
    static func attributes(_ node: JSONObject) -> [String: String] {
        var a: [String: String] = [:]
        for key in ["type", "name", "label", "value", "title", "placeholderValue", "traits", "elementType", "role"] {
            if let text = text(node[key]) { a[key] = text }
        }
        if let raw = node["rawIdentifier"] { a["identifier"] = text(raw) ?? "" }
        // idb's names for the same things.
        for (key, name) in [
            ("AXLabel", "label"), ("AXValue", "value"), ("AXPlaceholderValue", "placeholderValue"), ("placeholder", "placeholderValue"),
        ] {
            if let text = text(node[key]) { a[name] = text }
        }
        if let id = node["AXUniqueId"] { a["identifier"] = text(id) ?? "" }
        let flags = [
            ("isEnabled", "enabled"), ("enabled", "enabled"), ("isVisible", "visible"), ("visible", "visible"),
            ("isFocused", "focused"), ("focused", "focused"), ("isSelected", "selected"), ("selected", "selected"),
            ("isHittable", "hittable"), ("hittable", "hittable"),
        ]
        for (key, name) in flags {
            if let on = flag(node[key]) { a[name] = on ? "true" : "false" }
        }
        if case .object(let rect) = node["rect"] ?? node["frame"] {
            for key in ["x", "y", "width", "height"] {
                if let text = text(rect[key]) { a[key] = text }
            }
        } else if case .string(let frame) = node["frame"] ?? node["AXFrame"] {
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
