import Foundation
import Synchronization

/// One failed test run in a result bundle: a test, in one test-plan configuration, in one repetition or retry.
public struct BundleRun: Equatable, Sendable {
    /// 1-based, in the order the bundle lists them: `BUNDLE.xcresult#3`.
    public var number: Int
    /// The `ActionTestSummary` with the run's failures and attachments; nil for a failure no test owns.
    public var summaryID: String?
    /// `CheckoutUITests/testCheckoutLayout()`.
    public var testIdentifier: String
    public var targetName: String?
    /// `UI`, `Unit`, `app hosted`.
    public var testKind: String?
    public var configuration: String?
    public var language: String?
    public var region: String?
    public var device: String?
    /// `iOS`, `macOS`.
    public var platform: String?
    public var osVersion: String?
    /// This run is the `occurrence`-th of `occurrences` runs of the same test and configuration.
    public var occurrence = 1
    public var occurrences = 1
    /// A failure no test owns (a session-level issue): its message, file and line (corrected to 1-based).
    public var sessionIssue: SessionIssue?
    /// The run's row in the results database, when the runs were read from it (`ResultsDatabase`).
    public var databaseRun: Int64?
    /// The arguments a parameterized test ran with, as Swift Testing printed them (`("premium_feature")`), when
    /// the database records them: one argument's runs are another's, not its retries.
    public var argument: String?
    /// `attempt 1 of 3`, when the database records the run's repetition policy.
    public var repetition: String?
    /// The test failed here and passed on a later attempt (flaky): on-call reads it last, `--flaky review` makes
    /// its findings review.
    public var passedLater = false

    public struct SessionIssue: Equatable, Sendable {
        public var message: String
        public var file: String?
        public var line: Int?
    }
}

/// The failed runs of a bundle and what is known of the machine, found by reading only what is on the way to
/// them: the root, each action's test plan summaries, and, for the Xcode version, the first session log; and,
/// when Xcode 15.4+ wrote one, the results database (`ResultsDatabase`). One bundle has one list of failed
/// runs: the typed objects' when they hold as many as the database, else the database's (an action that
/// "failed to start" while its tests ran, a bundle trimmed to its database).
public struct BundleIndex: Sendable {
    public let bundle: XCResultBundle
    public let runs: [BundleRun]
    /// `11.5 (11E605b)`, from the session log; nil when the bundle does not say.
    public let xcode: String?
    /// The errors the bundle records outside any test (a build that failed): how many, and the first message.
    public let errorCount: Int
    public let firstError: String?
    /// Where the runs were read from.
    public let runSource: RunSource
    /// The test actions' results (`succeeded`, `failed`, `cancelled`, `failedToStart`), one per action.
    public let actionStatuses: [String]
    /// Whether any test ran at all (the typed objects hold test summaries, or the database test-case runs).
    public let testsRan: Bool
    /// Things about the bundle worth one line each: a database that could not be read, where the runs came from.
    public let notes: [String]
    /// How many tests ran and how each ended, and which were flaky; nil when the bundle says nothing of it.
    public let tally: TestTally?
    /// The results database, opened once: each run read from it has its failures and attachments asked
    /// of it (opening it again per run parsed its schema, and merged its log again, 200,000 times for 200,000 runs).
    let database: SharedResultsDatabase?

    public enum RunSource: String, Sendable {
        case typedObjects = "the bundle's objects"
        case database = "database.sqlite3"
    }

    /// What a bundle without failed runs says instead (`the bundle holds no failed tests; the build failed: …`).
    public var noFailuresNote: String {
        if let why = notCheckedReason { return why }
        return "the bundle holds no failed tests"
    }

    /// Why a bundle without failed runs was not checked (its build failed, its test action did not start, no
    /// test ran): nil when its tests ran and passed.
    public var notCheckedReason: String? {
        guard runs.isEmpty else { return nil }
        if errorCount > 0 {
            let first = firstError.map { ": \($0.prefix(160))" } ?? ""
            return
                "the bundle holds no test results: it records \(errorCount) error\(errorCount == 1 ? "" : "s") outside the tests (a failed build?), the first\(first)"
        }
        if let status = actionStatuses.first(where: { $0 == "failedToStart" || $0 == "cancelled" }), !testsRan {
            return "the bundle holds no test results: its test action \(status == "failedToStart" ? "failed to start" : "was cancelled")"
        }
        if !testsRan { return "the bundle holds no test results: no test ran" }
        return nil
    }

