import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// The options that decide a run's findings (`--strings`, `--development-language`, `--baseline`, `--since`,
/// `--flaky`, the dump options), read into the one `Engine` every command judges with: `check`, `info`,
/// `render`, `tree`, `compare`, the list and the inspector give the same run the same findings.
enum EngineOptions {
    static let since = OptionSpec(
        "--since", "PREVIOUS", "a previous night (a folder, or its saved check --json): each finding is new or still there; gone ones are listed")
    static let triage: [OptionSpec] = [
        OptionSpec(
            "--baseline", "FILE", "known issues (docs/triage.md): matching findings are marked known and do not block until their entry expires"),
        since,
    ]

    static let flaky = OptionSpec(
        "--flaky", "HOW",
        "a run whose test passed on a later attempt: blocking (default) judges it as any run; review makes its blocking findings review",
        choices: ["blocking", "review"])

    /// Every option the engine reads, for a command's table.
    static let all: [OptionSpec] = triage + [flaky] + StringsOption.options
}

/// The engine's options as given: what `engine()` builds the one `Engine` from.
struct EngineSettings {
    var dump: DumpOptions
    var baseline: String?
    var since: String?
    var flakyAsReview: Bool
    var strings: StringsSettings

    init(_ p: ParsedArguments) {
        dump = p.dumpOptions
        baseline = p.value("--baseline")
        since = p.value("--since")
        flakyAsReview = p.value("--flaky") == "review"
        strings = StringsSettings(p)
    }

    /// The engine for these options: the loader (limits, dump options), the string tables, the known issues and
    /// the previous run. `mixedInputs` lets a run set mix archives of every mode with dumps given `--mode`.
    func engine(mixedInputs: Bool = false) throws -> Engine {
        var options = dump
        if mixedInputs { options.refuseConflictingArchives = false }
        let load = try loader(options)
        let context = try strings.context()
        let triage = try CheckTriage.read(baseline: baseline, since: since, engine: Engine(loader: load, context: context))
        var engine = Engine(loader: load, triage: triage.isEmpty ? nil : triage, context: context)
        engine.flakyAsReview = flakyAsReview
        return engine
    }
}

/// How a printing command writes: `--color` and `--ascii`.
struct OutputSettings {
    var color: ColorChoice
    var ascii: Bool

    init(_ p: ParsedArguments) {
        color = p.choice("--color", ColorChoice.self) ?? .auto
        ascii = p.flag("--ascii")
    }
}
