import Foundation
import XCTest

/// Known issues, what is new since last night, and hints, through the real program (docs/triage.md).
final class TriageEndToEndTests: XCTestCase {
    func json(_ s: String) -> [String: Any] { (try? JSONSerialization.jsonObject(with: Data(s.utf8))) as? [String: Any] ?? [:] }

    func testKnownIssuesStopBlockingUntilTheyExpireAndStaleOnesAreListed() throws {
        let dir = try Harness.temporaryFolder(self)
        let baseline = dir.appendingPathComponent("known.baseline").path
        let archive = Harness.sample("checkout-expanded")
        let env = ["PSEUDOSCOPE_TODAY": "2026-11-30"]
        XCTAssertEqual(try Harness.run(["check", archive], environment: env).status, 1)
        let add = try Harness.run(
            ["baseline", "add", baseline, archive, "--all", "--reason", "footer redesign in LOC-42", "--owner", "anna", "--expires", "2026-12-15"],
            environment: env)
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertTrue(add.stdout.contains("3 entries added, known until 2026-12-15"), add.stdout)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("reason = footer redesign in LOC-42"), text)

        let known = try Harness.run(
            ["check", archive, "--baseline", baseline, "--junit", dir.appendingPathComponent("j.xml").path], environment: env)
        XCTAssertEqual(known.status, 0, "known issues do not block: \(known.stdout)")
        XCTAssertTrue(known.stdout.contains("known: footer redesign in LOC-42 (anna, until 2026-12-15)"), known.stdout)
        let junit = try String(contentsOfFile: dir.appendingPathComponent("j.xml").path, encoding: .utf8)
        XCTAssertTrue(junit.contains("<skipped message=\"known: footer redesign in LOC-42"), junit)
        let j = json(try Harness.run(["check", "--json", archive, "--baseline", baseline], environment: env).stdout)
        let finding = (((j["archives"] as! [[String: Any]])[0]["findings"] as! [[String: Any]])[0])
        XCTAssertEqual((finding["known"] as? [String: Any])?["owner"] as? String, "anna")
        XCTAssertEqual(finding["blocks"] as? Bool, false)
        XCTAssertEqual((finding["fingerprint"] as? String)?.count, 16)

        let expired = try Harness.run(["check", archive, "--baseline", baseline], environment: ["PSEUDOSCOPE_TODAY": "2026-12-16"])
        XCTAssertEqual(expired.status, 1, "the day after expiry it blocks again")
        XCTAssertTrue(expired.stdout.contains("known until 2026-12-15, expired 1 day ago"), expired.stdout)

