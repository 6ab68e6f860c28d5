import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `check --baseline FILE` and `check --since PREVIOUS` (docs/triage.md): read once, applied to every finding.
enum CheckTriage {
    static func read(baseline: String?, since: String?, engine: Engine) throws -> Triage {
        // A baseline that does not exist yet is empty: `b` in the inspector or `baseline add` creates it.
        let baseline = try baseline.map(BaselineFile.read)
        let previous = try since.map { try PreviousRun.load($0, engine: engine) }
        return Triage(baseline: baseline, today: try CalendarDay.today(environment: processEnvironment), previous: previous)
    }
}

/// What the triage found across the run: baseline entries nothing matched, and, since a previous run, how many
/// findings are new, still there or gone.
struct TriageSummary {
    var usedBaseline = false
    var stale: [Baseline.Entry] = []
    var since: (new: Int, still: Int, gone: [(fingerprint: String, description: String)])?

    init() {}

    init(_ triage: Triage?, _ night: Night) {
        guard let triage else { return }
        usedBaseline = triage.baseline != nil
        // Without a baseline or a previous run there is nothing to summarize.
        guard triage.baseline != nil || triage.previous != nil else { return }
        // Every finding's fingerprint, kept by each summary for this: the findings themselves wait in the spool.
        let summaries = night.outcomes.compactMap(\.summary)
        let fingerprints = Set(summaries.flatMap(\.fingerprints))
        stale = triage.stale(fingerprints, screens: Set(summaries.map(\.screen)))
        if triage.previous != nil {
            // New and still there as the verdicts count them: the same numbers as each run's.
            since = (
                night.totals.counts.new, night.totals.counts.still,
                triage.gone(fingerprints, runs: Set(summaries.map { "\($0.screen)|\($0.mode.rawValue)" }))
            )
        }
    }

    /// Lines for the text report's end.
    var lines: [String] {
        var out: [String] = []
        if let s = since {
            out.append("Since the previous run: \(s.new) new, \(s.still) still there, \(s.gone.count) gone")
            for g in s.gone.prefix(50) { out.append("  gone: \(g.description) [\(g.fingerprint)]") }
            if s.gone.count > 50 { out.append("  … \(s.gone.count - 50) more gone") }
        }
        if !stale.isEmpty {
            out.append("Stale baseline entries (no finding matches them any more; remove them or check the element):")
            for e in stale {
                out.append(
                    "  [\(e.fingerprint)] line \(e.line): \([e.rule, e.screen, e.element].compactMap { $0 }.joined(separator: " · ")) — \(e.reason)")
            }
        }
        return out.map(TerminalText.sanitize)
    }

    func write(_ w: inout JSONWriter) {
        if usedBaseline {
            w.beginArray("stale")
            for e in stale {
                w.beginObject()
                w.string("fingerprint", e.fingerprint)
                w.number("line", Double(e.line))
                w.string("reason", e.reason)
                w.string("owner", e.owner)
                w.string("expires", e.expires.description)
                w.endObject()
            }
            w.endArray()
        }
        if let s = since {
            w.beginObject("since")
            w.number("new", Double(s.new))
            w.number("still", Double(s.still))
            w.beginArray("gone")
            for g in s.gone {
                w.beginObject()
                w.string("fingerprint", g.fingerprint)
                w.string("finding", g.description)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
    }
}
