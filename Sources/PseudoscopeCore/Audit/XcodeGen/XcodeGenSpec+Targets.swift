/// An XcodeGen spec's targets (their settings and the resources their sources hold) and schemes.
extension XcodeGenSpec {
    /// Target keys read, and those that cannot change what a release ships.
    static let targetKeys: Set<String> = ["type", "platform", "sources", "settings", "configFiles", "templates", "scheme"]
    static let harmlessTargetKeys: Set<String> = [
        "info", "entitlements", "dependencies", "deploymentTarget", "supportedDestinations", "productName", "preBuildScripts",
        "postCompileScripts", "postBuildScripts", "buildRules", "attributes", "transitivelyLinkDependencies", "requiresObjCLinking",
        "directlyEmbedCarthageDependencies", "onlyCopyFilesOnInstall", "putResourcesBeforeSourcesBuildPhase", "templateAttributes",
        "buildToolPlugins", "legacy", "settingsPresets", "postbuildScripts", "prebuildScripts", "name",
    ]
    /// Extensions XcodeGen gives another build phase than Resources, or none (its `FileType` defaults): compiled,
    /// headers, embedded, or not built at all. Every other file with an extension is copied as a resource; a file
    /// without one is not.
    static let codeExtensions: Set<String> = [
        "swift", "gyb", "m", "mm", "cpp", "cp", "cxx", "c", "cc", "s", "xcdatamodeld", "xcmappingmodel", "intentdefinition", "metal",
        "mlmodel", "mlpackage", "rcproject", "iig", "docc", "h", "hh", "hpp", "ipp", "tpp", "hxx", "def", "framework", "xpc", "appex",
        "xcconfig", "entitlements", "gpx", "lproj", "xcfilelist", "apns", "pch", "xctestplan", "modulemap", "swiftcrossimport", "",
    ]
    /// Folders XcodeGen takes as one item: copied whole (asset catalogs, bundles), or built as one.
    static let folderItems: Set<String> = [
        "xcassets", "bundle", "scnassets", "xcstrings", "xcdatamodeld", "xcmappingmodel", "mlpackage", "docc", "rcproject", "framework", "xpc",
        "appex", "app", "playground",
    ]
    /// How many files the sources of one target may hold before the rest is said to be unread.
    static let maxSourceFiles = 100_000

    mutating func target(_ name: String, _ node: YAMLNode) -> XcodeProject.Target {
        for (key, value) in node.members where !Self.targetKeys.contains(key) && !Self.harmlessTargetKeys.contains(key) {
            unread.append("\(place(value.line)): target \(name)'s `\(key)` is not read by this audit; what it adds was not judged")
        }
        let type = node["type"]?.string ?? ""
        var resources: [String] = [], seen: Set<String> = []
        for source in node["sources"]?.items ?? [] {
            guard let path = source.string ?? source["path"]?.string else { continue }
            // A phase named for the source puts its files there (`none`, `sources`, `copyFiles`): resources only
            // when it is `resources` or not named.
            if let phase = source["buildPhase"], phase.string != "resources" { continue }
            let excludes = source["excludes"]?.items.compactMap(\.string) ?? []
            var found = files(under: path, excluding: excludes, target: name, line: source.line)
            if let includes = source["includes"]?.items.compactMap(\.string) {
                found = found.filter { f in includes.contains { Self.glob($0, matches: String(f.dropFirst(path.count + 1))) } }
            }
            // The same file named by two sources is one file, as XcodeGen adds it once.
            for f in found where seen.insert(f).inserted { resources.append(f) }
        }
        return XcodeProject.Target(
            name: name, productType: type == "application" ? "com.apple.product-type.application" : "com.apple.product-type.\(type)",
            configurations: configs.map { configuration($0, settings: node["settings"], files: node["configFiles"], presets: false) },
            resources: resources)
    }

