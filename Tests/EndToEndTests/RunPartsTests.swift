import PseudoscopeCore
import XCTest

@testable import pseudoscope

/// A report's runs are made on every core a window at a time: whatever order the work is done in, the parts come
/// out in the night's order, each once, across windows.
final class RunPartsTests: XCTestCase {
    func testPartsComeOutInTheNightsOrderAcrossWindows() throws {
        let count = RunParts.window * 2 + 7
        let outcomes = (0..<count).map { k in
            RunOutcome(path: "run-\(k)", summary: nil, verdict: Verdict(status: .notChecked("no hierarchy \(k)")))
        }
        let night = Night(outcomes: outcomes, passed: [], spool: nil, baseline: nil, filter: FindingFilter())
        var written: [String] = []
        let render: @Sendable (RunOutcome, [Finding]) -> String = { o, found in "\(o.path) \(found.count) \(o.verdict.reason ?? "")" }
        try RunParts.write(night.outcomes, of: night, render: render) { written.append($0) }
        XCTAssertEqual(written, (0..<count).map { "run-\($0) 0 no hierarchy \($0)" })
    }

    /// A companion report (the JUnit file beside standard output's report) gets its part of every run, in the
    /// night's order across windows, each written before the other report's part of the same run.
    func testACompanionGetsEveryRunsPartInOrderBeforeTheOthers() throws {
        let count = RunParts.window + 3
        let outcomes = (0..<count).map { k in
            RunOutcome(path: "run-\(k)", summary: nil, verdict: Verdict(status: .notChecked("no hierarchy \(k)")))
        }
        let night = Night(outcomes: outcomes, passed: [], spool: nil, baseline: nil, filter: FindingFilter())
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        let companion = RunParts.Companion(
            render: { o, found in
                var t = TextBytes()
                t.put("junit \(o.path) \(found.count)")
                return t
            },
            stream: ReportStream { lines.all.append(String(decoding: $0, as: UTF8.self)) })
        try RunParts.write(
            night.outcomes, of: night, render: { o, _ in "text \(o.path)" },
            to: {
                try companion.stream.flush(); lines.all.append($0)
            }, companion: companion)
        try companion.stream.flush()
        XCTAssertEqual(lines.all, (0..<count).flatMap { ["junit run-\($0) 0", "text run-\($0)"] })
    }

    /// A window holds at most `window` runs and, past its first run, `windowFindings` findings: a night of large
    /// screens is made a run or a few at a time, never all of them at once.
    func testAWindowIsBoundedByRunsAndByFindings() {
        let n = RunParts.windowFindings
        XCTAssertEqual(RunParts.windows(findings: []), [])
        XCTAssertEqual(
            RunParts.windows(findings: Array(repeating: 0, count: RunParts.window * 2 + 1)).map(\.count), [RunParts.window, RunParts.window, 1])
        XCTAssertEqual(RunParts.windows(findings: [n, 1, n / 2, n / 2, 3 * n, 0]), [0..<1, 1..<3, 3..<4, 4..<5, 5..<6])
        XCTAssertEqual(RunParts.windows(findings: [10, 20, n - 30, 1]), [0..<3, 3..<4])
    }
}
