import PseudoscopeCore
import PseudoscopeDrawing

/// Draws the archive list of a run set: one row per archive, the runs of a screen together. Reads only the state.
public enum RunSetView {
    public static let minimumWidth = 60
    public static let minimumHeight = 10

    struct Column {
        var title: String
        var width: Int
        /// Cut from the front (a path, whose end tells it apart), not the back.
        var keepsEnd = false
        var value: (RunSetEntry) -> String
        /// The FROM column: the state's label for the row (`RunSetState.fromLabels`), not a value of the entry alone.
        var isFrom = false
    }

    /// Columns that fit: the test and failing identifier take what the fixed columns leave.
    static func columns(width: Int, fromWidth: Int = 18) -> [Column] {
        var fixed: [Column] = [
            Column(title: "MODE", width: 8) { $0.summary?.mode.rawValue ?? ($0.error != nil ? "error" : $0.notChecked != nil ? "-" : "…") },
            Column(title: "BLK", width: 4) { $0.countColumn($0.counts.blocking) },
            Column(title: "REV", width: 4) { $0.countColumn($0.counts.review) },
        ]
        // Where a row comes from first (two bundles' runs of one test look alike otherwise), dropped last.
        var optional: [Column] = [
            Column(title: "FROM", width: fromWidth, keepsEnd: true, value: { ArchiveText.shortPath($0.path) }, isFrom: true),
            Column(title: "LOCALE", width: 7) { $0.summary?.locale ?? "" },
            Column(title: "DEVICE / OS", width: 20) { $0.summary.map { "\($0.device), \($0.os)" } ?? "" },
            Column(title: "XCODE", width: 16) { $0.summary?.xcode ?? "" },
        ]
        // Drop optional columns from the right until the flexible ones get at least 40 columns.
        while !optional.isEmpty, width - 2 - (fixed + optional).reduce(0, { $0 + $1.width + 1 }) < 40 { optional.removeLast() }
        fixed += optional
        let rest = max(10, width - 2 - fixed.reduce(0) { $0 + $1.width + 1 })
        let testWidth = rest * 65 / 100
        return [fixed[0], fixed[1], fixed[2]]
            + [
                Column(title: "TEST (SCREEN)", width: testWidth) { e in
                    e.summary.map { "\($0.test) (\($0.screen))" + ($0.listNote.isEmpty ? "" : " " + $0.listNote) } ?? (e.problem ?? e.path)
                }
            ]
            + Array(fixed.dropFirst(3))
            + [Column(title: "FAILING", width: rest - testWidth - 1) { $0.summary?.failingSummary ?? "" }]
    }

