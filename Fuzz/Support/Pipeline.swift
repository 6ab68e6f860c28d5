import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// What every fuzz target does with its input: whatever a user could feed a command, through everything a
/// command does with it. Any bytes are loaded the way `pseudoscope ARCHIVE` loads a file (archive or dump, by
/// content, with a mode chosen by the first byte as `--mode` would give it); a loaded archive is checked,
/// compared with itself and its mirror, written and read back, drawn by every view, and driven through the
/// inspector with keys. Only a crash, a hang or a sanitizer report is a failure: errors are answers.
enum Pipeline {
    static func run(_ data: UnsafePointer<UInt8>, _ size: Int) {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        var limits = LoadLimits()
        limits.maxElements = 20_000
        limits.maxDepth = 2_000
        let mode = Mode.allCases[Int(bytes.first ?? 0) % Mode.allCases.count]
        let loader = ArchiveLoader(limits: limits, dumpOptions: DumpOptions(mode: bytes.count % 2 == 0 ? mode : nil, test: nil))
        let source = ArchiveSource(path: "fuzz-input", folder: nil)
        // The fast path must read exactly what the general path reads.
        if let fast = try? loader.decodeFast(bytes, source: source) {
            guard let general = try? loader.decodeGeneral(bytes, source: source), general == fast else {
                fatalError("the fast path and the general path disagree")
            }
        }
        guard let archive = try? loader.load(bytes: bytes, source: source) else { return }
        exercise(archive, limits: limits)
    }

    static func exercise(_ a: Archive, limits: LoadLimits) {
        let findings = LayoutChecker(a).findings()
        var w = JSONWriter()
        w.beginArray()
        for f in findings { w.finding(f) }
        w.endArray()
        // Written and read back: an archive the tool writes must load.
        let encoded = ArchiveEncoder.encode(a)
        guard (try? ArchiveLoader(limits: limits).decode(Array(encoded.utf8), source: ArchiveSource(path: "encoded", folder: nil))) != nil else {
            fatalError("an imported archive does not read back")
        }
        let comparison = RunComparison(a, a)
        _ = ComparisonJSON.render(comparison)
        for glyphs in [a.hierarchy.count % 2 == 0 ? Glyphs.unicode : .ascii] {
            _ = RenderReport(archive: a, findings: findings, glyphs: glyphs, width: 60, height: nil, listFindings: true).canvas().renderANSI()
            _ = ArchiveText.treeLines(a, findings: findings, glyphs: glyphs)
            // The run's verdict as the engine makes it, the failure's query answered against the tree among it.
            let verdict = Verdict(
                findings: findings, hierarchyNote: a.hierarchyNote, pairing: .notApplicable, filter: FindingFilter(),
                acceptsNoHierarchy: false, incomplete: a.imported?.incomplete, answer: QueryAnswer.of(a))
            _ = ArchiveText.infoLines(a, verdict: verdict) { _ in "not checked" }
            _ = ComparisonReport(comparison: comparison, glyphs: glyphs, width: 100, height: 30).canvas().renderPlain()
        }
        var inspector = InspectorState(archive: a, findings: findings, width: 100, height: 30, glyphs: .unicode)
        let keys: [Key] = [
            .char("*"), .char("G"), .char("f"), .tab, .char("j"), .tab, .char("l"), .char("z"), .char("i"), .pageDown,
            .char("/"), .char("a"), .backspace, .char("e"), .enter, .char("n"), .char("m"), .char("x"), .resize(width: 61, height: 16),
        ]
        var app = AppState(.inspector(inspector))
        for (n, k) in keys.enumerated() {
            _ = app.update(.key(k))
            if n % 4 == 3 { _ = app.render() }
        }
        _ = inspector.update(.move(.bottom))
        _ = InspectorView.render(inspector).renderPlain()
    }
}
