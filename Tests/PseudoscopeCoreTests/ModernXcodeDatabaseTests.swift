import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// The results database of Xcode 15.4+ (`database.sqlite3`): read as the typed objects are, defended against
/// what a stranger's database may hold.
extension ModernXcodeTests {

    /// Where a bundle holds both, its objects and its database list the same failed runs.
    func testTheTypedObjectsAndTheDatabaseAgree() throws {
        var compared = 0
        for path in try realBundles() {
            let bundle = try XCResultBundle(path: path)
            guard bundle.rootID != nil, let typed = try? BundleIndex.TypedRuns(bundle), typed.complete,
                let db = try ResultsDatabase.open(bundle: path, realBundle: bundle.realPath)
            else { continue }
            let fromDB = try db.failedRuns()
            let name = (path as NSString).lastPathComponent
            XCTAssertEqual(fromDB.map(\.testIdentifier).sorted(), typed.runs.map(\.testIdentifier).sorted(), name)
            // The first failure of each, by test, in order.
            let importer = BundleRunImporter(index: try BundleIndex(bundle), limits: .default, options: DumpOptions())
            for (t, d) in zip(typed.runs, fromDB) where t.testIdentifier == d.testIdentifier {
                let typedMessage = try importer.typedRecord(t).failures.first?.message
                let dbMessage = try importer.databaseRecord(d, row: d.databaseRun!).failures.first?.message
                XCTAssertEqual(typedMessage?.prefix(60), dbMessage?.prefix(60), "\(name) \(t.testIdentifier)")
            }
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 8)
    }

