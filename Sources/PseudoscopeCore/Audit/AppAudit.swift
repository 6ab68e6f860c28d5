/// The release leak check of a built app (`pseudoscope audit`): what its bundle holds that a release must not ship.
/// Each app inside what was given (`Payload/Shop.app` of an `.ipa`, `Products/Applications/Shop.app` of an
/// `.xcarchive`, or the `.app` folder itself) is judged on its own; nested bundles (frameworks, extensions,
/// `Settings.bundle`) are part of the app that holds them.
public enum AppAudit {
    /// One app of a product: its folder inside the product and what its Info.plist says.
    struct App {
        var root: String
        var info: PlistNode?
        var name: String { root.split(separator: "/").last.map(String.init) ?? root }
        var prefix: String { root.isEmpty ? "" : root + "/" }
        func path(_ inner: String) -> String { prefix + inner }
        /// The path inside the app of a product path under it.
        func inner(_ path: String) -> String { String(path.dropFirst(prefix.count)) }
    }

    /// Audits the product read from `given`; `kind` says what it was given as.
    public static func audit(_ files: ProductFiles, kind: AuditedProduct.Kind) -> AuditedProduct {
        let given = files.source
        var out = AuditedProduct(path: given, kind: kind, summary: "", notAudited: files.skipped.map { "\($0.path): \($0.why)" })
        let apps = appRoots(files, givenAsApp: kind == .app)
        guard !apps.isEmpty else {
            out.unreadable = "holds no .app (an .ipa keeps it under Payload/, an .xcarchive under Products/Applications/)"
            return out
        }
        var summaries: [String] = []
        if apps.count > maxApps {
            out.notAudited.append("\(given): holds \(apps.count) apps; the first \(maxApps) were audited, the rest were not")
        }
        for root in apps.prefix(maxApps) {
            var app = App(root: root, info: nil)
            if let bytes = files.contents[app.path("Info.plist")] {
                do { app.info = try PlistNode.read(bytes) } catch let f as PlistNode.Failure {
                    out.notAudited.append("\(app.path("Info.plist")): \(f.message)")
                } catch {}
            } else {
                out.notAudited.append("\(app.path("Info.plist")): missing; the app's executable and languages are unknown")
            }
            var judge = Judge(files: files, app: app, product: given)
            judge.run()
            out.findings += judge.findings
            out.notAudited += judge.notAudited
            summaries.append(judge.summary)
        }
        out.summary = summaries.joined(separator: "; ")
        return out
    }

    /// How many apps one product may hold before the rest are said to be unaudited (an `.ipa` carries one).
    static let maxApps = 100

    /// The outermost `.app` folders: the product itself when given as one, else each `.app` not inside another.
    static func appRoots(_ files: ProductFiles, givenAsApp: Bool) -> [String] {
        if givenAsApp { return [""] }
        var roots: [String] = []
        let candidates = Set(
            files.entries.compactMap { e -> String? in
                // A zip may list an .app's files without a folder entry for it.
                let parts = e.path.split(separator: "/")
                guard let k = parts.firstIndex(where: { $0.hasSuffix(".app") }) else { return nil }
                return parts[...k].joined(separator: "/")
            })
        for c in candidates.sorted() where !roots.contains(where: { c.hasPrefix($0 + "/") }) { roots.append(c) }
        return roots
    }

    /// The rules over one app.
    struct Judge: AuditJudge {
        let files: ProductFiles
        let app: App
        let product: String
        var findings: [AuditFinding] = []
        var notAudited: [String] = []
        var summary = ""
        /// The app's Mach-O files, parsed, by path inside the product.
        var binaries: [(path: String, macho: MachO)] = []

        init(files: ProductFiles, app: App, product: String) {
            self.files = files
            self.app = app
            self.product = product
        }

        var entries: [ProductFiles.Entry] { files.entries(under: app.root) }

        mutating func run() {
            for (path, bytes) in files.contents.sorted(by: { $0.key < $1.key }) where path.hasPrefix(app.prefix) && ProductFiles.isMachO(bytes) {
                do {
                    let macho = try MachO(bytes)
                    binaries.append((path, macho))
                    for slice in macho.slices {
                        for o in slice.outside { notAudited.append("\(path) (\(slice.architecture)): \(o); its text was not searched") }
                    }
                } catch let f as MachO.Failure {
                    notAudited.append("\(path): \(f.message)")
                } catch {}
            }
            let executable = app.info?["CFBundleExecutable"]?.stringValue.map { app.path($0) }
            let main = binaries.first { $0.path == executable } ?? binaries.first { !$0.path.dropFirst(app.prefix.count).contains("/") }
            if let executable, main?.path != executable, !notAudited.contains(where: { $0.hasPrefix(executable + ": ") }) {
                notAudited.append("\(executable): the executable the Info.plist names is missing or unreadable")
            }
            let slices = main?.macho.slices ?? []
            let simulator =
                !slices.isEmpty
                ? slices.allSatisfy { $0.platform?.isSimulator == true }
                : app.info?["DTPlatformName"]?.stringValue?.hasSuffix("simulator") == true
            let architectures = slices.map(\.architecture).joined(separator: "+")
            let platform = slices.first?.platform?.rawValue ?? app.info?["DTPlatformName"]?.stringValue ?? "platform unknown"
            summary =
                "\(app.name.isEmpty ? product.split(separator: "/").last.map(String.init) ?? product : app.name): \(platform)\(architectures.isEmpty ? "" : " " + architectures)"
                + (app.info?["DTXcode"]?.stringValue.map { ", Xcode \($0)" } ?? "")
            testCode(simulator: simulator, main: main?.macho)
            linkedServers(simulator: simulator)
            debugDylib(main: main)
            pseudoSwitch(simulator: simulator)
            notProduct()
            var tables = StringTables(files: files, app: app, product: product)
            tables.judge()
            findings += tables.findings
            notAudited += tables.notAudited
            summary += ", \(tables.localeCount) localization\(tables.localeCount == 1 ? "" : "s")"
        }