    public static func render(_ s: RunSetState, facts: SessionFacts = SessionFacts()) -> Canvas {
        guard s.chrome.width >= minimumWidth, s.chrome.height >= minimumHeight else {
            return Overlay.tooSmall(
                width: s.chrome.width, height: s.chrome.height, minimumWidth: minimumWidth, minimumHeight: minimumHeight, glyphs: s.chrome.glyphs)
        }
        var c = Canvas(width: s.chrome.width, height: s.chrome.height, asciiOnly: s.chrome.glyphs.isASCII)
        let loaded = s.entries.compactMap { $0 }
        var filters: [String] = []
        if let m = s.modeFilter { filters.append("mode \(m.rawValue)") }
        if s.severityFilter != .all { filters.append(s.severityFilter.rawValue) }
        if !s.filterText.isEmpty { filters.append("\"\(s.filterText)\"") }
        // The filter first, with how many rows it shows: at the end of a long header it was cut off, and its rows
        // were counted against the header's "blocked" without a word.
        let filtered =
            filters.isEmpty ? "" : " · filter: " + filters.joined(separator: ", ") + " (\(s.rows.count) row\(s.rows.count == 1 ? "" : "s"))"
        let header =
            "Run set: \(s.paths.count) archive\(s.paths.count == 1 ? "" : "s")" + filtered + " · \(RunSetEntry.headerCounts(loaded, tests: s.tests))"
            + " · sorted by \(s.sort.rawValue)"
        c.fill(x: 0, y: 0, width: s.chrome.width, height: 1, role: .header)
        c.put(DisplayWidth.clip(TerminalText.sanitize(header), to: s.chrome.width, ellipsis: s.chrome.glyphs.ellipsis), x: 0, y: 0, role: .header)
        // FROM as wide as the paths that tell runs apart need, within reason.
        let cols = columns(width: s.chrome.width, fromWidth: min(32, max(18, s.fromLabels.map { DisplayWidth.of($0) }.max() ?? 0)))
        var x = 2
        for col in cols {
            c.put(col.title, x: x, y: 1, role: .title, maxWidth: col.width)
            x += col.width + 1
        }
        let rows = s.chrome.height - 3
        var previousScreen: String?
        let scroll = s.list.scroll
        if scroll > 0, scroll - 1 < s.rows.count { previousScreen = s.entries[s.rows[scroll - 1]]?.summary?.group }
        for k in 0..<rows {
            let r = scroll + k
            guard r < s.rows.count else { break }
            let index = s.rows[r]
            let y = 2 + k
            let selected = r == s.cursor
            let entry = s.entries[index] ?? RunSetEntry(loading: s.paths[index])
            if selected { c.fill(x: 0, y: y, width: s.chrome.width, height: 1, role: .selected) }
            let n = entry.counts
            let mark = entry.problem != nil ? "!" : n.blockingNow > 0 ? s.chrome.glyphs.blockingMark : n.total > 0 ? s.chrome.glyphs.reviewMark : " "
            let markRole: StyleRole = selected ? .selected : entry.problem != nil || n.blockingNow > 0 ? .blocking : .review
            c.put(mark, x: 0, y: y, role: markRole, maxWidth: 1)
            // The first row of a screen's group names it; the others are indented under it.
            let screen = entry.summary?.group
            let continues = screen != nil && screen == previousScreen
            previousScreen = screen
            var cx = 2
            for col in cols {
                var text = TerminalText.sanitize(col.isFrom ? s.fromLabels[index] : col.value(entry))
                if col.title.hasPrefix("TEST"), continues { text = "  " + text }
                let role: StyleRole = selected ? .selected : (entry.problem != nil && col.title.hasPrefix("TEST") ? .blocking : .normal)
                let cut =
                    col.keepsEnd
                    ? DisplayWidth.clipKeepingEnd(text, to: col.width, ellipsis: s.chrome.glyphs.ellipsis)
                    : DisplayWidth.clip(text, to: col.width, ellipsis: s.chrome.glyphs.ellipsis)
                c.put(cut, x: cx, y: y, role: role)
                cx += col.width + 1
            }
        }
        let left: String
        if let q = s.filterQuery {
            left = "/\(q)▏ \(s.rows.count) shown  (Enter: keep, Esc: cancel)"
        } else if let m = s.chrome.message {
            left = m
        } else if s.isLoading {
            left = s.allReceived ? "Pairing the rtl runs with their LTR runs: counts not final yet…" : "Loading \(s.loadedCount)/\(s.paths.count)…"
        } else if let k = s.selectedEntry, let e = s.entries[k] {
            // The message's lines joined by a visible separator: a line break would be drawn as a literal `\n`.
            left =
                e.problem ?? e.summary.map {
                    $0.failureMessage.splitLines(omittingEmpty: true).map { String($0.drop { $0 == " " || $0 == "\t" }) }.joined(separator: " · ")
                } ?? e.path
        } else {
            left = s.rows.isEmpty ? "No archive matches the filters (Esc clears them)" : ""
        }
        Overlay.drawStatus(
            &c, left: TerminalText.sanitize(left), right: Overlay.notesMark(facts) + "\(s.rows.isEmpty ? 0 : s.cursor + 1)/\(s.rows.count)",
            glyphs: s.chrome.glyphs)
        if s.chrome.showingHelp { Overlay.drawHelp(&c, lines: RunSetState.keys.helpLines(glyphs: s.chrome.glyphs), chrome: s.chrome) }
        return c
    }
}
