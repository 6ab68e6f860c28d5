/// `XCUIElement.ElementType` raw values, for the Mac2 driver's numeric `elementType`.
enum ElementTypeNames {
    static let names = [
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

    static func name(_ n: Int) -> String? { n >= 0 && n < names.count ? names[n] : nil }

    /// Every type but `Any` (a query's wildcard, never an element's type).
    static let all = Array(names.dropFirst())
    private static let known = Set(names)

    /// Whether `type` is one of XCUITest's element types.
    static func isKnown(_ type: String) -> Bool { known.contains(type) }
}
