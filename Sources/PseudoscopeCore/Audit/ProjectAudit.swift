/// The release leak check of an Xcode project: the configurations its schemes archive must not compile `DEBUG`
/// in or set the pseudo switch, an archived scheme's Profile and Archive actions must not launch with a
/// pseudolanguage (Run and Test may: that is the gate working), and an app target must not copy pseudo resources.
public enum ProjectAudit {
    public static func audit(_ given: String, limits: LoadLimits) -> AuditedProduct {
        let name = given.split(separator: "/").last.map(String.init) ?? given
        if name == "Project.swift" {
            return AuditedProduct(
                path: given, kind: .project, summary: "Tuist manifest",
                notAudited: ["\(given): a Tuist manifest is Swift code, not read; generate the project (tuist generate) and audit the .xcodeproj"])
        }
        let path = name == "project.pbxproj" ? given.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") : given
        var judge: ProjectJudge
        do {
            if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                // An XcodeGen spec, read into the same project and schemes a generated .xcodeproj gives: one judge for both.
                let spec = try XcodeGenSpec.read(given, limits: limits)
                judge = ProjectJudge(project: spec.project, given: given, limits: limits, schemes: spec.schemes)
                judge.notAudited = spec.unread
            } else {
                judge = ProjectJudge(project: try XcodeProject(path: path, limits: limits), given: given, limits: limits)
            }
        } catch let e as ArchiveError {
            return AuditedProduct(path: given, kind: .project, summary: "", unreadable: e.description)
        } catch {
            return AuditedProduct(path: given, kind: .project, summary: "", unreadable: "\(error)")
        }
        judge.run()
        return AuditedProduct(path: given, kind: .project, summary: judge.summary, findings: judge.findings, notAudited: judge.notAudited)
    }
}

struct ProjectJudge: AuditJudge {
    let project: XcodeProject
    let given: String
    let limits: LoadLimits
    var findings: [AuditFinding] = []
    var notAudited: [String] = []
    var summary = ""
    var xcconfigs: [String: Xcconfig] = [:]
    /// The schemes when the project's description holds them (XcodeGen); nil to read the `.xcodeproj`'s.
    let described: [XcodeScheme]?

    init(project: XcodeProject, given: String, limits: LoadLimits, schemes: [XcodeScheme]? = nil) {
        self.project = project
        self.given = given
        self.limits = limits
        self.described = schemes
    }

    var product: String { given }

    mutating func run() {
        notAudited += project.unread
        let schemes = readSchemes()
        // Release is archived unless a scheme says otherwise; every configuration a scheme archives is too.
        var archived: [String: [String]] = ["Release": []]
        for s in schemes { if let c = s.actions["ArchiveAction"]?.configuration { archived[c, default: []].append(s.name) } }
        var runOnly: [String] = []
        for s in schemes {
            for actionName in ["ProfileAction", "ArchiveAction"] {
                guard let action = s.actions[actionName] else { continue }
                var launch = s.pseudoLaunch(action, includingOptions: true)
                if action.attributes["shouldUseLaunchSchemeArgsEnv"] == "YES", let run = s.actions["LaunchAction"] {
                    launch += s.pseudoLaunch(run, includingOptions: false).map {
                        "\($0) (the Run action's, which \(actionName == "ProfileAction" ? "Profile" : "Archive") uses)"
                    }
                }
                // Launch options, arguments and environment never ship in a build (only build settings and
                // resources do): a person should know what Profile runs with, but nothing leaks.
                if !launch.isEmpty {
                    add(
                        .pseudoInProject, .review, "\(s.path):\(action.line)",
                        "scheme \(s.name): the \(actionName == "ProfileAction" ? "Profile" : "Archive") action (\(action.configuration ?? "?")) launches with pseudo-localization on; launch options do not ship, but what it measures is the pseudo-localized app",
                        launch)
                }
            }
            for actionName in ["LaunchAction", "TestAction"]
            where !(s.actions[actionName].map { s.pseudoLaunch($0, includingOptions: true) } ?? []).isEmpty {
                runOnly.append("\(s.name) (\(actionName == "LaunchAction" ? "Run" : "Test"))")
            }
        }
        for (configuration, by) in archived.sorted(by: { $0.key < $1.key }) { settings(configuration, archivedBy: by) }
        resources(archived: Set(archived.keys))
        stringTables()
        for other in project.references {
            notAudited.append("\(project.pbxproj): builds with the project \(other), whose settings reach what it ships; audit that one too")
        }
        for region in project.knownRegions {
            if case .pseudo(let why) = LocaleName.judge(region) {
                add(
                    .pseudoInProject, .blocking, project.pbxproj,
                    "the project localizes into \(region): \(why); its tables ship in every configuration")
            }
        }
        let apps = project.targets.filter(\.isApp).count
        summary =
            "\(project.targets.count) target\(project.targets.count == 1 ? "" : "s") (\(apps) app\(apps == 1 ? "" : "s")), "
            + (schemes.isEmpty ? "no schemes kept (Xcode's own archive Release)" : "\(schemes.count) scheme\(schemes.count == 1 ? "" : "s")")
            + ", archived: "
            + archived.keys.sorted().joined(separator: ", ")
            + (runOnly.isEmpty ? "" : "; pseudo-localization in Run/Test only (allowed): " + runOnly.joined(separator: ", "))
    }

    /// The shared schemes, and the users' own when the project keeps some (`xcuserdata/NAME.xcuserdatad/xcschemes`);
    /// one that cannot be read is named, not skipped. With none at all, Xcode makes a scheme per target whose
    /// Archive action uses Release, which is what is then audited (the summary says so).
    mutating func readSchemes() -> [XcodeScheme] {
        if let described { return described }
        var folders = [project.path + "/xcshareddata/xcschemes"]
        for user in (FileAccess.entries(project.path + "/xcuserdata") ?? []).sorted() where user.hasSuffix(".xcuserdatad") {
            folders.append(project.path + "/xcuserdata/\(user)/xcschemes")
        }
        var out: [XcodeScheme] = []
        var listed = false
        for folder in folders {
            for name in (FileAccess.entries(folder) ?? []).sorted() where name.hasSuffix(".xcscheme") {
                listed = true
                do { out.append(try XcodeScheme(path: folder + "/" + name, limits: limits)) } catch let e as ArchiveError {
                    notAudited.append(e.description)
                } catch {}
            }
        }
        if out.isEmpty, listed {
            notAudited.append("\(project.path): no scheme could be read; which configurations are archived is unknown, Release was audited")
        }
        return out
    }

    func xcconfig(_ relative: String?) -> String? { relative.map { XcodeProject.join(project.folder, $0) } }

    mutating func loaded(_ path: String) -> Xcconfig {
        if let x = xcconfigs[path] { return x }
        let x = Xcconfig(path: path, limits: limits, scope: FileAccess.realPath(project.folder) ?? project.folder)
        xcconfigs[path] = x
        for u in x.unread where !notAudited.contains(u) {
            // CocoaPods writes these at `pod install`; a checkout without Pods/ lacks them.
            notAudited.append(u + (u.contains("Pods/Target Support Files/") ? " (CocoaPods writes it at pod install: audit after it)" : ""))
        }
        return x
    }
}
