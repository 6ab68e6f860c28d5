import PseudoscopeCore

/// The archive's header line and the short names of runs: what a header, a list's FROM column and a title show.
extension ArchiveText {
    /// `CheckoutUITests/testCheckoutLayoutExpanded · EXPANDED · LTR · de_DE · iPhone 16 · iOS 18.2 · Xcode 16.2 (16C5032a)`
    public static func header(_ a: Archive, mirror: Bool = false) -> String {
        TerminalText.sanitize(headerParts(a, mirror: mirror).map(\.text).joined(separator: " · "))
    }

    /// One part of the header and how readily it goes when the line is too narrow: the highest `drop` first.
    /// The mode never goes; the test name is cut before it goes.
    public struct HeaderPart: Equatable, Sendable {
        public var text: String
        public var drop: Int
        public static let never = 0
        public static let test = 1
    }

    public static func headerParts(_ a: Archive, mirror: Bool = false) -> [HeaderPart] {
        var parts = [
            HeaderPart(text: a.test, drop: HeaderPart.test), HeaderPart(text: a.mode.banner + modeOrigin(a, short: true), drop: HeaderPart.never),
        ]
        // The direction goes first (the mode says it), unless the drawing is a mirror; the device goes last: two
        // devices' runs of one screen are told apart by it (issue 78).
        parts.append(
            HeaderPart(
                text: a.mode.isRightToLeft ? "right-to-left" : (mirror ? "right-to-left mirror of an LTR run" : "left-to-right"), drop: mirror ? 3 : 9
            ))
        if let l = a.locale, !l.isEmpty { parts.append(HeaderPart(text: l, drop: 4)) }
        if let facts = a.imported, a.run == nil {
            // A dump records no device or versions: say where it came from instead of printing "unknown".
            parts.append(HeaderPart(text: "imported \(facts.format) dump" + (facts.incomplete == nil ? "" : " (incomplete)"), drop: 5))
        } else {
            parts.append(HeaderPart(text: a.environment.simulator, drop: 3))
            parts.append(HeaderPart(text: a.environment.os, drop: 6))
            parts.append(HeaderPart(text: "Xcode " + a.environment.xcode, drop: 7))
        }
        // The bundle's failed run, then which try of its test it was: two different counts, said apart.
        if let run = a.run {
            parts.append(HeaderPart(text: "failed run #\(run.number) of \(run.runCount)" + (run.repetition.map { ", \($0)" } ?? ""), drop: 8))
        }
        return parts
    }

    /// The header in at most `width` columns: the parts said elsewhere go, the test name is cut to 30 columns, the
    /// other parts go in order of `drop`, then the test name is cut further (never below 12 columns), then it goes
    /// too; the mode stays.
    public static func fittedHeader(_ a: Archive, mirror: Bool = false, width: Int, ellipsis: String) -> String {
        var parts = headerParts(a, mirror: mirror).map { HeaderPart(text: TerminalText.sanitize($0.text), drop: $0.drop) }
        func joined() -> String { parts.map(\.text).joined(separator: " · ") }
        func dropWorst(from least: Int) {
            while DisplayWidth.of(joined()) > width, let worst = parts.filter({ $0.drop >= least }).max(by: { $0.drop < $1.drop }) {
                parts.removeAll { $0 == worst }
            }
        }
        func cutTest(to least: Int) {
            guard DisplayWidth.of(joined()) > width, let k = parts.firstIndex(where: { $0.drop == HeaderPart.test }) else { return }
            let room = width - (DisplayWidth.of(joined()) - DisplayWidth.of(parts[k].text))
            parts[k].text = clipKeepingEnd(parts[k].text, to: max(room, least), ellipsis: ellipsis)
        }
        // What is said elsewhere goes first (the direction, which try of the run); then a long test name is cut to 30
        // columns before the versions, the locale and the device go.
        dropWorst(from: 8)
        cutTest(to: 30)
        dropWorst(from: HeaderPart.test + 1)
        if DisplayWidth.of(joined()) > width, let k = parts.firstIndex(where: { $0.drop == HeaderPart.test }) {
            let rest = DisplayWidth.of(joined()) - DisplayWidth.of(parts[k].text)
            let room = width - rest
            if room >= 12 { parts[k].text = clipKeepingEnd(parts[k].text, to: room, ellipsis: ellipsis) } else { parts.remove(at: k) }
        }
        return DisplayWidth.clip(joined(), to: max(1, width), ellipsis: ellipsis)
    }

