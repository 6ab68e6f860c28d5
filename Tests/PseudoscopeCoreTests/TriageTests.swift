import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// Triage memory (docs/triage.md): fingerprints, baselines, what is new, false-alarm hints, the repro line.
final class TriageTests: XCTestCase {
    func archive(_ elements: [Element], screen: String = "Checkout", testData: JSONObject = JSONObject()) -> Archive {
        var window = Element(type: "Window")
        window.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        var all = [Element(type: "Application"), window] + elements
        for k in all.indices {
            all[k].depth = k == 0 ? 0 : k == 1 ? 1 : 2
            all[k].parent = k == 0 ? nil : k == 1 ? 0 : 1
            all[k].children = k == 0 ? [1] : k == 1 ? Array(2..<all.count) : []
        }
        var a = Archive(
            test: "CheckoutUITests/testCheckoutLayout", screen: screen, mode: .expanded,
            environment: Environment(xcode: "16.2", simulator: "iPhone 16", os: "iOS 18.2"),
            failure: Failure(identifier: "", label: "", frame: .zero, isHittable: true, message: "m"),
            hierarchy: Hierarchy(preorder: all), source: ArchiveSource(path: "a.json", folder: nil))
        a.testData = testData
        return a
    }

    func label(_ id: String, _ text: String, at frame: Rect, needs width: Double? = nil) -> Element {
        var e = Element(type: "StaticText")
        e.identifier = id
        e.label = text
        e.frame = frame
        if let w = width { e.intrinsicContentSize = Size(width: w, height: frame.height) }
        return e
    }

    // MARK: - Fingerprints

    func testAFingerprintSurvivesAMoveAndAResizeButNotAnotherElement() {
        let r = Rect(x: 16, y: 100, width: 100, height: 20)
        let before = LayoutChecker(archive([label("total", "［Gesamtsumme···］", at: r, needs: 180)])).findings()
        let moved = LayoutChecker(archive([label("total", "［Gesamtsumme···］", at: Rect(x: 40, y: 300, width: 90, height: 24), needs: 200)]))
            .findings()
        XCTAssertEqual(before.first?.rule, .textTruncated)
        XCTAssertEqual(before.first?.fingerprint, moved.first?.fingerprint, "same element, moved and resized")
        XCTAssertTrue(Fingerprint.isValid(before[0].fingerprint))
        // Unnamed: two labels of the same type are told apart by their place in the tree.
        let unnamed = LayoutChecker(
            archive([label("", "［Eins···］", at: r, needs: 180), label("", "［Zwei···］", at: Rect(x: 16, y: 200, width: 100, height: 20), needs: 180)])
        ).findings()
        XCTAssertEqual(unnamed.count, 2)
        XCTAssertNotEqual(unnamed[0].fingerprint, unnamed[1].fingerprint)
        // The screen and the rule are part of it.
        let otherScreen = LayoutChecker(archive([label("total", "［Gesamtsumme···］", at: r, needs: 180)], screen: "Cart")).findings()
        XCTAssertNotEqual(before[0].fingerprint, otherScreen[0].fingerprint)
        XCTAssertEqual(Fingerprint.hash("x"), "af63f54c86021707", "FNV-1a 64: the same on every machine")
    }

    // MARK: - Baselines

    let valid = """
        # known
        [00000000000000aa]
        rule = text-truncated
        reason = copy too long
        owner = anna
        expires = 2026-12-15

        [00000000000000bb]
        reason = r
        owner = o
        expires = 2027-01-01
        """

    /// A night counts its findings by their fingerprints' values (`FindingTally`): a fingerprint reads as its number
    /// exactly when it is sixteen lowercase hex digits, and any other text stays itself.
    func testAFingerprintReadsAsItsNumberOnlyWhenItIsSixteenHexDigits() {
        XCTAssertEqual(Fingerprint.value("0123456789abcdef"), 0x0123_4567_89ab_cdef)
        XCTAssertEqual(Fingerprint.value(Fingerprint.hex(0xfedc_ba98_7654_3210)), 0xfedc_ba98_7654_3210)
        XCTAssertEqual(Fingerprint.value(Fingerprint.hex(0)), 0)
        for other in [
            "", "0123456789abcde", "0123456789abcdef0", "0123456789ABCDEF", "0123456789abcdeg", "０123456789abcdef", "0123456789abcd\u{301}ef",
        ] {
            XCTAssertNil(Fingerprint.value(other), other)
        }
        // A string whose bytes are not contiguous (bridged or lazily made) reads the same.
        XCTAssertEqual(Fingerprint.value(String("x0123456789abcdef".dropFirst())), 0x0123_4567_89ab_cdef)
    }

