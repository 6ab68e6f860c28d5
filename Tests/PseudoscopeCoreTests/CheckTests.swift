import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

final class CheckTests: XCTestCase {
    typealias F = Fixtures

    func rules(_ a: Archive) -> [String] { LayoutChecker(a).findings().map { "\($0.rule.rawValue) \($0.identifier)" } }

    // MARK: Sample archives produce the finding each was made for

    func testPassingControlHasNoBlockingFinding() throws {
        let findings = LayoutChecker(try F.sample("settings-normal")).findings()
        XCTAssertTrue(findings.allSatisfy { $0.severity == .review }, "\(findings.map(\.message))")
        XCTAssertFalse(findings.contains { $0.rule == .hardcodedText }, "a normal run never reports hard-coded text")
    }

    func testSampleFaultsAreFound() throws {
        let expectations: [(String, Rule, String)] = [
            ("settings-expanded", .textTruncated, "settings.digest.label"),
            ("settings-rtl", .rtlNotMirrored, "BackButton"),
            ("checkout-expanded", .primaryActionUnreachable, "checkout.confirm"),
            ("checkout-expanded", .outsideWindow, "checkout.confirm"),
            ("signup-ime-composition", .validationDuringComposition, "signup.name"),
            ("profile-hardcoded-expanded", .hardcodedText, "profile.payment.label"),
            ("chat-cjk-arabic", .missingAccessibleLabel, "chat.attach"),
            ("orders-long-list-expanded", .textTruncated, "orders.row.7.status"),
            ("payment-toast-rtl", .primaryActionUnreachable, "payment.pay"),
        ]
        for (sample, rule, id) in expectations {
            let findings = LayoutChecker(try F.sample(sample)).findings()
            XCTAssertTrue(findings.contains { $0.rule == rule && $0.identifier == id }, "\(sample) should report \(rule.rawValue) on \(id)")
        }
        let profile = LayoutChecker(try F.sample("profile-hardcoded-expanded")).findings().filter { $0.rule == .hardcodedText }
        XCTAssertEqual(profile.map(\.identifier), ["profile.payment.label"], "the user's name comes from test data and is not flagged")
    }

    func testCheckoutMessageSaysHowFarBelow() throws {
        let f = LayoutChecker(try F.sample("checkout-expanded")).findings().first { $0.rule == .primaryActionUnreachable }!
        XCTAssertEqual(f.message, "off-screen: 38 pt below the window; not hittable")
        let toast = LayoutChecker(try F.sample("payment-toast-rtl")).findings().first { $0.rule == .primaryActionUnreachable }!
        XCTAssertEqual(toast.message, "covered by Other 'toast.banner' at its hit point")
    }

    // MARK: Rules, positive and negative

    func testTextTruncated() throws {
        let cut = F.el("StaticText", [0, 100, 100, 20], id: "t", label: "Long", extra: "\"intrinsicContentSize\":{\"width\":130,\"height\":20}")
        let fits = F.el("StaticText", [0, 200, 100, 20], id: "u", label: "Short", extra: "\"intrinsicContentSize\":{\"width\":100.8,\"height\":20}")
        let f = LayoutChecker(try F.archive(content: [cut, fits])).findings().filter { $0.rule == .textTruncated }
        XCTAssertEqual(f.map(\.identifier), ["t"])
        XCTAssertEqual(f[0].message, "text needs 130 pt, frame is 100 pt wide (-30 pt, 23% hidden)")
        XCTAssertEqual(f[0].severity, .blocking)
    }

    func testOutsideWindowAndParent() throws {
        let below = F.el("Button", [10, 900, 100, 50], id: "below", label: "Go")
        let clipped = F.el("Other", [0, 100, 100, 100], id: "box", children: [F.el("StaticText", [50, 110, 80, 20], id: "sticks", label: "Out")])
        let scroll = F.el("ScrollView", [0, 300, 390, 100], id: "scroll", children: [F.el("Cell", [0, 300, 390, 900], id: "tall", label: "Row")])
        let f = LayoutChecker(try F.archive(content: [below, clipped, scroll])).findings()
        XCTAssertTrue(
            f.contains {
                $0.rule == .outsideWindow && $0.identifier == "below" && $0.severity == .blocking
                    && $0.message == "off-screen: 56 pt below the window"
            })
        XCTAssertTrue(f.contains { $0.rule == .outsideParent && $0.identifier == "sticks" && $0.severity == .review })
        XCTAssertFalse(
            f.contains { $0.identifier == "tall" && ($0.rule == .outsideParent || $0.rule == .outsideWindow) }, "scroll content may extend")
    }

