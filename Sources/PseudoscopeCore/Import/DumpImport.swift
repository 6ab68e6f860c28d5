import Foundation

/// The result of reading a real-world dump: elements in pre-order, which format it was, and whether it was
/// cut off.
public struct ImportedDump: Sendable {
    public var format: DumpFormat
    public var elements: [Element]
    /// Set when the dump stops in the middle: where, and why.
    public var incompleteNote: String?
    /// Other things worth saying once: skipped lines, an added root.
    public var notes: [String] = []
    /// How much of the tree the dump holds.
    public var structure: ImportFacts.Structure = .complete
    /// False when the format prints no labels.
    public var labelsRecorded = true
    /// True when text fields report their placeholder as their value.
    public var valuesMayBePlaceholders = false
    /// The query failure the text holds beside its tree (`Failed to get matching snapshot: No matches found…`),
    /// as XCUITest printed it: the dump's failure message.
    public var failureMessage: String?
    /// True when elements record whether they are hittable (WebDriverAgent's opt-in `hittable`); the text formats
    /// and the element snapshot do not, and their `isHittable` is only a default.
    public var hittableRecorded = false
    /// Set when the dump holds no tree to check, though it reads: why (the archive's `hierarchyNote`).
    public var noHierarchy: String?

}

/// The dump formats Pseudoscope reads besides its own archives (docs/import.md).
public enum DumpFormat: String, Sendable {
    case debugDescription = "XCUITest debugDescription"
    /// Xcode 15+'s "App UI hierarchy for <bundle id>" attachment (`AppUIHierarchyParser`).
    case appUIHierarchy = "Xcode App UI hierarchy"
    /// The keyed archive Xcode attaches as `kXCTAttachmentLegacySnapshot` (`ElementSnapshot`).
    case elementSnapshot = "Xcode element snapshot"
    case pageSource = "Appium page source XML"
    case sourceJSON = "WebDriverAgent JSON source"
    case accessibilityJSON = "idb accessibility JSON"
}

/// Builds a pre-order element list from (depth, element) pairs arriving in document order.
struct HierarchyBuilder {
    private(set) var elements: [Element] = []
    /// Indices of the open ancestors of the next element, with the indentation or depth that opened them.
    private var open: [(level: Int, index: Int)] = []
    let limits: LoadLimits
    let file: String

    init(limits: LoadLimits, file: String) {
        self.limits = limits
        self.file = file
    }

    var openDepth: Int { open.count }

    /// Marks every open element (the last one and its ancestors) as having children nobody saw: the dump
    /// ends inside them.
    mutating func markOpenElementsCut() {
        for o in open { elements[o.index].childrenUnknown = true }
    }

    /// Adds `element` as a child of the nearest open element with a smaller `level` (or as a new root).
    mutating func add(_ element: Element, level: Int, line: Int) throws {
        while let last = open.last, last.level >= level { open.removeLast() }
        try append(element, parent: open.last?.index, place: "line \(line)")
        open.append((level, elements.count - 1))
    }

    /// Adds `element` under the innermost open element, and opens it (for XML start tags).
    mutating func push(_ element: Element, line: Int) throws {
        try push(element, place: "line \(line)")
    }

    /// The same, for a format without lines: `place` says where the element is (`element 12`).
    mutating func push(_ element: Element, place: @autoclosure () -> String) throws {
        try append(element, parent: open.last?.index, place: place())
        open.append((open.count, elements.count - 1))
    }

    mutating func pop() {
        _ = open.popLast()
    }

    /// `place` is made only for an error: a dump of a hundred thousand lines adds as many elements.
    private mutating func append(_ element: Element, parent: Int?, place: @autoclosure () -> String) throws {
        if elements.count >= limits.maxElements {
            throw ArchiveError(
                file: file, place: place(),
                message: "more than \(limits.maxElements) elements (raise the limit with \(LoadLimits.Variable.elements.rawValue))")
        }
        var e = element
        e.parent = parent
        e.depth = parent.map { elements[$0].depth + 1 } ?? 0
        if e.depth > limits.maxDepth {
            throw ArchiveError(
                file: file, place: place(),
                message: "elements nested deeper than \(limits.maxDepth) levels (raise the limit with \(LoadLimits.Variable.depth.rawValue))")
        }
        e.children = []
        if let p = parent { elements[p].children.append(elements.count) }
        elements.append(e)
    }