    func testABaselineReadsAndWritesBackInFingerprintOrder() throws {
        let b = try Baseline.parse(valid, file: "k.baseline")
        XCTAssertEqual(b.entries.map(\.fingerprint), ["00000000000000aa", "00000000000000bb"])
        XCTAssertEqual(b.entries[0].line, 2)
        XCTAssertEqual(try Baseline.parse(b.rendered(), file: "k").entries.map(\.reason), ["copy too long", "r"])
        var c = b
        c.add([
            Baseline.Entry(fingerprint: "0000000000000001", reason: "new", owner: "me", expires: CalendarDay("2026-12-01")!),
            Baseline.Entry(fingerprint: "00000000000000bb", reason: "replaced", owner: "me", expires: CalendarDay("2026-12-01")!),
        ])
        XCTAssertEqual(c.entries.map(\.fingerprint), ["0000000000000001", "00000000000000aa", "00000000000000bb"])
        XCTAssertEqual(c.entry(for: "00000000000000bb")?.reason, "replaced")
    }

    /// A baseline saved with Windows line ends (an editor, `core.autocrlf`) read as one comment line: every known
    /// issue blocked again, silently.
    func testABaselineWithWindowsLineEndsReadsTheSame() throws {
        let crlf = valid.replacingOccurrences(of: "\n", with: "\r\n")
        let b = try Baseline.parse(crlf, file: "k.baseline")
        XCTAssertEqual(b.entries.map(\.fingerprint), ["00000000000000aa", "00000000000000bb"])
        XCTAssertEqual(b.entries.map(\.reason), ["copy too long", "r"])
        XCTAssertEqual(b.entries[0].line, 2)
        XCTAssertThrowsError(try Baseline.parse("[00000000000000aa]\r\ncolour = red\r\n", file: "k")) { e in
            XCTAssertEqual((e as? ArchiveError)?.place, "line 2")
        }
    }

    func testABadBaselineIsRefusedWithItsLine() {
        let cases: [(String, String, String)] = [
            ("[00000000000000aa]\nreason r\n", "line 2", "expected [fingerprint] or key = value"),
            ("[00000000000000aa]\ncolour = red\n", "line 2", "unknown key 'colour'"),
            ("[00000000000000aa]\nreason = r\nowner = o\nexpires = 2026-01-01\n[00000000000000aa]\n", "line 5", "already an entry at line 1"),
            ("[00000000000000aa]\nreason = r\nowner = o\nexpires = 2026-02-30\n", "line 1", "is not a date"),
            ("[00000000000000aa]\nowner = o\nexpires = 2026-01-01\n", "line 1", "has no reason"),
            ("reason = r\n", "line 1", "before any [fingerprint]"),
            ("[xyz]\n", "line 1", "is not a fingerprint"),
        ]
        for (text, place, message) in cases {
            XCTAssertThrowsError(try Baseline.parse(text, file: "k.baseline"), message) { e in
                let err = e as? ArchiveError
                XCTAssertEqual(err?.file, "k.baseline")
                XCTAssertEqual(err?.place, place, "\(e)")
                XCTAssertTrue(err?.message.contains(message) ?? false, "\(e)")
            }
        }
    }

    func testAKnownIssueStopsBlockingUntilTheDayAfterItExpires() throws {
        let a = archive([label("total", "［Gesamtsumme···］", at: Rect(x: 16, y: 100, width: 100, height: 20), needs: 180)])
        let found = LayoutChecker(a).findings()
        let entry = Baseline.Entry(fingerprint: found[0].fingerprint, reason: "copy too long", owner: "anna", expires: CalendarDay("2026-12-15")!)
        for (day, blocks) in [("2026-12-14", false), ("2026-12-15", false), ("2026-12-16", true)] {
            var f = found
            Triage(baseline: Baseline(entries: [entry]), today: CalendarDay(day)!, previous: nil).apply(&f)
            XCTAssertEqual(f[0].blocks, blocks, day)
            XCTAssertNotNil(f[0].known)
            XCTAssertEqual(f[0].severity, .blocking, "a baseline never changes the severity")
        }
        var f = found
        Triage(baseline: Baseline(entries: [entry]), today: CalendarDay("2026-12-16")!, previous: nil).apply(&f)
        XCTAssertEqual(f[0].known?.summary, "known until 2026-12-15, expired 1 day ago: copy too long (anna)")
    }

