import Foundation

/// Xcode projects the fixtures may not hold (project files are build recipes), written at test time in the real
/// formats: `project.pbxproj` (OpenStep text, objects by id, as Xcode writes it), `.xcscheme` XML and `.xcconfig`.
public struct SyntheticProject {
    /// One build configuration: its settings (a value of several words is written as a list) and the `.xcconfig`
    /// it is based on, either by reference (a path from the project's folder) or anchored, as Xcode 16 writes it
    /// for a file inside a synchronized folder (`baseConfigurationReferenceAnchor` + `…RelativePath`).
    public struct Configuration {
        public var name: String
        public var settings: [String: [String]]
        public var base: String?
        public var anchored: (folder: String, relative: String)?

        public init(_ name: String, _ settings: [String: [String]] = [:], base: String? = nil, anchored: (String, String)? = nil) {
            self.name = name
            self.settings = settings
            self.base = base
            self.anchored = anchored.map { (folder: $0.0, relative: $0.1) }
        }
    }

    public struct Target {
        public var name: String
        public var productType: String
        public var configurations: [Configuration]
        /// What its Resources phase copies, as paths from the project's folder. `X/en.lproj/Y.strings` paths of
        /// one `Y.strings` become one variant group, as Xcode writes a localized resource.
        public var resources: [String]

        public init(_ name: String, type: String = "com.apple.product-type.application", _ configurations: [Configuration], resources: [String] = [])
        {
            self.name = name
            self.productType = type
            self.configurations = configurations
            self.resources = resources
        }
    }

    public var configurations: [Configuration]
    public var targets: [Target]
    public var knownRegions: [String]

    public init(configurations: [Configuration], targets: [Target], knownRegions: [String] = ["en", "Base"]) {
        self.configurations = configurations
        self.targets = targets
        self.knownRegions = knownRegions
    }

