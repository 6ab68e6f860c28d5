import Foundation
import PseudoscopeCore
import PseudoscopeScreens
import PseudoscopeScreensTestSupport
import Synchronization
import XCTest

/// One run, one answer: every sample archive, every real dump and every run of every real result bundle, judged by
/// `check --json`, `info`, `render --findings`, the plain open (a pipe), the archive list and the inspector (the
/// interactive program driven through the one effect interpreter), without and with known issues and a previous
/// night. Each must give the same findings, severities, known states and novelty, counted the same way.
final class OneAnswerTests: XCTestCase {
    /// What a user reads of one finding, in every presentation.
    struct Seen: Equatable, CustomStringConvertible {
        var severity: String
        var rule: String
        /// "-", "known" or "expired".
        var known: String
        var new: Bool
        var description: String { "\(new ? "NEW " : "")\(severity) \(rule) [\(known)]" }
    }

    struct Counts: Equatable {
        var blocking = 0, known = 0, review = 0, new = 0
    }

    static let today = "2026-12-01"

    func testEveryCommandAndViewGivesEachRunTheSameFindings() throws {
        let root = Harness.repositoryRoot
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        var inputs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("SampleArchives").path).sorted()
            .map { root.appendingPathComponent("SampleArchives/\($0)").path }
            .filter { FileManager.default.fileExists(atPath: $0 + "/archive.json") }
        inputs.append(root.appendingPathComponent("SampleBundles/TestResults").path)
        if FileManager.default.fileExists(atPath: shared.path) {
            let dumps = shared.appendingPathComponent("real-dumps")
            inputs += try FileManager.default.contentsOfDirectory(atPath: dumps.path).sorted()
                .filter { !$0.hasSuffix(".md") && !$0.hasSuffix(".tsv") }.map { dumps.appendingPathComponent($0).path }
            let bundles = shared.appendingPathComponent("xcresult")
            inputs += try FileManager.default.contentsOfDirectory(atPath: bundles.path).sorted()
                .filter { $0.hasSuffix(".xcresult") }.map { bundles.appendingPathComponent($0).path }
        } else if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) {
            XCTFail("the shared fixtures are not at \(shared.path); CI must provide them")
        }
        let environment = ["PSEUDOSCOPE_TODAY": Self.today]

        // The plain night, and the runs every later presentation is asked about.
        let plain = try Harness.run(["check", "--json"] + inputs, environment: environment)
        XCTAssertNotEqual(plain.status, 2, "every input reads: \(plain.stderr)")
        let archives = try Self.archives(plain.stdout)
        XCTAssertGreaterThan(archives.count, 60, "samples, dumps and bundle runs")
        XCTAssertGreaterThan(archives.values.map(\.findings.count).reduce(0, +), 80, "findings to compare")

        // Known issues: the two commonest rules known until next year, the third known until yesterday (expired).
        let dir = try Harness.temporaryFolder(self)
        let rules = Dictionary(grouping: archives.values.flatMap(\.findings), by: \.rule).sorted { $0.value.count > $1.value.count }.map(\.key)
        XCTAssertGreaterThanOrEqual(rules.count, 3)
        let baseline = dir.appendingPathComponent("known.baseline").path
        for (ruleSet, expires) in [(Array(rules.prefix(2)), "2027-06-30"), ([rules[2]], "2026-11-30")] {
            let add = try Harness.run(
                ["baseline", "add", baseline] + inputs + ruleSet.flatMap { ["--rule", $0] }
                    + ["--reason", "known layout debt", "--owner", "on-call", "--expires", expires], environment: environment)
            XCTAssertEqual(add.status, 0, add.stderr)
        }
        // The previous night: this night's JSON with every other finding left out, so that half are new.
        var previous = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        var kept = 0
        previous["archives"] = (previous["archives"] as? [[String: Any]] ?? []).map { a in
            var a = a
            a["findings"] = (a["findings"] as? [[String: Any]] ?? []).filter { _ in
                kept += 1; return kept % 2 == 0
            }
            return a
        }
        let previousPath = dir.appendingPathComponent("last-night.json").path
        try JSONSerialization.data(withJSONObject: previous).write(to: URL(fileURLWithPath: previousPath))

        let triage = Triage(
            baseline: try BaselineFile.read(baseline), today: try XCTUnwrap(CalendarDay(Self.today)),
            previous: try PreviousRun.load(previousPath, engine: Engine(loader: ArchiveLoader())))
        for (options, engine) in [
            ([String](), Engine(loader: ArchiveLoader())),
            (["--baseline", baseline, "--since", previousPath], Engine(loader: ArchiveLoader(), triage: triage)),
        ] {
            let night = options.isEmpty ? plain : try Harness.run(["check", "--json"] + options + inputs, environment: environment)
            let checked = try Self.archives(night.stdout)
            XCTAssertEqual(Set(checked.keys), Set(archives.keys))
            if !options.isEmpty {
                let all = checked.values.flatMap(\.findings)
                XCTAssertTrue(
                    all.contains { $0.known == "known" } && all.contains { $0.known == "expired" } && all.contains { $0.known == "-" },
                    "every known state occurs")
                XCTAssertTrue(all.contains { $0.new } && all.contains { !$0.new }, "new and still findings occur")
            }
            let paths = checked.keys.sorted()
            let results = Self.concurrently(paths) { path in Self.presentations(path, options: options, environment: environment) }
            var compared = 0
            for (path, result) in zip(paths, results) {
                let want = checked[path]!
                let label = "\(path) \(options.joined(separator: " "))"
                if let why = want.noRun {
                    // Nothing to present: every command refuses it with the reason check gives.
                    let info = try Harness.run(["info"] + options + [path], environment: environment)
                    XCTAssertEqual(info.status, 2, label)
                    XCTAssertTrue(info.stderr.contains(why), "info says what check says: \(label): \(info.stderr)")
                    var d = TestDriver(.runSet(RunSetState(paths: [path], width: 400, height: 20, glyphs: .unicode)), engine: engine)
                    d.press(.enter)
                    XCTAssertTrue(d.screen.contains(String(why.prefix(60))), "the list says it too: \(label): \(d.screen)")
                    continue
                }
                switch result {
                case .failure(let e): XCTFail("\(label): \(e)")
                case .success(let seen):
                    XCTAssertEqual(seen.info, want.counts, "info counts what check counts: \(label)")
                    XCTAssertEqual(seen.render, want.findings, "render --findings: \(label)")
                    XCTAssertEqual(seen.open, seen.renderText, "the plain open prints what render --findings prints: \(label)")
                }
                // The list and the inspector, driven by keys through the effect interpreter.
                var d = TestDriver(.runSet(RunSetState(paths: [path], width: 160, height: 50, glyphs: .unicode)), engine: engine)
                guard case .runSet(let list) = d.app.top, let row = list.entries[0] else { XCTFail("the list loads \(label)"); continue }
                XCTAssertEqual(Self.counts(row.counts), want.counts, "the list's row: \(label)")
                d.press(.enter)
                guard case .inspector(let inspector) = d.app.top else { XCTFail("Enter opens \(label): \(d.screen)"); continue }
                XCTAssertEqual(inspector.findings.map(Self.seen), want.findings, "the inspector: \(label)")
                XCTAssertEqual(inspector.findings.map(\.fingerprint), want.fingerprints, "the inspector's fingerprints: \(label)")
                // The header shows check's verdict: its counts, or that the run was not checked.
                let header = d.screen.split(separator: "\n").first.map(String.init) ?? ""
                if want.checked {
                    XCTAssertTrue(
                        header.contains("\(want.counts.blocking) blocking" + (want.counts.known > 0 ? " (\(want.counts.known) known)" : "")),
                        "the header counts: \(label): \(header)")
                } else {
                    XCTAssertTrue(header.contains("not checked"), "the header says it was not checked: \(label): \(header)")
                }
                compared += want.findings.count
            }
            XCTAssertGreaterThan(compared, 80)
        }
    }

    // MARK: - Reading each presentation

    struct Judged {
        var findings: [Seen]
        var fingerprints: [String]
        var counts: Counts
        /// Why check could not check it, when the input holds no run at all (a bundle of a failed build).
        var noRun: String?
        /// Whether check judged it (a run without a hierarchy is read and not checked).
        var checked = true
    }

    /// `check --json`'s archives by path.
    static func archives(_ json: String) throws -> [String: Judged] {
        let top = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var out: [String: Judged] = [:]
        for a in top["archives"] as? [[String: Any]] ?? [] {
            guard let path = a["archive"] as? String, a["error"] as? String == nil else { continue }
            let findings = a["findings"] as? [[String: Any]] ?? []
            let seen = findings.map { f in
                Seen(
                    severity: f["severity"] as? String ?? "?", rule: f["rule"] as? String ?? "?",
                    known: (f["known"] as? [String: Any]).map { ($0["expired"] as? Bool) == true ? "expired" : "known" } ?? "-",
                    new: f["status"] as? String == "new")
            }
            out[path] = Judged(
                findings: seen, fingerprints: findings.map { $0["fingerprint"] as? String ?? "" },
                counts: Counts(
                    blocking: a["blocking"] as? Int ?? -1, known: a["blockingKnown"] as? Int ?? -1,
                    review: a["review"] as? Int ?? -1, new: seen.filter(\.new).count),
                noRun: a["checked"] as? Bool == false && path.hasSuffix(".xcresult") ? a["reason"] as? String : nil,
                checked: a["checked"] as? Bool != false)
        }
        return out
    }

    struct Presented {
        var info: Counts
        var render: [Seen]
        var renderText: String
        var open: String
    }

    static func presentations(_ path: String, options: [String], environment: [String: String]) -> Result<Presented, Error> {
        Result {
            let info = try Harness.run(["info"] + options + [path], environment: environment)
            guard info.status == 0 else { throw Failure("info exits \(info.status): \(info.stderr)") }
            let render = try Harness.run(["render", "--findings"] + options + [path], environment: environment)
            guard render.status == 0 else { throw Failure("render exits \(render.status): \(render.stderr)") }
            let open = try Harness.run(options + [path], environment: environment)
            return Presented(info: try infoCounts(info.stdout), render: listed(render.stdout), renderText: render.stdout, open: open.stdout)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// `Findings    3 blocking (2 known), 0 review, 1 new`
    static func infoCounts(_ text: String) throws -> Counts {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Findings ") }) else { throw Failure("info has no Findings line") }
        func number(before word: String) -> Int {
            guard let r = line.range(of: " " + word) else { return 0 }
            return Int(line[..<r.lowerBound].split(separator: " ").last.map { $0.filter(\.isNumber) } ?? "") ?? 0
        }
        return Counts(
            blocking: number(before: "blocking"), known: number(before: "known)"), review: number(before: "review"), new: number(before: "new"))
    }

    /// The numbered findings under a rendering, with the known issue written under each.
    static func listed(_ text: String) -> [Seen] {
        var out: [Seen] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                var words = line[line.index(after: close)...].split(separator: " ")
                let new = words.first == "NEW"
                if new { words.removeFirst() }
                guard words.count >= 3, ["‼", "!", "?"].contains(words[0]) else { continue }
                out.append(Seen(severity: String(words[1]), rule: String(words[2]), known: "-", new: new))
            } else if !out.isEmpty, line.hasPrefix("      known: ") {
                out[out.count - 1].known = "known"
            } else if !out.isEmpty, line.hasPrefix("      known until "), line.contains("expired") {
                out[out.count - 1].known = "expired"
            }
        }
        return out
    }

    static func seen(_ f: Finding) -> Seen {
        Seen(
            severity: f.severity.rawValue, rule: f.rule.rawValue, known: f.known.map { $0.expired ? "expired" : "known" } ?? "-",
            new: f.novelty == .new)
    }

    static func counts(_ n: FindingCounts) -> Counts { Counts(blocking: n.blocking, known: n.blockingKnown, review: n.review, new: n.new) }

    /// The processes of each path, on every core.
    static func concurrently<T: Sendable>(_ paths: [String], _ body: @Sendable (String) -> T) -> [T] {
        let slots = Mutex<[T?]>(Array(repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { k in
            let v = body(paths[k])
            slots.withLock { $0[k] = v }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
