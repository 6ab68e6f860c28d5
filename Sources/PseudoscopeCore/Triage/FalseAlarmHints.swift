/// Why findings on a screen may be false alarms, from the screen itself (docs/triage.md): the gate's own
/// design names what makes a layout check unreliable. A hint never changes a severity; each finding of the
/// screen carries it so that whoever reads the finding also reads why it may not hold.
public enum FalseAlarmHints {
    public static func hints(_ a: Archive) -> [String] {
        let h = a.hierarchy
        guard a.hierarchyNote == nil, h.count > 0 else { return [] }
        var out: [String] = []
        func name(_ i: Int) -> String { TerminalText.sanitize(h[i].reference) }
        func shown(_ i: Int) -> Bool { !h[i].frame.isEmpty && h[i].isVisible != false }

        // Something still loading: layout may still move.
        // Types compared one by one, not looked up in an array literal (which was built for every element).
        if let i = h.indices.first(where: { (h[$0].type == "ActivityIndicator" || h[$0].type == "ProgressIndicator") && shown($0) }) {
            out.append("may be a false alarm: \(name(i)) visible (the screen may still be loading)")
        }
        // A system dialog or another app on top: what the test saw is not (only) the app's screen.
        if let i = h.indices.first(where: { (h[$0].type == "Alert" || h[$0].type == "Sheet") && shown($0) }) {
            out.append("may be a false alarm: \(name(i)) present (a dialog covers the screen)")
        } else if let i = h.indices.first(where: { i in
            // The type first: lowercasing every element's texts cost a third of `render` on large screens.
            guard h[i].type == "Application" || h[i].type == "Window" else { return false }
            return [h[i].identifier, h[i].label, h[i].title].contains { $0.lowercased().contains("springboard") }
        }) {
            out.append("may be a false alarm: \(name(i)) present (the system's springboard is on screen)")
        }
        let windows = h.indices.filter { h[$0].type == "Window" && shown($0) && !(h[$0].isKeyboardWindow) }
        if windows.count > 1 {
            out.append("may be a false alarm: \(windows.count) windows on screen (another scene or a system window may be on top)")
        }
        // Test data that the screen shows with another length than the archive's fixed data: the run did not use
        // the data it says, so text lengths (and truncation) may differ from a rerun.
        // Elements by the first byte of their text (the test's first condition), made once: an archive with many
        // test-data values asked every element about each of them.
        var byFirstByte: [UInt8: [Int]]?
        for (key, value) in a.testData.members {
            guard case .string(let fixed) = value, fixed.count >= 4, let b = fixed.utf8.first else { continue }
            if byFirstByte == nil {
                var table: [UInt8: [Int]] = [:]
                for i in h.indices { if let first = h[i].displayText.utf8.first { table[first, default: []].append(i) } }
                byFirstByte = table
            }
            if let i = byFirstByte?[b]?.first(where: { differsInLength(shown: h[$0].displayText, fixed: fixed) }) {
                out.append("may be a false alarm: \(name(i)) shows test data '\(TerminalText.sanitize(key))' with another length than the archive's (\(h[i].displayText.count) vs \(fixed.count) characters)")
                break
            }
        }
        return out
    }

    /// The text starts like the fixed value (a common start of at least 4 characters and half the value) but
    /// goes on differently: `Order #123456789` for `Order #12345`, `Zoë Ångstr` for `Zoë Ångström`. Equal text,
    /// or the value followed by a word boundary (`Zoë` in `Zoë Ångström` as a first name), is not a difference.
    static func differsInLength(shown: String, fixed: String) -> Bool {
        // Most texts differ in their first byte: no character arrays for them (this runs for every element).
        guard let first = shown.utf8.first, first == fixed.utf8.first, shown != fixed else { return false }
        let a = Array(shown), b = Array(fixed)
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        guard common >= 4, common * 2 >= b.count else { return false }
        if common == b.count {
            // The whole value, then more: only a continuation of the same token counts.
            let next = a[common]
            return next.isLetter || next.isNumber
        }
        return a.count != b.count
    }
}

extension Element {
    /// The keyboard's own window (a second window every text entry brings): not a sign of a foreign scene.
    var isKeyboardWindow: Bool { identifier.lowercased().contains("keyboard") || label.lowercased().contains("keyboard") }
}
