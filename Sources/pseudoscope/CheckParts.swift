import PseudoscopeCore
import PseudoscopeDrawing

/// The part of each report of `check` that an archive's findings make: its finding lines (text), its findings'
/// values (JSON), its skipped note, failures and system-out (JUnit), its table and the commands that open it
/// (Markdown). A night's parts are written by the worker that judged each archive (`FindingSpool.Reports`) and the
/// report copies them in order; a report without one (a single input, or a run whose pairing changed its findings)
/// writes it from the findings with the same `write`: one writer of each.
enum CheckPart: Sendable {
    case text(Glyphs, color: Bool)
    case json
    /// `acceptNoHierarchy`: a run without a hierarchy is skipped with its reason (`--accept-no-hierarchy`).
    case junit(acceptNoHierarchy: Bool)
    case markdown

    enum Kind { case text, json, junit, markdown }

    var kind: Kind {
        switch self {
        case .text: .text
        case .json: .json
        case .junit: .junit
        case .markdown: .markdown
        }
    }

    /// Writes an archive's part from its findings (filtered, sorted), after what `out` holds.
    var write: FindingSpool.Reports.Part {
        switch self {
        case .text(let glyphs, let color):
            return { found, _, out in CheckCommand.putFindingLines(found, glyphs: glyphs, color: color, into: &out) }
        case .json:
            return { found, _, out in
                // Room for about 500 bytes a finding up front: grown by doubling, it was copied four times.
                var w = JSONWriter(capacity: 64 + 512 * found.count)
                CheckJSON.putFindings(found, into: &w) { _ in }
                w.flush { out.put($0) }
            }
        case .junit(let accept):
            return { found, archive, out in JUnitReport.putFindings(found, of: archive, acceptNoHierarchy: accept, into: &out) }
        case .markdown:
            return { found, archive, out in CheckMarkdown.putFindings(found, of: archive, into: &out) }
        }
    }

    /// The report `check` writes to standard output with these options (Markdown before JSON, JSON with or
    /// without `--group`): nil for the text `--group`, which counts and has no part.
    static func standardOutput(json: Bool, markdown: Bool, grouped: Bool, glyphs: Glyphs, color: Bool) -> CheckPart? {
        if markdown { return .markdown }
        if json { return .json }
        return grouped ? nil : .text(glyphs, color: color)
    }
}