    func testPrimaryActionMissingZeroSizedAndHittable() throws {
        let zero = F.el("Button", [10, 100, 0, 0], id: "zero", label: "Z")
        let fine = F.el("Button", [10, 200, 100, 50], id: "fine", label: "F")
        let a = try F.archive(failing: "fine", content: [zero, fine], top: "\"primaryActions\":[\"zero\",\"ghost\",\"fine\"]")
        let f = LayoutChecker(a).findings().filter { $0.rule == .primaryActionUnreachable }
        XCTAssertEqual(f.map(\.identifier).sorted(), ["ghost", "zero"])
        XCTAssertEqual(f.first { $0.identifier == "zero" }?.message, "zero size")
        XCTAssertEqual(f.first { $0.identifier == "ghost" }?.message, "primary action 'ghost' is missing from the hierarchy")
    }

    /// An archive may name many primary actions, some twice: each distinct one is judged once, in the archive's
    /// order, found by the same lookup as a single one (the first element with the identifier); the covers are
    /// named as for one; and when a screen's hit tests reach their bound (thousands of unhittable actions on a
    /// large screen), the rest say so instead of being walked (the tree order: earlier actions keep their test).
    func testManyPrimaryActionsAreJudgedOnceEachAndTheHitTestsAreBounded() throws {
        var content: [String] = [], names: [String] = []
        for k in 0..<40 {
            content.append(
                F.el("Button", [Double(k % 4) * 90, 100 + Double(k / 4) * 60, 80, 44], id: "act\(k)", label: "A\(k)", extra: "\"isHittable\":false"))
            names += ["act\(k)", "act\(k)", "gone\(k)"]
        }
        content.append(F.el("Other", [0, 100, 90, 60], id: "toast", label: "Saved"))  // over act0's centre, drawn later
        let list = names.map { "\"\($0)\"" }.joined(separator: ",")
        let f = LayoutChecker(try F.archive(content: content, top: "\"primaryActions\":[\(list)]")).findings().filter {
            $0.rule == .primaryActionUnreachable
        }
        XCTAssertEqual(f.count, 80, "40 unhittable and 40 missing, each once")
        XCTAssertEqual(Set(f.map(\.identifier)), Set((0..<40).flatMap { ["act\($0)", "gone\($0)"] }))
        XCTAssertEqual(f.first { $0.identifier == "act0" }?.message, "covered by Other 'toast' at its hit point")
        XCTAssertEqual(
            f.first { $0.identifier == "act1" }?.message,
            "not hittable (nothing in the archive covers it: hidden, transparent or under a system overlay)")

        // The bound: 300 unhittable actions, each walking every element drawn after it. At the shipped bound all
        // are hit-tested; with a bound of 3,000 walked elements, the first ones in the archive's order are and the
        // rest say why they are not.
        let many = (0..<300).map {
            F.el("Button", [Double($0 % 3) * 130, 100 + Double($0 / 3) * 7, 120, 5], id: "b\($0)", label: "B", extra: "\"isHittable\":false")
        }
        let all = (0..<300).map { "\"b\($0)\"" }.joined(separator: ",")
        let checker = LayoutChecker(try F.archive(content: many, top: "\"primaryActions\":[\(all)]"))
        var shipped: [Finding] = [], bounded: [Finding] = []
        checker.primaryActions(into: &shipped)
        checker.primaryActions(into: &bounded, hitTestBudget: 3000)
        XCTAssertEqual(shipped.count, 300)
        XCTAssertFalse(shipped.contains { $0.message.contains("not hit-tested") })
        XCTAssertEqual(bounded.map(\.identifier), shipped.map(\.identifier))
        let skipped = bounded.indices.filter { bounded[$0].message.contains("not hit-tested") }
        let first = try XCTUnwrap(skipped.first, "the bound is reached")
        XCTAssertEqual(
            bounded[first].message, "not hittable (not hit-tested: the hit tests of this screen's 300 primary actions reached their bound)")
        XCTAssertEqual(Array(bounded.prefix(first).map(\.message)), Array(shipped.prefix(first).map(\.message)), "tested ones as without a bound")
        XCTAssertEqual(skipped, Array(first..<300), "none tested after the first that did not fit")
        XCTAssertEqual(skipped.count, 300 - 10, "walks of about 300 elements each: 10 fit in 3,000")
    }