    /// A test's name cut from its start: `…/testCheckoutLayoutExpanded` keeps the method, which names the test;
    /// the class it cuts is the same for many.
    static func clipKeepingEnd(_ s: String, to width: Int, ellipsis: String) -> String {
        guard DisplayWidth.of(s) > width else { return s }
        var kept = ""
        var used = DisplayWidth.of(ellipsis)
        for c in s.reversed() {
            let w = DisplayWidth.of(String(c))
            guard used + w <= width else { break }
            kept.insert(c, at: kept.startIndex)
            used += w
        }
        return ellipsis + kept
    }

    /// A path short enough for a header: `settings-normal` for `…/settings-normal/archive.json`,
    /// `normal/LayoutTests.xcresult#1` for a bundle run (the folder says the mode).
    public static func shortPath(_ path: String) -> String { RunPath.short(path) }

    /// Each path as short as it can be and still tell its run from every other's (issue: `iPad/settings-rtl` and
    /// `iPhoneSE/settings-rtl` both showed `settings-rtl`): `shortPath`'s ending, longer by a folder at a time
    /// while another path ends alike.
    public static func distinguishingPaths(_ paths: [String]) -> [String] {
        // A bundle's run is its bundle and its number, apart: `LayoutTests.xcresult`, `#3`.
        let parts = paths.map { path -> [Substring] in
            var comps = Substring(RunPath.folder(path)).split(separator: "/")
            if let last = comps.last, let hash = last.lastIndex(of: "#"), hash > last.startIndex,
                last[last.index(after: hash)...].allSatisfy(\.isNumber), !last[last.index(after: hash)...].isEmpty
            {
                comps[comps.count - 1] = last[..<hash]
                comps.append(last[hash...])
            }
            return comps
        }
        // A folder or bundle at the same place in every path (`TestResults`, `LayoutTests.xcresult`) tells no row
        // from another: left out, unless nothing else but the run's number would be left.
        let depth = parts.map(\.count).min() ?? 0
        var constant = Set<Int>()
        if paths.count > 1 {
            for i in 0..<depth where Set(parts.map { $0[$0.count - 1 - i] }).count == 1 { constant.insert(i) }
        }
        // The run's own name (its folder, or a bundle run's number) is always said.
        constant.remove(0)
        let shown = parts.map { comps -> [Substring] in
            let kept = comps.enumerated().filter { !constant.contains(comps.count - 1 - $0.offset) }.map(\.element)
            return kept.contains(where: { !$0.hasPrefix("#") }) ? kept : comps
        }
        var keep = shown.map { $0.last?.hasPrefix("#") == true ? 2 : 1 }
        // At most as many rounds as the deepest path: each round lengthens the labels that still collide.
        for _ in 0..<(shown.map(\.count).max() ?? 0) {
            var seen: [String: [Int]] = [:]
            for k in paths.indices { seen[shown[k].suffix(keep[k]).joined(separator: "/"), default: []].append(k) }
            var grew = false
            for (_, members) in seen where members.count > 1 {
                for k in members where keep[k] < shown[k].count { keep[k] += 1; grew = true }
            }
            if !grew { break }
        }
        // `rtl/LayoutTests.xcresult#3` as the path says it; `iPhone15/rtl #3` where the bundle was left out.
        return paths.indices.map { k in
            var label = ""
            for c in shown[k].suffix(keep[k]) {
                if c.hasPrefix("#") {
                    label += label.hasSuffix(".xcresult") || label.isEmpty ? c : " " + c
                } else {
                    label += (label.isEmpty ? "" : "/") + c
                }
            }
            return label
        }
    }
}