        // Another archive of the same screen without those findings: the entries are stale.
        let fixed = try Harness.editedSample("checkout-expanded", in: dir, name: "fixed.json") { a in
            var h = a["hierarchy"] as! [String: Any]
            h["children"] = []
            a["hierarchy"] = h
        }
        let stale = try Harness.run(["check", fixed.path, "--baseline", baseline], environment: env)
        XCTAssertTrue(stale.stdout.contains("Stale baseline entries"), stale.stdout)
    }

    func testABadBaselineIsRefusedWithItsLineAndNotRewritten() throws {
        let dir = try Harness.temporaryFolder(self)
        let baseline = dir.appendingPathComponent("known.baseline")
        try "[00000000000000aa]\nreason = r\nowner = o\nexpires = 2026-13-01\n".write(to: baseline, atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", Harness.sample("settings-normal"), "--baseline", baseline.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("known.baseline: line 1: entry [00000000000000aa]: expires '2026-13-01' is not a date"), r.stderr)
        let add = try Harness.run(["baseline", "add", baseline.path, Harness.sample("settings-normal"), "--all", "--reason", "r", "--owner", "o"])
        XCTAssertEqual(add.status, 2)
        XCTAssertEqual(try String(contentsOf: baseline, encoding: .utf8), "[00000000000000aa]\nreason = r\nowner = o\nexpires = 2026-13-01\n")
    }

    /// Two nights: a finding fixed, one new, the rest still there; from the folder or from its saved JSON.
    func testSinceLastNightEachFindingIsNewStillOrGone() throws {
        let dir = try Harness.temporaryFolder(self)
        let monday = dir.appendingPathComponent("monday"), tuesday = dir.appendingPathComponent("tuesday")
        for night in [monday, tuesday] { try FileManager.default.createDirectory(at: night, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: Harness.sample("settings-expanded"), toPath: monday.appendingPathComponent("settings-expanded").path)
        try FileManager.default.copyItem(atPath: Harness.sample("checkout-expanded"), toPath: monday.appendingPathComponent("checkout-expanded").path)
        try FileManager.default.copyItem(
            atPath: Harness.sample("settings-expanded"), toPath: tuesday.appendingPathComponent("settings-expanded").path)
        // Tuesday's checkout: the legal text fits now (gone), and the coupon button is cut (new).
        _ = try Harness.editedSample("checkout-expanded", in: tuesday, name: "checkout.json") { a in
            func edit(_ e: inout [String: Any]) {
                if e["identifier"] as? String == "checkout.legal" { e["intrinsicContentSize"] = ["width": 100, "height": 20] }
                if e["identifier"] as? String == "checkout.applyCoupon" { e["intrinsicContentSize"] = ["width": 900, "height": 20] }
                if var kids = e["children"] as? [[String: Any]] {
                    for k in kids.indices { edit(&kids[k]) }
                    e["children"] = kids
                }
            }
            var h = a["hierarchy"] as! [String: Any]
            edit(&h)
            a["hierarchy"] = h
        }
        let saved = dir.appendingPathComponent("monday.json")
        try Harness.run(["check", "--json", monday.path]).stdout.write(to: saved, atomically: true, encoding: .utf8)
        for previous in [monday.path, saved.path] {
            let r = try Harness.run(["check", "--json", tuesday.path, "--since", previous])
            let since = json(r.stdout)["since"] as? [String: Any]
            XCTAssertEqual(since?["new"] as? Int, 1, "\(previous): \(r.stdout.prefix(400)) \(r.stderr)")
            XCTAssertEqual((since?["gone"] as? [[String: Any]])?.count, 1)
            XCTAssertEqual(
                (since?["gone"] as? [[String: Any]])?.first?["finding"] as? String, "text-truncated on CheckoutLayout: StaticText 'checkout.legal'")
            XCTAssertGreaterThanOrEqual(since?["still"] as? Int ?? 0, 3)
        }
        let text = try Harness.run(["check", tuesday.path, "--since", monday.path])
        XCTAssertTrue(text.stdout.contains("NEW ‼ blocking text-truncated  Button 'checkout.applyCoupon'"), text.stdout)
        let list = try Harness.run([tuesday.path, "--since", saved.path])
        XCTAssertTrue(list.stdout.contains("(CheckoutLayout) 1 new"), list.stdout)
    }
}

final class TriageInspectorEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
    }

    func testBRecordsTheSelectedElementsFindingsAsKnown() throws {
        let dir = try Harness.temporaryFolder(self)
        let baseline = dir.appendingPathComponent("known.baseline").path
        let t = try TmuxSession(
            [Harness.sample("checkout-expanded"), "--baseline", baseline], width: 120, height: 35, environment: ["PSEUDOSCOPE_TODAY": "2026-11-30"])
        try t.waitFor(text: "‼ 3 blocking")
        try t.send("b")
        try t.waitFor(text: "Known issue, why?")
        try t.type("footer redesign")
        try t.send("Enter")
        try t.waitFor(text: "Owner?")
        try t.type("anna")
        try t.send("Enter")
        try t.waitFor(text: "Known until")
        try t.send("Enter")
        let screen = try t.waitFor(text: "Recorded 2 known issues")
        XCTAssertTrue(
            screen.contains("‼ 3 blocking (2 known)"), "the two known findings of checkout.confirm are counted as check counts them: \(screen)")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("owner = anna") && text.contains("expires = 2026-12-30"), text)
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}