    func testHardcodedTextOnlyInExpandedRuns() throws {
        let content = [
            F.el("StaticText", [0, 100, 200, 20], id: "a", label: "［Konto···］"),
            F.el("StaticText", [0, 130, 200, 20], id: "b", label: "Account"),
            F.el("StaticText", [0, 160, 200, 20], id: "c", label: "9:41"),
            F.el("StaticText", [0, 190, 200, 20], id: "d", label: "Ada Lovelace"),
            F.el("StaticText", [0, 220, 200, 20], id: "e", label: "—"),
            F.el("StaticText", [0, 2000, 200, 20], id: "f", label: "Offscreen"),
        ]
        let data = "\"testData\":{\"user\":{\"name\":\"Ada Lovelace\"}}"
        XCTAssertEqual(rules(try F.archive(mode: "expanded", content: content, top: data)).filter { $0.hasPrefix("hardcoded") }, ["hardcoded-text b"])
        XCTAssertTrue(rules(try F.archive(mode: "normal", content: content, top: data)).allSatisfy { !$0.hasPrefix("hardcoded") })
    }

    /// The control run must show strings untouched: the gate's, Xcode's and an accenting transform's marks there
    /// block; a real bracketed tag, a to-do label and the expanded run (where the marks belong) do not.
    func testPseudoMarksInTheControlRunBlock() throws {
        let content = [
            F.el("StaticText", [0, 100, 200, 20], id: "a", label: "［Konto···］"),
            F.el(
                "Button", [0, 130, 200, 40], id: "b", label: "[# Confirm #]",
                children: [F.el("StaticText", [10, 140, 100, 20], id: "b.text", label: "[# Confirm #]")]),
            F.el("StaticText", [0, 190, 200, 20], id: "c", label: "[Ŝéţţîñĝš one two]"),
            F.el("StaticText", [0, 220, 200, 20], id: "d", label: "[Draft]"),
            F.el("StaticText", [0, 250, 200, 20], id: "e", label: "TODO list"),
            F.el("StaticText", [0, 2000, 200, 20], id: "f", label: "［Offscreen］"),
        ]
        let normal = LayoutChecker(try F.archive(mode: "normal", content: content)).findings().filter { $0.rule == .pseudoInControlRun }
        XCTAssertEqual(normal.map { "\($0.identifier) \($0.severity)" }, ["a blocking", "b blocking", "c blocking"])
        XCTAssertEqual(
            normal.first?.message,
            "\"［Konto···］\" carries the gate's ［…］ markers in the normal (control) run: the transform changes strings outside its modes")
        XCTAssertTrue(LayoutChecker(try F.archive(mode: "expanded", content: content)).findings().allSatisfy { $0.rule != .pseudoInControlRun })
        XCTAssertTrue(LayoutChecker(try F.archive(mode: "rtl", content: content)).findings().allSatisfy { $0.rule != .pseudoInControlRun })
        // Doubled strings: a run most of whose strings are doubled went through Xcode's Double-Length pseudolanguage;
        // one real doubled name among plain strings did not.
        let doubledRun = ["Settings Settings", "Account Account", "Sign out Sign out", "Bora Bora"].enumerated().map { k, label in
            F.el("StaticText", [0, 100 + 30 * Double(k), 300, 20], id: "d\(k)", label: label)
        }
        XCTAssertEqual(
            LayoutChecker(try F.archive(mode: "normal", content: doubledRun)).findings().filter { $0.rule == .pseudoInControlRun }.map(\.identifier),
            ["d0", "d1", "d2", "d3"])
        let oneName = ["Settings", "Account", "Sign out", "Bora Bora"].enumerated().map { k, label in
            F.el("StaticText", [0, 100 + 30 * Double(k), 300, 20], id: "d\(k)", label: label)
        }
        XCTAssertTrue(LayoutChecker(try F.archive(mode: "normal", content: oneName)).findings().allSatisfy { $0.rule != .pseudoInControlRun })
    }

    func testRTLBackButtonAndSymbols() throws {
        let bar = F.el("NavigationBar", [0, 50, 390, 44], id: "nav", children: [F.el("Button", [8, 50, 60, 44], id: "BackButton", label: "Back")])
        let chevron = F.el("Image", [360, 200, 12, 16], id: "chevron.right", label: "chevron.right")
        let f = LayoutChecker(try F.archive(mode: "rtl", content: [bar, chevron])).findings().filter { $0.rule == .rtlNotMirrored }
        XCTAssertEqual(f.map { "\($0.identifier) \($0.severity)" }, ["BackButton blocking", "chevron.right review"])
        XCTAssertEqual(
            f.last?.message, "names the physical-direction symbol 'chevron.right', which is not flipped in RTL (use the .backward/.forward variant)")
        let flipped = F.el(
            "NavigationBar", [0, 50, 390, 44], id: "nav", children: [F.el("Button", [322, 50, 60, 44], id: "BackButton", label: "Back")])
        XCTAssertTrue(LayoutChecker(try F.archive(mode: "rtl", content: [flipped])).findings().filter { $0.rule == .rtlNotMirrored }.isEmpty)
        XCTAssertTrue(LayoutChecker(try F.archive(mode: "normal", content: [bar, chevron])).findings().filter { $0.rule == .rtlNotMirrored }.isEmpty)
    }

