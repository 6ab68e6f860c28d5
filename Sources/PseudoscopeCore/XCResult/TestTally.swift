/// A bundle's whole picture: how many tests ran and how each ended (by its last attempt), and which failed and
/// then passed on a later attempt (flaky). Read from the results database or the typed objects, as the runs are.
public struct TestTally: Equatable, Sendable {
    public var tests = 0
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var expectedFailures = 0
    /// Attempts in all: a test retried twice counts three.
    public var attempts = 0
    /// The keys (`Class/test()` and its configuration) of tests that failed and then passed on a later attempt.
    public var flaky: Set<String> = []

    public init() {}

    /// The key a test's attempts share: its identifier and its test-plan configuration.
    public static func key(_ test: String, configuration: String?) -> String { test + "|" + (configuration ?? "") }

    /// From every attempt's key and result (`Success`, `Failure`, `Skipped`, `Expected Failure`; anything else is a
    /// failure, as the runs read it), in the order they ran. Attempts share a key only when they are one test's
    /// retries or repetitions (a repetition policy says so): a launch test run once per appearance is two tests,
    /// and one of them failing is not flakiness.
    public init(_ attempts: [(key: String, result: String?)]) {
        var order: [String] = []
        var results: [String: [String]] = [:]
        for a in attempts {
            if results[a.key] == nil { order.append(a.key) }
            results[a.key, default: []].append(a.result ?? "Failure")
        }
        self.attempts = attempts.count
        tests = order.count
        for key in order {
            let r = results[key]!
            switch r.last! {
            case "Success": passed += 1
            case "Skipped": skipped += 1
            case "Expected Failure": expectedFailures += 1
            default: failed += 1
            }
            if let firstFailure = r.firstIndex(where: { !ResultsDatabase.passing.contains($0) }), r[(firstFailure + 1)...].contains("Success") {
                // Named as a failed run is (its test and configuration), without the position that told tests apart.
                var name = Substring(key)
                if let hash = name.lastIndex(of: "#"), name[name.index(after: hash)...].allSatisfy(\.isNumber) { name = name[..<hash] }
                flaky.insert(String(name))
            }
        }
    }

    /// The flaky tests by name, sorted: `Class/test()`, with ` [configuration]` where the plan has one.
    public var flakyTests: [String] {
        flaky.map { key -> String in
            let parts = key.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let configuration = parts.count > 1 ? String(parts[1]) : ""
            return String(parts[0]) + (configuration.isEmpty ? "" : " [\(configuration)]")
        }.sorted()
    }

    public static func + (a: TestTally, b: TestTally) -> TestTally {
        var t = a
        t.tests += b.tests
        t.passed += b.passed
        t.failed += b.failed
        t.skipped += b.skipped
        t.expectedFailures += b.expectedFailures
        t.attempts += b.attempts
        t.flaky.formUnion(b.flaky)
        return t
    }

    /// `12 tests ran: 9 passed, 2 failed, 1 skipped; 1 flaky (failed, then passed on a later attempt)`.
    public var phrase: String {
        var parts = ["\(passed) passed", "\(failed) failed"]
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if expectedFailures > 0 { parts.append("\(expectedFailures) expected failure\(expectedFailures == 1 ? "" : "s")") }
        return "\(tests) test\(tests == 1 ? "" : "s") ran" + (attempts > tests ? " in \(attempts) attempts" : "") + ": "
            + parts.joined(separator: ", ")
            + (flaky.isEmpty ? "" : "; \(flaky.count) flaky (failed, then passed on a later attempt)")
    }
}