    public init(_ bundle: XCResultBundle) throws {
        self.bundle = bundle
        var typed: TypedRuns?
        var typedError: ArchiveError?
        if bundle.rootID != nil {
            do { typed = try TypedRuns(bundle) } catch let e as ArchiveError { typedError = e }
        } else {
            typedError = ArchiveError(file: bundle.path, message: "the bundle has no Data/ folder")
        }
        var notes: [String] = []
        var database: ResultsDatabase?
        var databaseRuns: [BundleRun]?
        var databaseError: ArchiveError?
        do {
            database = try ResultsDatabase.open(bundle: bundle.path, realBundle: bundle.realPath)
            databaseRuns = try database?.failedRuns()
        } catch let e as ArchiveError {
            notes.append(e.description)
            databaseError = e
        }
        var runs: [BundleRun]
        if let t = typed, t.complete || databaseRuns == nil, t.runs.count >= (databaseRuns?.count ?? 0) {
            runs = t.runs
            runSource = .typedObjects
        } else if let d = databaseRuns {
            runs = d
            runSource = .database
            if let t = typed {
                notes.append(
                    "the failed runs come from database.sqlite3 (\(d.count)): the bundle's objects hold \(t.runs.count)"
                        + (t.actionStatuses.contains("failedToStart") ? " (they say its test action failed to start)" : ""))
            } else if bundle.rootID == nil {
                notes.append(
                    "the bundle holds only database.sqlite3 (no Data/ folder): the failed runs come from it, and their attachments are not in the bundle"
                )
            }
        } else {
            // The source that failed is named: a bundle of its database alone fails on its database (corrupt, cut,
            // not a file), not on the Data/ folder it never had.
            if bundle.rootID == nil, let e = databaseError {
                throw ArchiveError(
                    file: e.file, place: e.place, message: e.message + " (and the bundle has no Data/ folder to read the runs from instead)")
            }
            throw typedError ?? ArchiveError(file: bundle.path, message: "the bundle holds no readable test results")
        }
        // Number the runs, and the repetitions of each test and configuration.
        var counts: [String: Int] = [:]
        for r in runs { counts["\(r.testIdentifier)|\(r.configuration ?? "")|\(r.argument ?? "")", default: 0] += 1 }
        var seen: [String: Int] = [:]
        for k in runs.indices {
            runs[k].number = k + 1
            let key = "\(runs[k].testIdentifier)|\(runs[k].configuration ?? "")|\(runs[k].argument ?? "")"
            seen[key, default: 0] += 1
            runs[k].occurrence = seen[key]!
            runs[k].occurrences = counts[key]!
        }
        // The whole picture from where the runs came from (the database's attempts, else the objects' tests).
        let fromDatabase = (try? database?.tally()) ?? nil
        let tally = (fromDatabase?.tests ?? 0) > 0 ? fromDatabase : typed.map { TestTally($0.attempts) }
        self.tally = tally.flatMap { $0.tests > 0 ? $0 : nil }
        for k in runs.indices
        where tally?.flaky.contains(
            TestTally.identity(TestTally.key(runs[k].testIdentifier, configuration: runs[k].configuration), argument: runs[k].argument))
            == true
        {
            runs[k].passedLater = true
        }
        self.runs = runs
        let buildErrors = database?.buildErrors() ?? (0, nil)
        errorCount = typed?.errorCount ?? buildErrors.0
        firstError = typed?.firstError ?? buildErrors.1
        actionStatuses = typed?.actionStatuses ?? []
        testsRan = (typed?.testsRan ?? false) || !(databaseRuns ?? []).isEmpty || ((try? database?.anyTestRan()) ?? false) == true
        // The database says it in one query; the session logs are searched only without one.
        xcode = database?.xcodeVersion() ?? typed.flatMap { BundleIndex.xcodeVersion(bundle, diagnostics: $0.diagnostics) }
        self.notes = notes
        if let database { self.database = SharedResultsDatabase(database) } else { self.database = nil }
    }

    /// What the typed objects say: the failed runs, the errors outside tests, the actions' results.
    struct TypedRuns {
        var runs: [BundleRun] = []
        var errorCount = 0
        var firstError: String?
        var diagnostics: [String] = []
        var actionStatuses: [String] = []
        var testsRan = false
        /// Every test's attempt and how it ended, in the order the summaries list them.
        var attempts: [TestTally.Attempt] = []
        /// False when test summaries the root refers to are missing (a trimmed bundle): the database may hold more.
        var complete = true

