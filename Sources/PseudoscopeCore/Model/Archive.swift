/// The run mode of the pseudo-localization gate.
public enum Mode: String, CaseIterable, Sendable {
    case normal, expanded, rtl

    public var isRightToLeft: Bool { self == .rtl }
    public var banner: String { rawValue.uppercased() }
}

/// The machine the test ran on.
public struct Environment: Equatable, Sendable {
    public var xcode: String
    public var simulator: String
    public var os: String
    public var scale: Double?
    /// How to build the test again (`xcodebuild -workspace/-project -scheme`, the UI-test target), when the
    /// gate recorded it: the repro command uses them and marks what is missing as a placeholder.
    public var workspace: String?
    public var project: String?
    public var scheme: String?
    public var testTarget: String?

    public init(xcode: String, simulator: String, os: String, scale: Double? = nil) {
        self.xcode = xcode
        self.simulator = simulator
        self.os = os
        self.scale = scale
    }
}

/// The failing control as the gate saw it.
public struct Failure: Equatable, Sendable {
    public var identifier: String
    public var label: String
    public var frame: Rect
    public var isHittable: Bool
    public var message: String
    public var file: String?
    public var line: Int?
    /// The failing element's type (`Button`), when the producer recorded it: helps find an element without an identifier.
    public var elementType: String?
    /// Set when the element was found by the words the failure message names it with (`back button`), not by
    /// anything the failure recorded: those words, for `info` to say so.
    public var namedInMessageAs: String?
    /// False when nothing recorded whether the failing element was hittable (a result bundle's failure, which
    /// is a message): `isHittable` is then no fact.
    public var hittableRecorded = true

    /// Whether the failure names an element at all (an identifier, a label or a frame).
    public var namesAnElement: Bool { !identifier.isEmpty || !label.isEmpty || !frame.isEmpty }

    public init(
        identifier: String, label: String, frame: Rect, isHittable: Bool, message: String, file: String? = nil, line: Int? = nil,
        elementType: String? = nil
    ) {
        self.elementType = elementType
        self.identifier = identifier
        self.label = label
        self.frame = frame
        self.isHittable = isHittable
        self.message = message
        self.file = file
        self.line = line
    }
}

/// Where the archive came from: which file.
public struct ArchiveSource: Equatable, Sendable {
    /// The path as the user gave it (for messages), e.g. `SampleArchives/checkout/archive.json` or `-`.
    public var path: String
    /// The folder attachments are relative to; nil for standard input.
    public var folder: String?
    /// True when the file was a dump read just now, not a Pseudoscope archive.
    public var wasDump = false
    /// The same path from the root (`FileAccess.absolute`), set when it was read: what hand-over commands name.
    public var absolutePath: String?

    public init(path: String, folder: String?) {
        self.path = path
        self.folder = folder
    }

    /// How a command line a colleague runs elsewhere names this archive: its folder (for a folder archive), from
    /// the root; `ARCHIVE` for one read from standard input.
    public var pathForCommands: String {
        if path == "<stdin>" { return "ARCHIVE" }
        return RunPath.folder(absolutePath ?? path)
    }
}

/// What is known about an archive made from a real-world dump: the format, how much of the tree the dump
/// holds, and what it does not record. The rules read these facts instead of guessing, and `import` writes
/// them into the archive (`import` key, docs/archive-format.md) so they survive.
public struct ImportFacts: Equatable, Sendable {
    /// How much of the hierarchy the dump holds.
    public enum Structure: String, CaseIterable, Sendable {
        /// The whole tree.
        case complete
        /// A flat `from input {( … )}` list: no parent, children or siblings are known.
        case flatList = "flat-list"
        /// A query's output list: no hierarchy either.
        case queryOutput = "query-output"
        /// Only a path to one element: each step's other children are unknown.
        case pathOnly = "path-only"
        /// A cut-off fragment: the elements open at the cut have unknown children.
        case fragment

        /// Whether siblings and parents in the archive are real: false for lists and paths.
        public var relationsKnown: Bool { self == .complete || self == .fragment }
    }

    /// `XCUITest debugDescription`, `Appium page source XML`, `WebDriverAgent JSON source` or `idb accessibility JSON`.
    public var format: String
    public var structure: Structure = .complete
    /// Things worth saying once: an added root, elided lines, where a fragment stops.
    public var notes: [String] = []
    /// Set when the dump stops in the middle: where, and why.
    public var incomplete: String?
    /// False when the format prints no labels (Xcode 7): a missing label cannot be judged.
    public var labelsRecorded = true
    /// True when a text field's reported value may be its placeholder (older WebDriverAgent reports the
    /// placeholder of an empty field as its value).
    public var valuesMayBePlaceholders = false
    /// True when the dump records whether each element is hittable (WebDriverAgent's opt-in `hittable`).
    public var hittableRecorded = false
    /// True when the mode came from `--mode` rather than from the dump (which records none).
    public var modeWasGiven = false

    public init(format: String) {
        self.format = format
    }
}

/// One archived failure of the layout gate: the run, the failing element, the screen's hierarchy, test data.
public struct Archive: Equatable, Sendable {
    public static let supportedFormatVersion = 1

