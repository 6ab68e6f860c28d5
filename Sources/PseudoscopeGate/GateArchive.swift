/// What a UI test knows when the layout gate fails, as a Pseudoscope format v1 archive (docs/archive-format.md).
///
/// A UI-test target adds this library and, on failure, attaches `archive.json()` as a JSON attachment named
/// `pseudoscope-archive` (`XCTestCase.attachPseudoscopeArchive`, on Apple platforms). Pseudoscope then opens the
/// run from the result bundle with everything the gate knew: the mode, the fixed test data, the whole tree,
/// intrinsic sizes and marked text that no accessibility snapshot records.
///
/// This file is platform-neutral (no Foundation, no XCTest): the mapping is tested on Linux with the rest of
/// Pseudoscope, and only the thin glue in `XCTestGlue.swift` is compiled on Apple platforms alone.
public struct GateArchive: Sendable {
    public enum Mode: String, Sendable { case normal, expanded, rtl }

    public var test: String
    /// Pairs the three runs of one screen; nil lets Pseudoscope derive it from the test name.
    public var screen: String?
    public var mode: Mode
    public var locale: String?
    public var languages: [String] = []
    public var xcode: String
    public var simulator: String
    public var os: String
    public var scale: Double?
    /// How to build the test again: `pseudoscope info` prints an xcodebuild line from these.
    public var workspace: String?
    public var project: String?
    public var scheme: String?
    public var testTarget: String?
    public var recordedAt: String?
    public var failure: GateFailure
    public var hierarchy: GateElement
    /// The fixed test data needed to reproduce: names, dates, server messages. Kept in the order given.
    public var testData: [(key: String, value: GateJSON)] = []
    public var primaryActions: [String] = []
    /// Where the screenshot and the bundle are, relative to the archive's folder, when the test writes files too.
    public var screenshot: String?

    public init(test: String, mode: Mode, xcode: String, simulator: String, os: String, failure: GateFailure, hierarchy: GateElement) {
        self.test = test
        self.mode = mode
        self.xcode = xcode
        self.simulator = simulator
        self.os = os
        self.failure = failure
        self.hierarchy = hierarchy
    }

    /// The attachment name Pseudoscope looks for in a result bundle.
    public static let attachmentName = "pseudoscope-archive"

    /// Adds what the gate measured and the snapshot does not carry, by accessibility identifier: each
    /// element's intrinsic content size, the marked (IME composition) text of fields, and hittability.
    public mutating func annotate(intrinsicSizes: [String: GateSize] = [:], markedText: [String: String] = [:], hittable: [String: Bool] = [:]) {
        var stack: [WritableKeyPath<GateElement, GateElement>] = [\.self]
        while let path = stack.popLast() {
            let id = hierarchy[keyPath: path].identifier
            if !id.isEmpty {
                if let s = intrinsicSizes[id] { hierarchy[keyPath: path].intrinsicContentSize = s }
                if let m = markedText[id] { hierarchy[keyPath: path].markedText = m }
                if let h = hittable[id] { hierarchy[keyPath: path].isHittable = h }
            }
            for k in hierarchy[keyPath: path].children.indices { stack.append(path.appending(path: \.children[k])) }
        }
    }

