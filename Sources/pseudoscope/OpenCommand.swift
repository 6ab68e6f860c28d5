import Foundation
import PseudoscopeCore
import PseudoscopeRender
import PseudoscopeTerminal

/// `pseudoscope ARCHIVE`: the inspector on a terminal, the findings rendering otherwise.
struct OpenCommand {
    let environment: TerminalEnvironment
    static let flags: Set<String> = ["--ascii"]
    static let options: Set<String> = Set(["--color"]).union(dumpOptionNames)

    static func acceptsOption(_ arg: String) -> Bool {
        let name = arg.split(separator: "=").first.map(String.init) ?? arg
        return flags.contains(name) || options.contains(name)
    }

    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, flags: Self.flags, options: Self.options, command: "open")
        guard !p.operands.isEmpty else { throw UsageError(message: "expected an ARCHIVE or a FOLDER") }
        let colorChoice = try p.choice("--color", ColorChoice.self, command: "open") ?? .auto
        let discovery = ArchiveDiscovery.expand(p.operands)
        if discovery.paths.count != 1 || p.operands.count > 1 || discovery.paths.first != p.operands.first {
            return try runSet(discovery, p, colorChoice: colorChoice)
        }
        let archive = try loader(try dumpOptions(p, command: "open")).load(p.operands[0])
        let findings = LayoutChecker(archive).findings()
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        if environment.canBeInteractive {
            let state = InspectorState(archive: archive, findings: findings, width: 80, height: 24, glyphs: glyphs)
            do {
                return try InteractiveSession.run(state, useColor: environment.useColor(colorChoice))
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain rendering instead")
            }
        }
        let report = RenderReport(archive: archive, findings: findings, glyphs: glyphs, width: terminalColumns() ?? 80, height: nil, listFindings: true)
        write(output(report.canvas(), color: environment.useColor(colorChoice)))
        return ExitCode.success
    }

    /// Several archives, or a folder of them: the archive list.
    func runSet(_ discovery: ArchiveDiscovery.Result, _ p: ParsedArguments, colorChoice: ColorChoice) throws -> Int32 {
        var options = try dumpOptions(p, command: "open")
        options.refuseConflictingArchives = false
        let archiveLoader = loader(options)
        let glyphs = environment.glyphs(forceASCII: p.flags.contains("--ascii"))
        for problem in discovery.problems { printError("pseudoscope: \(TerminalText.sanitize(problem.description))") }
        guard !discovery.paths.isEmpty else { return ExitCode.invalidInput }
        if environment.canBeInteractive {
            do {
                return try InteractiveSession.runRunSet(paths: discovery.paths, loader: archiveLoader, glyphs: glyphs, useColor: environment.useColor(colorChoice))
            } catch let e as CursesTerminal.StartError {
                printError("pseudoscope: \(e.description); printing the plain list instead")
            }
        }
        // Plain: load everything once, then print the list at full length.
        let results = archiveLoader.loadAll(discovery.paths)
        let archives = results.map { try? $0.get() }
        let findings = RunSetAnalysis.findings(archives)
        var state = RunSetState(paths: discovery.paths, width: max(100, terminalColumns() ?? 120), height: discovery.paths.count + 3, glyphs: glyphs)
        for (k, result) in results.enumerated() {
            switch result {
            case .success(let a): state.receive(RunSetEntry(path: a.source.path, archive: a, error: nil, findings: findings[k]), at: k)
            case .failure(let e): state.receive(RunSetEntry(path: discovery.paths[k], archive: nil, error: e.description, findings: []), at: k)
            }
        }
        var canvas = RunSetScreen.render(state)
        // The status line is for the interactive screen.
        canvas = canvas.cropped(height: canvas.height - 1)
        write(output(canvas, color: environment.useColor(colorChoice)))
        return archives.contains { $0 == nil } ? ExitCode.invalidInput : ExitCode.success
    }
}
