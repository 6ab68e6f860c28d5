/// A shared scheme (`xcshareddata/xcschemes/X.xcscheme`): for each action (Test, Launch, Profile, Archive…), its
/// build configuration, its launch options and the arguments and environment variables it passes when enabled.
struct XcodeScheme {
    struct Action {
        /// `TestAction`, `LaunchAction`, `ProfileAction`, `ArchiveAction`.
        var name: String
        var attributes: [String: String]
        /// Enabled command-line arguments, as written.
        var arguments: [String] = []
        /// Enabled environment variables.
        var environment: [String: String] = [:]
        var line: Int

        var configuration: String? { attributes["buildConfiguration"] }
    }

    var path: String
    var name: String
    var actions: [String: Action] = [:]

    /// A scheme described another way (XcodeGen's `schemes`), already resolved.
    init(path: String, name: String, actions: [String: Action]) {
        self.path = path
        self.name = name
        self.actions = actions
    }

    init(path: String, limits: LoadLimits) throws {
        try self.init(
            path: path, bytes: try FileAccess.readRegularFile(path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue))
    }

    /// The scheme at `path` whose file holds `bytes`.
    init(path: String, bytes: [UInt8]) throws {
        self.path = path
        let file = path.split(separator: "/").last.map(String.init) ?? path
        name = file.hasSuffix(".xcscheme") ? String(file.dropLast(9)) : file
        var current: String?
        var found: [String: Action] = [:]
        let outcome = try XMLEvents.read(
            bytes, file: path,
            start: { element, attributes, line in
                if element.hasSuffix("Action"), found[element] == nil, current == nil {
                    current = element
                    found[element] = Action(name: element, attributes: attributes, line: line)
                } else if let c = current, attributes["isEnabled"] != "NO" {
                    if element == "CommandLineArgument", let a = attributes["argument"] { found[c]?.arguments.append(a) }
                    if element == "EnvironmentVariable", let k = attributes["key"] { found[c]?.environment[k] = attributes["value"] ?? "" }
                }
                return true
            },
            end: { element in
                if element == current { current = nil }
            })
        guard outcome.result == 0, outcome.errors == 0 else {
            throw ArchiveError(file: path, place: "line \(outcome.line)", message: "is not well-formed XML: not a scheme that can be read")
        }
        actions = found
    }

    /// What an action launches with that turns on a pseudolanguage or the pseudo switch; empty for none. Its
    /// options (`language`, `showNonLocalizedStrings`: the Options tab) belong to the action itself; Profile's
    /// "use the Run action's arguments" takes the arguments and environment only (`includingOptions` false).
    func pseudoLaunch(_ action: Action, includingOptions: Bool) -> [String] {
        var out: [String] = []
        if includingOptions, let language = action.attributes["language"], language.hasPrefix("IDELaunchSchemeLanguage") {
            out.append("language = \(language)")
        }
        if includingOptions, action.attributes["showNonLocalizedStrings"] == "YES" { out.append("showNonLocalizedStrings = YES") }
        let switches = AppAudit.Judge.switchNames
        for a in action.arguments {
            let words = a.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," || $0 == "\"" })
            if words.contains(where: { w in switches.contains { w == "-" + $0 || w == $0 } })
                || words.contains(where: { if case .pseudo = LocaleName.judge(String($0)) { true } else { false } })
            {
                out.append("argument \(a)")
            }
        }
        for (k, v) in action.environment.sorted(by: { $0.key < $1.key }) where switches.contains(k) { out.append("environment \(k)=\(v)") }
        return out
    }
}