        init(_ bundle: XCResultBundle) throws {
            guard let rootID = bundle.rootID else { throw ArchiveError(file: bundle.path, message: "the bundle has no root object") }
            let root = try bundle.object(rootID)
            var missingTests = 0
            for action in root.array("actions") {
                let result = action.object("actionResult")
                if let status = result?.string("status") { actionStatuses.append(status) }
                if let d = result?.reference("diagnosticsRef") { diagnostics.append(d) }
                guard let testsRef = result?.reference("testsRef") else { continue }
                let device = action.object("runDestination")?.object("targetDeviceRecord")
                let platform = device?.object("platformRecord")?.string("userDescription").map { $0.utf8Replacing(" Simulator", with: "") }
                let tests: XCObject
                do {
                    tests = try bundle.object(testsRef)
                } catch let e as ArchiveError where e.message.contains("missing from Data/") {
                    missingTests += 1
                    continue
                }
                for plan in tests.array("summaries") {
                    for testable in plan.array("testableSummaries") {
                        var stack = testable.array("tests").reversed().map { $0 }
                        while let node = stack.popLast() {
                            if node.type == "ActionTestMetadata" || node.string("testStatus") != nil && node.array("subtests").isEmpty {
                                testsRan = true
                                let configuration = ResultsDatabase.configurationName(plan.string("name"))
                                // Each node a test of its own: the objects do not say which are retries of one test.
                                let key = TestTally.key(node.string("identifier") ?? node.string("name") ?? "?", configuration: configuration)
                                attempts.append(
                                    TestTally.Attempt(
                                        key: key, identity: TestTally.identity(key, argument: "#\(attempts.count)"), result: node.string("testStatus")
                                    ))
                                // Failures only: passing, skipped and expected failures are not entries.
                                guard node.string("testStatus") == "Failure" else { continue }
                                var run = BundleRun(number: 0, testIdentifier: node.string("identifier") ?? node.string("name") ?? "?")
                                run.summaryID = node.reference("summaryRef")
                                run.targetName = testable.string("targetName") ?? testable.string("name")
                                run.testKind = testable.string("testKind")
                                // Empty strings say nothing: `testLanguage ""` is no language.
                                // Xcode names the one configuration of a scheme without a test plan "Test Scheme Action".
                                run.configuration = configuration
                                run.language = testable.string("testLanguage").nonEmpty
                                run.region = testable.string("testRegion").nonEmpty
                                run.device = device?.string("modelName") ?? action.object("runDestination")?.string("displayName")
                                run.platform = platform
                                run.osVersion = device?.string("operatingSystemVersion")
                                runs.append(run)
                            } else {
                                stack += node.array("subtests").reversed()
                            }
                        }
                    }
                }
            }
            // Failures no test owns: in the root's issues without a test case, or naming one that is not among the runs.
            let owned = Set(runs.map { BundleIndex.caseName($0.testIdentifier) })
            for issue in root.object("issues")?.array("testFailureSummaries") ?? [] {
                if let name = issue.string("testCaseName"), owned.contains(BundleIndex.caseName(name)) { continue }
                if issue.string("testCaseName") != nil && missingTests == 0 && !runs.isEmpty { continue }
                let url = issue.object("documentLocationInCreatingWorkspace")?.string("url")
                var run = BundleRun(number: 0, testIdentifier: issue.string("testCaseName") ?? "(session: no test owns this failure)")
                run.sessionIssue = BundleRun.SessionIssue(
                    message: issue.string("message") ?? "(no message)", file: BundleIndex.file(url),
                    line: BundleIndex.startLine(url).map { $0 + 1 })
                run.targetName = issue.string("producingTarget")
                runs.append(run)
                testsRan = true
            }
            if missingTests > 0 && runs.allSatisfy({ $0.sessionIssue != nil }) {
                complete = false
                guard FileAccess.kind((bundle.path as NSString).appendingPathComponent("database.sqlite3")) == .regular else {
                    throw ArchiveError(
                        file: bundle.path, message: "the bundle was trimmed: Data/ holds its root object but not the test results it refers to")
                }
            }
            let errors = root.object("issues")?.array("errorSummaries") ?? []
            errorCount = errors.count
            firstError = errors.first?.string("message")
        }
    }

    /// `Class/testName()` and `Class.testName()` name the same test.
    static func caseName(_ s: String) -> String {
        s.utf8Replacing(".", with: "/").utf8Replacing("()", with: "")
    }