    func testStaleEntriesAreOnlyThoseOfScreensCheckedNow() {
        let e1 = Baseline.Entry(fingerprint: "00000000000000aa", screen: "Checkout", reason: "r", owner: "o", expires: CalendarDay("2026-12-15")!)
        let e2 = Baseline.Entry(fingerprint: "00000000000000bb", screen: "Settings", reason: "r", owner: "o", expires: CalendarDay("2026-12-15")!)
        let t = Triage(baseline: Baseline(entries: [e1, e2]), today: CalendarDay("2026-12-01")!, previous: nil)
        XCTAssertEqual(t.stale([], screens: ["Checkout"]).map(\.fingerprint), ["00000000000000aa"])
        XCTAssertEqual(t.stale(["00000000000000aa"], screens: ["Checkout", "Settings"]).map(\.fingerprint), ["00000000000000bb"])
    }

    func testDatesCountAcrossMonthsAndLeapYears() {
        XCTAssertEqual(CalendarDay("2026-12-31")!.adding(days: 1).description, "2027-01-01")
        XCTAssertEqual(CalendarDay("2028-02-28")!.adding(days: 1).description, "2028-02-29")
        XCTAssertNil(CalendarDay("2027-02-29"))
        XCTAssertEqual(CalendarDay("2026-12-16")!.ordinal - CalendarDay("2026-11-16")!.ordinal, 30)
    }

    // MARK: - Hints

