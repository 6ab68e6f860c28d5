/// One node of the accessibility hierarchy, with the attributes XCUITest exposes.
///
/// Elements live in a flat `Hierarchy` in pre-order; `parent` and `children` are indices into it, so that deep
/// trees never need recursion to walk.
public struct Element: Equatable, Sendable {
    public var type: String
    public var identifier: String = ""
    public var label: String = ""
    public var value: String = ""
    public var placeholderValue: String = ""
    public var title: String = ""
    public var frame: Rect = .zero
    public var isEnabled: Bool = true
    public var isSelected: Bool = false
    public var hasFocus: Bool = false
    public var isHittable: Bool = true
    /// Whether the element is on screen, as WebDriverAgent's `visible` says; nil when the source does not say.
    /// An element known to be invisible gets no finding about where it sits or how large its hit region is.
    public var isVisible: Bool?
    /// True when the dump was cut off inside this element: it may have children (text, controls) nobody saw.
    public var childrenUnknown = false
    public var intrinsicContentSize: Size?
    /// Text still in IME composition (e.g. Pinyin before a candidate is chosen); nil when none.
    public var markedText: String?

    public var parent: Int?
    public var children: [Int] = []
    public var depth: Int = 0

    public init(type: String) {
        self.type = type
    }

    /// The text a reader sees for this element: label, else title, else value, else placeholder.
    /// (`@inlinable`, as are `caption`, `isInteractive` and `isText`: asked through a hierarchy's subscript from
    /// another module, a property that is not copied the whole element first, retaining all its strings.)
    @inlinable public var displayText: String {
        if !label.isEmpty { return label }
        if !title.isEmpty { return title }
        if !value.isEmpty { return value }
        return placeholderValue
    }

    /// What names the element in one short phrase: its text, else identifier, else type.
    @inlinable public var caption: String {
        let text = displayText
        if !text.isEmpty { return text }
        if !identifier.isEmpty { return identifier }
        return type
    }

    /// `Button 'checkout.confirm'`, or `Button "Confirm"` when there is no identifier (`ElementName`).
    public var reference: String {
        ElementName.of(type: type, identifier: identifier, text: displayText, frame: frame.isEmpty ? nil : frame)
    }
}

extension Element {
    /// Element types that a user acts on. `Cell` counts: a tappable row.
    public static let interactiveTypes: Set<String> = [
        "Button", "Switch", "Toggle", "TextField", "SecureTextField", "SearchField", "Link", "Slider",
        "SegmentedControl", "Stepper", "Cell", "MenuItem", "PopUpButton", "Picker", "PickerWheel",
        "TextView", "DatePicker", "Tab", "ColorWell", "CheckBox", "RadioButton", "Incrementor",
    ]
    /// Element types whose main purpose is to show text.
    public static let textTypes: Set<String> = ["StaticText", "TextView", "TextField", "SecureTextField", "SearchField"]
    /// Element types whose content scrolls, so children may legitimately lie outside their frame.
    public static let scrollingTypes: Set<String> = ["ScrollView", "Table", "CollectionView", "WebView", "Map", "TextView"]

    @inlinable public var isInteractive: Bool { Element.interactiveTypes.contains(type) }
    @inlinable public var isText: Bool { Element.textTypes.contains(type) }
    public var isScrollContainer: Bool { Element.scrollingTypes.contains(type) }
}
