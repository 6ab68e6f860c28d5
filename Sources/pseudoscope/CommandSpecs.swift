import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// One option of a command: its name, the placeholder of its value (nil for a flag), and what it does.
struct OptionSpec {
    let name: String
    let value: String?
    let help: String
    /// The values it accepts, for completions and error messages; nil when free-form.
    let choices: [String]?
    /// Whether it may be given more than once.
    let repeatable: Bool
    /// A short spelling, e.g. `-o` for `--output`.
    let alias: String?

    init(_ name: String, _ value: String? = nil, _ help: String, choices: [String]? = nil, repeatable: Bool = false, alias: String? = nil) {
        self.name = name
        self.alias = alias
        self.value = value
        self.help = help
        self.choices = choices
        self.repeatable = repeatable
    }

    var usage: String { value.map { "\(alias ?? name) \($0)" } ?? name }

    /// `-o, --output FILE` for help listings.
    var listing: String { (alias.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "") }
}

/// A command as the user sees it: parsing, `--help`, the README's command table, the man page and the shell
/// completions are all generated from these tables, so they cannot drift apart.
struct CommandSpec {
    let name: String
    /// The operands in the usage line, e.g. `ARCHIVE` or `A B`.
    let operands: String
    /// One line for the command list.
    let summary: String
    /// What it does, a few sentences.
    let description: String
    let options: [OptionSpec]
    let exitStatus: String?

    var flags: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }
    var valueOptions: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }

    func option(_ name: String) -> OptionSpec? { options.first { $0.name == name || $0.alias == name } }

    var usage: String {
        let opts = options.map { "[\($0.usage)]" + ($0.repeatable ? "..." : "") }.joined(separator: " ")
        return "pseudoscope \(name == "open" ? "[open]" : name) \(operands)" + (opts.isEmpty ? "" : " " + opts)
    }
}

/// Options shared by several commands, defined once.
enum SharedOptions {
    static let modes = Mode.allCases.map(\.rawValue)
    static let dump: [OptionSpec] = [
        OptionSpec(
            "--mode", "MODE", "the mode of a dump, which records none: \(modes.joined(separator: ", ")) (default normal, shown as assumed)",
            choices: modes),
        OptionSpec("--test", "NAME", "the test name of a dump (default imported/<file name>)"),
    ]
    static let ascii = OptionSpec("--ascii", nil, "ASCII only: plain glyphs, and ? for text outside ASCII (also whenever the locale is not UTF-8)")
    static let color = OptionSpec(
        "--color", "WHEN", "auto (default: on a terminal, unless NO_COLOR is set), always or never",
        choices: ColorChoice.allCases.map(\.rawValue))
    static let output: [OptionSpec] = [ascii, color]
    static let graphics = OptionSpec(
        "--graphics", "MODE", "how screenshots are drawn: auto (by what the terminal answers), symbols, sixel, kitty, iterm, none",
        choices: ["auto", "symbols", "sixel", "kitty", "iterm", "none"])
    static let select = OptionSpec(
        "--select", "ID|PATH", "open on this element: an identifier, or a path as the tree writes it (Application/Window/Button[1])")
}

enum Commands {
    static let open = CommandSpec(
        name: "open", operands: "ARCHIVE|FOLDER...",
        summary: "the interactive inspector (one archive) or archive list (several, or a folder); plain text in a pipe",
        description: """
            One archive opens the interactive inspector when stdout is a terminal (and TERM is not dumb); otherwise \
            it prints what `render --findings` prints. Several archives, or a folder (searched for archives), open \
            the archive list: grouped by screen, sortable and filterable; Enter inspects, c compares a screen's runs. \
            In a pipe the list is printed in full. Press ? inside for the keys.
            """,
        options: [
            SharedOptions.select, SharedOptions.graphics,
            OptionSpec("--baseline", "FILE", "known issues marked on their findings; b in the inspector records more (docs/triage.md)"),
            EngineOptions.since, EngineOptions.flaky,
        ]
            + StringsOption.options + SharedOptions.output + SharedOptions.dump, exitStatus: "0 success, 2 an input could not be read, 64 usage error"
    )

    static let render = CommandSpec(
        name: "render", operands: "ARCHIVE",
        summary: "the scaled text wireframe of the screen, with a header and a legend",
        description: """
            Draws the screen as a text wireframe: the window outline, a box per element with its text, elements \
            with findings highlighted (blocking ┏━┓ or !, review ┌┄┐ or ?), the failing element marked ✗ (X in ASCII).
            """,
        options: [
            OptionSpec("--width", "N", "columns (default: the terminal's width, else 80)"),
            OptionSpec("--height", "N", "rows at most (default: as many as the screen's aspect ratio needs)"),
            OptionSpec("--findings", nil, "number the elements with findings [1], [2]... and list the findings under the drawing"),
            OptionSpec("--mirror", nil, "draw an LTR run where right-to-left layout would put each element"),
            SharedOptions.select,
            OptionSpec("--screenshot", nil, "draw the failure screenshot (Unicode block symbols) with the --select element outlined"),
            SharedOptions.graphics,
        ] + EngineOptions.all + SharedOptions.output + SharedOptions.dump, exitStatus: nil)

