/// Test and debug servers linked into an app: code that listens for commands from outside (a test runner, a
/// desktop inspector) and can drive or read the app. Linked statically they leave no framework behind, only their
/// classes and symbols in the executable, so they are found by those names as well as by an embedded framework.
extension AppAudit.Judge {
    struct LinkedServer {
        /// What a person calls it: `Calabash`.
        var name: String
        /// Class and symbol names only it defines (matched as whole words; `CalabashServer`, not `(Calabash)`, the
        /// category a test app may name itself).
        var names: [String]
        /// Its framework's name when embedded (`RevealServer` for `Frameworks/RevealServer.framework`).
        var frameworks: [String]
        /// What it does, for the finding.
        var does: String
    }

    /// The servers known to be linked into apps. A table, so one more is one line.
    static let linkedServers: [LinkedServer] = [
        LinkedServer(
            name: "Calabash", names: ["CalabashServer", "LPHTTPServer", "LPHTTPConnection", "LPRouter"], frameworks: ["calabash"],
            does: "an HTTP server that taps, types and reads the screen for a test runner"),
        LinkedServer(name: "KIF", names: ["KIFTestActor", "KIFUITestActor"], frameworks: ["KIF"], does: "a test driver inside the app"),
        LinkedServer(
            name: "EarlGrey", names: ["EarlGreyImpl", "GREYElementInteraction"], frameworks: ["EarlGrey", "AppFramework"],
            does: "a test driver inside the app"),
        LinkedServer(
            name: "SBTUITestTunnel", names: ["SBTUITestTunnelServer"], frameworks: ["SBTUITestTunnelServer", "SBTUITestTunnel"],
            does: "a server that stubs the network and changes the app for UI tests"),
        LinkedServer(
            name: "WebDriverAgent", names: ["FBWebServer", "FBElementCommands"], frameworks: ["WebDriverAgentLib"],
            does: "Appium's HTTP server that drives the app"),
        LinkedServer(
            name: "FLEX", names: ["FLEXManager", "FLEXExplorerViewController"], frameworks: ["FLEX"],
            does: "an in-app debugger that reads and edits memory, files and the network"),
        LinkedServer(
            name: "Reveal", names: ["IBARevealLoader", "RevealServer"], frameworks: ["RevealServer", "Reveal"],
            does: "a server that shows the view hierarchy to a desktop inspector"),
        LinkedServer(
            name: "Lookin", names: ["LookinServer", "LKS_ConnectionManager"], frameworks: ["LookinServer"],
            does: "a server that shows the view hierarchy to a desktop inspector"),
    ]

    /// Each server found in the app, by its embedded framework or by its names in any Mach-O file that is not a test
    /// item (a `.xctest` plug-in may link a driver; it is reported as test code). Blocking in a device build; in a
    /// simulator build, which is no release, for review. A framework linked weakly and not embedded loads nothing
    /// in this build (Reveal's own set-up links it so): for review, the build is set up to load it where it is.
    mutating func linkedServers(simulator: Bool) {
        for server in Self.linkedServers {
            var evidence: [String] = []
            var file = app.root
            var embedded = false, weakOnly = true
            for e in entries {
                let inner = app.inner(e.path)
                guard let name = inner.split(separator: "/").last, name.hasSuffix(".framework"),
                    server.frameworks.contains(String(name.dropLast(10)))
                else { continue }
                evidence.append("embedded: \(inner)")
                file = e.path
                embedded = true
            }
            for (path, macho) in binaries {
                let inner = app.inner(path)
                if inner.split(separator: "/").contains(where: { Self.testItem(String($0)) }) { continue }
                guard let bytes = files.contents[path] else { continue }
                var words: [String] = []
                for (_, _, range) in macho.searchRanges {
                    for w in Self.wholeWords(server.names, in: bytes, range) where !words.contains(w) { words.append(w) }
                }
                if !words.isEmpty { weakOnly = false }
                for slice in macho.slices {
                    for lib in slice.libraries where server.frameworks.contains(where: { lib.contains("/\($0).framework/") }) {
                        let weak = slice.weakLibraries.contains(lib)
                        if !weak { weakOnly = false }
                        let said = "linked\(weak ? " weakly" : ""): \(lib)"
                        if !words.contains(said) { words.append(said) }
                    }
                }
                guard !words.isEmpty else { continue }
                evidence.append("\(inner.isEmpty ? path : inner): " + words.prefix(4).joined(separator: ", ") + (words.count > 4 ? "…" : ""))
                if file == app.root { file = path }
            }
            guard !evidence.isEmpty else { continue }
            if weakOnly && !embedded {
                add(
                    .testCode, .review, file,
                    "the \(server.name) framework is linked weakly but not embedded: nothing of it loads in this build, but the build is set up to load it where it is present",
                    evidence)
                continue
            }
            add(
                .testCode, simulator ? .review : .blocking, file,
                "the \(server.name) test server is linked in (\(server.does)); a release must not carry it"
                    + (simulator ? " (a simulator build: review, it is no release)" : ""), evidence)
        }
    }
}