    /// A statement is compiled once and run again: each run answers for its own parameters (none kept from the
    /// run before), a failed statement leaves the next runs whole, and a statement that does not compile is an
    /// error every time it is asked.
    func testAStatementRunAgainAnswersForItsOwnParameters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statements-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("database.sqlite3").path
        try SyntheticDatabase.write(
            "CREATE TABLE t (k INTEGER, v TEXT); INSERT INTO t VALUES (1, 'one'), (2, 'two'), (2, 'deux'), (3, NULL);", to: path)
        let reader = try SQLiteReader(readOnly: path)
        let query = "SELECT v FROM t WHERE k = ? ORDER BY rowid"
        XCTAssertEqual(try reader.rows(query, [2]).map { $0[0].string }, ["two", "deux"])
        XCTAssertEqual(try reader.rows(query, [1]).map { $0[0].string }, ["one"])
        XCTAssertEqual(try reader.rows(query, [9]).count, 0)
        XCTAssertEqual(try reader.rows(query, [3]).map { $0[0] }, [.null])
        XCTAssertEqual(try reader.rows(query, [2]).map { $0[0].string }, ["two", "deux"], "the same answer again")
        XCTAssertEqual(try reader.rows("SELECT v FROM t WHERE k = ? LIMIT 1", [2]).map { $0[0].string }, ["two"])
        for _ in 0..<2 {
            XCTAssertThrowsError(try reader.rows("SELECT v FROM nowhere")) { e in
                XCTAssertTrue((e as? SQLiteReader.Failure)?.message.contains("nowhere") ?? false, "\(e)")
            }
        }
        XCTAssertEqual(try reader.rows(query, [1]).map { $0[0].string }, ["one"], "after a failure")
        XCTAssertEqual(try reader.rows("SELECT count(*) FROM t").first?.first?.int, 4)
    }

    func testABundleThatHoldsOnlyItsDatabaseListsItsRunsFromIt() throws {
        let path = try xcresults.appendingPathComponent("xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult").path
        let index = try BundleIndex(XCResultBundle(path: path))
        XCTAssertEqual(index.runSource, .database)
        XCTAssertEqual(index.runs.count, 40)
        XCTAssertTrue(index.notes.contains { $0.contains("holds only database.sqlite3") }, "\(index.notes)")
        let a = try ArchiveLoader().load(path + "#38")
        XCTAssertEqual(a.test, "FastlaneTrainerExampleUITests/testTextInputAndValidation()")
        XCTAssertEqual(a.environment.simulator, "iPhone 17 Pro Max")
        XCTAssertEqual(a.environment.os, "iOS 26.1")
        XCTAssertEqual(a.run?.repetition, "attempt 2 of 2")
        XCTAssertEqual(a.run?.configuration, "MyTestPlanConfig")
        XCTAssertTrue(a.failure.message.hasPrefix("XCTAssertEqual failed"), a.failure.message)
        XCTAssertEqual(a.failure.line, 68)
        XCTAssertNotNil(a.hierarchyNote, "no attachments to read a hierarchy from")
    }

    /// A copy of the real database-only bundle, its database replaced by `change` (given the copy's database path).
    func databaseOnlyCopy(_ change: (String) throws -> Void) throws -> String {
        let real = try xcresults.appendingPathComponent("xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Mixed.xcresult")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: real, to: bundle)
        try change(bundle.appendingPathComponent("database.sqlite3").path)
        return bundle.path
    }

    /// Failed runs whose test case the database does not hold are listed, named as such, not dropped by the join:
    /// 8 of the 40 failures without their test case read as 32 before.
    func testFailedRunsWithoutTheirTestCaseAreKept() throws {
        let path = try databaseOnlyCopy { db in
            try SyntheticDatabase.write(
                "DELETE FROM TestCases WHERE rowid IN (SELECT testCase_fk FROM TestCaseRuns WHERE result = 'Failure' LIMIT 8);", to: db)
        }
        let index = try BundleIndex(XCResultBundle(path: path))
        XCTAssertEqual(index.runs.count, 40)
        XCTAssertTrue(index.runs.contains { $0.testIdentifier.contains("not in the database's TestCases") }, "\(index.runs.map(\.testIdentifier))")
    }

    /// A bundle's runs are read from the database that listed them, opened once for all of them: replacing the
    /// file after the listing changes nothing read (opening it again per run cost 185 s for 200,000 runs, and
    /// could mix two databases' answers in one night).
    func testRunsAreReadFromTheDatabaseThatListedThem() throws {
        let path = try databaseOnlyCopy { _ in }
        let index = try BundleIndex(XCResultBundle(path: path))
        let db = path + "/database.sqlite3"
        try FileManager.default.removeItem(atPath: db)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: db))
        let importer = BundleRunImporter(index: index, limits: .default, options: DumpOptions())
        let archives = try index.runs.map { try importer.archive($0, givenPath: "x") }
        XCTAssertEqual(archives.count, 40)
        XCTAssertTrue(
            archives.allSatisfy { !$0.failure.message.contains("the bundle records no failure message") }, "\(archives.map(\.failure.message))")
    }

    /// A database-only bundle whose database is cut short or is a FIFO: the error names the database and what is
    /// wrong with it, not a Data/ folder the bundle never had.
    func testADatabaseThatCannotBeReadIsNamedWithWhy() throws {
        let cut = try databaseOnlyCopy { db in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
            try bytes.prefix(5000).write(to: URL(fileURLWithPath: db))
        }
        XCTAssertThrowsError(try BundleIndex(XCResultBundle(path: cut))) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains("database.sqlite3") && text.contains("malformed"), text)
        }
        let fifo = try databaseOnlyCopy { db in
            try FileManager.default.removeItem(atPath: db)
            XCTAssertEqual(mkfifo(db, 0o600), 0)
        }
        XCTAssertThrowsError(try BundleIndex(XCResultBundle(path: fifo))) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains("database.sqlite3") && text.contains("not a regular file"), text)
        }
    }

    /// A database whose failures wait in its write-ahead log (`database.sqlite3-wal`, not merged) is read as SQLite
    /// reads it, the log merged in a private copy, and nothing is written into the bundle: opened `immutable`, it
    /// read as the file alone says.
    func testADatabaseWhoseChangesWaitInItsLogIsReadWithThemAndLeftAsItIs() throws {
        var bundlePath = ""
        let path = try databaseOnlyCopy { db in
            // The file itself says every run passed; the log holds the failures back.
            let scratch = db + ".scratch"
            try FileManager.default.copyItem(atPath: db, toPath: scratch)
            try SyntheticDatabase.write(
                "CREATE TABLE Failed AS SELECT rowid AS id FROM TestCaseRuns WHERE result = 'Failure'; UPDATE TestCaseRuns SET result = 'Success' WHERE result = 'Failure';",
                to: scratch)
            try SyntheticDatabase.changeLeavingLog(
                "UPDATE TestCaseRuns SET result = 'Failure' WHERE rowid IN (SELECT id FROM Failed);", database: scratch, copy: db)
            bundlePath = (db as NSString).deletingLastPathComponent
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) }
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: bundlePath).sorted()
        XCTAssertTrue(before.contains("database.sqlite3-wal"), "\(before)")
        let index = try BundleIndex(XCResultBundle(path: path))
        XCTAssertEqual(index.runs.count, 40, "the failures in the log are read")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bundlePath).sorted(), before, "nothing written beside the database")
    }

    /// A bundle writes nothing to learn this; make one whose objects say the action failed to start and hold no
    /// tests, while its database holds the failed run (as a real Xcode 26.6 bundle did).
    func writeFailedToStartBundle(database: String?, payloads: [String: [UInt8]] = [:]) throws -> String {
        typealias B = SyntheticBundle
        var bundle = SyntheticBundle()
        for (id, bytes) in payloads { bundle.objects[id] = bytes }
        let root = B.invocation(actionResult: [("status", .scalar("failedToStart"))])
        let rootID = bundle.add(root)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("started-\(UUID().uuidString)/rtl/Layout.xcresult").path
        // The whole `started-…` folder (removing only its `rtl` left one behind every run).
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent)
        }
        try bundle.write(to: path, rootID: rootID, minor: 58)
        if let sql = database { try SyntheticDatabase.write(sql, to: path + "/database.sqlite3") }
        return path
    }

    func testWhenTheObjectsHoldNoTestsTheDatabaseGivesTheFailedRunItsIssueAndAttachments() throws {
        let payload = "0~hierarchy_" + String(repeating: "A", count: 20)
        let text = """
            Application, 0x1, pid: 7, label: 'Shop' <App element pid: 7>
              Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}} <AX element pid: 7, elementOrHash.elementID: 4.4>
                Button, 0x3, {{16.0, 780.0}, {358.0, 44.0}}, identifier: 'checkout.confirm', label: '［Confirm your order···］' <AX element pid: 7, elementOrHash.elementID: 5.5>
            """
        let path = try writeFailedToStartBundle(database: SyntheticDatabase.oneFailedRun(payloadID: payload), payloads: [payload: Array(text.utf8)])
        let index = try BundleIndex(XCResultBundle(path: path))
        XCTAssertEqual(index.runSource, .database)
        XCTAssertEqual(index.runs.map(\.testIdentifier), ["CheckoutUITests/testCheckoutLayout()"])
        XCTAssertTrue(index.notes.contains { $0.contains("failed to start") }, "\(index.notes)")
        let a = try ArchiveLoader().load(path + "#1")
        XCTAssertEqual(a.mode, .expanded, "the configuration named expanded, before the folder named rtl")
        XCTAssertEqual(a.failure.identifier, "checkout.confirm")
        XCTAssertEqual(a.failure.file, "/Users/ci/CheckoutUITests.swift")
        XCTAssertEqual(a.failure.line, 42)
        XCTAssertEqual(a.environment.simulator, "iPhone 17 Pro")
        XCTAssertEqual(a.run?.configuration, "expanded", "the configuration's name")
        XCTAssertEqual(a.languages, ["de"])
        XCTAssertEqual(a.run?.repetition, "attempt 1 of 2")
        XCTAssertEqual(a.hierarchy.count, 3, "the App UI hierarchy attached in a child activity")
        XCTAssertNil(a.hierarchyNote)
        XCTAssertNotNil(a.failingIndex)
    }

    func testADatabaseThatCannotBeUsedIsOneLineAndTheObjectsAreStillRead() throws {
        let cases: [(String, String)] = [
            ("this is not a database at all", "cannot be read as an SQLite database"),
            ("CREATE TABLE TestCases (identifier TEXT);", "holds no table TestCaseRuns"),
            (
                "CREATE TABLE TestCases (identifier TEXT); CREATE TABLE TestIssues (testCaseRun_fk, compactDescription); CREATE TABLE TestCaseRuns (testCase_fk INTEGER);",
                "table TestCaseRuns has no column result"
            ),
            // A view under a table's name could compute anything: only tables are read.
            (
                "CREATE TABLE TestCases (identifier TEXT); CREATE TABLE TestIssues (testCaseRun_fk, compactDescription); "
                    + "CREATE VIEW TestCaseRuns AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x AS testCase_fk, 'Failure' AS result FROM n;",
                "holds no table TestCaseRuns"
            ),
        ]
        for (sql, expected) in cases {
            let path = try synthetic()
            let db = path + "/database.sqlite3"
            if sql.hasPrefix("this is") { try Data(sql.utf8).write(to: URL(fileURLWithPath: db)) } else { try SyntheticDatabase.write(sql, to: db) }
            let index = try BundleIndex(XCResultBundle(path: path))
            XCTAssertEqual(index.runSource, .typedObjects, sql)
            XCTAssertEqual(index.runs.count, 1, "the objects' run is still there")
            XCTAssertEqual(index.notes.count, 1, "\(index.notes)")
            XCTAssertTrue(index.notes.first?.contains(expected) ?? false, "\(index.notes)")
            XCTAssertTrue(index.notes.first?.contains("database.sqlite3") ?? false, "names the file")
            XCTAssertFalse(index.notes.first?.contains("\n") ?? true)
        }
    }

    func testACircularActivityTreeAndAnEndlessQueryAreBounded() throws {
        let payload = "0~hierarchy_" + String(repeating: "B", count: 20)
        var sql = SyntheticDatabase.oneFailedRun(payloadID: payload)
        // Activity 1's parent is activity 2, whose parent is 1.
        sql += "UPDATE Activities SET parent_fk = 2 WHERE rowid = 1;"
        // And a thousand more children per level, so that a walk without bounds would never end.
        sql +=
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 2000) INSERT INTO Activities SELECT 0, 2, NULL, 'child' FROM n;"
        let path = try writeFailedToStartBundle(database: sql, payloads: [payload: Array("hello".utf8)])
        let start = Date()
        let a = try ArchiveLoader().load(path + "#1")
        XCTAssertEqual(a.attachments.count, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "bounded, not endless")
    }

    func testADatabaseThatIsALinkOutOfTheBundleIsNotRead() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).sqlite3").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: outside) }
        try SyntheticDatabase.write(SyntheticDatabase.oneFailedRun(payloadID: "0~x"), to: outside)
        let path = try writeFailedToStartBundle(database: nil)
        try FileManager.default.createSymbolicLink(atPath: path + "/database.sqlite3", withDestinationPath: outside)
        let index = try BundleIndex(XCResultBundle(path: path))
        XCTAssertEqual(index.runs.count, 0, "nothing read through the link")
        XCTAssertTrue(index.notes.contains { $0.contains("a link that leaves the bundle") }, "\(index.notes)")
        let bundle = try XCResultBundle(path: path)
        XCTAssertThrowsError(try ResultsDatabase.open(bundle: path, realBundle: bundle.realPath)) { e in
            XCTAssertTrue("\(e)".contains("a link that leaves the bundle"), "\(e)")
        }
    }

    func synthetic() throws -> String {
        var test = SyntheticUIFailure.Test(identifier: "CheckoutUITests/testCheckoutLayout()")
        test.message = "\"checkout.confirm\" Button is not hittable"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("synthetic-\(UUID().uuidString).xcresult").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return try SyntheticUIFailure(tests: [test]).write(to: path)
    }
}
