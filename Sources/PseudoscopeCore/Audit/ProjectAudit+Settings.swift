/// The build settings of the configurations a release is archived with, as Xcode layers them: the project's
/// `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's settings, each level's
/// `$(inherited)` standing for the level below. Each word keeps the file and line it was written on.
extension ProjectJudge {
    struct Definition {
        var key: String
        var conditions: [String]
        var words: [String]
        var place: String
    }

    /// The settings that can compile `DEBUG` in.
    static let compilationKeys = ["SWIFT_ACTIVE_COMPILATION_CONDITIONS", "GCC_PREPROCESSOR_DEFINITIONS", "OTHER_SWIFT_FLAGS", "OTHER_CFLAGS"]

    /// `KEY[sdk=iphoneos*]` -> (`KEY`, [`sdk=iphoneos*`]).
    static func split(_ written: String) -> (String, [String]) {
        var key = Substring(written), conditions: [String] = []
        while let open = key.firstIndex(of: "["), let close = key[open...].firstIndex(of: "]") {
            conditions.append(String(key[key.index(after: open)..<close]))
            key = key[..<open] + key[key.index(after: close)...]
        }
        return (String(key), conditions)
    }

    /// The definitions of one configuration's levels, lowest first.
    mutating func levels(project projectLevel: XcodeProject.Configuration?, target: XcodeProject.Configuration?) -> [[Definition]] {
        var out: [[Definition]] = []
        for c in [projectLevel, target] {
            guard let c else { continue }
            if let base = xcconfig(c.base) {
                out.append(
                    loaded(base).settings.map {
                        Definition(key: $0.key, conditions: $0.conditions, words: OpenStepValue.words($0.value), place: $0.place)
                    })
            }
            out.append(
                c.settings.sorted(by: { $0.key < $1.key }).map { written, value in
                    let (key, conditions) = ProjectJudge.split(written)
                    return Definition(
                        key: key, conditions: conditions, words: value.words,
                        place: c.places[written] ?? "\(project.pbxproj):\(project.line(of: written, from: c.line))")
                })
        }
        return out
    }

    /// A setting's words for `configuration`, each with where it was written.
    /// How many words a setting may expand to: `$(inherited) $(inherited)` written on many layers doubles each time.
    static let maxWords = 10_000

    /// A setting's words for `configuration`, and whether they are all of them (false when the expansion passed
    /// `maxWords`: the first ones are kept, the setting was not judged in full).
    static func resolve(_ key: String, _ levels: [[Definition]], configuration: String) -> (words: [(word: String, place: String)], complete: Bool) {
        var value: [(word: String, place: String)] = []
        for level in levels {
            for d in level where d.key == key && Xcconfig.Setting(key: key, conditions: d.conditions, value: "", place: "").applies(to: configuration)
            {
                var next: [(word: String, place: String)] = []
                for w in d.words {
                    if w == "$(inherited)" || w == "${inherited}" || w == "$inherited" { next += value } else { next.append((w, d.place)) }
                    if next.count > maxWords { return (Array(next.prefix(maxWords)), false) }
                }
                value = next
            }
        }
        return (value, true)
    }

    /// Whether a setting's words define `DEBUG`: the word where they do.
    static func debugWord(_ key: String, _ words: [(word: String, place: String)]) -> (word: String, place: String)? {
        for (k, w) in words.enumerated() {
            let t = w.word.trimmingCharacters(in: ["\"", "'"])
            switch key {
            case "SWIFT_ACTIVE_COMPILATION_CONDITIONS": if t == "DEBUG" { return w }
            case "GCC_PREPROCESSOR_DEFINITIONS": if t == "DEBUG" || (t.hasPrefix("DEBUG=") && t != "DEBUG=0") { return w }
            default:
                if t == "-DDEBUG" || (t.hasPrefix("-DDEBUG=") && t != "-DDEBUG=0") { return w }
                if t == "DEBUG", k > 0, words[k - 1].word == "-D" { return (words[k - 1].word + " " + t, w.place) }
            }
        }
        return nil
    }

