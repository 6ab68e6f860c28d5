/// What the audit needs of an Xcode project (`X.xcodeproj/project.pbxproj`): its targets with their build
/// configurations (settings, line, and the `.xcconfig` each is based on), the project's own configurations, its
/// known regions, and each target's resources, with paths resolved through the project's groups.
struct XcodeProject {
    struct Configuration {
        var name: String
        /// Settings by key as written, conditions included (`GCC_PREPROCESSOR_DEFINITIONS[sdk=iphoneos*]`).
        var settings: [String: OpenStepValue]
        /// The line of `project.pbxproj` where the configuration starts.
        var line: Int
        /// The `.xcconfig` it is based on, as a path from the project's folder; nil for none.
        var base: String?
        /// Where each setting was written (`project.yml:12`), when the project says it better than a pbxproj line.
        var places: [String: String] = [:]
    }

    struct Target {
        var name: String
        /// `com.apple.product-type.application`, `…bundle.unit-test`.
        var productType: String
        var configurations: [Configuration]
        /// The files its Resources phase copies, as paths from the project's folder.
        var resources: [String]

        var isTest: Bool { productType.contains("unit-test") || productType.contains("ui-testing") }
        var isApp: Bool { productType.hasSuffix(".application") || productType.contains("app-extension") || productType.contains("watchapp") }
    }

    /// The `.xcodeproj` folder as given.
    var path: String
    /// The folder holding it: where the project's relative paths start.
    var folder: String
    var configurations: [Configuration]
    var targets: [Target]
    var knownRegions: [String]
    /// The project's development region (`developmentRegion = en;`), when it says.
    var developmentRegion: String?
    /// Other projects it builds with (`projectReferences`), as paths from the project's folder: their settings reach
    /// what this one ships, and they are audited on their own.
    var references: [String] = []
    /// What of it was not read or judged, and why.
    var unread: [String] = []
    /// The pbxproj's lines, for naming the line a setting is on.
    var lines: [Substring]

    /// The file the project is described in: `X.xcodeproj/project.pbxproj`, or an XcodeGen `project.yml`.
    var pbxproj: String

