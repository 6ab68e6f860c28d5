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
}