    /// The `project.pbxproj` text.
    public func pbxproj() -> String {
        var next = 0
        func id() -> String {
            next += 1
            return String(format: "%024X", 0xA0_0000 + next)
        }
        var objects: [(id: String, isa: String, body: [String])] = []
        func add(_ isa: String, _ body: [String]) -> String {
            let i = id()
            objects.append((i, isa, body))
            return i
        }
        var groupChildren: [String] = []
        var anchors: [String: String] = [:]
        func anchor(_ folder: String) -> String {
            if let a = anchors[folder] { return a }
            let a = add("PBXFileSystemSynchronizedRootGroup", ["path = \(q(folder));", "sourceTree = \"<group>\";"])
            anchors[folder] = a
            groupChildren.append(a)
            return a
        }
        var references: [String: String] = [:]
        func reference(_ path: String, name: String? = nil) -> String {
            if let r = references[path] { return r }
            let r = add(
                "PBXFileReference",
                (name.map { ["name = \(q($0));"] } ?? []) + ["path = \(q(path));", "sourceTree = SOURCE_ROOT;"])
            references[path] = r
            groupChildren.append(r)
            return r
        }
        func list(_ configurations: [Configuration]) -> String {
            let ids = configurations.map { c -> String in
                var body: [String] = []
                if let base = c.base { body.append("baseConfigurationReference = \(reference(base));") }
                if let a = c.anchored {
                    body.append("baseConfigurationReferenceAnchor = \(anchor(a.folder));")
                    body.append("baseConfigurationReferenceRelativePath = \(q(a.relative));")
                }
                body.append("buildSettings = {")
                for (key, words) in c.settings.sorted(by: { $0.key < $1.key }) {
                    body.append(
                        "\t\(q(key)) = " + (words.count == 1 ? q(words[0]) : "(\n" + words.map { "\t\t\t\t\t\(q($0)),\n" }.joined() + "\t\t\t\t)")
                            + ";")
                }
                body.append("};")
                body.append("name = \(q(c.name));")
                return add("XCBuildConfiguration", body)
            }
            return add("XCConfigurationList", ["buildConfigurations = (" + ids.map { $0 + ", " }.joined() + ");"])
        }
        var targetIDs: [String] = []
        for t in targets {
            var files: [String] = []
            var variants: [String: [String]] = [:]
            for r in t.resources {
                let parts = r.split(separator: "/").map(String.init)
                if parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") {
                    let folder = parts.dropLast(2).joined(separator: "/")
                    variants[folder + "|" + parts.last!, default: []].append(r)
                } else {
                    files.append(add("PBXBuildFile", ["fileRef = \(reference(r));"]))
                }
            }
            for (key, paths) in variants.sorted(by: { $0.key < $1.key }) {
                let children = paths.map { p in
                    reference(p, name: String(p.split(separator: "/").dropLast().last!.dropLast(6)))
                }
                let group = add(
                    "PBXVariantGroup",
                    [
                        "children = (" + children.map { $0 + ", " }.joined() + ");", "name = \(q(String(key.split(separator: "|").last!)));",
                        "sourceTree = \"<group>\";",
                    ])
                groupChildren.removeAll { children.contains($0) }
                groupChildren.append(group)
                files.append(add("PBXBuildFile", ["fileRef = \(group);"]))
            }
            let phase = add("PBXResourcesBuildPhase", ["files = (" + files.map { $0 + ", " }.joined() + ");"])
            let configurationList = list(t.configurations)
            targetIDs.append(
                add(
                    "PBXNativeTarget",
                    [
                        "buildConfigurationList = \(configurationList);", "buildPhases = (\(phase), );", "name = \(q(t.name));",
                        "productName = \(q(t.name));", "productType = \(q(t.productType));",
                    ]))
        }
        let projectList = list(configurations)
        let mainGroup = add("PBXGroup", ["children = (" + groupChildren.map { $0 + ", " }.joined() + ");", "sourceTree = \"<group>\";"])
        let root = add(
            "PBXProject",
            [
                "buildConfigurationList = \(projectList);", "knownRegions = (" + knownRegions.map { q($0) + ", " }.joined() + ");",
                "mainGroup = \(mainGroup);", "projectDirPath = \"\";", "targets = (" + targetIDs.map { $0 + ", " }.joined() + ");",
            ])
        var out = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        for isa in Set(objects.map(\.isa)).sorted() {
            out += "\n/* Begin \(isa) section */\n"
            for o in objects where o.isa == isa {
                out += "\t\t\(o.id) = {\n\t\t\tisa = \(o.isa);\n"
                for line in o.body { out += "\t\t\t\(line)\n" }
                out += "\t\t};\n"
            }
            out += "/* End \(isa) section */\n"
        }
        out += "\t};\n\trootObject = \(root);\n}\n"
        return out
    }

    /// An OpenStep string, always quoted.
    func q(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A scheme's action: its configuration, options and what it launches with.
    public struct Action {
        public var configuration: String
        public var attributes: [String: String]
        public var arguments: [String]
        public var environment: [String: String]

        public init(_ configuration: String, attributes: [String: String] = [:], arguments: [String] = [], environment: [String: String] = [:]) {
            self.configuration = configuration
            self.attributes = attributes
            self.arguments = arguments
            self.environment = environment
        }
    }

    /// A shared scheme's XML with the actions given (`LaunchAction`, `ProfileAction`, `ArchiveAction`, `TestAction`).
    public static func scheme(_ actions: [(String, Action)]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Scheme\n   LastUpgradeVersion = \"1600\"\n   version = \"1.7\">\n"
        for (name, a) in actions {
            out += "   <\(name)\n      buildConfiguration = \"\(a.configuration)\""
            for (k, v) in a.attributes.sorted(by: { $0.key < $1.key }) { out += "\n      \(k) = \"\(v)\"" }
            out += ">\n"
            if !a.arguments.isEmpty {
                out += "      <CommandLineArguments>\n"
                for arg in a.arguments {
                    out +=
                        "         <CommandLineArgument\n            argument = \"\(xml(arg))\"\n            isEnabled = \"YES\">\n         </CommandLineArgument>\n"
                }
                out += "      </CommandLineArguments>\n"
            }
            if !a.environment.isEmpty {
                out += "      <EnvironmentVariables>\n"
                for (k, v) in a.environment.sorted(by: { $0.key < $1.key }) {
                    out +=
                        "         <EnvironmentVariable\n            key = \"\(xml(k))\"\n            value = \"\(xml(v))\"\n            isEnabled = \"YES\">\n         </EnvironmentVariable>\n"
                }
                out += "      </EnvironmentVariables>\n"
            }
            out += "   </\(name)>\n"
        }
        return out + "</Scheme>\n"
    }

    static func xml(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// Writes `files` (path from `folder`, text) under `folder`, making the folders between.
    public static func write(_ files: [(String, String)], under folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}
