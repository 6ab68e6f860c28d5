import Foundation
import PseudoscopeTestSupport
import Synchronization
import XCTest

@testable import PseudoscopeCore

/// The classes of hostile input docs/security.md lists, each held by a test here or beside it.
final class HostileClassesTests: XCTestCase {
    /// Runs the binary and returns its status and peak memory (KiB). Measured by a small Python parent
    /// (`RUSAGE_CHILDREN`): a child spawned straight from this test process inherits the test's own high-water mark
    /// through `vfork` and `exec`, and would report that instead of its own.
    func runMeasuringMemory(_ args: [String]) throws -> (status: Int32, peakKiB: Int) {
        let script = """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let r = try Harness.launch("/usr/bin/env", ["python3", "-c", script, Harness.binary] + args, stdin: nil, environment: [:])
        let parts = r.stdout.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        guard parts.count == 2 else { throw XCTSkip("python3 did not measure: \(r.stderr)") }
        return (Int32(parts[0]), parts[1])
    }

    /// A String Catalog of `keys` strings in eleven languages, as Xcode writes one (pretty-printed).
    func catalog(keys: Int) -> String {
        let languages = ["de", "en", "es", "fr", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans", "ar"]
        var out = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for k in 0..<keys {
            out += "    \"settings.item.\(k).title\" : {\n      \"comment\" : \"A title\",\n      \"localizations\" : {\n"
            out += languages.map {
                "        \"\($0)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Wert \(k) für \($0) mit etwas Text\" } }"
            }.joined(separator: ",\n")
            out += "\n      }\n    }" + (k == keys - 1 ? "\n" : ",\n")
        }
        return out + "  },\n  \"version\" : \"1.0\"\n}\n"
    }

    func testALargeStringCatalogCostsAFewTimesItsSize() throws {
        let dir = try Harness.temporaryFolder(self)
        let file = dir.appendingPathComponent("Localizable.xcstrings").path
        try catalog(keys: 16_000).write(toFile: file, atomically: false, encoding: .utf8)
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as! Int
        XCTAssertGreaterThan(size, 20 << 20)
        let r = try runMeasuringMemory(["check", "--strings", file, Harness.sample("locale-settings-es")])
        XCTAssertNotEqual(r.status, 2, "the catalog reads")
        // Foundation's parser took 76 times the file; the budget is a few times it, over a start-up's own.
        XCTAssertLessThan(r.peakKiB * 1024, 7 * size + (60 << 20), "peak \(r.peakKiB) KiB for a \(size >> 20) MiB catalog")
    }

    func testACatalogNestedPastTheLimitSaysSoWithItsPlace() throws {
        let dir = try Harness.temporaryFolder(self)
        let file = dir.appendingPathComponent("Deep.xcstrings").path
        let deep =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"variations":"# + String(repeating: #"{"a":"#, count: 100_000) + "{}"
            + String(repeating: "}", count: 100_000) + "}}}}},\"version\":\"1.0\"}"
        try deep.write(toFile: file, atomically: false, encoding: .utf8)
        let r = try Harness.run(["check", "--strings", file, Harness.sample("locale-settings-es")])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("line 1, column") && r.stderr.contains("nesting deeper than the limit of 512 levels"), r.stderr)
    }

    func testNeverWriteABaselineThatCannotBeReadBack() throws {
        let dir = try Harness.temporaryFolder(self)
        let file = dir.appendingPathComponent("known.baseline").path
        let add = try Harness.run(
            ["baseline", "add", file, Harness.sample("checkout-expanded"), "--all", "--reason", "r", "--owner", "o"],
            environment: ["PSEUDOSCOPE_TODAY": "9999-12-31"])
        XCTAssertEqual(add.status, 0, add.stderr)
        let check = try Harness.run(
            ["check", Harness.sample("checkout-expanded"), "--baseline", file], environment: ["PSEUDOSCOPE_TODAY": "9999-12-31"])
        XCTAssertNotEqual(check.status, 2, "what baseline add wrote reads back: \(check.stderr)")
        let garbage = try Harness.run(["check", Harness.sample("checkout-expanded")], environment: ["PSEUDOSCOPE_TODAY": "garbage"])
        XCTAssertEqual(garbage.status, 2)
        XCTAssertTrue(garbage.stderr.contains("PSEUDOSCOPE_TODAY: 'garbage' is not a date"), garbage.stderr)
    }

    func testLimitVariablesTakeDigitsOnly() throws {
        for value in [" 5", "5 ", "+5", "5x", "", "0"] {
            let r = try Harness.run(["check", Harness.sample("checkout-expanded")], environment: ["PSEUDOSCOPE_MAX_DEPTH": value])
            XCTAssertEqual(r.status, 2, "'\(value)'")
            XCTAssertTrue(r.stderr.contains("PSEUDOSCOPE_MAX_DEPTH: must be a whole number"), r.stderr)
        }
    }

    /// A bundle whose Data/ holds a million files more than its objects: listing reads only the objects on the
    /// way to the failed runs, so neither time nor memory grow with the folder.
    func testABundleOfAMillionTinyFilesListsInBoundedMemory() throws {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let dir = base.appendingPathComponent("ps-million-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { _ = try? Harness.shell("rm -rf '\(dir.path)'") }
        let bundle = dir.appendingPathComponent("LayoutTests.xcresult").path
        try FileManager.default.copyItem(
            atPath: Harness.repositoryRoot.appendingPathComponent("SampleBundles/TestResults/expanded/LayoutTests.xcresult").path, toPath: bundle)
        let made = try Harness.shell(
            "cd '\(bundle)/Data' && python3 -c \"import os\nfor i in range(1000000): os.close(os.open('data.0~junk%07d' % i, os.O_CREAT | os.O_WRONLY, 0o644))\" && ls | wc -l"
        )
        XCTAssertGreaterThan(Int(made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 1_000_000, made.stderr)
        let r = try runMeasuringMemory(["check", "--json", dir.path])
        XCTAssertEqual(r.status, 1, "the expanded run's blocking findings")
        XCTAssertLessThan(r.peakKiB, 150 * 1024, "peak \(r.peakKiB) KiB")
    }

    /// Folder objects whose refs name themselves, each other, or nothing: the diagnostics walk that finds the
    /// Xcode version is bounded, and a dangling reference is nothing, not a crash.
    func testRefsThatCircleOrDangleAreBounded() throws {
        typealias B = SyntheticBundle
        var bundle = SyntheticBundle()
        // Two folder objects whose refs name each other, and a third naming an id nothing holds.
        let a = "0~folderA_" + String(repeating: "A", count: 20), b = "0~folderB_" + String(repeating: "B", count: 20),
            c = "0~folderC_" + String(repeating: "C", count: 20)
        bundle.objects[a] = Array(#"[{"name":"loop","type":2},{"name":"gone","type":2}]"#.utf8)
        bundle.objects[b] = Array(#"[{"name":"back","type":2}]"#.utf8)
        bundle.objects[c] = Array(#"[{"name":"Session-x.log","type":1}]"#.utf8)
        let root = B.invocation(actionResult: [("status", .scalar("succeeded")), ("diagnosticsRef", B.reference(a))])
        let rootID = bundle.add(root)
        let path = try Harness.temporaryFolder(self).appendingPathComponent("Loop.xcresult").path
        try bundle.write(to: path, rootID: rootID)
        func ref(_ id: String) -> [UInt8] {
            // `41 00` and the id's 64 raw bytes (base64url decoded), as Xcode writes refs.
            var s = String(id.dropFirst(2)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while s.count % 4 != 0 { s += "=" }
            let raw = [UInt8](Data(base64Encoded: s) ?? Data())
            return [0x41, 0x00] + (raw + [UInt8](repeating: 0, count: 64)).prefix(64)
        }
        let dangling = "0~nothere_" + String(repeating: "D", count: 20)
        try Data([2] + ref(b) + ref(dangling)).write(to: URL(fileURLWithPath: path + "/Data/refs.\(a)"))
        try Data([1] + ref(a)).write(to: URL(fileURLWithPath: path + "/Data/refs.\(b)"))
        let r = try Harness.run(["check", "--json", path])
        XCTAssertNotEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("no test ran") || r.stderr.contains("no failed tests") || r.stdout.contains("no test"), r.stdout + r.stderr)
    }

    /// A file that grows while it is read is read to the limit and no further; one that shrinks ends where it ends.
    func testAFileThatGrowsWhileReadStopsAtTheLimit() throws {
        let dir = try Harness.temporaryFolder(self)
        let file = dir.appendingPathComponent("growing.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(repeating: 0x41, count: 1 << 20)))
        final class Flag: Sendable { let value = Mutex(false) }
        let done = Flag()
        let writer = Thread {
            let h = FileHandle(forWritingAtPath: file)!
            h.seekToEndOfFile()
            let chunk = Data(repeating: 0x42, count: 1 << 16)
            for _ in 0..<2_000 where !done.value.withLock({ $0 }) { h.write(chunk) }
            try? h.close()
        }
        writer.start()
        // Read while it grows: from the moment it has.
        while (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0 <= 2 << 20 { usleep(1_000) }
        for _ in 0..<20 {
            do {
                let bytes = try FileAccess.readRegularFile(file, limit: 16 << 20, limitVariable: "PSEUDOSCOPE_MAX_FILE_MIB")
                XCTAssertLessThanOrEqual(bytes.count, 16 << 20)
                XCTAssertGreaterThanOrEqual(bytes.count, 1 << 20)
            } catch let e as ArchiveError {
                XCTAssertTrue(e.message.contains("over the limit"), e.message)
            }
        }
        done.value.withLock { $0 = true }
        // Shrinking: truncated to nothing while its old size is known to the reader.
        try Data(repeating: 0x43, count: 1 << 20).write(to: URL(fileURLWithPath: file))
        truncate(file, 10)
        XCTAssertEqual(try FileAccess.readRegularFile(file, limit: 16 << 20, limitVariable: "X").count, 10)
    }

    /// 20,000 failed runs in one results database (the real Xcode 26 database, its 40 failures copied 500 times):
    /// every run listed and accounted for, memory linear in the runs at a few KiB each. The database is opened
    /// once for all of them (opened again per run, 200,000 runs took 185 s; now 27 s, 953 MB in a release build).
    func testTwentyThousandFailedRunsInOneDatabaseAreReadInBoundedMemory() throws {
        try SharedFixturesPath.require()
        let real = SharedFixturesPath.root.appendingPathComponent("xcresult/xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult")
        let dir = try Harness.temporaryFolder(self)
        let bundle = dir.appendingPathComponent("Many.xcresult")
        try FileManager.default.copyItem(at: real, to: bundle)
        let db = bundle.appendingPathComponent("database.sqlite3").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db)
        try SyntheticDatabase.write(
            """
            CREATE TEMP TABLE F AS SELECT * FROM TestCaseRuns WHERE result = 'Failure';
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 499)
            INSERT INTO TestCaseRuns SELECT F.* FROM F, n;
            INSERT INTO TestIssues (issueType, testSuiteRun_fk, compactDescription, detailedDescription, testCaseRun_fk, isTopLevel, orderInOwner)
              SELECT 'Uncategorized', testSuiteRun_fk, 'failed ' || rowid, 'failed ' || rowid, rowid, 1, 0
              FROM TestCaseRuns WHERE result = 'Failure' AND rowid > 368;
            """, to: db)
        let info = try Harness.run(["info", bundle.path])
        XCTAssertTrue(info.stderr.contains("the bundle holds 20000 failed runs"), info.stderr)
        let (status, peak) = try runMeasuringMemory(["check", bundle.path])
        XCTAssertEqual(status, 3, "no run holds a hierarchy: nothing was checked")
        XCTAssertLessThan(peak, 300 * 1024, "peak \(peak / 1024) MiB for 20,000 runs")
    }
}