        /// Names of test frameworks, libraries and plug-ins (`XCTest.framework`, `libXCTestBundleInject.dylib`).
        static let testFrameworks: Set<String> = [
            "XCTest", "XCTestCore", "XCUIAutomation", "XCTAutomationSupport", "XCUnit", "XCTestSupport",
            "Testing", "XCTestSwiftSupport",
        ]

        /// Whether a path inside the app is test-only: a test framework, library or plug-in, a preview or debug dylib.
        static func testItem(_ inner: String) -> Bool {
            let name = inner.split(separator: "/").last.map(String.init) ?? inner
            if name.hasSuffix(".xctest") { return true }
            if name.hasSuffix(".framework") { return testFrameworks.contains(String(name.dropLast(10))) }
            if name.hasSuffix(".dylib") {
                let base = String(name.dropLast(6))
                return base.hasPrefix("libXCTest") || base == "__preview" || base.hasSuffix(".debug") || testFrameworks.contains(base)
            }
            return false
        }

        mutating func testCode(simulator: Bool, main: MachO?) {
            var items = entries.filter { e in
                let inner = app.inner(e.path)
                // The outermost test item only: not the files inside XCTest.framework.
                return Judge.testItem(inner) && !inner.split(separator: "/").dropLast().contains { Judge.testItem(String($0)) }
            }.map(\.path)
            let linked = Set(main?.slices.flatMap(\.libraries) ?? []).filter { lib in
                Judge.testFrameworks.contains { lib.contains("/\($0).framework/") } || lib.contains("libXCTest")
            }
            items += linked.sorted().map { "linked: \($0)" }
            guard !items.isEmpty else { return }
            let names = items.map { $0.hasPrefix("linked: ") ? $0 : app.inner($0) }
            if simulator {
                add(
                    .testCode, .review, app.root,
                    "a simulator test-host build: \(items.count) test item\(items.count == 1 ? "" : "s") embedded; no release is built like this (audit the archive or the .ipa you ship)",
                    names)
            } else {
                for (path, name) in zip(items, names) {
                    add(
                        .testCode, .blocking, path.hasPrefix("linked: ") ? app.root : path,
                        "test code in a device build: \(name) ships to users and can drive the app")
                }
            }
        }

        /// Xcode 15+ debug builds put the app's code in `APP.debug.dylib` and make the executable a stub that names
        /// it in its `__debug_dylib` section. Without that dylib the code was never seen: the audit is not whole.
        mutating func debugDylib(main: (path: String, macho: MachO)?) {
            guard let main, let bytes = files.contents[main.path] else { return }
            for slice in main.macho.slices {
                guard let range = slice.textRanges.first(where: { $0.section.hasSuffix(",__debug_dylib") })?.range else { continue }
                let named = String(decoding: bytes[range].prefix { $0 != 0 }, as: UTF8.self)
                let file = named.split(separator: "/").last.map(String.init) ?? named
                guard !file.isEmpty, !entries.contains(where: { $0.kind == .file && ($0.path == file || $0.path.hasSuffix("/" + file)) }) else {
                    return
                }
                notAudited.append(
                    "\(app.path(file)): absent; the executable is Xcode's debug stub and the app's code is in it, so that code was not searched")
                return
            }
        }

        /// Extensions of files that are sources, leftovers or build settings, never product.
        static let notProductExtensions: Set<String> = [
            "swift", "m", "mm", "h", "c", "cc", "cpp", "backup", "orig", "bak", "rej", "xcconfig", "pbxproj", "xcscheme",
        ]

        mutating func notProduct() {
            for e in entries where e.kind == .file {
                let inner = app.inner(e.path)
                let parts = inner.split(separator: "/")
                // A framework's public headers and module maps are how frameworks are built; harmless in a bundle.
                if parts.contains(where: { $0 == "Headers" || $0 == "PrivateHeaders" || $0 == "Modules" }) { continue }
                guard let ext = parts.last?.split(separator: ".").last.map(String.init), parts.last?.contains(".") == true,
                    Judge.notProductExtensions.contains(ext.lowercased())
                else { continue }
                add(
                    .notProduct, .review, e.path,
                    "\(ext == "xcconfig" ? "build settings" : ["backup", "orig", "bak", "rej"].contains(ext) ? "a source leftover" : "a source file") inside the bundle (\(e.size) bytes): it ships to every user and shows the code"
                )
            }
        }
    }
}
