/// An XcodeGen project spec (`project.yml` and the files it includes), read into the project and schemes the
/// audit judges, as `xcodegen generate` would make them: configurations with XcodeGen's presets (a `debug`
/// configuration gets `DEBUG=1` and `SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG`), `configFiles`, `settings`
/// (`base`, `configs`, `groups`), targets with their templates, sources and resources, and the schemes, both the
/// top-level ones and those a target's `scheme` makes. What it does not model is listed as unread, never skipped.
struct XcodeGenSpec {
    var project: XcodeProject
    var schemes: [XcodeScheme]
    /// Parts that were not read or not modeled, each with why (`audit` says the project was not audited in full).
    var unread: [String]

    /// The merged spec and where each of its nodes was written.
    var root: YAMLNode
    var files: [String]
    /// The real paths of the files read, so that one included twice (or under two names) is read once.
    var readPaths: Set<String> = []
    let limits: LoadLimits
    /// The folder `project.yml` is in: where its paths start, and what the audit may read.
    let folder: String
    let given: String

    /// Lines of every file are numbered apart: a node's line is `file × stride + line`.
    static let stride = 10_000_000

    /// `project.yml:12` for a node's line.
    func place(_ line: Int) -> String {
        let file = line / Self.stride
        return (file < files.count ? files[file] : given) + ":\(line % Self.stride)"
    }

    static func read(_ path: String, limits: LoadLimits) throws -> XcodeGenSpec {
        let up = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let folder = up.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : up
        var spec = XcodeGenSpec(
            project: XcodeProject(path: path, folder: folder, file: path, configurations: [], targets: [], knownRegions: [], developmentRegion: nil),
            schemes: [], unread: [], root: .mapping([], line: 0), files: [], limits: limits, folder: folder, given: path)
        spec.root = try spec.load(path, from: "", required: true) ?? .mapping([], line: 0)
        spec.resolve()
        return spec
    }

    // MARK: Files and includes

    /// Reads `path` (`relative` is its folder from the project's) and what it includes, merged as XcodeGen merges
    /// them: the including file's values win, mappings merge key by key. Each file is read once.
    mutating func load(_ path: String, from relative: String, required: Bool) throws -> YAMLNode? {
        let scope = FileAccess.realPath(folder) ?? folder
        if let real = FileAccess.realPath(path) {
            guard FileAccess.isInside(real, scope) else {
                unread.append("\(path): included from outside the project's folder; not read")
                return nil
            }
            guard readPaths.insert(real).inserted else { return nil }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.readRegularFile(path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        } catch let e as ArchiveError {
            if required { throw e }
            unread.append(e.description)
            return nil
        }
        let index = files.count
        files.append(path)
        var node = Self.renumbered(try YAMLNode.read(bytes, file: path, limits: limits), file: index)
        if !relative.isEmpty { node = Self.rebased(node, relative) }
        var merged: YAMLNode = .mapping([], line: index * Self.stride)
        for include in node["include"]?.items ?? [] {
            guard let name = include.string ?? include["path"]?.string else { continue }
            let relativePaths = include["relativePaths"]?.bool ?? true
            let target = XcodeProject.join(Self.folderOf(path), name)
            if FileAccess.kind(target) == .missing {
                unread.append("\(target): included by \(place(include.line)), but there is no such file")
                continue
            }
            let inner = relativePaths ? XcodeProject.join(relative, Self.folderOf(name)) : relative
            if let included = try load(target, from: inner == "." ? "" : inner, required: false) { merged = Self.merge(merged, over: included) }
        }
        return Self.merge(merged, over: node)
    }

    /// `a/b/../c` as `a/c`: an included file's paths read as the project's. A leading `..` stays (it leaves the
    /// project's folder, which the readers refuse by the real path).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for p in path.split(separator: "/", omittingEmptySubsequences: false) {
            if p == "." { continue }
            if p == "..", let last = parts.last, last != "..", !last.isEmpty { parts.removeLast() } else { parts.append(p) }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static func folderOf(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }

    /// `over`'s values win; mappings merge key by key, in `base`'s order with `over`'s new keys after.
    static func merge(_ base: YAMLNode, over: YAMLNode) -> YAMLNode {
        guard case .mapping(var members, let line) = base, case .mapping(let top, _) = over else { return over }
        for (key, value) in top where key != "include" {
            if let k = members.firstIndex(where: { $0.key == key }) {
                members[k].value = merge(members[k].value, over: value)
            } else {
                members.append((key, value))
            }
        }
        return .mapping(members, line: line)
    }

    /// Every line of a file's tree numbered apart from other files' (`file × stride + line`).
    static func renumbered(_ node: YAMLNode, file: Int) -> YAMLNode {
        let offset = file * stride
        switch node {
        case .scalar(let s, let plain, let line): return .scalar(s, plain: plain, line: line + offset)
        case .sequence(let items, let line): return .sequence(items.map { renumbered($0, file: file) }, line: line + offset)
        case .mapping(let members, let line): return .mapping(members.map { ($0.key, renumbered($0.value, file: file)) }, line: line + offset)
        }
    }

    /// An included file's paths (sources, configFiles) made relative to the project's folder, as XcodeGen does
    /// with `relativePaths`.
    static func rebased(_ node: YAMLNode, _ relative: String) -> YAMLNode {
        func path(_ n: YAMLNode) -> YAMLNode {
            switch n {
            case .scalar(let s, let plain, let line):
                return .scalar(s.hasPrefix("/") || s.hasPrefix("$") ? s : normalized(XcodeProject.join(relative, s)), plain: plain, line: line)
            case .mapping(let m, let line): return .mapping(m.map { $0.key == "path" ? ($0.key, path($0.value)) : $0 }, line: line)
            case .sequence(let items, let line): return .sequence(items.map(path), line: line)
            }
        }
        func configFiles(_ n: YAMLNode) -> YAMLNode {
            guard case .mapping(let m, let line) = n else { return n }
            return .mapping(m.map { ($0.key, path($0.value)) }, line: line)
        }
        func target(_ n: YAMLNode) -> YAMLNode {
            guard case .mapping(let m, let line) = n else { return n }
            return .mapping(
                m.map { member in
                    switch member.key {
                    case "sources": return (member.key, path(member.value))
                    case "configFiles": return (member.key, configFiles(member.value))
                    default: return member
                    }
                }, line: line)
        }
        guard case .mapping(let top, let line) = node else { return node }
        return .mapping(
            top.map { member in
                switch member.key {
                case "configFiles": return (member.key, configFiles(member.value))
                case "targets", "targetTemplates":
                    guard case .mapping(let targets, let l) = member.value else { return member }
                    return (member.key, .mapping(targets.map { ($0.key, target($0.value)) }, line: l))
                default: return member
                }
            }, line: line)
    }
}