    /// The archive as format v1 JSON text.
    public func json() -> String {
        var w = GateJSONWriter()
        w.open("{")
        w.key("formatVersion"); w.raw("1")
        w.key("test"); w.string(test)
        if let s = screen { w.key("screen"); w.string(s) }
        w.key("mode"); w.string(mode.rawValue)
        if let l = locale { w.key("locale"); w.string(l) }
        if !languages.isEmpty {
            w.key("languages"); w.open("[")
            for l in languages { w.item(); w.string(l) }
            w.close("]")
        }
        w.key("environment"); w.open("{")
        w.key("xcode"); w.string(xcode)
        w.key("simulator"); w.string(simulator)
        w.key("os"); w.string(os)
        if let s = scale { w.key("scale"); w.number(s) }
        for (key, value) in [("workspace", workspace), ("project", project), ("scheme", scheme), ("testTarget", testTarget)] {
            if let v = value { w.key(key); w.string(v) }
        }
        w.close("}")
        if let r = recordedAt { w.key("recordedAt"); w.string(r) }
        w.key("failure"); w.open("{")
        w.key("identifier"); w.string(failure.identifier)
        w.key("label"); w.string(failure.label)
        w.key("frame"); w.rect(failure.frame)
        w.key("isHittable"); w.raw(failure.isHittable ? "true" : "false")
        w.key("message"); w.string(failure.message)
        if let f = failure.file { w.key("file"); w.string(f) }
        if let l = failure.line { w.key("line"); w.raw(String(l)) }
        if let t = failure.elementType { w.key("elementType"); w.string(t) }
        w.close("}")
        if !testData.isEmpty {
            w.key("testData"); w.open("{")
            for (k, v) in testData { w.key(k); w.value(v) }
            w.close("}")
        }
        if let s = screenshot { w.key("attachments"); w.open("{"); w.key("screenshot"); w.string(s); w.close("}") }
        if !primaryActions.isEmpty {
            w.key("primaryActions"); w.open("[")
            for p in primaryActions { w.item(); w.string(p) }
            w.close("]")
        }
        w.key("hierarchy")
        w.element(hierarchy)
        w.close("}")
        return w.text
    }
}

public struct GateFailure: Sendable {
    public var identifier: String
    public var label: String
    public var frame: GateRect
    public var isHittable: Bool
    public var message: String
    public var file: String?
    public var line: Int?
    /// `Button`: helps find an element that has no identifier.
    public var elementType: String?

    public init(
        identifier: String, label: String = "", frame: GateRect, isHittable: Bool, message: String, file: String? = nil, line: Int? = nil,
        elementType: String? = nil
    ) {
        self.identifier = identifier
        self.label = label
        self.frame = frame
        self.isHittable = isHittable
        self.message = message
        self.file = file
        self.line = line
        self.elementType = elementType
    }
}

public struct GateRect: Sendable, Equatable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

public struct GateSize: Sendable, Equatable {
    public var width, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// One element, attribute for attribute as `XCUIElementSnapshot` reports it (the v1 element keys), plus what
/// the gate adds: hittability, intrinsic size, marked text.
public struct GateElement: Sendable {
    /// The `XCUIElement.ElementType` name: `Button`, `StaticText` (`GateElementType.name(rawValue:)`).
    public var type: String
    public var identifier = ""
    public var label = ""
    public var title = ""
    public var value = ""
    public var placeholderValue = ""
    public var frame = GateRect(x: 0, y: 0, width: 0, height: 0)
    public var isEnabled = true
    public var isSelected = false
    public var hasFocus = false
    public var isHittable: Bool?
    public var intrinsicContentSize: GateSize?
    public var markedText: String?
    public var children: [GateElement] = []

    public init(type: String) { self.type = type }
}

/// Test data values: JSON without Foundation.
public indirect enum GateJSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([GateJSON])
    case object([(key: String, value: GateJSON)])
}

/// `XCUIElement.ElementType` raw values to the names XCUITest prints (and archives use), in the order of
/// `XCUIElementTypes.h`: a table rather than `String(describing:)`, which does not give these names.
public enum GateElementType {
    public static let names: [String] = [
        "Any", "Other", "Application", "Group", "Window", "Sheet", "Drawer", "Alert", "Dialog", "Button", "RadioButton",
        "RadioGroup", "CheckBox", "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton", "ToolbarButton", "Popover",
        "Keyboard", "Key", "NavigationBar", "TabBar", "TabGroup", "Toolbar", "StatusBar", "Table", "TableRow", "TableColumn",
        "Outline", "OutlineRow", "Browser", "CollectionView", "Slider", "PageIndicator", "ProgressIndicator",
        "ActivityIndicator", "SegmentedControl", "Picker", "PickerWheel", "Switch", "Toggle", "Link", "Image", "Icon",
        "SearchField", "ScrollView", "ScrollBar", "StaticText", "TextField", "SecureTextField", "DatePicker", "TextView",
        "Menu", "MenuItem", "MenuBar", "MenuBarItem", "Map", "WebView", "IncrementArrow", "DecrementArrow", "Timeline",
        "RatingIndicator", "ValueIndicator", "SplitGroup", "Splitter", "RelevanceIndicator", "ColorWell", "HelpTag", "Matte",
        "DockItem", "Ruler", "RulerMarker", "Grid", "LevelIndicator", "Cell", "LayoutArea", "LayoutItem", "Handle", "Stepper",
        "Tab", "TouchBar", "StatusItem",
    ]