    /// `DEBUG` compiled into an archived configuration, or the pseudo switch set in it: one finding for each place
    /// it is written, naming the targets it reaches.
    mutating func settings(_ configuration: String, archivedBy schemes: [String]) {
        let projectConfig = project.configurations.first { $0.name == configuration }
        var debug: [String: (key: String, word: String, targets: [String])] = [:]
        var pseudo: [String: (key: String, targets: [String])] = [:]
        var present = projectConfig != nil
        for target in project.targets where !target.isTest {
            guard let targetConfig = target.configurations.first(where: { $0.name == configuration }) else { continue }
            present = true
            let levels = levels(project: projectConfig, target: targetConfig)
            for key in ProjectJudge.compilationKeys {
                let (words, complete) = ProjectJudge.resolve(key, levels, configuration: configuration)
                if !complete {
                    let said =
                        "\(project.pbxproj): \(key) in \(configuration) for target \(target.name) expands past \(ProjectJudge.maxWords) words ($(inherited) repeated); judged on the first ones only"
                    if !notAudited.contains(said) { notAudited.append(said) }
                }
                if let w = ProjectJudge.debugWord(key, words) { debug[w.place, default: (key, w.word, [])].targets.append(target.name) }
                for w in words where w.word.contains("PSEUDO_LOCALE") { pseudo[w.place, default: (key, [])].targets.append(target.name) }
            }
            for d in levels.joined() where d.key == "PSEUDO_LOCALE" && !pseudo[d.place, default: (d.key, [])].targets.contains(target.name) {
                pseudo[d.place, default: (d.key, [])].targets.append(target.name)
            }
        }
        guard present else {
            if !schemes.isEmpty {
                notAudited.append("\(project.pbxproj): scheme \(schemes[0]) archives \(configuration), a configuration the project does not have")
            }
            return
        }
        let by = schemes.isEmpty ? "archived by default" : "archived by scheme " + schemes.map { "'\($0)'" }.joined(separator: ", ")
        // One finding for the configuration, each place that defines DEBUG among its details.
        if let first = debug.keys.sorted().first {
            let allTargets = Set(project.targets.filter { t in !t.isTest && t.configurations.contains { $0.name == configuration } }.map(\.name))
            let details = debug.sorted(by: { $0.key < $1.key }).map { place, d in
                "\(d.key) = \(d.word) at \(place): "
                    + (Set(d.targets) == allTargets
                        ? "every target" : "target\(d.targets.count == 1 ? "" : "s") " + d.targets.joined(separator: ", "))
            }
            add(
                .debugInDistribution, .blocking, first,
                "\(configuration) compiles DEBUG in (\(by)): debug-only code, the pseudo switch among it, ships in that build", details)
        }
        for (place, d) in pseudo.sorted(by: { $0.key < $1.key }) {
            add(
                .pseudoInProject, .blocking, place,
                "\(d.key) sets PSEUDO_LOCALE in \(configuration) (\(by)): the pseudo switch is built into the release",
                ["targets: " + d.targets.joined(separator: ", ")])
        }
    }

    /// An app target's Resources phase copying pseudo-locale tables or files named as pseudo, unless they lie under
    /// `DEVELOPMENT_ASSET_PATHS`, which Xcode leaves out of archives.
    mutating func resources(archived: Set<String>) {
        for target in project.targets where target.isApp {
            let devAssets = target.configurations.filter { archived.contains($0.name) }.flatMap {
                $0.settings["DEVELOPMENT_ASSET_PATHS"]?.words ?? []
            }
            .map { $0.replacingOccurrences(of: "$(SRCROOT)/", with: "").replacingOccurrences(of: "${SRCROOT}/", with: "") }
            var testOnly: [String] = []
            for resource in target.resources {
                if devAssets.contains(where: { resource == $0 || resource.hasPrefix($0 + "/") }) { continue }
                let parts = resource.split(separator: "/").map(String.init)
                let pseudoFolder = parts.first { $0.hasSuffix(".lproj") && { if case .pseudo = LocaleName(folder: $0) { true } else { false } }($0) }
                let pseudoName = parts.last.map { $0.lowercased().contains("pseudo") } ?? false
                if pseudoFolder != nil || pseudoName {
                    add(
                        .pseudoInProject, .blocking, project.pbxproj,
                        "target \(target.name) copies \(resource) into the app: a pseudo-localization resource ships in every configuration")
                } else if ProjectJudge.looksTestOnly(parts) {
                    testOnly.append(resource)
                }
            }
            // By name, so the same files read the same whichever way the project lists them.
            testOnly.sort()
            if !testOnly.isEmpty {
                add(
                    .pseudoInProject, .review, project.pbxproj,
                    "target \(target.name) copies \(testOnly.count) file\(testOnly.count == 1 ? "" : "s") that look\(testOnly.count == 1 ? "s" : "") test-only into the app; list their folder in DEVELOPMENT_ASSET_PATHS to keep them out of archives",
                    Array(testOnly.prefix(5)) + (testOnly.count > 5 ? ["… and \(testOnly.count - 5) more"] : []))
            }
        }
    }

    /// Folders that hold test data by their name, and files named as test data (`test_image.png`).
    static let testFolders: Set<String> = [
        "tests", "testdata", "test data", "testresources", "fixtures", "mocks", "preview content", "developmentassets", "uitests",
    ]

    static func looksTestOnly(_ parts: [String]) -> Bool {
        if parts.dropLast().contains(where: { testFolders.contains($0.lowercased()) }) { return true }
        let name = (parts.last ?? "").lowercased()
        return name.hasPrefix("test_") || name.hasPrefix("test-") || name.contains("_test.") || name.contains("-test.")
            || name.hasSuffix(".xctestplan")
    }
}