    /// The elements with a single root: several top-level elements get an `Application` root above them, as
    /// WebDriverAgent's description of an app lists its top-level children one after another.
    func finish() -> (elements: [Element], addedRoot: Bool) {
        let roots = elements.indices.filter { elements[$0].parent == nil }
        guard roots.count > 1 else { return (elements, false) }
        // The added root has no frame of its own: a union of its children's would pass for a window it is not.
        var out = [Element(type: "Application")]
        out.reserveCapacity(elements.count + 1)
        for var e in elements {
            e.parent = e.parent.map { $0 + 1 } ?? 0
            e.children = e.children.map { $0 + 1 }
            e.depth += 1
            out.append(e)
        }
        out[0].children = roots.map { $0 + 1 }
        return (out, true)
    }
}

/// Recognizes and reads dumps: unwraps the containers people paste them in, then picks the parser by content.
public enum DumpImporter {
    /// Whether `bytes` look like a Pseudoscope archive (a JSON object with `formatVersion`) rather than a dump.
    public static func looksLikeArchive(_ bytes: [UInt8]) -> Bool {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        // A JSON wrapper around a dump ({"value": "..."}) has no formatVersion.
        return bytes.prefix(4096).bytesContain("\"formatVersion\"")
    }

    /// Whether a file found in a folder is worth reading as a dump, by its first bytes (`ArchiveDiscovery`): text
    /// (no NUL, not an image, video, database or compressed file) holding what only a dump holds: an element frame
    /// `{{x, y}, {w, h}}`, a page source's `<XCUIElementType`, an App UI hierarchy's `<AX/App element`, XCUITest's
    /// `Element subtree:` or `from input {(`; or an element snapshot's property list. The loader then reads it in
    /// full, as it reads a file named on the command line, and says why when it is no dump after all.
    public static func looksLikeDumpFile(_ prefix: [UInt8]) -> Bool {
        if prefix.starts(with: Array("bplist00".utf8)) { return prefix.bytesContain("ElementSnapshot") }
        let binary: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], [0x28, 0xB5, 0x2F, 0xFD], [0x50, 0x4B, 0x03, 0x04], [0x1F, 0x8B],
            Array("SQLite format 3".utf8), Array("%PDF".utf8),
        ]
        if binary.contains(where: { prefix.starts(with: $0) }) { return false }
        if prefix.count >= 12, Array(prefix[4..<8]) == Array("ftyp".utf8) { return false }
        if prefix.prefix(8192).contains(0) { return false }
        for marker in ["<XCUIElementType", "<AX/App element", "Element subtree:", "from input {("] where prefix.bytesContain(marker) { return true }
        // A frame: `{{` a number `,` … `}, {` (also inside escaped JSON, where the braces stay as they are).
        var k = 0
        while k + 2 < prefix.count {
            if prefix[k] == 0x7B, prefix[k + 1] == 0x7B {
                var j = k + 2
                var digits = 0
                while j < prefix.count, j < k + 40,
                    prefix[j] == 0x2D || prefix[j] == 0x2E || prefix[j] == 0x20 || (prefix[j] >= 0x30 && prefix[j] <= 0x39)
                {
                    if prefix[j] >= 0x30 && prefix[j] <= 0x39 { digits += 1 }
                    j += 1
                }
                if digits > 0, j < prefix.count, prefix[j] == 0x2C {
                    let rest = prefix[j..<min(prefix.count, j + 40)]
                    if rest.bytesContain("}, {") || rest.bytesContain("},{") { return true }
                }
            }
            k += 1
        }
        return false
    }

    /// Whether the first non-blank byte opens a JSON object (or, `orArray`, an array).
    public static func startsLikeJSON(_ bytes: [UInt8], orArray: Bool = false) -> Bool {
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        return first == UInt8(ascii: "{") || (orArray && first == UInt8(ascii: "["))
    }

    /// Reads a dump from its text, detecting the format from the content.
    /// Line ends are made LF first: every step after it splits lines at LF.
    public static func read(_ text: String, file: String, limits: LoadLimits = .default) throws -> ImportedDump {
        // Bounded before it is split: a few kilobytes of compressed line feeds make a hundred million empty lines,
        // and each line split costs far more than its byte.
        let lines = lineCount(text), maxLines = maxLines(limits)
        guard lines <= maxLines else {
            throw ArchiveError(
                file: file,
                message:
                    "holds \(lines) lines, more than the limit of \(maxLines) (8 a element of \(limits.maxElements); raise it with \(LoadLimits.Variable.elements.rawValue))"
            )
        }
        var dump = try readTree(text, file: file, limits: limits)
        dump.failureMessage = FailureQuery.message(in: text).map(limits.cut)
        return dump
    }

    /// At most this many lines a dump: eight a element the element limit allows (a real dump has one or two).
    static func maxLines(_ limits: LoadLimits) -> Int { limits.maxElements.multipliedReportingOverflow(by: 8).partialValue }

    static func lineCount(_ text: String) -> Int {
        var t = text
        return t.withUTF8 { b in b.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
    }

    static func readTree(_ text: String, file: String, limits: LoadLimits) throws -> ImportedDump {
        let normalized = text.normalizingLineBreaks()
        // WebDriverAgent's JSON source before the wrappers are taken off: they would take a frame string in it
        // (`"frame": "{{0, 0}, {390, 844}}"`) for a dump of its own. Once more after, for one pasted inside a log.
        func source(_ candidate: String) -> (nodes: [JSONObject], format: DumpFormat)? {
            startsLikeJSON(Array(candidate.utf8.prefix(8)), orArray: true) ? SourceJSONParser.roots(in: candidate, limits: limits) : nil
        }
        if let s = source(normalized) { return try SourceJSONParser.parse(s.nodes, format: s.format, file: file, limits: limits) }
        let unwrapped = Unwrapper.unwrap(normalized)
        if let s = source(unwrapped) { return try SourceJSONParser.parse(s.nodes, format: s.format, file: file, limits: limits) }
        if unwrapped.utf8Contains("<XCUIElementType") {
            let dump = try PageSourceParser.parse(unwrapped, file: file, limits: limits)
            // An archive needs at least one element: a source whose only tags are cut off or inside comments has none.
            guard !dump.elements.isEmpty else {
                throw ArchiveError(
                    file: file, message: "page source XML holds no complete element (its XCUIElementType tags are cut off or inside comments)")
            }
            return dump
        }
        if AppUIHierarchyParser.recognizes(unwrapped) {
            let dump = try AppUIHierarchyParser.parse(unwrapped, file: file, limits: limits)
            if !dump.elements.isEmpty { return dump }
        }
        let dump = try DebugDescriptionParser.parse(unwrapped, file: file, limits: limits)
        guard !dump.elements.isEmpty else {
            throw ArchiveError(
                file: file, message: "not an archive and not a recognized dump: no element lines found (see docs/import.md for the formats read)")
        }
        return dump
    }

    /// Makes an archive of a dump. A dump has no mode, test or failure: the mode and test name are given by
    /// the user, and nothing else is inferred.
    public static func archive(from dump: ImportedDump, mode: Mode, modeWasGiven: Bool, test: String?, source: ArchiveSource) -> Archive {
        var source = source
        source.wasDump = true
        var facts = ImportFacts(format: dump.format.rawValue)
        facts.structure = dump.incompleteNote != nil && dump.structure == .complete ? .fragment : dump.structure
        facts.notes = dump.notes
        facts.incomplete = dump.incompleteNote
        facts.labelsRecorded = dump.labelsRecorded
        facts.valuesMayBePlaceholders = dump.valuesMayBePlaceholders
        facts.hittableRecorded = dump.hittableRecorded
        facts.modeWasGiven = modeWasGiven
        let name = test ?? "imported/" + ((source.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let failure = Failure(
            identifier: "", label: "", frame: .zero, isHittable: true,
            message: dump.failureMessage ?? "(imported \(dump.format.rawValue) dump: no failure was recorded)")
        let environment = Environment(xcode: "unknown", simulator: "unknown device", os: "unknown OS")
        var archive = Archive(
            test: name, screen: nil, mode: mode, environment: environment, failure: failure,
            hierarchy: Hierarchy(preorder: dump.elements), source: source)
        archive.imported = facts
        archive.hierarchyNote = dump.noHierarchy
        return archive
    }
}

/// Removes the containers dumps are pasted in: a JSON string or `{"value": "..."}`, an lldb `po` string with
/// `\n` and `\'` escapes, a JSON-escaped line inside a log.
enum Unwrapper {
    /// Removes wrappers until none is left: a dump escaped twice inside a log (`\\\"`) needs two passes.
    static func unwrap(_ text: String) -> String {
        var current = text
        for _ in 0..<4 {
            let next = unwrapOnce(current)
            if next == current { break }
            current = next
        }
        return current
    }

    static func unwrapOnce(_ text: String) -> String {
        // The JSON wrappers start with `{`, `"` or `[`: only then is the whole text trimmed (a copy of it) and parsed.
        let opening = text.utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let mayBeJSON = opening == UInt8(ascii: "{") || opening == UInt8(ascii: "\"") || opening == UInt8(ascii: "[")
        let trimmed = mayBeJSON ? text.trimmingWhitespace() : ""
        if mayBeJSON, let first = trimmed.first, first == "{" || first == "\"" || first == "[",
            var json = try? JSONParser.parse(Array(trimmed.utf8))
        {
            // A dump pasted as a JSON array of its lines.
            if case .array(let items) = json, items.count > 1, items.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
                let lines = items.map { v -> String in if case .string(let s) = v { return s } else { return "" } }
                JSONValue.release(&json)
                if looksLikeDump(lines.joined(separator: "\n")) { return lines.joined(separator: "\n") }
            } else {
                let inner = dumpString(in: json)
                JSONValue.release(&json)
                if let inner = inner { return inner }
            }
        }
        if trimmed.first == "[", let lines = jsonLinesOfCutArray(trimmed) { return lines }
        // A line that carries the dump with escaped newlines (lldb po, a log, a JSON field): unescape it in place.
        // (No backslash, no escape: most dumps are not split into lines here at all.)
        guard text.utf8.contains(0x5C) else { return text }
        var changed = false
        let lines = text.splitLines().map { line -> String in
            guard line.utf8Contains("\\n") || line.utf8Contains("\\\""), looksLikeDump(line) else { return String(line) }
            changed = true
            return unescape(line)
        }
        return changed ? lines.joined(separator: "\n") : text
    }

    /// A JSON array of dump lines cut off before its end (a pasted excerpt): each line `"…",` is a JSON string;
    /// the last one may lack its closing quote. Nil unless most lines have that shape.
    static func jsonLinesOfCutArray(_ text: String) -> String? {
        var out: [String] = []
        var shaped = 0, total = 0
        for raw in text.splitLines(omittingEmpty: true).dropFirst() {
            let line = String(raw).trimmingWhitespace()
            guard !line.isEmpty, line != "]", line != "]," else { continue }
            total += 1
            guard line.first == "\"" else { continue }
            var body = Substring(line.dropFirst())
            if body.hasSuffix("\",") { body = body.dropLast(2) } else if body.hasSuffix("\"") { body = body.dropLast() }
            shaped += 1
            out.append(unescape(body))
        }
        guard total >= 2, shaped * 10 >= total * 8 else { return nil }
        let joined = out.joined(separator: "\n")
        return looksLikeDump(joined) ? joined : nil
    }

    static func looksLikeDump<S: StringProtocol>(_ s: S) -> Bool {
        s.utf8Contains("{{") || s.utf8Contains("<XCUIElementType") || s.utf8Contains("Element subtree") || s.utf8Contains("from input {(")
            || s.utf8Contains("Attributes:")
    }

    /// The first string in a JSON value that holds a dump, searching objects and arrays.
    static func dumpString(in v: JSONValue) -> String? {
        var stack = [v]
        while let x = stack.popLast() {
            switch x {
            case .string(let s) where looksLikeDump(s): return s
            case .array(let a): stack += a.reversed()
            case .object(let o): stack += o.members.map(\.value).reversed()
            default: break
            }
        }
        return nil
    }

    /// Undoes `\n`, `\t`, `\'`, `\"`, `\\`, `\/` and `\uXXXX` escapes.
    static func unescape<S: StringProtocol>(_ s: S) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            guard c == "\\", i + 1 < scalars.count else { out.append(c); i += 1; continue }
            let n = scalars[i + 1]
            switch n {
            case "n": out.append("\n"); i += 2
            case "t": out.append("\t"); i += 2
            case "r": i += 2
            case "'", "\"", "\\", "/": out.append(n); i += 2
            case "u" where i + 5 < scalars.count:
                let hex = String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 6)]))
                if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { out.append(u); i += 6 } else { out.append(c); i += 1 }
            default: out.append(c); i += 1
            }
        }
        return String(out)
    }
}