    /// Today is the UTC day of the clock, by arithmetic: the same day Foundation's calendar gives, at midnight,
    /// a second before it, and across leap days, for moments over two centuries.
    func testTodayIsTheUTCDayFoundationsCalendarGives() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var moments: [Double] = [0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 951_868_800, 1_795_996_800, 4_107_542_399]
        var rng = SplitMix64(seed: 0x5EED000D)  // seeded: a failure here happens again on the next run
        for _ in 0..<2000 { moments.append(Double.random(in: -2_208_988_800...7_258_118_400, using: &rng)) }
        for t in moments {
            let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: t))
            let d = CalendarDay.day(secondsSince1970: t)
            XCTAssertEqual([d.year, d.month, d.day], [c.year!, c.month!, c.day!], "\(t)")
        }
        XCTAssertEqual(try CalendarDay.today(environment: ["PSEUDOSCOPE_TODAY": "2026-02-28"]).description, "2026-02-28")
        XCTAssertThrowsError(try CalendarDay.today(environment: ["PSEUDOSCOPE_TODAY": "garbage"]), "a day that is not a date is an error, not today")
        XCTAssertThrowsError(try CalendarDay.today(environment: ["PSEUDOSCOPE_TODAY": "+026-02-28"]))
        // Never a day the reader refuses: 30 days after the last readable day is that day.
        XCTAssertEqual(CalendarDay("9999-12-31")!.adding(days: 30).description, "9999-12-31")
        XCTAssertNotNil(CalendarDay(CalendarDay("9999-12-20")!.adding(days: 30).description))
    }

    func testEachHintHasAPositiveAndANegativeCase() {
        var spinner = Element(type: "ActivityIndicator")
        spinner.identifier = "loading"
        spinner.frame = Rect(x: 180, y: 400, width: 30, height: 30)
        XCTAssertTrue(FalseAlarmHints.hints(archive([spinner])).contains { $0.contains("ActivityIndicator 'loading' visible") })
        spinner.isVisible = false
        XCTAssertTrue(FalseAlarmHints.hints(archive([spinner])).isEmpty, "a hidden spinner is not loading")

        var alert = Element(type: "Alert")
        alert.label = "“Shop” Would Like to Send You Notifications"
        alert.frame = Rect(x: 50, y: 300, width: 290, height: 200)
        XCTAssertTrue(FalseAlarmHints.hints(archive([alert])).contains { $0.contains("present (a dialog covers the screen)") })
        XCTAssertTrue(FalseAlarmHints.hints(archive([label("t", "Alert", at: Rect(x: 0, y: 0, width: 10, height: 10))])).isEmpty)

        var second = Element(type: "Window")
        second.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        let banner = label("banner", "Update available", at: Rect(x: 0, y: 40, width: 390, height: 60))
        // (The positive case, a window that draws over an element, is testAHintIsCarriedOnlyByTheFindingsItsCauseTouches.)
        XCTAssertTrue(
            FalseAlarmHints.hints(archive([label("under", "Total", at: Rect(x: 16, y: 50, width: 100, height: 20)), second])).isEmpty,
            "an empty window on top covers nothing")
        second.identifier = "UIRemoteKeyboardWindow"
        XCTAssertTrue(
            FalseAlarmHints.hints(archive([label("under", "Total", at: Rect(x: 16, y: 50, width: 100, height: 20)), second, banner])).isEmpty,
            "the keyboard's window is not another scene")

        let data = JSONObject([("orderNumber", .string("Order #12345"))])
        XCTAssertTrue(
            FalseAlarmHints.hints(archive([label("n", "Order #123456789", at: Rect(x: 0, y: 0, width: 200, height: 20))], testData: data))
                .contains { $0.contains("shows test data 'orderNumber' with another length than the archive's (16 vs 12 characters)") })
        XCTAssertTrue(
            FalseAlarmHints.hints(archive([label("n", "Order #12345", at: Rect(x: 0, y: 0, width: 200, height: 20))], testData: data)).isEmpty)
        let name = JSONObject([("first", .string("Zoë Å"))])
        XCTAssertTrue(
            FalseAlarmHints.hints(archive([label("n", "Zoë Å Lindqvist", at: Rect(x: 0, y: 0, width: 200, height: 20))], testData: name)).isEmpty,
            "the value then a word boundary is the same data in a longer text")
    }

    /// A text differs from the fixed test data when it starts like it (at least 4 characters and half the value)
    /// and goes on otherwise; the value itself, or the value and then another word, does not.
    func testTestDataThatTheScreenShowsWithAnotherLength() {
        for (shown, fixed, differs) in [
            ("Order #123456789", "Order #12345", true), ("Zoë Ångstr", "Zoë Ångström", true), ("Order #12345", "Order #12345", false),
            ("Zoë Ångström Jr", "Zoë Ångström", false), ("Zoë Ångströms", "Zoë Ångström", true), ("Ord", "Order #12345", false),
            ("Other text", "Order #12345", false), ("Cafe\u{301} au lait", "Café au lait", false), ("", "Order", false),
        ] {
            XCTAssertEqual(FalseAlarmHints.differsInLength(shown: shown, fixed: fixed), differs, "\(shown) for \(fixed)")
        }
    }

    /// A hint is carried by the findings its cause can explain, and only by them: the rule is one it can
    /// mislead, the element one it touches.
    func testAHintIsCarriedOnlyByTheFindingsItsCauseTouches() {
        // Two windows side by side in the tree: the second draws a banner over the first's top.
        var app = Element(type: "Application")
        app.frame = Rect(x: 0, y: 0, width: 390, height: 844)
        var w1 = Element(type: "Window"), w2 = Element(type: "Window")
        w1.frame = app.frame
        w2.frame = app.frame
        var covered = Element(type: "Button")  // unlabeled and under the banner; its hit region is small
        covered.frame = Rect(x: 16, y: 50, width: 30, height: 30)
        var free = Element(type: "Button")
        free.frame = Rect(x: 16, y: 600, width: 30, height: 30)
        let banner = label("banner", "Update available", at: Rect(x: 0, y: 40, width: 390, height: 60))
        var all = [app, w1, covered, free, w2, banner]
        let parents: [Int?] = [nil, 0, 1, 1, 0, 4]
        for k in all.indices {
            all[k].parent = parents[k]
            all[k].depth = parents[k] == nil ? 0 : (parents[k] == 0 ? 1 : 2)
            all[k].children = all.indices.filter { parents[$0] == k }
        }
        let a = Archive(
            test: "T/testT", screen: "S", mode: .normal, environment: Environment(xcode: "16.2", simulator: "iPhone 16", os: "iOS 18.2"),
            failure: Failure(identifier: "", label: "", frame: .zero, isHittable: true, message: "m"),
            hierarchy: Hierarchy(preorder: all), source: ArchiveSource(path: "a.json", folder: nil))
        let hints = FalseAlarmHints.screenHints(a)
        XCTAssertEqual(hints.count, 1)
        XCTAssertFalse(FalseAlarmHints.hints(for: .overlappingText, element: 2, among: hints).isEmpty, "under the banner")
        XCTAssertTrue(FalseAlarmHints.hints(for: .overlappingText, element: 3, among: hints).isEmpty, "not under it")
        XCTAssertTrue(
            FalseAlarmHints.hints(for: .missingAccessibleLabel, element: 2, among: hints).isEmpty, "a window on top does not take a label away")
        let findings = LayoutChecker(a).findings()
        XCTAssertTrue(findings.contains { $0.rule == .missingAccessibleLabel && $0.element == 2 && $0.hints.isEmpty })
    }

    func testFindingsCarryTheScreensHintsWithoutAChangeOfSeverity() {
        var spinner = Element(type: "ProgressIndicator")
        spinner.frame = Rect(x: 180, y: 400, width: 30, height: 30)
        let f = LayoutChecker(archive([spinner, label("total", "［Gesamtsumme···］", at: Rect(x: 16, y: 100, width: 100, height: 20), needs: 180)]))
            .findings()
        let truncated = f.first { $0.rule == .textTruncated }
        XCTAssertEqual(truncated?.severity, .blocking)
        XCTAssertEqual(truncated?.hints.count, 1)
    }

    // MARK: - Repro

    func testTheReproLineNamesWhatTheArchiveKnowsAndMarksTheRest() {
        var a = archive([])
        XCTAssertEqual(
            ReproCommand.xcodebuild(a),
            "xcodebuild test -workspace <App.xcworkspace> -scheme <scheme> -only-testing:'<UITestTarget>/CheckoutUITests/testCheckoutLayout' -destination 'platform=iOS Simulator,name=iPhone 16,OS=18.2' PSEUDO_LOCALE=expanded"
        )
        a.environment.workspace = "Shop.xcworkspace"
        a.environment.scheme = "Shop UITests"
        a.environment.testTarget = "ShopUITests"
        a.languages = ["de"]
        XCTAssertEqual(
            ReproCommand.xcodebuild(a),
            "xcodebuild test -workspace Shop.xcworkspace -scheme 'Shop UITests' -only-testing:ShopUITests/CheckoutUITests/testCheckoutLayout -destination 'platform=iOS Simulator,name=iPhone 16,OS=18.2' PSEUDO_LOCALE=expanded PSEUDO_LANGUAGE=de"
        )
        a.environment.os = "macOS 15.2"
        XCTAssertTrue(ReproCommand.xcodebuild(a).contains("-destination platform=macOS"))
        // A class named as its target is still put behind the target; an identifier that names it is kept.
        a.environment.testTarget = "CheckoutUITests"
        XCTAssertTrue(ReproCommand.xcodebuild(a).contains("-only-testing:CheckoutUITests/CheckoutUITests/testCheckoutLayout "))
        a.test = "CheckoutUITests/CheckoutUITests/testCheckoutLayout()"
        XCTAssertTrue(ReproCommand.xcodebuild(a).contains("-only-testing:CheckoutUITests/CheckoutUITests/testCheckoutLayout "))
    }

    /// A bundle names each test's target (its testable, in the typed objects or the database): the rerun line
    /// uses it instead of a placeholder.
    func testABundleRunsRerunLineNamesItsTarget() throws {
        let xcresults = try SharedFixtures.require(SharedFixtures.xcresults)
        for (bundle, only) in [
            ("xcode15.4-ui-failure-appuihierarchy__artem1755-iostests", "GuruUITests/GuruUITests/testExampleFail"),
            (
                "xcode26-sqlite-only__fastlane-Xcode26-Mixed",
                "FastlaneTrainerExampleTests/FastlaneTrainerTests/SkipTests/ResourceTests/testWithDatabaseCleanup"
            ),
        ] {
            let a = try ArchiveLoader().load(xcresults.appendingPathComponent("\(bundle).xcresult").path + "#1")
            XCTAssertTrue(ReproCommand.xcodebuild(a).contains("-only-testing:\(only) "), ReproCommand.xcodebuild(a))
        }
    }
}
