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

    public init(identifier: String, label: String, frame: Rect, isHittable: Bool, message: String, file: String? = nil, line: Int? = nil,
                elementType: String? = nil) {
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

/// Where the archive came from: which file, and whether it was written by the gate or imported from a dump.
public struct ArchiveSource: Equatable, Sendable {
    /// The path as the user gave it (for messages), e.g. `SampleArchives/checkout/archive.json` or `-`.
    public var path: String
    /// The folder attachments are relative to; nil for standard input.
    public var folder: String?
    /// Nil for a v1 archive; the name of the dump format for an imported dump.
    public var importedFormat: String?
    /// True when a dump was imported and its mode came from `--mode` rather than from the archive.
    public var modeWasGiven: Bool = false
    /// Set when an imported dump was cut off: where it stopped.
    public var incompleteNote: String?

    public init(path: String, folder: String?) {
        self.path = path
        self.folder = folder
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

    public init(test: String, screen: String? = nil, mode: Mode, environment: Environment, failure: Failure, hierarchy: Hierarchy, source: ArchiveSource) {
        self.test = test
        self.screen = screen ?? Archive.screenName(fromTest: test)
        self.mode = mode
        self.environment = environment
        self.failure = failure
        self.hierarchy = hierarchy
        self.source = source
        failingIndex = FailingElement.locate(failure, in: hierarchy)
    }

    /// The default screen name: the test method without `test` and without a trailing mode word, so that the
    /// three runs `testCheckoutLayout`, `testCheckoutLayoutExpanded`, `testCheckoutLayoutRTL` pair up.
    public static func screenName(fromTest test: String) -> String {
        var name = Substring(test.split(separator: "/").last ?? Substring(test))
        if name.hasPrefix("test") { name = name.dropFirst(4) }
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