    /// `Other` for a raw value a newer SDK added.
    public static func name(rawValue: UInt) -> String {
        rawValue < UInt(names.count) ? names[Int(rawValue)] : "Other"
    }
}

/// A small JSON writer: strings escaped (control characters, quotes, and the line and paragraph separators),
/// numbers finite, and the element tree written without recursion, so a deep tree cannot overflow the stack.
struct GateJSONWriter {
    var text = ""
    var needsComma: [Bool] = []

    mutating func open(_ bracket: String) { text += bracket; needsComma.append(false) }
    mutating func close(_ bracket: String) { needsComma.removeLast(); text += bracket }
    mutating func separator() {
        if needsComma.last == true { text += "," }
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
    }
    mutating func key(_ k: String) { separator(); appendString(k); text += ":" }
    mutating func item() { separator() }
    mutating func raw(_ s: String) { text += s }
    mutating func string(_ s: String) { appendString(s) }

    mutating func number(_ d: Double) {
        guard d.isFinite else { text += "0"; return }
        if d == d.rounded(), abs(d) < 1e15 { text += String(Int64(d)) } else { text += String(d) }
    }

    func clamp(_ d: Double) -> Double { d.isFinite ? min(1e7, max(-1e7, d)) : 0 }

    /// Frames within what archives accept (±10,000,000 points, sizes not negative): a snapshot of a view that
    /// scrolled to infinity still makes an archive that opens.
    mutating func rect(_ r: GateRect) {
        open("{")
        key("x"); number(clamp(r.x)); key("y"); number(clamp(r.y))
        key("width"); number(max(0, clamp(r.width))); key("height"); number(max(0, clamp(r.height)))
        close("}")
    }

    mutating func appendString(_ s: String) {
        text += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 || u.value == 0x7F {
                    let hex = String(u.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(u)
                }
            }
        }
        text += "\""
    }

    mutating func value(_ v: GateJSON) {
        enum Step { case value(GateJSON), close(String), key(String), item }
        var stack: [Step] = [.value(v)]
        while let step = stack.popLast() {
            switch step {
            case .close(let b): close(b)
            case .key(let k): key(k)
            case .item: item()
            case .value(.null): raw("null")
            case .value(.bool(let b)): raw(b ? "true" : "false")
            case .value(.number(let d)): number(d)
            case .value(.string(let s)): string(s)
            case .value(.array(let items)):
                open("[")
                stack.append(.close("]"))
                for x in items.reversed() { stack.append(.value(x)); stack.append(.item) }
            case .value(.object(let members)):
                open("{")
                stack.append(.close("}"))
                for m in members.reversed() { stack.append(.value(m.value)); stack.append(.key(m.key)) }
            }
        }
    }

    mutating func element(_ root: GateElement) {
        enum Step { case open(GateElement), close }
        var stack: [Step] = [.open(root)]
        while let step = stack.popLast() {
            switch step {
            case .close:
                close("]")
                close("}")
            case .open(let e):
                if needsComma.count > 0, text.last != ":" { item() }
                open("{")
                key("type"); string(e.type)
                for (k, v) in [
                    ("identifier", e.identifier), ("label", e.label), ("title", e.title), ("value", e.value),
                    ("placeholderValue", e.placeholderValue),
                ] where !v.isEmpty {
                    key(k); string(v)
                }
                key("frame"); rect(e.frame)
                if !e.isEnabled { key("isEnabled"); raw("false") }
                if e.isSelected { key("isSelected"); raw("true") }
                if e.hasFocus { key("hasFocus"); raw("true") }
                if let h = e.isHittable { key("isHittable"); raw(h ? "true" : "false") }
                if let s = e.intrinsicContentSize {
                    key("intrinsicContentSize"); open("{"); key("width"); number(max(0, clamp(s.width))); key("height");
                    number(max(0, clamp(s.height))); close("}")
                }
                if let m = e.markedText { key("markedText"); string(m) }
                key("children"); open("[")
                stack.append(.close)
                for c in e.children.reversed() { stack.append(.open(c)) }
            }
        }
    }
}