    func testMissingAccessibleLabel() throws {
        let unlabeled = F.el("Button", [0, 100, 50, 50], id: "icon")
        let labeled = F.el("Button", [0, 200, 50, 50], id: "ok", label: "OK")
        let cellWithText = F.el("Cell", [0, 300, 390, 50], id: "row", children: [F.el("StaticText", [10, 310, 100, 20], label: "Row")])
        let f = LayoutChecker(try F.archive(content: [unlabeled, labeled, cellWithText])).findings().filter { $0.rule == .missingAccessibleLabel }
        XCTAssertEqual(f.map(\.identifier), ["icon"])
    }

    func testValidationDuringComposition() throws {
        let field = F.el("TextField", [0, 100, 300, 44], id: "name", label: "Name", extra: "\"markedText\":\"zhong\"")
        let error = F.el("StaticText", [0, 150, 300, 20], id: "name.error", label: "Invalid")
        let form = F.el("Other", [0, 90, 390, 300], id: "form", children: [field, error])
        XCTAssertEqual(rules(try F.archive(content: [form])).filter { $0.hasPrefix("validation") }, ["validation-during-composition name"])
        let calm = F.el("Other", [0, 90, 390, 300], id: "form", children: [field.replacingOccurrences(of: "zhong", with: "")])
        XCTAssertTrue(rules(try F.archive(content: [calm])).filter { $0.hasPrefix("validation") }.isEmpty)
        let submit = F.el("Button", [0, 200, 300, 50], id: "form.submit", label: "Submit")
        let withSubmit = F.el("Other", [0, 90, 390, 300], id: "form", children: [field, submit])
        XCTAssertEqual(rules(try F.archive(content: [withSubmit])).filter { $0.hasPrefix("validation") }, ["validation-during-composition name"])
        let disabled = submit.replacingOccurrences(of: "\"label\":\"Submit\"", with: "\"label\":\"Submit\",\"isEnabled\":false")
        XCTAssertTrue(
            rules(try F.archive(content: [F.el("Other", [0, 90, 390, 300], children: [field, disabled])])).filter { $0.hasPrefix("validation") }
                .isEmpty)
        // Fields composing in one container share what it shows (looked at once per container); a field in another
        // container has its own.
        let second = F.el("TextField", [0, 250, 300, 44], id: "city", label: "City", extra: "\"markedText\":\"bei\"")
        let lone = F.el("TextField", [0, 500, 300, 44], id: "note", label: "Note", extra: "\"markedText\":\"ni\"")
        let found = LayoutChecker(
            try F.archive(content: [
                F.el("Other", [0, 90, 390, 300], id: "form", children: [field, error, second, submit]),
                F.el("Other", [0, 450, 390, 300], id: "other", children: [lone]),
            ])
        )
        .findings().filter { $0.rule == .validationDuringComposition }
        XCTAssertEqual(found.map(\.identifier), ["name", "city"])
        XCTAssertEqual(
            found.map(\.message),
            [
                "field is composing \"zhong\" (IME marked text) while validation message StaticText 'name.error' is shown and submit-like Button 'form.submit' is enabled",
                "field is composing \"bei\" (IME marked text) while validation message StaticText 'name.error' is shown and submit-like Button 'form.submit' is enabled",
            ])
    }

    func testOverlapAndSmallHitRegion() throws {
        // Text that fills its frame: the frames' overlap is where the glyphs are.
        let a = F.el("StaticText", [0, 100, 100, 20], id: "a", label: "Account settings and more")
        let b = F.el("StaticText", [90, 105, 100, 20], id: "b", label: "Billing address and more")
        let c = F.el("StaticText", [99, 130, 100, 20], id: "c", label: "Contact details and more")
        let tiny = F.el("Button", [0, 300, 30, 30], id: "tiny", label: "x")
        let f = LayoutChecker(try F.archive(content: [a, b, c, tiny])).findings()
        XCTAssertEqual(f.filter { $0.rule == .overlappingText }.map(\.identifier), ["a"])
        XCTAssertEqual(f.filter { $0.rule == .smallHitRegion }.map(\.identifier), ["tiny"])
    }

    func testFindingsAreDeterministicAndBlockingFirst() throws {
        let a = try F.sample("settings-rtl")
        let first = LayoutChecker(a).findings()
        XCTAssertEqual(first, LayoutChecker(a).findings())
        let severities = first.map(\.severity)
        XCTAssertEqual(severities, severities.sorted())
    }
}
