import CSQLite
import Foundation

/// Writes a results database as Xcode 15.4+ does (`database.sqlite3`: TestCases, TestCaseRuns, TestIssues,
/// Attachments, Activities, …) or any hostile variant of one, by running SQL: the schema is the test's to choose.
public enum SyntheticDatabase {
    /// The tables and columns of a real Xcode 26 database that the reader uses, in one of the orders Xcode writes.
    public static let schema = """
        CREATE TABLE TestSuites (parentSuite_fk INTEGER, testable_fk INTEGER, name TEXT, identifier TEXT);
        CREATE TABLE Testables (name TEXT, testKind TEXT, testPlan_fk INTEGER);
        CREATE TABLE TestPlanConfigurations (name TEXT, region TEXT, language TEXT, testPlan_fk INTEGER);
        CREATE TABLE Platforms (userDescription TEXT, identifier TEXT);
        CREATE TABLE Devices (platform_fk INTEGER, operatingSystemVersion TEXT, modelName TEXT, name TEXT);
        CREATE TABLE RunDestinations (name TEXT, device_fk INTEGER);
        CREATE TABLE Actions (runDestination_fk INTEGER, name TEXT);
        CREATE TABLE TestPlanRuns (action_fk INTEGER, configuration_fk INTEGER);
        CREATE TABLE TestableRuns (testable_fk INTEGER, testPlanRun_fk INTEGER);
        CREATE TABLE TestSuiteRuns (parentSuiteRun_fk INTEGER, testSuite_fk INTEGER, testableRun_fk INTEGER);
        CREATE TABLE RepetitionPolicies (repetitionModeString TEXT, repetition INTEGER, totalRepetitions INTEGER);
        CREATE TABLE TestCases (testSuite_fk INTEGER, name TEXT, identifier TEXT);
        CREATE TABLE TestCaseRuns (testSuiteRun_fk INTEGER, repetitionPolicy_fk INTEGER, result TEXT, testCase_fk INTEGER);
        CREATE TABLE SourceCodeLocations (filePath TEXT, lineNumber INTEGER);
        CREATE TABLE SourceCodeContexts (location_fk INTEGER);
        CREATE TABLE TestIssues (detailedDescription TEXT, compactDescription TEXT, testCaseRun_fk INTEGER, orderInOwner INTEGER,
                                 sourceCodeContext_fk INTEGER, timestamp REAL);
        CREATE TABLE Activities (startTime REAL, parent_fk INTEGER, testCaseRun_fk INTEGER, title TEXT);
        CREATE TABLE Attachments (uniformTypeIdentifier TEXT, activity_fk INTEGER, name TEXT, testIssue_fk INTEGER,
                                  xcResultKitPayloadRefId TEXT, timestamp REAL);
        """

    /// Creates the database at `path` by running `sql` (statements separated by semicolons).
    public static func write(_ sql: String, to path: String) throws {
        guard let sqlite = ps_sqlite()?.pointee else {
            throw NSError(domain: "sqlite", code: 0, userInfo: [NSLocalizedDescriptionKey: String(cString: ps_sqlite_load_error())])
        }
        var db: OpaquePointer?
        guard sqlite.sqlite3_open(path, &db) == SQLITE_OK, let h = db else { throw NSError(domain: "sqlite", code: 1) }
        defer { _ = sqlite.sqlite3_close(h) }
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite.sqlite3_exec(h, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "?"
            sqlite.sqlite3_free(error)
            throw NSError(domain: "sqlite", code: 2, userInfo: [NSLocalizedDescriptionKey: message])
        }
    }

    /// Runs `sql` on the database at `path` in write-ahead-log mode and, before closing it (closing merges the log),
    /// copies the database and its log to `copy` and `copy-wal`: a database whose changes wait in its log, as a
    /// bundle copied while Xcode still had it open holds one.
    public static func changeLeavingLog(_ sql: String, database path: String, copy: String) throws {
        guard let sqlite = ps_sqlite()?.pointee else {
            throw NSError(domain: "sqlite", code: 0, userInfo: [NSLocalizedDescriptionKey: String(cString: ps_sqlite_load_error())])
        }
        var db: OpaquePointer?
        guard sqlite.sqlite3_open(path, &db) == SQLITE_OK, let h = db else { throw NSError(domain: "sqlite", code: 1) }
        defer { _ = sqlite.sqlite3_close(h) }
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite.sqlite3_exec(h, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; " + sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "?"
            sqlite.sqlite3_free(error)
            throw NSError(domain: "sqlite", code: 2, userInfo: [NSLocalizedDescriptionKey: message])
        }
        for suffix in ["", "-wal"] {
            try? FileManager.default.removeItem(atPath: copy + suffix)
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
    }

    /// One failed UI-test run with an issue and an attachment in a child activity, and one passing run.
    public static func oneFailedRun(
        payloadID: String, attachmentName: String = "App UI hierarchy for com.example.App",
        type: String = "public.plain-text"
    ) -> String {
        schema + """
            INSERT INTO Testables VALUES ('LayoutUITests', 'UI', 1);
            INSERT INTO TestPlanConfigurations VALUES ('expanded', 'DE', 'de', 1);
            INSERT INTO Platforms VALUES ('iOS Simulator', 'com.apple.platform.iphonesimulator');
            INSERT INTO Devices VALUES (1, '26.0', 'iPhone 17 Pro', 'iPhone 17 Pro');
            INSERT INTO RunDestinations VALUES ('iPhone 17 Pro', 1);
            INSERT INTO Actions VALUES (1, 'Test');
            INSERT INTO TestPlanRuns VALUES (1, 1);
            INSERT INTO TestableRuns VALUES (1, 1);
            INSERT INTO TestSuites VALUES (NULL, 1, 'CheckoutUITests', 'CheckoutUITests');
            INSERT INTO TestSuiteRuns VALUES (NULL, 1, 1);
            INSERT INTO RepetitionPolicies VALUES ('RunRetryOnFailure', 1, 2);
            INSERT INTO TestCases VALUES (1, 'testCheckoutLayout()', 'CheckoutUITests/testCheckoutLayout()');
            INSERT INTO TestCases VALUES (1, 'testPasses()', 'CheckoutUITests/testPasses()');
            INSERT INTO TestCaseRuns VALUES (1, 1, 'Failure', 1);
            INSERT INTO TestCaseRuns VALUES (1, NULL, 'Success', 2);
            INSERT INTO SourceCodeLocations VALUES ('/Users/ci/CheckoutUITests.swift', 42);
            INSERT INTO SourceCodeContexts VALUES (1);
            INSERT INTO TestIssues VALUES (NULL, 'Failed to tap "checkout.confirm" Button: No matches found', 1, 0, 1, 781390534.276);
            INSERT INTO Activities VALUES (781390520.0, NULL, 1, 'Start Test');
            INSERT INTO Activities VALUES (781390534.0, 1, NULL, 'Collecting debug information to assist test failure triage');
            INSERT INTO Attachments VALUES ('\(type)', 2, '\(attachmentName)', NULL, '\(payloadID)', 781390534.274);
            """
    }
}