    /// The files under a source path (from the project's folder) that a build copies: not code, not hidden, each
    /// `.xcassets` and `.bundle` as one; nothing outside the project's folder, and no more than the limit.
    mutating func files(under path: String, excluding excludes: [String], target: String, line: Int) -> [String] {
        let scope = FileAccess.realPath(folder) ?? folder
        let start = XcodeProject.join(folder, path)
        if let real = FileAccess.realPath(start), !FileAccess.isInside(real, scope) {
            unread.append("\(place(line)): target \(target)'s source \(path) is outside the project's folder; not read")
            return []
        }
        switch FileAccess.kind(start) {
        case .regular:
            let ext = path.split(separator: "/").last?.split(separator: ".").dropFirst().last.map { $0.lowercased() } ?? ""
            return Self.codeExtensions.contains(ext) ? [] : [path]
        case .directory: break
        default:
            // A code file that is not there holds no resource; a folder or resource that is not there might.
            let ext = path.split(separator: "/").last?.split(separator: ".").dropFirst().last.map { $0.lowercased() } ?? ""
            if !Self.codeExtensions.contains(ext) {
                unread.append("\(place(line)): target \(target)'s source \(path) is not there; what it holds was not judged")
            }
            return []
        }
        var out: [String] = []
        var stack: [(String, Int)] = [("", 0)]
        var seen: Set<FileAccess.Identity> = []
        while let (relative, depth) = stack.popLast() {
            let here = relative.isEmpty ? start : start + "/" + relative
            guard let id = FileAccess.identity(here), seen.insert(id).inserted, let names = FileAccess.entries(here) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let inner = relative.isEmpty ? name : relative + "/" + name
                if excludes.contains(where: { Self.glob($0, matches: inner) }) { continue }
                let full = start + "/" + inner
                if let real = FileAccess.realPath(full), !FileAccess.isInside(real, scope) { continue }
                let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
                if FileAccess.kind(full) == .directory, !Self.folderItems.contains(ext) {
                    if depth < 32 { stack.append((inner, depth + 1)) }
                    continue
                }
                // An Info.plist is processed into the app, not copied (XcodeGen gives the target's no phase).
                if Self.codeExtensions.contains(ext) || name == "Info.plist" { continue }
                guard out.count < Self.maxSourceFiles else {
                    unread.append("\(place(line)): target \(target)'s sources hold more than \(Self.maxSourceFiles) files; the rest were not judged")
                    return out
                }
                out.append(XcodeProject.join(path, inner))
            }
        }
        return out.sorted()
    }

    /// A glob as XcodeGen's `excludes` write them: `*` within a name, `**` across folders.
    static func glob(_ pattern: String, matches path: String) -> Bool {
        let p = pattern.split(separator: "/").map(String.init), s = path.split(separator: "/").map(String.init)
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == s.count }
            if p[i] == "**" { return (j...s.count).contains { match(i + 1, $0) } }
            return j < s.count && segment(Array(p[i]), Array(s[j])) && match(i + 1, j + 1)
        }
        func segment(_ a: [Character], _ b: [Character]) -> Bool {
            guard let first = a.first else { return b.isEmpty }
            if first == "*" { return (0...b.count).contains { segment(Array(a.dropFirst()), Array(b.dropFirst($0))) } }
            return !b.isEmpty && (first == "?" || first == b[0]) && segment(Array(a.dropFirst()), Array(b.dropFirst()))
        }
        // A pattern with no folder part matches a name anywhere, as XcodeGen's do.
        return match(0, 0) || (p.count == 1 && s.last.map { segment(Array(p[0]), Array($0)) } == true && s.count > 0 && match(0, s.count - 1))
    }

    func firstConfig(_ type: String, containing variant: String? = nil) -> String? {
        let typed = configs.filter { $0.type == type }
        if let v = variant?.lowercased(), let named = typed.first(where: { $0.name.lowercased().contains(v) }) { return named.name }
        return typed.first?.name ?? configs.first?.name
    }

    /// An action's launch options as XcodeGen writes them into a scheme.
    func action(_ name: String, _ node: YAMLNode?, configuration: String?, line: Int) -> XcodeScheme.Action {
        var a = XcodeScheme.Action(name: name, attributes: [:], line: (node?.line ?? line) % Self.stride)
        a.attributes["buildConfiguration"] = node?["config"]?.string ?? configuration
        if let language = node?["language"]?.string { a.attributes["language"] = language }
        for (arg, enabled) in node?["commandLineArguments"]?.members ?? [] where enabled.bool != false { a.arguments.append(arg) }
        if let variables = node?["environmentVariables"] {
            if case .sequence(let list, _) = variables {
                for v in list where v["isEnabled"]?.bool != false { if let k = v["variable"]?.string { a.environment[k] = v["value"]?.string ?? "" } }
            } else {
                for (k, v) in variables.members { a.environment[k] = v.string ?? "" }
            }
        }
        return a
    }

    /// A top-level scheme: each action's configuration (Run, Test and Analyze default to the first debug one,
    /// Profile and Archive to the first release one) and launch options; Profile uses Run's when it has none.
    func scheme(_ name: String, _ node: YAMLNode) -> XcodeScheme {
        var actions: [String: XcodeScheme.Action] = [:]
        for (key, actionName, type) in [
            ("run", "LaunchAction", "debug"), ("test", "TestAction", "debug"), ("profile", "ProfileAction", "release"),
            ("analyze", "AnalyzeAction", "debug"), ("archive", "ArchiveAction", "release"),
        ] {
            var a = action(actionName, node[key], configuration: firstConfig(type), line: node.line)
            if key == "profile", a.arguments.isEmpty, a.environment.isEmpty { a.attributes["shouldUseLaunchSchemeArgsEnv"] = "YES" }
            actions[actionName] = a
        }
        return XcodeScheme(path: place(node.line).split(separator: ":").dropLast().joined(separator: ":"), name: name, actions: actions)
    }

    /// The schemes a target's `scheme` makes: one, or one per `configVariants` entry (`App Staging`), its launch
    /// arguments and environment on Run, Test and Profile, its language on Run and Test.
    func targetSchemes(_ target: String, _ node: YAMLNode) -> [XcodeScheme] {
        let variants: [String?] = node["configVariants"]?.items.compactMap(\.string) ?? [nil]
        return (variants.isEmpty ? [nil] : variants).map { variant in
            var actions: [String: XcodeScheme.Action] = [:]
            for (actionName, type) in [
                ("LaunchAction", "debug"), ("TestAction", "debug"), ("ProfileAction", "release"), ("AnalyzeAction", "debug"),
                ("ArchiveAction", "release"),
            ] {
                var a = action(
                    actionName, ["LaunchAction", "TestAction", "ProfileAction"].contains(actionName) ? node : nil,
                    configuration: firstConfig(type, containing: variant), line: node.line)
                if actionName == "ProfileAction" { a.attributes["language"] = nil }
                actions[actionName] = a
            }
            let file = place(node.line).split(separator: ":").dropLast().joined(separator: ":")
            return XcodeScheme(path: file, name: variant.map { "\(target) \($0)" } ?? target, actions: actions)
        }
    }
}