    static let tree = CommandSpec(
        name: "tree", operands: "ARCHIVE",
        summary: "the hierarchy, one element a line: type, identifier, text, frame, flags",
        description: """
            Prints the hierarchy indented, one element a line: type, identifier, text, frame {x, y, w×h} and the \
            flags that are not defaults. The failing element is marked ✗ (X), elements with findings ‼ (!) or ?.
            """,
        options: EngineOptions.all + SharedOptions.output + SharedOptions.dump, exitStatus: nil)

    static let info = CommandSpec(
        name: "info", operands: "ARCHIVE",
        summary: "mode and versions, the failure, the hierarchy's size, the test data, the attachments",
        description: """
            Prints what the gate archived: mode and versions, the failing element, the hierarchy's size, the \
            test data, and the attachments with whether each file exists (paths that leave the archive's folder \
            are refused).
            """,
        options: EngineOptions.all + SharedOptions.output + SharedOptions.dump, exitStatus: nil)

    static let check = CommandSpec(
        name: "check", operands: "ARCHIVE|FOLDER...",
        summary: "the layout checks for CI: findings by archive, blocking first; the rtl pair rule where both runs are given",
        description: """
            Checks every archive (folders are searched) and prints its findings, blocking first. An rtl archive \
            with an LTR run of the same screen among the inputs also gets the rtl-not-mirrored pair rule.
            """,
        options: [
            ReportFormat.option,
            OptionSpec("--json", nil, "machine-readable output (docs/checks.md): --format json"),
            OptionSpec("--junit", "FILE", "also write JUnit XML: a test case per archive, a failure per blocking finding"),
            OptionSpec("--force", nil, "replace the --junit FILE (or --attachments files) if it exists (never an input of the run)"),
            OptionSpec(
                "--attachments", "DIR",
                "write each failed run's picture (PNG) and text wireframe under DIR, named in JUnit ([[ATTACHMENT|path]]) and SARIF"),
            OptionSpec("--min-severity", "S", "blocking: only blocking findings; review (default): all", choices: Severity.allCases.map(\.rawValue)),
            OptionSpec(
                "--rule", "ID", "only this rule (repeatable): " + Rule.allCases.map(\.rawValue).joined(separator: ", "),
                choices: Rule.allCases.map(\.rawValue), repeatable: true),
            OptionSpec("--group", nil, "summarise by rule and by screen (how many archives share each fault)"),
            OptionSpec("--markdown", nil, "a Markdown report for a ticket: a section per archive with its failure and findings: --format markdown"),
            OptionSpec(
                "--accept-no-hierarchy", nil,
                "count a failed run without a hierarchy (a unit test's, an assertion's) as checked instead of failing CI with status 3"),
        ] + EngineOptions.all + SharedOptions.output + SharedOptions.dump,
        exitStatus:
            "0 everything given was read and checked and nothing blocks; 1 something blocks; 2 an input could not be read (the rest are still checked); 3 nothing blocks, but something was not checked (a failed build, a test action that did not start, a failed run without a hierarchy)"
    )

    static let compare = CommandSpec(
        name: "compare", operands: "A B",
        summary: "two runs side by side with their differences and, rtl against LTR, the pair findings",
        description: """
            Matches the elements of two runs (identifier, then type + text + place in the tree) and lists what \
            is only in A or B, moved, resized, changed text or hittability; for an rtl run B against an LTR run A, \
            what was not mirrored (the rtl-not-mirrored pair rule). Interactive on a terminal (] and [ jump \
            between differences, Enter opens the row's element in the inspector of its run, y copies it, i shows \
            the row's whole text).
            """,
        options: [
            OptionSpec("--json", nil, "machine-readable output (docs/comparison.md)"),
            OptionSpec("--width", "N", "columns of the plain output (default: the terminal's width, else 160)"),
            OptionSpec("--height", "N", "rows of the plain output at most"),
        ] + EngineOptions.all + SharedOptions.output + SharedOptions.dump, exitStatus: "0 same, 1 different, 2 trouble")

