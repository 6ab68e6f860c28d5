/// What an on-call engineer hands over about an element: its path, its identifier, an XCUITest query and an
/// Appium locator that find it, its findings as Markdown for a ticket, and the command line that opens the
/// inspector on it. Pure text; the inspector's copy menu (`y`) and `check --markdown` use it.
///
/// Archive strings are sanitized (control and bidi characters become visible escapes) before they go into any
/// of these texts, and the repro line is shell-quoted: what is pasted into a shell or a ticket cannot run or
/// hide anything.
public enum Handover {
    public struct Item: Equatable, Sendable {
        /// The key that copies it in the menu.
        public var key: Character
        public var title: String
        public var text: String
    }

    /// The menu's items for element `i`, in menu order.
    public static func items(
        _ archive: Archive, element i: Int, findings: [Finding], namer: PathNamer, archivePath: String,
        answer: QueryAnswer? = nil
    ) -> [Item] {
        let e = archive.hierarchy[i]
        var out = [Item(key: "p", title: "path", text: TerminalText.sanitize(namer.path(i)))]
        if !e.identifier.isEmpty { out.append(Item(key: "i", title: "identifier", text: TerminalText.sanitize(e.identifier))) }
        out.append(Item(key: "x", title: "XCUITest query", text: xcuiQuery(archive.hierarchy, i)))
        out.append(Item(key: "a", title: "Appium locator", text: appiumLocator(archive.hierarchy, i)))
        out.append(
            Item(
                key: "m", title: "finding as Markdown",
                text: markdown(archive, element: i, findings: findings, namer: namer, archivePath: archivePath, answer: answer)))
        out.append(Item(key: "r", title: "repro command", text: reproLine(archivePath: archivePath, archive: archive, element: i, namer: namer)))
        out.append(Item(key: "c", title: "xcodebuild command", text: ReproCommand.xcodebuild(archive)))
        return out
    }

    /// The element `--select` names: an identifier (the first element with it), else a path as the tree, the
    /// status line and the copy menu write it (`Application/Window/Other/Button[1]`).
    public static func select(_ query: String, in archive: Archive, namer: PathNamer) -> Int? {
        let h = archive.hierarchy
        if let i = h.indices.first(where: { h[$0].identifier == query }) { return i }
        // The identifier as the screen shows it (`pay\e[0m` for one holding an escape): what a user copies from
        // the inspector or a report names the element too.
        if let i = h.indices.first(where: { !TerminalText.isSafe(h[$0].identifier) && TerminalText.sanitize(h[$0].identifier) == query }) { return i }
        guard query.contains("/") || h.count > 0 && namer.path(0) == query else { return nil }
        return h.indices.first { namer.path($0) == query || TerminalText.sanitize(namer.path($0)) == query }
    }

    // MARK: - Queries

    /// `XCUIElement.ElementType` names to the `XCUIElementTypeQueryProvider` property that lists them.
    static let queryProperty: [String: String] = [
        "Button": "buttons", "StaticText": "staticTexts", "TextField": "textFields", "SecureTextField": "secureTextFields",
        "Switch": "switches", "Toggle": "toggles", "Cell": "cells", "Image": "images", "Icon": "icons", "NavigationBar": "navigationBars",
        "Table": "tables", "CollectionView": "collectionViews", "Other": "otherElements", "Link": "links", "Slider": "sliders",
        "SearchField": "searchFields", "ScrollView": "scrollViews", "TextView": "textViews", "Window": "windows", "Alert": "alerts",
        "Sheet": "sheets", "TabBar": "tabBars", "Tab": "tabs", "SegmentedControl": "segmentedControls", "Picker": "pickers",
        "PickerWheel": "pickerWheels", "Key": "keys", "Keyboard": "keyboards", "MenuItem": "menuItems", "Menu": "menus",
        "ActivityIndicator": "activityIndicators", "ProgressIndicator": "progressIndicators", "PageIndicator": "pageIndicators",
        "Stepper": "steppers", "Map": "maps", "WebView": "webViews", "StatusBar": "statusBars", "Toolbar": "toolbars",
        "DatePicker": "datePickers", "Group": "groups", "Dialog": "dialogs", "Popover": "popovers", "CheckBox": "checkBoxes",
        "RadioButton": "radioButtons", "ComboBox": "comboBoxes", "MenuButton": "menuButtons", "ToolbarButton": "toolbarButtons",
        "StatusItem": "statusItems", "MenuBar": "menuBars", "MenuBarItem": "menuBarItems",
    ]

