/// A bundle's whole picture: how many tests ran and how each ended, and which failed and then passed on a later
/// attempt (flaky). Counted as Xcode counts: a test is a test case in one destination and configuration, and its
/// result is the one Xcode recorded for it (the database's `TestCaseResultsByDestinationAndConfiguration`); where
/// no result is recorded (older bundles, the typed objects), a test ends as its last attempt did.
public struct TestTally: Equatable, Sendable {
    public var tests = 0
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var expectedFailures = 0
    /// Attempts in all: a test retried twice counts three.
    public var attempts = 0
    /// The identities (`TestTally.identity`) that failed and then passed on a later attempt, of tests that passed.
    public var flaky: Set<String> = []

    public init() {}

    /// The key a test's attempts share: its identifier and its test-plan configuration.
    public static func key(_ test: String, configuration: String?) -> String { test + "|" + (configuration ?? "") }

    /// What one attempt is an attempt of: the test and configuration (`key`) and, for a parameterized test, the
    /// arguments it ran with (`("premium_feature")`). Two arguments of one test are two identities: one failing on
    /// every attempt while another passes is a failure, not flakiness.
    public static func identity(_ key: String, argument: String?) -> String { key + "|" + (argument ?? "") }

    /// One attempt: its test (`key`), its identity, and its result (`Success`, `Failure`, `Skipped`, `Expected
    /// Failure`; anything else is a failure, as the runs read it).
    public struct Attempt: Sendable {
        public var key: String
        public var identity: String
        public var result: String?
        public init(key: String, identity: String, result: String?) {
            self.key = key
            self.identity = identity
            self.result = result
        }
    }

    /// From every attempt, in the order they ran, and the results Xcode recorded for each test (`recorded`: one
    /// entry a test in a destination and configuration; empty when the bundle records none). Attempts share an
    /// identity only when they are one test's retries or repetitions: a launch test run once per appearance is two
    /// tests, and one of them failing is not flakiness.
    public init(_ attempts: [Attempt], recorded: [(key: String, result: String?)] = []) {
        var order: [String] = []
        var results: [String: [String]] = [:]
        var keyOf: [String: String] = [:]
        for a in attempts {
            if results[a.identity] == nil { order.append(a.identity) }
            results[a.identity, default: []].append(a.result ?? "Failure")
            keyOf[a.identity] = a.key
        }
        self.attempts = attempts.count
        let finals = recorded.isEmpty ? order.map { (keyOf[$0]!, results[$0]!.last!) } : recorded.map { ($0.key, $0.result ?? "Failure") }
        tests = finals.count
        var passedKeys: Set<String> = []
        for (key, result) in finals {
            switch result {
            case "Success": passed += 1; passedKeys.insert(key)
            case "Skipped": skipped += 1
            case "Expected Failure": expectedFailures += 1
            default: failed += 1
            }
        }
        for identity in order where passedKeys.contains(keyOf[identity]!) {
            let r = results[identity]!
            if let firstFailure = r.firstIndex(where: { !ResultsDatabase.passing.contains($0) }), r[(firstFailure + 1)...].contains("Success") {
                flaky.insert(identity)
            }
        }
    }

    /// The flaky tests by name, sorted: `Class/test()`, with ` [configuration]` where the plan has one and the
    /// arguments of a parameterized test.
    public var flakyTests: [String] {
        flaky.map { identity -> String in
            let parts = identity.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let configuration = parts.count > 1 ? parts[1] : "", argument = parts.count > 2 ? parts[2] : ""
            return parts[0] + (configuration.isEmpty ? "" : " [\(configuration)]") + (argument.isEmpty ? "" : " \(argument)")
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
