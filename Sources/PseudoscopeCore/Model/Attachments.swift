/// An attachment of the run an archive records: a file beside the archive, or a payload inside a result bundle.
public struct AttachmentRecord: Equatable, Sendable {
    public enum Location: Equatable, Sendable {
        /// A path relative to the archive's folder.
        case file(String)
        /// A payload of a result bundle, by object id.
        case bundle(path: String, id: String)
    }

    public var name: String
    /// What the producer declared (a uniform type identifier such as `public.png`): Xcode 12 labels HEIC
    /// images `public.png`, so the type shown is decided by the bytes (`ContentType`).
    public var declaredType: String?
    /// The type by content, once the bytes were looked at.
    public var kind: ContentType?
    public var size: Int?
    /// The activity it was attached in (`Assertion Failure: …`, `Launch …`).
    public var activity: String?
    public var timestamp: String?
    /// The screenshot taken closest to the failure.
    public var isFailureScreenshot = false
    /// Why the content cannot be read (a payload missing from the bundle's `Data/`): shown on the entry.
    public var problem: String?
    public var location: Location

    public init(name: String, location: Location) {
        self.name = name
        self.location = location
    }

    public var isImage: Bool {
        if let k = kind { return k.isImage }
        return (declaredType ?? "").contains("png") || (declaredType ?? "").contains("jpeg") || (declaredType ?? "").contains("heic")
    }
}

/// A type told by content: the first bytes of a file.
public enum ContentType: String, Sendable, CaseIterable {
    case jpeg = "JPEG image"
    case png = "PNG image"
    case heic = "HEIC image"
    case video = "video"
    case propertyList = "property list"
    case json = "JSON"
    case text = "text"
    case data = "data"

    public var isImage: Bool { self == .jpeg || self == .png || self == .heic }

    /// The file name extension an extracted file gets.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpeg"
        case .png: return "png"
        case .heic: return "heic"
        case .video: return "mp4"
        case .propertyList: return "plist"
        case .json: return "json"
        case .text: return "txt"
        case .data: return "bin"
        }
    }

    /// The type `attachments.files[].type` names (`JPEG image`), case-insensitively.
    public init?(name: String) {
        guard let t = ContentType.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = t
    }

    public static func detect(_ head: [UInt8]) -> ContentType {
        func starts(_ p: [UInt8]) -> Bool { head.count >= p.count && Array(head[0..<p.count]) == p }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
            return .video
        }
        if starts(Array("bplist00".utf8)) { return .propertyList }
        let text = String(decoding: head.prefix(64), as: UTF8.self)
        if text.hasPrefix("<?xml"), text.contains("plist") || head.count >= 64 && text.contains("<!DOCTYPE plist") { return .propertyList }
        if text.hasPrefix("<?xml") || text.hasPrefix("<plist") { return text.contains("plist") ? .propertyList : .text }
        let trimmed = text.drop(while: \.isWhitespace)
        if trimmed.first == "{" || trimmed.first == "[" { return .json }
        let printable = head.filter { $0 >= 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.count
        if !head.isEmpty, printable * 100 >= head.count * 95 { return .text }
        return .data
    }
}

/// Which run of a result bundle an archive records.
public struct RunOrigin: Equatable, Sendable {
    /// The bundle's path as given.
    public var bundle: String
    /// The run's number in the bundle (1-based, in the order `pseudoscope BUNDLE` lists them), of `runCount`.
    public var number: Int
    public var runCount: Int
    /// Where the mode came from.
    public var modeSource: ModeSource = .assumed
    /// The test plan configuration (`de`, `Dark mode`), when the plan has several.
    public var configuration: String?
    /// `repetition 2 of 3`, `retry 1 of 2`, when the test ran more than once.
    public var repetition: String?
    /// The arguments of a parameterized test's run (`("premium_feature")`), when the bundle records them.
    public var argument: String?
    /// The test failed here and passed on a later attempt (`BundleRun.passedLater`).
    public var passedLater = false
    /// The bundle's whole picture: how many tests ran and how they ended.
    public var bundleTests: TestTally?
    /// What is worth saying about the bundle the run came from (its runs were read from database.sqlite3, a
    /// database that could not be read): one line each.
    public var bundleNotes: [String] = []

    public enum ModeSource: Equatable, Sendable {
        /// The test's own archive (attached as `pseudoscope-archive`) records it.
        case archive
        /// `--mode`.
        case given
        /// A test-plan configuration named `expanded`.
        case configuration(String)
        /// A path component: `TestResults/expanded/LayoutTests.xcresult`.
        case path(String)
        /// Nothing names one: `normal`.
        case assumed

        /// The word archive.json records (`run.modeSource`), and the name that goes with it.
        public var key: String {
            switch self {
            case .archive: return "archive"
            case .given: return "given"
            case .configuration: return "configuration"
            case .path: return "path"
            case .assumed: return "assumed"
            }
        }

        public var name: String? {
            switch self {
            case .configuration(let n), .path(let n): return n
            default: return nil
            }
        }

        public init?(key: String, name: String?) {
            switch key {
            case "archive": self = .archive
            case "given": self = .given
            case "assumed": self = .assumed
            case "configuration": self = .configuration(name ?? "")
            case "path": self = .path(name ?? "")
            default: return nil
            }
        }

        public var description: String {
            switch self {
            case .archive: return ""
            case .given: return " (given with --mode)"
            case .configuration(let c): return " (from the test-plan configuration '\(c)')"
            case .path(let c): return " (from the folder '\(c)' in the bundle's path)"
            case .assumed: return " (assumed: neither the configuration nor the path names normal, expanded or rtl; set it with --mode)"
            }
        }
    }

    public init(bundle: String, number: Int, runCount: Int) {
        self.bundle = bundle
        self.number = number
        self.runCount = runCount
    }
}