    static let importDump = CommandSpec(
        name: "import", operands: "DUMP|BUNDLE",
        summary: "a real-world dump as a v1 archive; a result bundle's failed runs as archive folders",
        description: """
            A DUMP (XCUITest debugDescription text, Appium page-source XML, WebDriverAgent's JSON source or idb's \
            describe-all JSON, \
            recognized by content) becomes a \
            format v1 archive on stdout, or in FILE (refused if it exists, unless --force; written atomically). \
            An incomplete dump is imported as far as it goes, with a warning naming the line. A result BUNDLE \
            (`.xcresult`, or `BUNDLE#N` for one run) becomes one folder per failed run under DIR: archive.json and \
            every attachment, named by what it is; each folder appears whole or not at all. Without -o, prints \
            what it would write. A bundle without failed tests writes nothing and says so.
            """,
        options: [
            OptionSpec("--output", "FILE|DIR", "write the archive to FILE (a dump) or the run folders under DIR (a bundle)", alias: "-o"),
            OptionSpec("--force", nil, "replace FILE, or run folders under DIR, that already exist"),
        ] + SharedOptions.dump, exitStatus: nil)

    static let baseline = CommandSpec(
        name: "baseline", operands: "add FILE ARCHIVE|FOLDER...",
        summary: "record known issues: add the matching findings to a baseline file, with reason, owner and expiry",
        description: """
            Checks the archives and adds the findings that match the filters to the baseline FILE (created if \
            missing; written atomically, entries sorted by fingerprint, an existing entry for the same \
            fingerprint replaced). `check --baseline FILE` then marks them known: shown, not blocking, until the \
            day after they expire. Give at least one filter, or --all.
            """,
        options: [
            OptionSpec("--reason", "TEXT", "why the finding is known (required)"),
            OptionSpec("--owner", "NAME", "who owns the fix (required)"),
            OptionSpec("--expires", "DATE", "the last day it is known, YYYY-MM-DD (default: 30 days from today)"),
            OptionSpec("--fingerprint", "FP", "only this finding (repeatable; check --json prints fingerprints)", repeatable: true),
            OptionSpec("--rule", "ID", "only findings of this rule (repeatable)", choices: Rule.allCases.map(\.rawValue), repeatable: true),
            OptionSpec("--element", "ID|PATH", "only findings on this element: an identifier or a path"),
            OptionSpec("--all", nil, "every finding of the archives"),
        ] + StringsOption.options + SharedOptions.dump, exitStatus: "0 entries added, 2 invalid input, 64 usage error")

    static let audit = CommandSpec(
        name: "audit", operands: "PATH...",
        summary: "the release leak check: pseudo resources, the pseudo switch, test code and DEBUG in what ships",
        description: """
            Audits built products (an .app folder, an .ipa or zipped .app, an .xcarchive) and Xcode projects \
            (an .xcodeproj: its project.pbxproj, schemes, the .xcconfig files it names and the string tables its \
            apps copy; or an XcodeGen project.yml, read as the project it generates), or the ones in a folder, for \
            what a release must not ship: pseudo-locale folders and pseudo-localized string tables, the pseudo \
            switch (PSEUDO_LOCALE, the launch defaults) in the executable and frameworks, test frameworks, plug-ins \
            and test or debug servers (Calabash, KIF, EarlGrey, FLEX, Reveal…), source files in the bundle, each \
            locale's missing and untranslated keys, DEBUG in a configuration a scheme archives, and pseudolanguages \
            in archived schemes. Reads, never writes or unpacks (docs/checks.md, "Release leak audit").
            """,
        options: [
            ReportFormat.option,
            OptionSpec("--json", nil, "machine-readable output (docs/checks.md): --format json"),
            OptionSpec("--junit", "FILE", "also write JUnit XML: a test case per product, a failure holding its blocking findings"),
            OptionSpec("--force", nil, "replace the --junit FILE if it exists (never an input)"),
            OptionSpec("--markdown", nil, "a Markdown report for a ticket: a section per product: --format markdown"),
        ] + SharedOptions.output,
        exitStatus:
            "0 everything given was read and audited and nothing blocks; 1 something blocks; 2 something given could not be read; 3 nothing blocks, but part of something given could not be audited"
    )

    static let help = CommandSpec(
        name: "help", operands: "[COMMAND]",
        summary: "this help, or a command's",
        description:
            "Prints the help of the tool or of a command; the README's generated tables (`--markdown`), the manual page (`--man`) or a shell's completions (`--completions bash|zsh|fish`), all from the same tables.",
        options: [
            OptionSpec("--markdown", nil, "the command and key tables as Markdown, as README.md shows them"),
            OptionSpec("--man", nil, "the manual page pseudoscope(1), in roff (man -l - reads it)"),
            OptionSpec("--completions", "SHELL", "the completion script for bash, zsh or fish", choices: Completions.Shell.allCases.map(\.rawValue)),
        ], exitStatus: nil)

    /// In the order `--help` lists them.
    static let all: [CommandSpec] = [open, render, tree, info, check, audit, compare, importDump, baseline, help]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
