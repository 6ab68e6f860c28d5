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
    public var description: String { "\(file): \(located)" }

    /// The place and the message without the file (`hierarchy.children[3].frame.width: expected a number, …`):
    /// for a report that names the file on a line of its own.
    public var located: String { place.isEmpty ? message : "\(place): \(message)" }
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

    /// Cuts an absurdly long string, leaving a visible mark that says how much was dropped: what every reader does
    /// to every text it takes from an input (archives, dumps, snapshots, bundles, databases).
    public func cut(_ s: String) -> String {
        guard s.utf8.count > maxStringBytes else { return s }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for u in s.unicodeScalars {
            bytes += UTF8.width(u)
            if bytes > maxStringBytes { break }
            kept.append(u)
        }
        let keptString = String(kept)
        return keptString + "…[cut: \(s.utf8.count - keptString.utf8.count) more bytes]"
    }

    /// The environment variables that raise each limit, for error messages and docs.
    public enum Variable: String, CaseIterable, Sendable {
        case fileMiB = "PSEUDOSCOPE_MAX_FILE_MIB"
        case depth = "PSEUDOSCOPE_MAX_DEPTH"
        case elements = "PSEUDOSCOPE_MAX_ELEMENTS"
    }

    /// The largest value each variable takes: beyond it no machine has the memory, and arithmetic on the
    /// limit (depth × 2 for JSON levels, MiB × 2^20) stays far from overflow.
    public static let ceilings: [Variable: Int] = [.fileMiB: 1 << 20, .depth: 100_000_000, .elements: 1_000_000_000]

    /// Limits with the overrides found in `environment`. A value that is not a whole number from 1 to the
    /// variable's ceiling is refused in one line that names the variable.
    public static func from(environment: [String: String]) throws -> LoadLimits {
        var l = LoadLimits()
        func value(_ v: Variable) throws -> Int? {
            guard let text = environment[v.rawValue] else { return nil }
            let ceiling = ceilings[v]!
            // Digits only: " 5" and "+5" are as malformed as "5x".
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(text), n >= 1, n <= ceiling else {
                throw ArchiveError(file: v.rawValue, message: "must be a whole number from 1 to \(ceiling), not '\(text.prefix(40))'")
            }
            return n
        }
        if let v = try value(.fileMiB) { l.maxFileBytes = v * 1024 * 1024 }
        if let v = try value(.depth) { l.maxDepth = v }
        if let v = try value(.elements) { l.maxElements = v }
        return l
    }
}
