import Foundation
import PseudoscopeCore

/// `pseudoscope import DUMP [--mode M] [--test NAME] [-o FILE] [--force]`: a dump as a v1 archive;
/// `pseudoscope import BUNDLE [-o DIR] [--force]`: a result bundle's failed runs as archive folders.
struct ImportCommand {
    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args, spec: Commands.importDump)
        guard p.operands.count == 1 else { throw UsageError(message: "import: expected one DUMP or BUNDLE, got \(p.operands.count)") }
        let path = p.operands[0]
        if path != "-", let address = BundleAddress.parse(path) {
            return try BundleImport(loader: try loader(p.dumpOptions), address: address, given: path)
                .run(output: p.value("--output"), force: p.flag("--force"))
        }
        let archive = try loader(p.dumpOptions).load(path)
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
        guard let output = p.value("--output"), output != "-" else {
            try StandardOutput.write(json)
            return ExitCode.success
        }
        try ReportFile.write(Array(json.utf8), to: output, force: p.flag("--force"), inputs: [path, archive.source.path])
        return ExitCode.success
    }
}
