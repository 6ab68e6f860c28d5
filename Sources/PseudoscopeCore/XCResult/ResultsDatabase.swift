import Foundation

/// The `database.sqlite3` that Xcode 15.4 and later write beside a bundle's `Data/` (docs/xcresult.md): the test
/// runs, their issues and attachments, in tables whose columns come in a different order in every version.
/// It is read when the bundle's typed objects hold fewer failed runs than it does (an action that "failed to
/// start" while its tests ran, a bundle trimmed to its database): one bundle, one list of failed runs, whichever
/// storage held it. Columns are asked for by name; a missing table or column is one line naming it.
struct ResultsDatabase {
    let reader: SQLiteReader
    let file: String

    /// The tables and columns every query below needs.
    static let required: [String: [String]] = [
        "TestCaseRuns": ["testCase_fk", "result"],
        "TestCases": ["identifier"],
        "TestIssues": ["testCaseRun_fk", "compactDescription"],
    ]

    /// Opens the bundle's database, or nil when there is none; a database that cannot be used throws a line
    /// that says why. `realBundle` is the bundle's real path: a database that is a link out of it is refused.
    static func open(bundle: String, realBundle: String) throws -> ResultsDatabase? {
        let path = (bundle as NSString).appendingPathComponent("database.sqlite3")
        guard FileAccess.kind(path) != .missing || FileAccess.isLink(path) else { return nil }
        let file = "\(bundle): database.sqlite3"
        guard let real = FileAccess.realPath(path), FileAccess.isInside(real, realBundle) else {
            throw ArchiveError(file: file, message: "a link that leaves the bundle, not followed")
        }
        guard FileAccess.kind(real) == .regular else { throw ArchiveError(file: file, message: "is not a regular file") }
        let reader: SQLiteReader
        do {
            // Changes not yet merged into the file wait in its log: read them too, or the failures in it are lost.
            let wal = path + "-wal"
            let limits = LoadLimits.default
            if FileAccess.kind(wal) == .regular, let realWAL = FileAccess.realPath(wal), FileAccess.isInside(realWAL, realBundle),
                (FileAccess.regularFileSize(realWAL) ?? 0) > 0
            {
                reader = try SQLiteReader.openPrivateCopy(
                    real, wal: realWAL, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
            } else if ZipFolder.split(real) != nil {
                // A database inside a zip is no file SQLite can open: read from a private copy, as a log is merged.
                reader = try SQLiteReader.openPrivateCopy(
                    real, wal: nil, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
            } else {
                reader = try SQLiteReader(readOnly: real)
            }
        } catch let f as SQLiteReader.Failure {
            throw ArchiveError(file: file, message: "cannot be read as an SQLite database: \(f.message)")
        }
        let db = ResultsDatabase(reader: reader, file: file)
        try db.checkSchema()
        return db
    }

    func fail(_ message: String) -> ArchiveError { ArchiveError(file: file, message: message) }

    func attempt<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let f as SQLiteReader.Failure { throw fail(f.message) }
    }

    func checkSchema() throws {
        let tables = try attempt { try reader.tables() }
        for (table, columns) in ResultsDatabase.required.sorted(by: { $0.key < $1.key }) {
            guard tables.contains(table) else { throw fail("holds no table \(table): not a result bundle's database Pseudoscope knows") }
            let have = try attempt { try reader.columns(table) }
            if let missing = columns.first(where: { !have.contains($0) }) {
                throw fail("table \(table) has no column \(missing): not a result bundle's database Pseudoscope knows")
            }
        }
    }

    /// A column when the table has it, else NULL: the optional facts (device, configuration) vary by version.
    func column(_ table: String, _ name: String, as alias: String? = nil, prefix: String) -> String {
        let have = (try? reader.columns(table)) ?? []
        return have.contains(name) ? "\(prefix).\(name)" : "NULL"
    }

    func has(_ table: String) -> Bool { ((try? reader.tables()) ?? []).contains(table) }

    /// Results that are not failures; anything else (`Failure`, and any value a later Xcode adds) is one.
    static let passing = ["Success", "Skipped", "Expected Failure"]

    /// The failed test-case runs, in the database's order.
    func failedRuns() throws -> [BundleRun] {
        let repetition = has("RepetitionPolicies") && column("TestCaseRuns", "repetitionPolicy_fk", prefix: "r") != "NULL"
        let sql = """
            SELECT r.rowid, c.identifier, \(column("TestCases", "name", prefix: "c")), \(column("TestCaseRuns", "testSuiteRun_fk", prefix: "r")),
                   \(repetition ? "p.repetitionModeString, p.repetition, p.totalRepetitions" : "NULL, NULL, NULL"), r.testCase_fk, \(argumentsColumn)
            FROM TestCaseRuns r LEFT JOIN TestCases c ON c.rowid = r.testCase_fk
            \(repetition ? "LEFT JOIN RepetitionPolicies p ON p.rowid = r.repetitionPolicy_fk" : "")
            WHERE r.result IS NULL OR r.result NOT IN (\(ResultsDatabase.passing.map { "'\($0)'" }.joined(separator: ", ")))
            ORDER BY r.rowid
            """
        let rows = try attempt { try reader.rows(sql) }
        var runs: [BundleRun] = []
        // Runs of one suite run share its target, configuration and device: described once (a database of
        // 200,000 failed runs asked five queries of each).
        var described: [Int64: BundleRun] = [:]
        for row in rows {
            guard let id = row[0].int else { continue }
            // A failed run whose test case is not in the database is still a failed run: kept, and named as what
            // it is (dropped by an inner join, a bundle of failures read as "no failed tests").
            let unnamed = "test case \(row[7].string ?? "?") (not in the database's TestCases)"
            var run = BundleRun(number: 0, testIdentifier: row[1].string ?? row[2].string ?? unnamed)
            run.databaseRun = id
            run.argument = row[8].string.map(ResultsDatabase.shortArgument)
            if let suiteRun = row[3].int {
                if let known = described[suiteRun] {
                    run.takeDescription(of: known)
                } else {
                    describe(&run, suiteRun: suiteRun)
                    described[suiteRun] = run
                }
            }
            if row[4].string != nil, let it = row[5].int, let total = row[6].int, total > 1 {
                run.repetition = "attempt \(it) of \(total)"
            }
            runs.append(run)
        }
        return runs
    }

    /// The target, kind, configuration and device of a run, from its suite run up to the test plan run and the
    /// action. Each link is optional: older schemas miss some.
    func describe(_ run: inout BundleRun, suiteRun: Int64) {
        var current: Int64? = suiteRun
        var testableRun: Int64?
        var suite: Int64?
        // Nested suites: up the parents (bounded) to the one that belongs to a testable run.
        var hops = 0
        let parentColumn = column("TestSuiteRuns", "parentSuiteRun_fk", prefix: "s")
        let testableColumn = column("TestSuiteRuns", "testableRun_fk", prefix: "s")
        while let c = current, hops < 64, testableRun == nil {
            hops += 1
            guard
                let row = try? reader.rows(
                    "SELECT \(parentColumn), \(testableColumn), \(column("TestSuiteRuns", "testSuite_fk", prefix: "s")) FROM TestSuiteRuns s WHERE s.rowid = ?1",
                    [c]
                ).first
            else { break }
            if suite == nil { suite = row[2].int }
            testableRun = row[1].int
            current = row[0].int
        }
        if let t = testableRun, has("TestableRuns"), has("Testables"),
            let row = try? reader.rows(
                """
                SELECT t.name, \(column("Testables", "testKind", prefix: "t")), \(column("TestableRuns", "testPlanRun_fk", prefix: "tr"))
                FROM TestableRuns tr JOIN Testables t ON t.rowid = tr.testable_fk WHERE tr.rowid = ?1
                """, [t]
            ).first
        {
            run.targetName = row[0].string
            run.testKind = row[1].string
            if let planRun = row[2].int { describe(&run, planRun: planRun) }
        }
        if run.targetName == nil, let s = suite, let name = try? reader.rows("SELECT name FROM TestSuites WHERE rowid = ?1", [s]).first?.first?.string
        {
            run.targetName = name
        }
    }

    func describe(_ run: inout BundleRun, planRun: Int64) {
        guard has("TestPlanRuns"),
            let row = try? reader.rows(
                """
                SELECT \(column("TestPlanRuns", "configuration_fk", prefix: "p")), \(column("TestPlanRuns", "action_fk", prefix: "p"))
                FROM TestPlanRuns p WHERE p.rowid = ?1
                """, [planRun]
            ).first
        else { return }
        if let config = row[0].int, has("TestPlanConfigurations"),
            let c = try? reader.rows(
                """
                SELECT c.name, \(column("TestPlanConfigurations", "language", prefix: "c")), \(column("TestPlanConfigurations", "region", prefix: "c"))
                FROM TestPlanConfigurations c WHERE c.rowid = ?1
                """, [config]
            ).first
        {
            run.configuration = ResultsDatabase.configurationName(c[0].string)
            run.language = c[1].string.nonEmpty
            run.region = c[2].string.nonEmpty
        }
        if let action = row[1].int, has("Actions"), has("RunDestinations"), has("Devices"),
            let d = try? reader.rows(
                """
                SELECT d.modelName, d.operatingSystemVersion, \(has("Platforms") ? "(SELECT userDescription FROM Platforms WHERE rowid = d.platform_fk)" : "NULL"), rd.name
                FROM Actions a JOIN RunDestinations rd ON rd.rowid = a.runDestination_fk JOIN Devices d ON d.rowid = rd.device_fk
                WHERE a.rowid = ?1
                """, [action]
            ).first
        {
            run.device = d[0].string.nonEmpty ?? d[3].string.nonEmpty
            run.osVersion = d[1].string.nonEmpty
            run.platform = d[2].string.nonEmpty.map { $0.utf8Replacing(" Simulator", with: "") }
        }
    }

    /// Whether the database records any test-case run at all (a passing bundle records its passes).
    /// Every test-case run's test, configuration, arguments and result, in the order they ran, and the result
    /// Xcode recorded for each test: the bundle's tally.
    func tally() throws -> TestTally {
        let sql = """
            SELECT c.identifier, \(column("TestCases", "name", prefix: "c")), \(column("TestCaseRuns", "testSuiteRun_fk", prefix: "r")), r.result, r.testCase_fk,
                   \(column("TestCaseRuns", "repetitionPolicy_fk", prefix: "r")), \(argumentsColumn), \(repetitionColumn)
            FROM TestCaseRuns r LEFT JOIN TestCases c ON c.rowid = r.testCase_fk ORDER BY r.rowid
            """
        var configurations: [Int64: String?] = [:]
        var attempts: [TestTally.Attempt] = []
        // A test's n-th row among rows that share its suite run (and, under a repetition policy, its attempt number)
        // is its n-th appearance: a launch test once per appearance, or a parameterized test's n-th argument where
        // the database does not record the arguments. Rows in other suite runs or attempts are attempts of the same.
        var seen: [String: Int] = [:]
        for row in try attempt({ try reader.rows(sql) }) {
            let configuration = row[2].int.map { suiteRun in configurations[suiteRun] ?? describedConfiguration(suiteRun, into: &configurations) }
            let test = row[0].string ?? row[1].string ?? "test case \(row[4].string ?? "?") (not in the database's TestCases)"
            let key = TestTally.key(test, configuration: configuration ?? nil)
            var argument = row[6].string.map(ResultsDatabase.shortArgument)
            if argument == nil {
                let place = "\(row[2].string ?? "")|\(row[7].string ?? "")|\(key)"
                let n = (seen[place] ?? 0) + 1
                seen[place] = n
                if n > 1 { argument = "#\(n)" }
            }
            attempts.append(TestTally.Attempt(key: key, identity: TestTally.identity(key, argument: argument), result: row[3].string))
        }
        return TestTally(attempts, recorded: recordedResults())
    }

    func describedConfiguration(_ suiteRun: Int64, into known: inout [Int64: String?]) -> String? {
        var run = BundleRun(number: 0, testIdentifier: "")
        describe(&run, suiteRun: suiteRun)
        known[suiteRun] = run.configuration
        return run.configuration
    }

    /// A run's arguments as Swift Testing printed them, in order (`("premium_feature")`); NULL for a test that
    /// takes none, or a schema that does not record them (before Xcode 16).
    var argumentsColumn: String {
        guard has("Arguments"), has("TestValues"), column("Arguments", "orderInTestCaseRun", prefix: "a") != "NULL",
            column("TestValues", "description", prefix: "v") != "NULL"
        else { return "NULL" }
        return """
            (SELECT '(' || group_concat(d, ', ') || ')' FROM (SELECT v.description AS d FROM Arguments a JOIN TestValues v ON v.rowid = a.testValue_fk
             WHERE a.testCaseRun_fk = r.rowid ORDER BY a.orderInTestCaseRun))
            """
    }

    /// Which attempt of its test a run is, under a repetition policy; NULL without one.
    var repetitionColumn: String {
        guard has("RepetitionPolicies"), column("TestCaseRuns", "repetitionPolicy_fk", prefix: "r") != "NULL" else { return "NULL" }
        return "(SELECT p.repetition FROM RepetitionPolicies p WHERE p.rowid = r.repetitionPolicy_fk)"
    }

    /// A configuration as runs name it: none for a plan's only, unnamed one (`Test Scheme Action`).
    static func configurationName(_ s: String?) -> String? { s.nonEmpty.flatMap { $0 == "Test Scheme Action" ? nil : $0 } }

    /// An argument list is the test's own data: named by its first 200 characters.
    static func shortArgument(_ s: String) -> String { s.count <= 200 ? s : String(s.prefix(200)) + "…)" }

    /// The result Xcode recorded for each test, at the finest level the database has (a destination and a
    /// configuration; the table also holds each test's result over all of them); empty without the table.
    func recordedResults() -> [(key: String, result: String?)] {
        guard has("TestCaseResultsByDestinationAndConfiguration") else { return [] }
        let configurationName = has("TestPlanConfigurations") ? "(SELECT name FROM TestPlanConfigurations WHERE rowid = t.configuration_fk)" : "NULL"
        let sql = """
            SELECT c.identifier, \(column("TestCases", "name", prefix: "c")), t.testCase_fk, t.result, \(configurationName),
                   (t.destination_fk IS NOT NULL) + (t.configuration_fk IS NOT NULL)
            FROM TestCaseResultsByDestinationAndConfiguration t LEFT JOIN TestCases c ON c.rowid = t.testCase_fk ORDER BY t.rowid
            """
        guard let rows = try? reader.rows(sql) else { return [] }
        let finest = rows.compactMap { $0[5].int }.max() ?? 0
        return rows.filter { $0[5].int == finest }.map { row in
            let test = row[0].string ?? row[1].string ?? "test case \(row[2].string ?? "?") (not in the database's TestCases)"
            return (TestTally.key(test, configuration: ResultsDatabase.configurationName(row[4].string)), row[3].string)
        }
    }

    func anyTestRan() throws -> Bool {
        try attempt { try reader.rows("SELECT 1 FROM TestCaseRuns LIMIT 1") }.isEmpty == false
    }

    /// The Xcode version, when the database records it.
    func xcodeVersion() -> String? {
        guard has("DeveloperTools"), let row = try? reader.rows("SELECT xcodeVersion, xcodeBuildVersion FROM DeveloperTools LIMIT 1").first,
            let version = row[0].string.nonEmpty
        else { return nil }
        return version + (row[1].string.nonEmpty.map { " (\($0))" } ?? "")
    }

    /// The errors the bundle records outside any test (a build that failed): how many, and the first.
    func buildErrors() -> (count: Int, first: String?) {
        guard has("BuildIssues") else { return (0, nil) }
        let issueType = column("BuildIssues", "issueType", prefix: "b")
        guard let rows = try? reader.rows("SELECT b.message FROM BuildIssues b WHERE \(issueType) LIKE '%error%' ORDER BY b.rowid LIMIT 10000") else {
            return (0, nil)
        }
        return (rows.count, rows.first?.first?.string)
    }

    /// A failed run's issues (message, file, line, time), in the order the run recorded them.
    struct Issue {
        var message: String
        var file: String?
        var line: Int?
        /// Seconds since 2001-01-01 (Core Data's reference date).
        var timestamp: Double?
    }

    func issues(ofRun run: Int64) throws -> [Issue] {
        let contexts = has("SourceCodeContexts") && has("SourceCodeLocations") && column("TestIssues", "sourceCodeContext_fk", prefix: "i") != "NULL"
        let order = column("TestIssues", "orderInOwner", prefix: "i")
        let sql = """
            SELECT i.compactDescription, \(column("TestIssues", "detailedDescription", prefix: "i")), \(column("TestIssues", "timestamp", prefix: "i")),
                   \(contexts ? "l.filePath, l.lineNumber" : "NULL, NULL")
            FROM TestIssues i
            \(contexts ? "LEFT JOIN SourceCodeContexts x ON x.rowid = i.sourceCodeContext_fk LEFT JOIN SourceCodeLocations l ON l.rowid = x.location_fk" : "")
            WHERE i.testCaseRun_fk = ?1 ORDER BY \(order == "NULL" ? "i.rowid" : "\(order), i.rowid")
            """
        return try attempt { try reader.rows(sql, [run]) }.map { row in
            let message = (row[0].string.nonEmpty ?? row[1].string.nonEmpty ?? "(no message)").trimmingWhiteSpaceScalars()
            return Issue(
                message: message, file: row[3].string.nonEmpty, line: row[4].int.flatMap { $0 > 0 && $0 < 10_000_000 ? Int($0) : nil },
                timestamp: row[2].double)
        }
    }

    /// A run's attachments: those of its activities (followed down their children, bounded) and those of its
    /// issues, in the order they were made.
    struct Attachment {
        var name: String
        var declaredType: String?
        var payloadID: String?
        var timestamp: Double?
        var activity: String?
        var ofIssue: Bool
    }

    func attachments(ofRun run: Int64) throws -> [Attachment] {
        guard has("Attachments") else { return [] }
        let a = "Attachments"
        let fields =
            "\(column(a, "name", prefix: "t")), \(column(a, "uniformTypeIdentifier", prefix: "t")), \(column(a, "xcResultKitPayloadRefId", prefix: "t")), \(column(a, "timestamp", prefix: "t"))"
        var out: [Attachment] = []
        if has("Activities"), column(a, "activity_fk", prefix: "t") != "NULL", column("Activities", "parent_fk", prefix: "v") != "NULL",
            column("Activities", "testCaseRun_fk", prefix: "v") != "NULL"
        {
            let sql = """
                WITH RECURSIVE tree(id, depth) AS (
                    SELECT rowid, 0 FROM Activities WHERE testCaseRun_fk = ?1
                    UNION SELECT v.rowid, tree.depth + 1 FROM Activities v JOIN tree ON v.parent_fk = tree.id WHERE tree.depth < 64)
                SELECT DISTINCT \(fields), \(column("Activities", "title", prefix: "v")), t.rowid
                FROM Attachments t JOIN tree ON t.activity_fk = tree.id JOIN Activities v ON v.rowid = t.activity_fk
                ORDER BY t.rowid
                """
            for row in try attempt({ try reader.rows(sql, [run]) }) {
                out.append(
                    Attachment(
                        name: row[0].string ?? "attachment", declaredType: row[1].string, payloadID: row[2].string,
                        timestamp: row[3].double, activity: row[4].string, ofIssue: false))
            }
        }
        if column(a, "testIssue_fk", prefix: "t") != "NULL" {
            let sql = """
                SELECT \(fields) FROM Attachments t JOIN TestIssues i ON i.rowid = t.testIssue_fk
                WHERE i.testCaseRun_fk = ?1 ORDER BY t.rowid
                """
            for row in try attempt({ try reader.rows(sql, [run]) }) {
                out.append(
                    Attachment(
                        name: row[0].string ?? "attachment", declaredType: row[1].string, payloadID: row[2].string,
                        timestamp: row[3].double, activity: nil, ofIssue: true))
            }
        }
        return out.sorted { ($0.timestamp ?? .infinity) < ($1.timestamp ?? .infinity) }
    }

    /// Seconds between 1970 and Core Data's reference date, 2001-01-01.
    static let referenceDate: Double = 978_307_200

    /// An ISO 8601 time (UTC) for a database timestamp, as the typed objects write theirs.
    static func isoTime(_ t: Double?) -> String? {
        guard let t = t, t.isFinite, abs(t) < 1e11 else { return nil }
        return InternetDate.format(secondsSince1970: t + referenceDate)
    }
}

extension BundleRun {
    /// What `ResultsDatabase.describe` finds of a run's suite run, taken from another run of the same suite run.
    mutating func takeDescription(of other: BundleRun) {
        targetName = other.targetName
        testKind = other.testKind
        configuration = other.configuration
        language = other.language
        region = other.region
        device = other.device
        osVersion = other.osVersion
        platform = other.platform
    }
}
