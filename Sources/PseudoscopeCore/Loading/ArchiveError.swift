/// A problem with one input file, described in one line that names the file and the place in it.
public struct ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// Where in the file: a JSON path (`hierarchy.children[3].frame.width`), `line 4, column 7`, or empty.
    public var place: String
    public var message: String

    public init(file: String, place: String = "", message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    /// `checkout/archive.json: hierarchy.children[3].frame.width: expected a number, found a string`
    public var description: String {
        place.isEmpty ? "\(file): \(message)" : "\(file): \(place): \(message)"
    }
}

/// Named resource limits for untrusted archives. Each can be raised through an environment variable.
public struct LoadLimits: Equatable, Sendable {
    public var maxFileBytes: Int = 256 * 1024 * 1024
    public var maxDepth: Int = 512
    public var maxElements: Int = 1_000_000
    /// Longer strings are cut and end in a visible mark.
    public var maxStringBytes: Int = 64 * 1024

    public init() {}

    public static let `default` = LoadLimits()

    /// The environment variables that raise each limit, for error messages and docs.
    public enum Variable: String {
        case fileMiB = "PSEUDOSCOPE_MAX_FILE_MIB"
        case depth = "PSEUDOSCOPE_MAX_DEPTH"
        case elements = "PSEUDOSCOPE_MAX_ELEMENTS"
    }

    /// Limits with any overrides found in `environment`; malformed values are ignored.
    public static func from(environment: [String: String]) -> LoadLimits {
        var l = LoadLimits()
        if let v = environment[Variable.fileMiB.rawValue].flatMap(Int.init), v > 0, v < Int.max / (1024 * 1024) { l.maxFileBytes = v * 1024 * 1024 }
        if let v = environment[Variable.depth.rawValue].flatMap(Int.init), v > 0 { l.maxDepth = v }
        if let v = environment[Variable.elements.rawValue].flatMap(Int.init), v > 0 { l.maxElements = v }
        return l
    }
}
