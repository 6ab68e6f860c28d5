import Foundation
import PseudoscopeCore

/// `pseudoscope import DUMP [--mode M] [--test NAME] [-o FILE] [--force]`: a dump as a v1 archive.
struct ImportCommand {
    func run(_ args: [String]) throws -> Int32 {
        let p = try ParsedArguments(args.map { $0 == "-o" ? "--output" : $0 }, flags: ["--force"],
                                    options: dumpOptionNames.union(["--output"]), command: "import")
        guard p.operands.count == 1 else { throw UsageError(message: "import: expected one DUMP, got \(p.operands.count)") }
        let options = try dumpOptions(p, command: "import")
        let path = p.operands[0]
        // Read it as a dump even when it is already an archive? No: importing an archive is a mistake worth saying.
        let archive = try loader(options).load(path)
        guard archive.source.importedFormat != nil else {
            throw ArchiveError(file: archive.source.path, message: "is already a Pseudoscope archive; nothing to import")
        }
        if let note = archive.source.incompleteNote {
            printError("pseudoscope: \(TerminalText.sanitize(archive.source.path)): incomplete dump: \(TerminalText.sanitize(note)); importing what is there")
        }
        let json = ArchiveEncoder.encode(archive) + "\n"
        guard let output = p.value("--output"), output != "-" else {
            write(json)
            return ExitCode.success
        }
        if FileManager.default.fileExists(atPath: output) && !p.flags.contains("--force") {
            throw ArchiveError(file: output, message: "already exists; use --force to replace it")
        }
        // Atomic: a temporary file in the same folder, then a rename, so a reader never sees half an archive.
        do {
            try Data(json.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ArchiveError(file: output, message: "cannot be written: \(error.localizedDescription)")
        }
        return ExitCode.success
    }
}