    init(path: String, limits: LoadLimits) throws {
        let file = path + "/project.pbxproj"
        try self.init(
            path: path, pbxproj: try FileAccess.readRegularFile(file, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        )
    }

    /// A project described another way (XcodeGen's `project.yml`), already resolved.
    init(
        path: String, folder: String, file: String, configurations: [Configuration], targets: [Target], knownRegions: [String],
        developmentRegion: String?
    ) {
        self.path = path
        self.folder = folder
        self.pbxproj = file
        self.configurations = configurations
        self.targets = targets
        self.knownRegions = knownRegions
        self.developmentRegion = developmentRegion
        lines = []
    }

    /// The project at `path` whose `project.pbxproj` holds `bytes`.
    init(path: String, pbxproj bytes: [UInt8]) throws {
        self.path = path
        pbxproj = path + "/project.pbxproj"
        let up = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        folder = up.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : up
        let file = path + "/project.pbxproj"
        let top = try OpenStepValue.parse(bytes, file: file)
        lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let objects = top["objects"]?.members ?? [:]
        guard let rootID = top["rootObject"]?.string, let root = objects[rootID] else {
            throw ArchiveError(file: file, message: "names no rootObject among its objects: not an Xcode project")
        }
        // Each group's parent, for paths relative to their group.
        var parent: [String: String] = [:]
        // By id, the first group wins: a file two groups list (a malformed project) resolves the same on every run.
        for (id, o) in objects.sorted(by: { $0.key < $1.key })
        where ["PBXGroup", "PBXVariantGroup", "XCVersionGroup", "PBXFileSystemSynchronizedRootGroup"].contains(o["isa"]?.string ?? "") {
            for child in o["children"]?.array?.compactMap(\.string) ?? [] where parent[child] == nil { parent[child] = id }
        }
        let projectRoot = root["projectDirPath"]?.string ?? ""
        func resolved(_ id: String, depth: Int = 0) -> String? {
            guard depth < 64, let o = objects[id] else { return nil }
            let own = o["path"]?.string ?? ""
            switch o["sourceTree"]?.string ?? "<group>" {
            case "<absolute>": return own
            case "SOURCE_ROOT": return XcodeProject.join(projectRoot, own)
            case "<group>":
                guard let p = parent[id] else { return XcodeProject.join(projectRoot, own) }
                return resolved(p, depth: depth + 1).map { XcodeProject.join($0, own) }
            default: return nil  // built products, the SDK: not in the repository
            }
        }
        func configurations(_ listID: String?) -> [Configuration] {
            guard let listID, let list = objects[listID] else { return [] }
            return (list["buildConfigurations"]?.array ?? []).compactMap { v in
                guard let id = v.string, let c = objects[id] else { return nil }
                // Xcode 16 names an xcconfig inside a synchronized folder by the folder and a path from it.
                var base = c["baseConfigurationReference"]?.string.flatMap { resolved($0) }
                if base == nil, let anchor = c["baseConfigurationReferenceAnchor"]?.string,
                    let relative = c["baseConfigurationReferenceRelativePath"]?.string
                {
                    base = resolved(anchor).map { XcodeProject.join($0, relative) }
                }
                return Configuration(name: c["name"]?.string ?? "", settings: c["buildSettings"]?.members ?? [:], line: c.line ?? 0, base: base)
            }
        }
        self.configurations = configurations(root["buildConfigurationList"]?.string)
        knownRegions = root["knownRegions"]?.array?.compactMap(\.string) ?? []
        developmentRegion = root["developmentRegion"]?.string
        references = (root["projectReferences"]?.array ?? []).compactMap { $0["ProjectRef"]?.string.flatMap { resolved($0) } }
        // The object graph is walked once: a target, phase or file named again is not walked again, and the
        // references followed are counted (a 14 KB project can name one target a thousand times, each with a
        // thousand phases of a thousand files).
        var seenTargets: Set<String> = [], followed = 0, cut = false
        targets = (root["targets"]?.array ?? []).compactMap { v in
            guard let id = v.string, seenTargets.insert(id).inserted, let t = objects[id] else { return nil }
            var resources: [String] = []
            var seenPhases: Set<String> = [], seenFiles: Set<String> = [], seenPaths: Set<String> = []
            for phase in t["buildPhases"]?.array?.compactMap(\.string) ?? []
            where seenPhases.insert(phase).inserted && objects[phase]?["isa"]?.string == "PBXResourcesBuildPhase" {
                for buildFile in objects[phase]?["files"]?.array?.compactMap(\.string) ?? [] where seenFiles.insert(buildFile).inserted {
                    followed += 1
                    guard followed <= XcodeProject.maxReferences else { cut = true; break }
                    guard let ref = objects[buildFile]?["fileRef"]?.string, let o = objects[ref] else { continue }
                    // A localized resource is a variant group: each language's file is one of its children.
                    let children = o["isa"]?.string == "PBXVariantGroup" ? o["children"]?.array?.compactMap(\.string) ?? [] : [ref]
                    for r in children.compactMap({ resolved($0) }) where seenPaths.insert(r).inserted { resources.append(r) }
                }
            }
            return Target(
                name: t["name"]?.string ?? id, productType: t["productType"]?.string ?? "",
                configurations: configurations(t["buildConfigurationList"]?.string), resources: resources)
        }
        if cut { unread.append("\(file): its targets copy more than \(XcodeProject.maxReferences) resources; the rest were not judged") }
    }

    /// How many resource references the walk follows in one project.
    static let maxReferences = 1_000_000

    static func join(_ a: String, _ b: String) -> String {
        // A group whose path is `.` (Xcode writes it for a folder added as itself) adds nothing.
        var b = Substring(b)
        while b.hasPrefix("./") { b = b.dropFirst(2) }
        if b == "." { b = "" }
        if b.hasPrefix("/") || a.isEmpty { return String(b) }
        if b.isEmpty { return a }
        return a + "/" + b
    }

    /// The line of `key` in the configuration starting at `line` (the configuration's own line when not found).
    func line(of key: String, from start: Int) -> Int {
        var k = start
        while k < lines.count, k < start + 400 {
            let l = lines[k].drop { $0 == " " || $0 == "\t" }
            if l.hasPrefix(key + " =") || l.hasPrefix("\"\(key)\" =") { return k + 1 }
            if l.hasPrefix("name =") { break }
            k += 1
        }
        return start
    }
}