    /// The file of a document location URL, without its fragment.
    static func file(_ url: String?) -> String? {
        guard let u = url else { return nil }
        let path = u.split(separator: "#", maxSplits: 1).first.map(String.init) ?? u
        return path.hasPrefix("file://") ? String(path.dropFirst(7)) : path
    }

    /// `StartingLineNumber=43` in a location URL's fragment (0-based there).
    static func startLine(_ url: String?) -> Int? {
        guard let u = url, let hash = u.firstIndex(of: "#") else { return nil }
        for part in u[u.index(after: hash)...].split(separator: "&") where part.hasPrefix("StartingLineNumber=") {
            return Int(part.dropFirst("StartingLineNumber=".count))
        }
        return nil
    }

    /// The Xcode version from the first session log in the diagnostics (`Xcode version: 26.5 (17F42)`, or
    /// XCTest's `built with Xcode 1150(11E605b)`), reading at most a few small folder objects and one log.
    static func xcodeVersion(_ bundle: XCResultBundle, diagnostics: [String]) -> String? {
        var queue = diagnostics.map { ($0, 0) }
        var visited = 0
        var logs: [String] = []
        while !queue.isEmpty, visited < 24, logs.count < 3 {
            let (id, depth) = queue.removeFirst()
            visited += 1
            guard let entries = try? bundle.directory(id) else { continue }
            for e in entries {
                if e.isFolder, depth < 3 { queue.append((e.id, depth + 1)) }
                if !e.isFolder, e.name.hasPrefix("Session-"), e.name.hasSuffix(".log") { logs.append(e.id) }
            }
        }
        for log in logs {
            guard let bytes = try? bundle.bytes(log, limit: 4 << 20) else { continue }
            // The phrases are found on the bytes of the log's first MiB and only the rest of their line is decoded
            // (a line feed always ends a character, and the words after a phrase end at a line break): decoding and
            // searching the whole MiB as text was 12 M instructions for one log.
            let head = bytes.prefix(1 << 20)
            func line(after phrase: String) -> String? {
                guard let r = head.bytesRange(of: phrase) else { return nil }
                return String(decoding: head[r.upperBound...].prefix { $0 != 0x0A }, as: UTF8.self)
            }
            if let text = line(after: "Xcode version: ") {
                let rest = text.prefix { !$0.isNewline && $0 != "]" }
                if !rest.isEmpty { return String(rest.prefix(40)) }
            }
            if let text = line(after: "built with Xcode ") {
                // `1150(11E605b)`: Xcode 11.5.0 as four digits, then the build.
                let token = text.prefix { $0 != "," && $0 != " " && !$0.isNewline }
                let digits = token.prefix { $0.isNumber }
                let build = String(token.drop { $0.isNumber }).trimmingScalars { $0 == "(" || $0 == ")" }
                if digits.count >= 3, let n = Int(digits) {
                    let major = n / 100, minor = (n / 10) % 10, patch = n % 10
                    return "\(major).\(minor)" + (patch > 0 ? ".\(patch)" : "") + (build.isEmpty ? "" : " (\(build))")
                }
            }
        }
        return nil
    }
}

extension Optional where Wrapped == String {
    /// Nil for nil and for `""`.
    var nonEmpty: String? {
        guard let s = self, !s.isBlankLine else { return nil }
        return s
    }
}

/// One open results database shared by the workers that read a bundle's runs: SQLite's connection is opened
/// without its own mutex, so one query runs at a time.
final class SharedResultsDatabase: Sendable {
    private let guarded: Mutex<ResultsDatabase>

    init(_ database: sending ResultsDatabase) { guarded = Mutex(database) }

    func read<T: Sendable>(_ body: (ResultsDatabase) throws -> T) throws -> T {
        try guarded.withLock { try body($0) }
    }
}

/// Indexes once per bundle per process: listing, checking and opening the runs of one bundle read its root and
/// test summaries once, not once per run.
enum BundleIndexCache {
    private static let cache = Mutex<[String: BundleIndex]>([:])

    static func index(_ path: String, limits: LoadLimits) throws -> BundleIndex {
        let key = (FileAccess.realPath(path) ?? path) + "|\(limits.maxFileBytes)|\(limits.maxDepth)"
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let index = try BundleIndex(XCResultBundle(path: path, limits: limits))
        cache.withLock { c in
            if c.count > 32 { c.removeAll() }
            c[key] = index
        }
        return index
    }
}
