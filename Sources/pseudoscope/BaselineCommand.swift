import Foundation
import PseudoscopeCore

/// `baseline add`'s options as given: the file, the runs, the entry's words and which findings it takes.
struct BaselineOptions {
    var file: String
    var inputs: [String]
    var reason, owner: String
    /// `--expires`; nil for the default, 30 days from today.
    var expires: CalendarDay?
    var fingerprints: Set<String>?
    var rules: Set<Rule>?
    var element: String?
    var dump: DumpOptions
    var strings: StringsSettings

    init(_ args: [String]) throws {
        let p = try ParsedArguments(args, spec: Commands.baseline)
        guard p.operands.first == "add" else { throw UsageError(message: "baseline: expected 'add FILE ARCHIVE|FOLDER...'") }
        guard p.operands.count >= 3 else { throw UsageError(message: "baseline add: expected a baseline FILE and at least one ARCHIVE or FOLDER") }
        file = p.operands[1]
        inputs = Array(p.operands.dropFirst(2))
        guard let reason = p.value("--reason"), !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(message: "baseline add: --reason is required: say why the finding is known")
        }
        guard let owner = p.value("--owner"), !owner.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(message: "baseline add: --owner is required: say who owns the fix")
        }
        (self.reason, self.owner) = (reason, owner)
        if let e = p.value("--expires") {
            guard let day = CalendarDay(e) else { throw UsageError(message: "baseline add: --expires '\(e)' is not a date (YYYY-MM-DD)") }
            expires = day
        }
        fingerprints = p.all("--fingerprint").map(Set.init)
        rules = p.all("--rule").map { Set($0.compactMap(Rule.init(rawValue:))) }
        element = p.value("--element")
        guard fingerprints != nil || rules != nil || element != nil || p.flag("--all") else {
            throw UsageError(message: "baseline add: give --fingerprint, --rule or --element to choose findings, or --all for every finding")
        }
        dump = p.dumpOptions
        strings = StringsSettings(p)
    }
}

/// `pseudoscope baseline add FILE ARCHIVE|FOLDER... --reason R --owner O [filters]`: known issues, recorded.
struct BaselineCommand {
    func run(_ args: [String]) throws -> Int32 {
        let o = try BaselineOptions(args)
        let today = try CalendarDay.today(environment: processEnvironment)
        let expires = o.expires ?? today.adding(days: 30)
        // A day already past is recorded as asked (the inspector's dialog asks first), and said: such an entry does
        // not stop anything blocking.
        if expires < today {
            printError(
                "pseudoscope: --expires \(expires) is already past (today is \(today)): the entries are recorded, and their findings still block")
        }
        let (file, inputs, fingerprints, rules, element) = (o.file, o.inputs, o.fingerprints, o.rules, o.element)

        // The baseline as it is (a missing file is an empty baseline; a malformed one is refused, not rewritten).
        let baseline = try BaselineFile.read(file)

        // The findings as every other command judges them, without a triage: a known finding is added again
        // (its entry renewed), not skipped.
        var options = o.dump
        options.refuseConflictingArchives = false
        let load = try loader(options)
        let discovery = ArchiveDiscovery.expand(inputs, limits: load.limits)
        var added: [Baseline.Entry] = []
        for result in Engine(loader: load, context: try o.strings.context()).judgeAll(discovery.paths) {
            let summary = try result.get()
            for f in summary.findings {
                if let fps = fingerprints, !fps.contains(f.fingerprint) { continue }
                if let r = rules, !r.contains(f.rule) { continue }
                if let el = element, f.identifier != el, f.elementPath != el { continue }
                guard !added.contains(where: { $0.fingerprint == f.fingerprint }) else { continue }
                added.append(
                    Baseline.Entry(
                        fingerprint: f.fingerprint, rule: f.rule.rawValue, screen: summary.screen, element: f.elementReference,
                        reason: o.reason, owner: o.owner, expires: expires))
            }
        }
        for problem in discovery.problems { throw problem }
        guard !added.isEmpty else {
            printError("pseudoscope: no finding matches; \(TerminalText.sanitize(file)) is unchanged")
            return ExitCode.invalidInput
        }
        if discovery.paths.contains(where: {
            ReportFile.sameFile($0, file) || ReportFile.sameFile(($0 as NSString).appendingPathComponent("archive.json"), file)
        }) {
            throw ArchiveError(file: file, message: "is one of the archives given; refusing to write a baseline over it")
        }
        let replaced = added.filter { baseline.entry(for: $0.fingerprint) != nil }.count
        try BaselineFile.add(added, to: file)
        try StandardOutput.writeText(
            TerminalText.sanitize(
                "\(file): \(added.count) entr\(added.count == 1 ? "y" : "ies") added" + (replaced > 0 ? " (\(replaced) replaced)" : "")
                    + ", known until \(expires)") + "\n", ascii: !environment.localeIsUTF8)
        return ExitCode.success
    }
}
