/// The spec resolved as `xcodegen generate` would: configurations, settings, targets and schemes.
extension XcodeGenSpec {
    /// Top-level keys: those read, and those that cannot change what a release ships (names, packages, options).
    static let readKeys: Set<String> = [
        "include", "name", "options", "configs", "configFiles", "settings", "settingGroups", "targets", "targetTemplates", "schemes",
        "schemeTemplates", "projectReferences",
    ]
    static let harmlessKeys: Set<String> = [
        "attributes", "packages", "localPackages", "fileGroups", "breakpoints", "postGenCommand", "useBaseInternationalization",
        "schemePathPrefix", "defaultSourceDirectoryType", "aggregateTargets",
    ]

    /// A configuration and its XcodeGen type (`debug` or `release`).
    struct Config {
        var name: String
        var type: String
    }

    var configs: [Config] {
        guard let written = root["configs"]?.members, !written.isEmpty else {
            return [Config(name: "Debug", type: "debug"), Config(name: "Release", type: "release")]
        }
        return written.map { Config(name: $0.key, type: $0.value.string?.lowercased() ?? "none") }.sorted { $0.name < $1.name }
    }

    /// Whether settings written under `key` in `configs:` apply to `config`: a key matches every configuration whose
    /// name contains it, ignoring case, unless it is exactly another configuration's name (XcodeGen's rule).
    func applies(_ key: String, to config: String) -> Bool {
        let k = key.lowercased(), c = config.lowercased()
        if k == c { return true }
        return !configs.contains { $0.name.lowercased() == k } && c.contains(k)
    }

    /// The settings a Settings spec gives `config`, in the order XcodeGen applies them: `groups`, `base`, `configs`
    /// (a mapping with none of those is all base settings).
    func settings(_ node: YAMLNode?, _ config: String, depth: Int = 0) -> [(key: String, value: YAMLNode)] {
        guard let node, case .mapping(let members, _) = node, depth < 16 else { return [] }
        guard members.contains(where: { ["base", "configs", "groups"].contains($0.key) }) else { return members }
        var out: [(key: String, value: YAMLNode)] = []
        for group in node["groups"]?.items ?? [] {
            if let name = group.string { out += settings(root["settingGroups"]?[name], config, depth: depth + 1) }
        }
        out += node["base"]?.members ?? []
        for (key, value) in node["configs"]?.members ?? [] where applies(key, to: config) { out += settings(value, config, depth: depth + 1) }
        return out
    }

    /// A setting's value as a project file holds it: a list stays a list, anything else is its text.
    static func value(_ node: YAMLNode) -> OpenStepValue {
        switch node {
        case .scalar(let s, _, _): return .string(s)
        case .sequence(let items, _): return .array(items.map { .string($0.string ?? "") })
        case .mapping: return .string("")
        }
    }

    /// One configuration's settings and where each was written, presets first.
    func configuration(_ config: Config, settings spec: YAMLNode?, files: YAMLNode?, presets: Bool) -> XcodeProject.Configuration {
        var c = XcodeProject.Configuration(name: config.name, settings: [:], line: 0, base: nil)
        if presets, config.type == "debug" {
            let line = root["configs"]?[config.name]?.line
            let said = "XcodeGen's debug preset for \(config.name)" + (line.map { " (\(place($0)))" } ?? "")
            c.settings["GCC_PREPROCESSOR_DEFINITIONS"] = .array([.string("$(inherited)"), .string("DEBUG=1")])
            c.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = .string("DEBUG")
            c.places = ["GCC_PREPROCESSOR_DEFINITIONS": said, "SWIFT_ACTIVE_COMPILATION_CONDITIONS": said]
        }
        for (key, value) in settings(spec, config.name) {
            c.settings[key] = Self.value(value)
            c.places[key] = place(value.line)
        }
        for (key, value) in files?.members ?? [] where applies(key, to: config.name) {
            if let path = value.string { c.base = path }
        }
        return c
    }

    mutating func resolve() {
        for (key, value) in root.members where !Self.readKeys.contains(key) && !Self.harmlessKeys.contains(key) {
            unread.append("\(place(value.line)): `\(key)` is not read by this audit; what it adds was not judged")
        }
        let presets = root["options"]?["settingPresets"]?.string?.lowercased() ?? "all"
        project.configurations = configs.map {
            configuration($0, settings: root["settings"], files: root["configFiles"], presets: presets == "all" || presets == "project")
        }
        project.developmentRegion = root["options"]?["developmentLanguage"]?.string ?? "en"
        project.references = (root["projectReferences"]?.members ?? []).compactMap { $0.value["path"]?.string.map(Self.normalized) }
        var targetSchemes: [XcodeScheme] = []
        for (name, written) in root["targets"]?.members ?? [] {
            for (targetName, node) in expanded(name, written) {
                project.targets.append(target(targetName, node))
                if let scheme = node["scheme"] { targetSchemes += self.targetSchemes(targetName, scheme) }
            }
        }
        var regions: Set<String> = []
        for t in project.targets {
            for r in t.resources {
                for part in r.split(separator: "/") where part.hasSuffix(".lproj") { regions.insert(String(part.dropLast(6))) }
            }
        }
        project.knownRegions = regions.sorted()
        schemes = targetSchemes
        for (name, written) in root["schemes"]?.members ?? [] {
            schemes.append(scheme(name, withTemplates(written, from: "schemeTemplates", name: name)))
        }
    }

    /// A spec with the templates it names merged under it (the spec's own values win), `${target_name}` and the
    /// like replaced by `name`.
    func withTemplates(_ node: YAMLNode, from key: String, name: String, depth: Int = 0) -> YAMLNode {
        var merged: YAMLNode = .mapping([], line: node.line)
        for t in node["templates"]?.items ?? [] {
            guard let templateName = t.string, let template = root[key]?[templateName], depth < 8 else { continue }
            merged = Self.merge(merged, over: withTemplates(template, from: key, name: name, depth: depth + 1))
        }
        return Self.substituted(Self.merge(merged, over: node), ["${target_name}": name, "$target_name": name, "${scheme_name}": name])
    }

    static func substituted(_ node: YAMLNode, _ names: [String: String]) -> YAMLNode {
        switch node {
        case .scalar(var s, let plain, let line):
            for (from, to) in names where s.contains(from) { s = s.replacingOccurrences(of: from, with: to) }
            return .scalar(s, plain: plain, line: line)
        case .sequence(let items, let line): return .sequence(items.map { substituted($0, names) }, line: line)
        case .mapping(let members, let line): return .mapping(members.map { ($0.key, substituted($0.value, names)) }, line: line)
        }
    }

    /// A target as written, with its templates, once per platform when it names several (`platform: [iOS, tvOS]`
    /// makes `App_iOS` and `App_tvOS`, `${platform}` replaced in each).
    func expanded(_ name: String, _ written: YAMLNode) -> [(String, YAMLNode)] {
        let node = withTemplates(written, from: "targetTemplates", name: name)
        guard case .sequence(let platforms, _)? = node["platform"], platforms.count > 1 else { return [(name, node)] }
        return platforms.compactMap(\.string).map { p in
            let each = "\(name)_\(p)"
            return (each, Self.substituted(withTemplates(written, from: "targetTemplates", name: each), ["${platform}": p, "$platform": p]))
        }
    }
}
