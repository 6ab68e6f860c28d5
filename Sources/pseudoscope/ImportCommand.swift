import Foundation
import PseudoscopeCore

/// `pseudoscope import DUMP [--mode M] [--test NAME] [-o FILE] [--force]`: a dump as a v1 archive;
/// `pseudoscope import BUNDLE [-o DIR] [--force]`: a result bundle's failed runs as archive folders.
/// `import`'s options as given.
struct ImportOptions {
    var input: String
    var output: String?
    var force: Bool
    var dump: DumpOptions

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.importDump)
        guard p.operands.count == 1 else { throw UsageError(message: "import: expected one DUMP or BUNDLE, got \(p.operands.count)") }
        input = p.operands[0]
        output = p.value("--output")
        force = p.flag("--force")
        dump = p.dumpOptions
    }
}

struct ImportCommand {
    func run(_ args: [String]) throws -> Int32 {
        let o = try ImportOptions(args)
        let path = o.input
        if path != "-", let address = BundleAddress.parse(path) {
            return try BundleImport(loader: try loader(o.dump), address: address, given: path).run(output: o.output, force: o.force)
        }
        // A night's folder holds many runs: import takes one dump or one bundle, and says which it found.
        if path != "-", FileAccess.kind(path) == .directory, FileAccess.kind((path as NSString).appendingPathComponent("archive.json")) == .missing {
            let found = ArchiveDiscovery.expand([path], limits: try loader(o.dump).limits)
            let bundles = Set(found.paths.compactMap { BundleAddress.parse($0)?.bundle }).count
            throw ArchiveError(
                file: path,
                message: "is a folder"
                    + (found.paths.isEmpty
                        ? " with no dump or result bundle in it"
                        : " of \(found.paths.count) run\(found.paths.count == 1 ? "" : "s")"
                            + (bundles > 0 ? " in \(bundles) result bundle\(bundles == 1 ? "" : "s")" : ""))
                    + ": import takes one dump or one result bundle (import each bundle with -o DIR; check and open read the folder as it is)")
        }
        let archive = try loader(o.dump).load(path)
        // Importing an archive is a mistake worth saying.
        guard archive.source.wasDump else {
            throw ArchiveError(file: archive.source.path, message: "is already a Pseudoscope archive; nothing to import")
        }
        if let note = archive.imported?.incomplete {
            printError(
                "pseudoscope: \(TerminalText.sanitize(archive.source.path)): incomplete dump: \(TerminalText.sanitize(note)); importing what is there"
            )
        }
        let json = ArchiveEncoder.encode(archive) + "\n"
        guard let output = o.output, output != "-" else {
            try StandardOutput.write(json)
            return ExitCode.success
        }
        try ReportFile.write(Array(json.utf8), to: output, force: o.force, inputs: [path, archive.source.path])
        return ExitCode.success
    }
}
