import PseudoscopeCore
import PseudoscopeDrawing

/// The archive list as plain text (`pseudoscope FOLDER | cat`): every archive on its own line, in the list's
/// order, with columns as wide as their content. Nothing is cut unless a terminal width is given.
public enum RunSetReport {
    public static func lines(_ s: RunSetState, width: Int?, glyphs: Glyphs) -> [(String, StyleRole)] {
        let titles = ["", "MODE", "BLK", "REV", "TEST (SCREEN)", "FROM", "LOCALE", "DEVICE / OS", "XCODE", "FAILING"]
        var table: [[String]] = []
        var roles: [StyleRole] = []
        var previousScreen: String?
        for k in s.rows {
            let e = s.entries[k] ?? RunSetEntry(loading: s.paths[k])
            let screen = e.summary?.group
            let continues = screen != nil && screen == previousScreen
            previousScreen = screen
            if let m = e.summary {
                let c = m.counts
                let mark = c.blockingNow > 0 ? glyphs.blockingMark : c.total > 0 ? glyphs.reviewMark : " "
                table.append(
                    [
                        mark, m.mode.rawValue, e.countColumn(c.blocking), e.countColumn(c.review),
                        (continues ? "  " : "") + "\(m.test) (\(m.screen))" + (m.listNote.isEmpty ? "" : " " + m.listNote),
                        s.fromLabels[k], m.locale ?? "", "\(m.device), \(m.os)", m.xcode, m.failingSummary,
                    ].map(TerminalText.sanitize))
                roles.append(c.blockingNow > 0 ? .blocking : .normal)
            } else {
                table.append([
                    "!", e.error != nil ? "error" : "-", e.countColumn(0), e.countColumn(0), TerminalText.sanitize(e.problem ?? e.path),
                    TerminalText.sanitize(s.fromLabels[k]), "", "", "", "",
                ])
                roles.append(.blocking)
            }
        }
        var widths = titles.map { DisplayWidth.of($0) }
        for row in table { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], DisplayWidth.of(cell)) } }
        func line(_ cells: [String]) -> String {
            var out = ""
            for (c, cell) in cells.enumerated() {
                out += c == cells.count - 1 ? cell : cell.padded(to: widths[c] + 1)
            }
            // Trailing spaces trimmed by bytes (a space is one byte and ends no other character).
            var end = out.utf8.endIndex
            while end > out.utf8.startIndex, out.utf8[out.utf8.index(before: end)] == UInt8(ascii: " ") { end = out.utf8.index(before: end) }
            let trimmed = String(out[..<end])
            return width.map { DisplayWidth.clip(trimmed, to: $0, ellipsis: glyphs.ellipsis) } ?? trimmed
        }
        let loaded = s.entries.compactMap { $0 }
        var out: [(String, StyleRole)] = [
            (
                line(["Run set: \(s.paths.count) archive\(s.paths.count == 1 ? "" : "s") · \(RunSetEntry.headerCounts(loaded, tests: s.tests))"]),
                .header
            )
        ]
        out.append((line(titles), .title))
        for (row, role) in zip(table, roles) { out.append((line(row), role)) }
        return out
    }
}