    public var formatVersion: Int = Archive.supportedFormatVersion
    public var test: String
    public var screen: String
    public var mode: Mode
    public var locale: String?
    public var languages: [String] = []
    public var environment: Environment
    public var recordedAt: String?
    /// When the hierarchy was captured, when its source says (a bundle's hierarchy attachment): what a frame of
    /// the screen recording is chosen for.
    public var hierarchyCapturedAt: String?
    /// Which of a bundle run's attachments the hierarchy was read from (its payload id), when one was.
    public var hierarchyAttachmentID: String?
    /// The failure and the hierarchy decide the failing element: they change together through `init`.
    public private(set) var failure: Failure
    public private(set) var hierarchy: Hierarchy
    /// The failing element's index in the hierarchy, located once (see `FailingElement`); nil when it is not there.
    public private(set) var failingIndex: Int?
    public var testData: JSONObject = JSONObject()
    public var screenshot: String?
    public var xcresult: String?
    public var primaryActions: [String] = []
    public var source: ArchiveSource
    /// Set for an archive made from a dump (by `import`, or when a command reads a dump directly).
    public var imported: ImportFacts?
    /// Every attachment of the run, when the archive knows them (from a result bundle, or `attachments.files`).
    public var attachments: [AttachmentRecord] = []
    /// Set when the source holds no hierarchy for this run: why, in one line (the wireframe says it instead of
    /// drawing nothing).
    public var hierarchyNote: String?

    /// Whether the hierarchy records hittability: the gate's own archive does, a dump only where it says so
    /// (`ImportFacts.hittableRecorded`). Where it does not, every element's `isHittable` is a default, and
    /// nothing is concluded from it.
    public var recordsHittable: Bool { imported.map(\.hittableRecorded) ?? true }
    /// Whether a zero frame is a recorded fact (the gate's own archive) or may be one the source did not record
    /// (an element line without a frame, Xcode's text for the application).
    public var recordsEveryFrame: Bool { imported == nil }
    /// Which run of a result bundle this is, when it comes from one.
    public var run: RunOrigin?
    /// The localized strings the run recorded showing (a result bundle's localization attachment).
    public var shownStrings: [ShownString] = []

    public init(
        test: String, screen: String? = nil, mode: Mode, environment: Environment, failure: Failure, hierarchy: Hierarchy, source: ArchiveSource
    ) {
        self.test = test
        self.screen = screen ?? Archive.screenName(fromTest: test)
        self.mode = mode
        self.environment = environment
        self.failure = failure
        self.hierarchy = hierarchy
        self.source = source
        failingIndex = FailingElement.locate(failure, in: hierarchy)
    }

    /// Every text cut at the string limit (`LoadLimits.cut`), the hierarchy's and the failure's: what every input
    /// is left with, whatever format it came in. The failing element is located again only when a text was cut.
    mutating func cutStrings(_ limits: LoadLimits) {
        let before = (hierarchy, failure)
        hierarchy.cutStrings(limits)
        failure.message = limits.cut(failure.message)
        failure.identifier = limits.cut(failure.identifier)
        failure.label = limits.cut(failure.label)
        test = limits.cut(test)
        screen = limits.cut(screen)
        if before.0 != hierarchy || before.1 != failure { failingIndex = FailingElement.locate(failure, in: hierarchy) }
    }

    /// The default screen name: the test method without `test` and without a trailing mode word, so that the
    /// three runs `testCheckoutLayout`, `testCheckoutLayoutExpanded`, `testCheckoutLayoutRTL` pair up.
    public static func screenName(fromTest test: String) -> String {
        var name = Substring(test.split(separator: "/").last ?? Substring(test))
        // `test_checkoutLayout()` and `testCheckoutLayout` name the screen `checkoutLayout` / `CheckoutLayout`.
        if name.hasSuffix("()") { name = name.dropLast(2) }
        if name.hasPrefix("test") { name = name.dropFirst(4) }
        if name.hasPrefix("_") && name.count > 1 { name = name.dropFirst() }
        var s = String(name)
        for suffix in ["Normal", "Expanded", "RTL", "Rtl", "_normal", "_expanded", "_rtl"] where s.hasSuffix(suffix) && s.count > suffix.count {
            s = String(s.dropLast(suffix.count))
            break
        }
        for prefix in ["Normal", "Expanded", "RTL", "Rtl"] where s.hasPrefix(prefix) && s.count > prefix.count {
            s = String(s.dropFirst(prefix.count))
            break
        }
        return s.isEmpty ? test : s
    }
}

/// The platform a screen comes from, which decides whether touch guidelines apply.
public enum Platform: String, Sendable {
    case iOS, macOS, tvOS, watchOS, visionOS, unknown

    /// Whether fingers tap it: only then does the 44-pt hit-region guideline apply.
    public var isTouch: Bool { self == .iOS || self == .unknown }
}

extension Archive {
    /// From the recorded OS when there is one; for a dump, from what only one platform shows: a menu bar or
    /// status items (macOS), a 1920-point-wide focus-driven screen (tvOS).
    public var platform: Platform {
        let os = environment.os.lowercased()
        for p in [Platform.macOS, .tvOS, .watchOS, .visionOS] where os.contains(p.rawValue.lowercased()) { return p }
        if os.contains("ios") || os.contains("ipados") { return .iOS }
        let types = Set(hierarchy.elements.map { $0.type })
        if !types.isDisjoint(with: ["MenuBar", "MenuBarItem", "StatusItem", "TouchBar"]) { return .macOS }
        let wide = hierarchy.extent.width >= 1900
        if wide && hierarchy.elements.contains(where: { $0.hasFocus }) { return .tvOS }
        return .unknown
    }
}