    /// `app.buttons["checkout.confirm"]`; by label when there is no identifier; by position among the elements
    /// of its type (document order, as XCUITest counts them) when there is neither.
    public static func xcuiQuery(_ h: Hierarchy, _ i: Int) -> String {
        let e = h[i]
        let property =
            queryProperty[e.type].map { "app.\($0)" }
            ?? "app.descendants(matching: .\(lowerFirst(TerminalText.sanitize(e.type))))"
        if e.type == "Application" { return "app" }
        if !e.identifier.isEmpty { return "\(property)[\(swiftLiteral(e.identifier))]" }
        if !e.label.isEmpty { return "\(property)[\(swiftLiteral(e.label))]" }
        let rank = h.indices.prefix(i).reduce(0) { $0 + (h[$1].type == e.type ? 1 : 0) }
        return "\(property).element(boundBy: \(rank))"
    }

    /// `accessibility id: checkout.confirm`, else an XPath by label, else by position.
    public static func appiumLocator(_ h: Hierarchy, _ i: Int) -> String {
        let e = h[i]
        if !e.identifier.isEmpty { return "accessibility id: \(TerminalText.sanitize(e.identifier))" }
        let type = "XCUIElementType" + TerminalText.sanitize(e.type)
        if !e.label.isEmpty { return "xpath: //\(type)[@label=\(xpathLiteral(e.label))]" }
        let rank = h.indices.prefix(i).reduce(0) { $0 + (h[$1].type == e.type ? 1 : 0) }
        return "xpath: (//\(type))[\(rank + 1)]"
    }

    static func lowerFirst(_ s: String) -> String {
        guard let f = s.first else { return s }
        return f.lowercased() + s.dropFirst()
    }

