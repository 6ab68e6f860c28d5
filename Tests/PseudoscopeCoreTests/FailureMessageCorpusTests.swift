import Foundation
import XCTest

@testable import PseudoscopeCore

/// Every real failure message of `../shared/fixtures/failure-messages/messages.jsonl` (111 XCUITest, Appium and
/// WebDriverAgent messages from public sources, each parsed by hand) is read as a query or said unread with its
/// reason, never guessed; on the confident hand parses, the criteria and the chain equal the hand parse for at least
/// 95% of the messages, and the action and the type as far as the message itself says them (see the floors).
final class FailureMessageCorpusTests: XCTestCase {
    struct Row {
        var id: String
        var message: String
        var confident: Bool
        var action: String
        var type: String
        var criteria: [String: String]
        var chain: [String]
    }

    func rows() throws -> [Row] {
        let file = try SharedFixtures.require(SharedFixtures.root.appendingPathComponent("failure-messages"))
            .appendingPathComponent("messages.jsonl")
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            let o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let p = try XCTUnwrap(o["parse"] as? [String: Any])
            var criteria: [String: String] = [:]
            for (k, v) in (p["criteria"] as? [String: Any]) ?? [:] { criteria[k] = Self.withoutNote("\(v)") }
            return Row(
                id: o["id"] as? String ?? "?", message: o["message"] as? String ?? "", confident: p["confidence"] as? String == "high",
                action: p["action"] as? String ?? "", type: p["target_type"] as? String ?? "", criteria: criteria,
                chain: ((p["chain"] as? [String]) ?? []).compactMap(Self.printedStep))
        }
    }

    /// A hand value's own note in parentheses at its end (`BLOCKPREDICATE(0x…) (opaque block)`) is the reader's
    /// remark, not the value.
    static func withoutNote(_ s: String) -> String {
        guard s.hasSuffix(")"), let open = s.range(of: " (", options: .backwards) else { return s }
        return String(s[..<open.lowerBound])
    }

    /// A hand chain's step as the message prints it; the hand's notes (`(not printed)`, `... (earlier steps)`)
    /// are none. `Application (App element pid: N)` is the application the chain started from.
    static func printedStep(_ s: String) -> String? {
        if s == "(First Match)" { return s }
        if s.hasPrefix("(") || s.hasPrefix("...") || s.hasPrefix("\"") { return nil }
        if s.hasPrefix("Application") { return "Application" }
        return s
    }

    /// The reading in the hand parse's words.
    static func fields(_ q: FailureQuery) -> (action: String, type: String, criteria: [String: String], chain: [String]) {
        var criteria: [String: String] = [:]
        criteria["identifier"] = q.steps.last { $0.identifier != nil }?.identifier ?? q.described?.identifier
        criteria["label"] = q.steps.last { $0.label != nil }?.label ?? q.described?.label
        criteria["value"] = q.described?.value
        criteria["placeholderValue"] = q.described?.placeholder
        criteria["subscript_key"] = q.key
        if let p = q.steps.last(where: { $0.predicate.map { !$0.reducesToNames } ?? false })?.predicate { criteria["predicate"] = p.text }
        if let c = q.condition { criteria["predicate"] = c }
        if let i = q.steps.last(where: { $0.kind == .index })?.index { criteria["index"] = String(i) }
        if let l = q.locator {
            let names = [
                "accessibility id": "accessibility_id", "class chain": "class_chain", "-ios class chain": "class_chain", "xpath": "xpath", "id": "id",
            ]
            criteria[names[l.using] ?? l.using] = l.value
        }
        criteria["bundle_id"] = q.bundleID
        let type = q.type ?? q.subject ?? (q.isRead ? "any" : "unknown")
        return (q.actionKind.rawValue, type, criteria, (q.input.map { [$0] } ?? []) + q.steps.map(\.text))
    }

    func testEveryRealMessageIsReadOrSaidUnreadAndTheConfidentOnesAsParsedByHand() throws {
        let all = try rows()
        XCTAssertGreaterThanOrEqual(all.count, 100)
        var right = ["action": 0, "type": 0, "criteria": 0, "chain": 0, "all": 0]
        var misses: [String] = []
        var read = 0
        for row in all {
            let q = FailureQuery.read(row.message)
            // Read, or said unread with a reason; a message the hand finds no element in is never read as one.
            XCTAssertTrue(q.isRead || !(q.unread ?? "").isEmpty, row.id)
            if row.type == "unknown", row.criteria.isEmpty, row.chain.isEmpty { XCTAssertFalse(q.isRead, "\(row.id) is guessed: \(q.target)") }
            if q.isRead { read += 1 }
            guard row.confident else { continue }
            let f = Self.fields(q)
            let same = [
                "action": f.action == row.action, "type": f.type == row.type, "criteria": f.criteria == row.criteria, "chain": f.chain == row.chain,
            ]
            for (k, ok) in same where ok { right[k]! += 1 }
            if same.values.allSatisfy({ $0 }) {
                right["all"]! += 1
            } else {
                misses.append(
                    "\(row.id): "
                        + same.filter { !$0.value }.keys.sorted().map { k in
                            switch k {
                            case "action": return "action \(f.action) (hand \(row.action))"
                            case "type": return "type \(f.type) (hand \(row.type))"
                            case "criteria": return "criteria \(f.criteria) (hand \(row.criteria))"
                            default: return "chain \(f.chain) (hand \(row.chain))"
                            }
                        }.joined(separator: "; "))
            }
        }
        let confident = all.filter(\.confident).count
        let report = right.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)/\(confident)" }.joined(separator: ", ")
        print("failure-message corpus: \(all.count) messages, \(read) read as queries; confident: \(report)")
        // The criteria and the chain are in the message: 95% of them. The action and the type a hand parse sometimes
        // takes from the test's code beside the message (`app.buttons[…].tap()` in the context of m085, m105; the
        // keyboard of m060; Appium's earlier log lines for m096, m143), which the message does not hold: the
        // measured floor (77 and 78 of 83 when this was written) is kept, not guessed past.
        let floors = ["criteria": 0.95, "chain": 0.95, "type": 0.93, "action": 0.92, "all": 0.84]
        for (k, n) in right {
            XCTAssertGreaterThanOrEqual(Double(n), floors[k]! * Double(confident), "\(k): \(report)\n" + misses.joined(separator: "\n"))
        }
    }
}