    /// A Swift string literal: quotes and backslashes escaped, the rest sanitized.
    static func swiftLiteral(_ s: String) -> String {
        "\"" + TerminalText.sanitize(s).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// An XPath 1.0 literal (no escapes exist: a value with both quote kinds is a `concat`).
    static func xpathLiteral(_ raw: String) -> String {
        let s = TerminalText.sanitize(raw)
        if !s.contains("\"") { return "\"\(s)\"" }
        if !s.contains("'") { return "'\(s)'" }
        let parts = s.split(separator: "\"", omittingEmptySubsequences: false).map { "\"\($0)\"" }
        return "concat(" + parts.joined(separator: ", '\"', ") + ")"
    }

    // MARK: - Repro and Markdown

    /// `pseudoscope 'TestResults/rtl/LayoutTests.xcresult#1' --select 'checkout.confirm'`: the identifier when it
    /// names one element, else the path.
    public static func reproLine(archivePath: String, archive: Archive, element i: Int, namer: PathNamer) -> String {
        let e = archive.hierarchy[i]
        let unique = !e.identifier.isEmpty && archive.hierarchy.elements.lazy.filter { $0.identifier == e.identifier }.count == 1
        return "pseudoscope \(shellQuoted(archivePath)) --select \(shellQuoted(unique ? e.identifier : namer.path(i)))"
    }

    /// Single-quoted for POSIX shells, control characters made visible first.
    public static func shellQuoted(_ s: String) -> String {
        let safe = TerminalText.sanitize(s)
        // Foundation's search for the quote is the cost of a report with a line per finding: skipped when none.
        guard safe.utf8.contains(UInt8(ascii: "'")) else { return "'" + safe + "'" }
        return "'" + safe.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The selected element's findings as a Markdown section for a ticket, with the run's failure: its whole message,
    /// the element it names (or that it is not in the hierarchy) and, when the message is a query, what it looked
    /// for and the nearest candidates. The selection is named as the selection: it is the failing element only when
    /// the failure says so.
    public static func markdown(
        _ a: Archive, element i: Int, findings: [Finding], namer: PathNamer, archivePath: String,
        answer: QueryAnswer? = nil
    ) -> String {
        let e = a.hierarchy[i]
        let mine = findings.filter { $0.element == i }
        var lines: [String] = []
        let isFailing = a.failingIndex == i
        let heading =
            mine.isEmpty
            ? (isFailing ? "Failing element" : "Selected element")
            : mine.map { "\($0.severity.rawValue) \($0.rule.rawValue)" }.joined(separator: ", ")
        lines.append("### " + heading + ": " + md(e.reference))
        lines.append("")
        lines.append(
            "- Test: " + code(a.test) + " (\(a.mode.rawValue)" + (a.locale.map { ", \(md($0))" } ?? "")
                + "; \(md(a.environment.simulator)), \(md(a.environment.os)), Xcode \(md(a.environment.xcode)))")
        lines.append("- " + (isFailing ? "Element: " : "Selected: ") + code(namer.path(i)) + " at " + code(e.frame.shortDescription))
        if !isFailing {
            let failing =
                a.failingIndex.map { code(a.hierarchy[$0].reference) + " at " + code(namer.path($0)) }
                ?? (a.failure.namesAnElement ? code(ElementName.of(a.failure)) + ": not in the hierarchy" : "none named by the failure")
            lines.append("- Failing element: " + failing)
        }
        // The whole message, XCUITest's list of what it searched included.
        let message = a.failure.message.splitLines(omittingEmpty: true).map(String.init)
        if message.count <= 1 {
            lines.append("- Failure: " + md(message.first ?? ""))
        } else {
            lines.append("- Failure:")
            lines.append("")
            lines += message.map { "      " + TerminalText.sanitize($0) }
            lines.append("")
        }
        if let answer {
            for part in answer.parts where part.label != "searched" {
                lines.append((part.label == "looked for" ? "- Looked for: " : "  - \(part.label): ") + md(part.text))
            }
        }
        for f in mine {
            lines.append("- **\(f.severity.rawValue) \(f.rule.rawValue)**: " + md(f.message))
            if !f.evidence.isEmpty {
                lines.append("  - evidence: " + TextBytes.string(capacity: 64) { putEvidence(f.evidence, into: &$0) })
            }
        }
        lines.append("- Open it: " + code(reproLine(archivePath: archivePath, archive: a, element: i, namer: namer)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A finding's evidence as the Markdown reports write it: `width 30, height 30`.
    public static func putEvidence(_ evidence: [(name: String, value: Double)], into out: inout TextBytes) {
        for (k, e) in evidence.enumerated() {
            if k > 0 { out.put(", ") }
            out.put(e.name)
            out.put(" ")
            out.put(points: e.value)
        }
    }

    /// Inline code: sanitized, and wrapped in enough backticks to hold any backticks inside.
    public static func code(_ s: String) -> String { TextBytes.string(capacity: s.utf8.count + 4) { putCode(s, into: &$0) } }

    /// The same, written after what `out` holds (a Markdown report's table writes one a finding).
    public static func putCode(_ s: String, into out: inout TextBytes) {
        let start = out.count
        out.put(s)
        putCode(from: start, into: &out)
    }

    /// What `out` holds from `start` on, made inline code in place.
    public static func putCode(from start: Int, into out: inout TextBytes) {
        out.sanitize(from: start)
        // The longest run of backticks, by the byte: a backtick is ASCII, never part of another character's UTF-8,
        // and CommonMark counts a backtick string by the code point (a backtick with a combining mark on it is
        // still one, which the walk by the character missed). By the character it was a tenth of a night's
        // `check --markdown`; on the array's slice instead of its buffer the night is 4% slower, a row a few
        // percent inside its budget.
        let tick = UInt8(ascii: "`")
        let (longest, edge) = out.bytes.withUnsafeBufferPointer { all -> (Int, Bool) in
            let b = UnsafeBufferPointer(rebasing: all[start...])
            var longest = 0, run = 0
            for c in b { run = c == tick ? run + 1 : 0; longest = max(longest, run) }
            // Padded when the text begins or ends with a backtick as a character: asked of the string only when a
            // byte there is one (a backtick that a mark or a prepended sign joins is another character).
            guard let first = b.first, let last = b.last, first == tick || last == tick else { return (longest, false) }
            let t = String(decoding: b, as: UTF8.self)
            return (longest, t.first == "`" || t.last == "`")
        }
        let fence = longest == 0 ? "`" : String(repeating: "`", count: longest + 1)
        out.insert(edge ? fence + " " : fence, at: start)
        if edge { out.put(" ") }
        out.put(fence)
    }

    /// Text in Markdown: sanitized, with the characters Markdown would act on escaped.
    public static func md(_ s: String) -> String { TextBytes.string(capacity: s.utf8.count + 8) { putMarkdown(s, into: &$0) } }

    /// The same, written after what `out` holds.
    public static func putMarkdown(_ s: String, into out: inout TextBytes) {
        // Byte by byte: every character escaped is ASCII, and an ASCII byte is never part of another character's
        // UTF-8, so a backslash before each such byte escapes exactly those characters. (Character by character,
        // asking a string of ten whether it holds each one, was most of a night's `check --markdown`.)
        let start = out.count
        out.put(s)
        out.sanitize(from: start)
        out.escape(from: start, where: Handover.isMarkdownSpecial, with: UInt8(ascii: "\\"))
    }

    /// The characters Markdown would read as markup or a table's edge: \ ` * _ [ ] < > # |
    static func isMarkdownSpecial(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "|"):
            return true
        default: return false
        }
    }
}
