import Foundation
import PseudoscopeGate
import PseudoscopeTestSupport
import XCTest
@testable import PseudoscopeCore
import Synchronization

/// Result bundles read from their own storage (docs/xcresult.md), over every real bundle in the shared fixtures.
final class XCResultTests: XCTestCase {
    func bundle(_ name: String) throws -> String {
        try SharedFixtures.require(SharedFixtures.xcresults).appendingPathComponent(name).path
    }

    func index(_ name: String) throws -> BundleIndex {
        try BundleIndex(XCResultBundle(path: try bundle(name)))
    }

    func load(_ name: String, run: Int, options: DumpOptions = DumpOptions()) throws -> Archive {
        try ArchiveLoader(dumpOptions: options).load(BundleAddress.path(bundle: try bundle(name), run: run))
    }

    // MARK: - Every real bundle

    /// The failed runs of every bundle: passing, skipped and expected failures are not entries; builds that
    /// failed before testing hold none; the two bundles without their objects are refused by name.
    func testEveryRealBundleListsExactlyItsFailedRuns() throws {
        let expected: [String: Int] = [
            "merged-3.44__xcresultparser-test_merged.xcresult": 2,
            "xcode11.0b-unit-failure__fastlane-Test.test_result.xcresult": 2,
            "xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult": 3,
            "xcode11.5-ui-pass-png__xcparse-testSuccess.xcresult": 0,
            "xcode11.6-unit-metrics__xcparse-testMetrics.xcresult": 0,
            "xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult": 3,
            "xcode13-build-error__kishikawa-BuildError.xcresult": 0,
            "xcode13.0-ui-failure__kishikawa-TAU.xcresult": 2,
            "xcode13.0-ui-unit-failure__kishikawa-example.xcresult": 2,
            "xcode14.2-unit-failure__xcresultparser-test.xcresult": 1,
            "xcode14.3.1-unit-failure__fastlane-Test.with_spaces.xcresult": 1,
            "xcode15.2-unit-failure__DBXCResultParser-15.0.xcresult": 7,
            "xcode15.3-ui-pass__XCResultExtractor-TestApp.xcresult": 0,
            "xcode16.0-compile-error__xcresultparser-resultWithCompileError.xcresult": 0,
            "xcode16.0-ui-pass__XCResultExtractor-TestAppMulti.xcresult": 0,
            "xcode16.2-repeated__xcresultparser-test_repeated.xcresult": 3,
            "xcode26.1.1-build-errors__swift-xcresult-parser-build-errors.xcresult": 0,
            "xcode26.1.1-pass__swift-xcresult-parser-clean.xcresult": 0,
            "xcode26.3-parametrized__xcresultparser-parametrized.xcresult": 0,
            "xcode26.5-ios-failures-attachments__Peekie-Xcworkspace-iOS.xcresult": 35,
            "xcode26.5-macos-failures-attachments__Peekie-SPM-macOS.xcresult": 35,
            "xcode27.0b-flaky-retry__xcresultparser-Test-FlakyFixture.xcresult": 1,
            // Xcode 15.4–26 UI failures; the last two hold their runs only in database.sqlite3.
            "xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult": 1,
            "xcode16.4-ui-failures-screenrec-no-hierarchy__tothszabi-xcode-failing-attachments.xcresult": 8,
            "xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult": 13,
            "trimmed-root-only__xcresultparser-session_level_failure.xcresult": 1,
            "xcode26-sqlite-only__fastlane-Xcode26-Mixed.xcresult": 40,
        ]
        let refused: [String] = []
        let folder = try SharedFixtures.require(SharedFixtures.xcresults)
        let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xcresult") }
        XCTAssertEqual(Set(present), Set(expected.keys).union(refused), "every bundle in the fixtures is pinned here")
        for (name, count) in expected {
            let runs = try index(name).runs
            XCTAssertEqual(runs.count, count, name)
            XCTAssertEqual(runs.map(\.number), Array(1...max(1, count)).prefix(count).map { $0 }, name)
            // Every failed run opens as an archive with its message.
            for run in runs {
                let a = try load(name, run: run.number)
                XCTAssertFalse(a.failure.message.isEmpty, "\(name)#\(run.number)")
                XCTAssertEqual(a.run?.number, run.number)
            }
        }
        XCTAssertTrue(try index("xcode13-build-error__kishikawa-BuildError.xcresult").noFailuresNote.contains("6 errors"))
    }

    func testATrimmedBundleIsReadFromItsDatabase() throws {
        let path = try bundle("trimmed-root-only__xcresultparser-session_level_failure.xcresult")
        let index = try BundleIndex(XCResultBundle(path: path))
        XCTAssertEqual(index.runSource, .database, "its objects hold the root only")
        let a = try ArchiveLoader().load(path + "#1")
        XCTAssertTrue(a.failure.message.hasPrefix("Issue recorded"), a.failure.message)
    }

    func testMessagesFilesAndLinesAreTheFailureSummaries() throws {
        let tau = try load("xcode13.0-ui-failure__kishikawa-TAU.xcresult", run: 1)
        XCTAssertEqual(tau.test, "BDDTest/testThankYouMessageInBDStyle()")
        XCTAssertTrue(tau.failure.message.hasPrefix("Failed to synthesize event: Failed to scroll to visible (by AX action) Button"))
        XCTAssertEqual(tau.failure.file?.hasSuffix("TAUUITests/BDDTest.swift"), true)
        XCTAssertEqual(tau.failure.line, 40)
        // The element the message names is the failing element.
        XCTAssertEqual(tau.failure.identifier, "enrollButton")
        XCTAssertEqual(tau.failure.frame, Rect(x: 25, y: 500, width: 330, height: 41))

        let spaces = try load("xcode14.3.1-unit-failure__fastlane-Test.with_spaces.xcresult", run: 1)
        XCTAssertEqual(spaces.test, "SpaceTestsSpec/a test with spaces, should always fail()")
        XCTAssertEqual(spaces.failure.message, "expected to equal <1>, got <2>", "trailing whitespace trimmed")
        XCTAssertEqual(spaces.failure.line, 16)

        let josh = try load("xcode11.0b-unit-failure__fastlane-Test.test_result.xcresult", run: 1)
        XCTAssertEqual(josh.failure.message, "XCTAssertTrue failed")
        XCTAssertEqual(josh.failure.line, 37)

        let repeated = try (1...3).map { try load("xcode16.2-repeated__xcresultparser-test_repeated.xcresult", run: $0) }
        XCTAssertEqual(repeated.map(\.failure.message), ["failed - Failed with number: 51", "failed - Failed with number: 61", "failed - Failed with number: 25"])
        XCTAssertEqual(repeated.map { $0.run?.repetition }, ["run 1 of 3", "run 2 of 3", "run 3 of 3"])

        let flaky = try load("xcode27.0b-flaky-retry__xcresultparser-Test-FlakyFixture.xcresult", run: 1)
        XCTAssertEqual(flaky.failure.line, 33)
        XCTAssertEqual(flaky.run?.repetition, "retry 1 of 2")
        XCTAssertEqual(flaky.environment.xcode, "27.0 (27A5209h)")
    }

    func testEnvironmentAndLanguageComeFromTheRunDestinationAndTheTestPlan() throws {
        let tau = try load("xcode13.0-ui-failure__kishikawa-TAU.xcresult", run: 2)
        XCTAssertEqual(tau.environment.simulator, "iPhone 13 mini")
        XCTAssertEqual(tau.environment.os, "iOS 15.0")
        XCTAssertEqual(tau.environment.xcode, "13.0 (13A233)")
        XCTAssertEqual(tau.environment.scale, 3)
        XCTAssertNil(tau.run?.configuration, "Xcode's default configuration name is not a configuration")

        let runs = try (1...3).map { try load("xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult", run: $0) }
        XCTAssertEqual(runs.map { $0.run?.configuration }, ["de", "en", "ko"])
        XCTAssertEqual(runs.map(\.languages), [["de"], ["en"], ["ko"]])
        XCTAssertEqual(runs.map(\.locale), ["de_DE", "en_US", "ko_KR"])
        XCTAssertEqual(runs[0].environment.xcode, "11.5 (11E605b)")
        XCTAssertEqual(runs.map(\.mode), [.normal, .normal, .normal])
        if case .assumed = runs[0].run?.modeSource {} else { XCTFail("no configuration or folder names a mode: assumed") }
    }

    // MARK: - Attachments

    /// Screenshots come out byte for byte as zstd itself decompresses them, as large as the bundle recorded,
    /// and their type is told by their bytes.
    func testScreenshotsAreExtractedByteExact() throws {
        let names = ["xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult", "xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult",
                     "xcode13.0-ui-failure__kishikawa-TAU.xcresult", "xcode13.0-ui-unit-failure__kishikawa-example.xcresult",
                     "xcode26.5-ios-failures-attachments__Peekie-Xcworkspace-iOS.xcresult"]
        var checked = 0
        for name in names {
            let idx = try index(name)
            for run in idx.runs {
                let a = try load(name, run: run.number)
                for r in a.attachments {
                    guard case .bundle(_, let id) = r.location else { XCTFail("bundle attachments live in the bundle"); continue }
                    let bytes = try idx.bundle.bytes(id)
                    if let size = r.size { XCTAssertEqual(bytes.count, size, "\(name)#\(run.number) \(r.name)") }
                    XCTAssertEqual(r.kind, ContentType.detect(Array(bytes.prefix(64))), "\(name) \(r.name): the listed type is the bytes' type")
                    guard r.isImage, checked < 60 else { continue }
                    XCTAssertEqual(bytes, try referenceDecompress(idx.bundle.path, id), "\(name) \(r.name)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// The `zstd` tool's own output, or the file itself when it is stored raw.
    func referenceDecompress(_ bundle: String, _ id: String) throws -> [UInt8] {
        let file = bundle + "/Data/data." + id
        let raw = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        guard raw.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) else { return raw }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["zstd", "-dc", file]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return [UInt8](out)
    }

    func testXcode12LabelsHEICImagesPNGAndTheBytesWin() throws {
        let a = try load("xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult", run: 1)
        let shots = a.attachments.filter { $0.name == "kXCTAttachmentLegacyScreenImageData" }
        XCTAssertFalse(shots.isEmpty)
        XCTAssertTrue(shots.allSatisfy { $0.declaredType == "public.png" && $0.kind == .heic })
        // The failure screenshot is the one attached to the failure summary.
        let failure = a.attachments.filter(\.isFailureScreenshot)
        XCTAssertEqual(failure.count, 1)
        XCTAssertEqual(failure.first?.activity, "the failure")
        XCTAssertEqual(a.screenshot, failure.first?.name)
        XCTAssertTrue(a.attachments.contains { $0.kind == .propertyList }, "the localization strings are a property list")
    }

    func testARunWithoutHierarchyOpensWithItsFailureAndSaysWhy() throws {
        let a = try load("xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult", run: 1)
        XCTAssertNotNil(a.hierarchyNote)
        XCTAssertTrue(a.hierarchyNote?.contains("no hierarchy") ?? false)
        XCTAssertEqual(LayoutChecker(a).findings(), [], "nothing to measure is not a finding")
        XCTAssertEqual(a.attachments.filter(\.isFailureScreenshot).first?.kind, .jpeg)
    }

    // MARK: - Mode

    func testTheModeComesFromAFolderOfThePath() throws {
        let source = try bundle("xcode14.2-unit-failure__xcresultparser-test.xcresult")
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mode-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let target = tmp.appendingPathComponent("TestResults/expanded/LayoutTests.xcresult")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: target.path)
        let a = try ArchiveLoader().load(target.path + "#1")
        XCTAssertEqual(a.mode, .expanded)
        XCTAssertEqual(a.run?.modeSource, .path("expanded"))
        // --mode wins.
        let given = try ArchiveLoader(dumpOptions: DumpOptions(mode: .rtl)).load(target.path + "#1")
        XCTAssertEqual(given.mode, .rtl)
        XCTAssertEqual(given.run?.modeSource, .given)
    }

    func testTheModeComesFromATestPlanConfigurationNamedLikeIt() throws {
        let path = try synthetic { b in b.configuration = "rtl" }
        let a = try ArchiveLoader().load(path + "#1")
        XCTAssertEqual(a.mode, .rtl)
        XCTAssertEqual(a.run?.modeSource, .configuration("rtl"))
    }

    // MARK: - Hierarchy sources (synthetic: no public bundle has them)

    static let appHierarchy = """
        Attributes: Application, pid: 4242, label: 'Shop'
        Element subtree:
         →Application, 0x600000c01880, pid: 4242, label: 'Shop'
            Window (Main), 0x600000c01960, {{0.0, 0.0}, {390.0, 844.0}}
              Other, 0x600000c01a40, {{0.0, 0.0}, {390.0, 844.0}}
                Button, 0x600000c01b20, {{16.0, 780.0}, {358.0, 44.0}}, identifier: 'checkout.confirm', label: '［Confirm your order···］'
                StaticText, 0x600000c01c00, {{16.0, 100.0}, {300.0, 20.0}}, identifier: 'checkout.total', label: '［Total amount due today···］'
                StaticText, 0x600000c01ce0, {{16.0, 140.0}, {200.0, 20.0}}, identifier: 'checkout.shipping', label: 'Free shipping'
        """

    func synthetic(_ configure: (inout SyntheticUIFailure) -> Void = { _ in }) throws -> String {
        var test = SyntheticUIFailure.Test(identifier: "CheckoutUITests/testCheckoutLayout()")
        test.message = "\"checkout.confirm\" Button is not hittable"
        var b = SyntheticUIFailure(tests: [test])
        configure(&b)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("synthetic-\(UUID().uuidString).xcresult").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return try b.write(to: path)
    }

    func testAnAppUIHierarchyAttachmentIsTheHierarchy() throws {
        let path = try synthetic { b in
            var screenshot = SyntheticUIFailure.Attachment(name: "Screenshot", type: "public.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 300))
            screenshot.activity = "Assertion Failure: checkout.confirm is not hittable"
            b.tests[0].attachments = [
                SyntheticUIFailure.Attachment(name: "App UI hierarchy", type: "public.plain-text", bytes: Array(Self.appHierarchy.utf8)),
                screenshot,
            ]
            b.configuration = "expanded"
        }
        let a = try ArchiveLoader().load(path)  // one failed run: the bundle itself opens it
        XCTAssertNil(a.hierarchyNote)
        XCTAssertEqual(a.hierarchy.count, 6)
        XCTAssertEqual(a.mode, .expanded)
        XCTAssertEqual(a.failure.identifier, "checkout.confirm")
        XCTAssertNotNil(a.failingIndex, "the element the message names is found in the hierarchy")
        XCTAssertEqual(a.imported?.format, "XCUITest debugDescription")
        XCTAssertTrue(a.imported?.notes.contains { $0.contains("App UI hierarchy") } ?? false)
        XCTAssertEqual(a.attachments.first { $0.isFailureScreenshot }?.kind, .png)
        XCTAssertEqual(a.environment.simulator, "iPhone 16")
        // The checks run on it: the archive from a bundle is a full archive.
        XCTAssertNotNil(a.pseudoScheme)
        XCTAssertEqual(LayoutChecker(a).findings().filter { $0.rule == .hardcodedText }.map(\.identifier), ["checkout.shipping"])
    }

    /// A query names an element by identifier or by label (`app.buttons["Confirm"]`): with no frame recorded, a
    /// label and type that match exactly one element find it.
    func testAQueryByLabelFindsTheFailingElement() throws {
        let path = try synthetic { b in
            b.tests[0].message = "\"［Confirm your order···］\" Button is not hittable"
            b.tests[0].attachments = [SyntheticUIFailure.Attachment(name: "App UI hierarchy", type: "public.plain-text", bytes: Array(Self.appHierarchy.utf8))]
        }
        let a = try ArchiveLoader().load(path)
        XCTAssertEqual(a.failingIndex.map { a.hierarchy[$0].identifier }, "checkout.confirm")
    }

    func testADebugDescriptionInTheFailureMessageIsTheHierarchy() throws {
        let path = try synthetic { b in
            b.tests[0].message = "Failed to tap \"checkout.confirm\" Button: not hittable\n" + Self.appHierarchy
        }
        let a = try ArchiveLoader().load(path)
        XCTAssertNil(a.hierarchyNote)
        XCTAssertEqual(a.hierarchy.count, 6)
        XCTAssertTrue(a.imported?.notes.contains { $0.contains("the failure message") } ?? false)
    }

    func testTheTestsOwnArchiveWinsAndGetsTheBundlesScreenshots() throws {
        var root = GateElement(type: "Application")
        var window = GateElement(type: "Window")
        window.frame = GateRect(x: 0, y: 0, width: 390, height: 844)
        var button = GateElement(type: "Button")
        button.identifier = "checkout.confirm"
        button.label = "［Confirm···］"
        button.frame = GateRect(x: 16, y: 900, width: 358, height: 44)
        window.children = [button]
        root.children = [window]
        var gate = GateArchive(test: "CheckoutUITests/testCheckoutLayoutExpanded", mode: .expanded, xcode: "16.2 (16C5032a)", simulator: "iPhone 16",
                               os: "iOS 18.2", failure: GateFailure(identifier: "checkout.confirm", frame: button.frame, isHittable: false, message: "not hittable"),
                               hierarchy: root)
        gate.testData = [("customer", .string("Zoë Ångström")), ("total", .number(1234.5))]
        gate.primaryActions = ["checkout.confirm"]
        let json = gate.json()
        let path = try synthetic { b in
            b.tests[0].attachments = [
                SyntheticUIFailure.Attachment(name: "pseudoscope-archive", type: "public.json", bytes: Array(json.utf8)),
                SyntheticUIFailure.Attachment(name: "Screenshot", type: "public.jpeg", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 1, count: 100)),
            ]
        }
        let a = try ArchiveLoader().load(path)
        XCTAssertEqual(a.test, "CheckoutUITests/testCheckoutLayoutExpanded")
        XCTAssertEqual(a.mode, .expanded)
        XCTAssertEqual(a.run?.modeSource, .archive)
        XCTAssertEqual(a.testData["customer"], .string("Zoë Ångström"))
        XCTAssertEqual(a.primaryActions, ["checkout.confirm"])
        XCTAssertNil(a.imported, "an archive, not a dump")
        XCTAssertEqual(a.attachments.count, 2)
        XCTAssertEqual(a.screenshot, "Screenshot")
        XCTAssertTrue(LayoutChecker(a).findings().contains { $0.rule == .primaryActionUnreachable && $0.severity == .blocking })
    }

    // MARK: - Untrusted bundles

    func testAMissingObjectIsAOneLineErrorOnItsEntry() throws {
        let path = try synthetic { b in b.tests[0].summaryMissing = true }
        XCTAssertThrowsError(try ArchiveLoader().load(path + "#1")) { e in
            XCTAssertTrue(((e as? ArchiveError)?.message ?? "").contains("missing from Data/"), "\(e)")
        }
        // Listing still works: the index does not need the summary.
        XCTAssertEqual(try BundleIndex(XCResultBundle(path: path)).runs.count, 1)
    }

    func testAnUnknownFormatVersionIsRefusedNamingIt() throws {
        let path = try synthetic()
        let info = path + "/Info.plist"
        let text = try String(contentsOfFile: info, encoding: .utf8).replacingOccurrences(of: "<integer>3</integer>", with: "<integer>4</integer>")
        try text.write(toFile: info, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ArchiveLoader().load(path)) { e in
            let d = (e as? ArchiveError)?.description ?? ""
            XCTAssertTrue(d.contains("version.major") && d.contains("format 4.53"), d)
        }
    }

    func testTypedObjectsThatLieAreRefusedWithTheirOffset() {
        let cases: [(String, [UInt8])] = [
            ("a length past the end", Array("[K7:messageV99:short]".utf8)),
            ("invalid UTF-8", Array("[K1:aV2:".utf8) + [0xC3, 0x28] + Array("]".utf8)),
            ("an unclosed object", Array("[K1:a[K1:bV1:c".utf8)),
            ("trailing bytes", Array("[]]".utf8)),
            ("an absurd length", Array("[K99999999999:a]".utf8)),
        ]
        for (what, bytes) in cases {
            XCTAssertThrowsError(try TypedObjectParser.parse(bytes), what) { e in
                XCTAssertNotNil(e as? TypedObjectParser.Failure, what)
            }
        }
        // Deep nesting stops at the limit instead of the stack.
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        XCTAssertThrowsError(try TypedObjectParser.parse(deep, maxDepth: 500))
        // A good one parses, with nested types and arrays.
        let good = SyntheticBundle.encode(SyntheticBundle.object("ActionTestSummary", [("name", .scalar("ok")), ("list", SyntheticBundle.array([SyntheticBundle.object("Item", [("x", .scalar("y"))])]))]))
        XCTAssertEqual(try TypedObjectParser.parse(good).string("name"), "ok")
    }

    /// The parsed document is flat (each object's members side by side, scalars made into strings when asked):
    /// members written after a nested object still belong to its parent, elements keep their order, a boxed
    /// scalar's `_v` and a type with a supertype read as before, and a key is matched whole, not by prefix.
    func testTypedObjectsKeepEachMemberWithItsOwnObject() throws {
        typealias S = SyntheticBundle
        let item = { (n: Int) in S.object("ActionTestAttachment", [("name", .scalar("shot \(n)")), ("payloadRef", S.reference("0~id\(n)"))]) }
        let doc = S.object("ActionTestSummary", [
            ("name", .scalar("Wöchentlich ✓")),
            ("failureSummaries", S.array([S.object("ActionTestFailureSummary", [("message", .scalar("first")), ("attachments", S.array([item(1), item(2)]))]),
                                          S.object("ActionTestFailureSummary", [("message", .scalar("second"))])])),
            ("duration", S.object("Double", [("_v", .scalar("1.5"))])),
            ("names", .scalar("not the name")),
            ("lineNumber", .scalar("42")),
        ])
        var bytes = S.encode(doc)
        // A supertype in the type declaration: `[T[K2:_nV17:ActionTestSummaryK2:_s[K2:_nV15:ActionTestBase]]…`.
        let plain = Array("[K2:_nV17:ActionTestSummary]".utf8)
        let withSuper = Array("[K2:_nV17:ActionTestSummaryK2:_s[K2:_nV14:ActionTestBase]]".utf8)
        if let r = bytes.firstRange(of: plain) { bytes.replaceSubrange(r, with: withSuper) }
        let o = try TypedObjectParser.parse(bytes)
        XCTAssertEqual(o.type, "ActionTestSummary")
        XCTAssertEqual(o.string("name"), "Wöchentlich ✓")
        XCTAssertEqual(o.string("names"), "not the name")
        XCTAssertEqual(o.int("lineNumber"), 42)
        XCTAssertEqual(o.string("duration"), "1.5")
        XCTAssertNil(o.string("nam"))
        let failures = o.array("failureSummaries")
        XCTAssertEqual(failures.map { $0.string("message") }, ["first", "second"])
        XCTAssertEqual(failures.map(\.type), ["ActionTestFailureSummary", "ActionTestFailureSummary"])
        XCTAssertEqual(failures[0].array("attachments").map { $0.string("name") }, ["shot 1", "shot 2"])
        XCTAssertEqual(failures[0].array("attachments").map { $0.reference("payloadRef") }, ["0~id1", "0~id2"])
        XCTAssertTrue(failures[1].array("attachments").isEmpty)
        XCTAssertNil(failures[1].string("name"))
        guard case .object(let duration)? = o["duration"], case .scalar(let name)? = o["name"] else { return XCTFail("members of the wrong kind") }
        XCTAssertEqual(duration.type, "Double")
        XCTAssertEqual(name, "Wöchentlich ✓")
        // Invalid UTF-8 in a key or a type is refused like one in a value.
        for bad in [Array("[K2:".utf8) + [0xC3, 0x28] + Array("V1:x]".utf8), Array("[T[K2:_nV2:".utf8) + [0xFF, 0x41] + Array("]]".utf8)] {
            XCTAssertThrowsError(try TypedObjectParser.parse(bad)) { e in
                XCTAssertEqual((e as? TypedObjectParser.Failure)?.message, "text is not valid UTF-8")
            }
        }
    }

    func testIdsThatAreNotIdsNeverBecomePaths() throws {
        XCTAssertFalse(XCResultBundle.isValidID("0~../../etc/passwd"))
        XCTAssertFalse(XCResultBundle.isValidID("../Info.plist"))
        XCTAssertFalse(XCResultBundle.isValidID("0~a/b"))
        XCTAssertTrue(XCResultBundle.isValidID("0~Ab-_=9"))
        let path = try synthetic()
        XCTAssertThrowsError(try XCResultBundle(path: path).bytes("0~../../../etc/passwd")) { e in
            XCTAssertTrue("\(e)".contains("not valid"))
        }
    }

    func testDecompressionIsBoundedByTheFileLimit() throws {
        // 8 MiB of zeros compress to a few hundred bytes; with a 1 MiB limit they are refused, not inflated.
        let path = try synthetic { b in
            var big = SyntheticUIFailure.Attachment(name: "App UI hierarchy", type: "public.plain-text", bytes: [UInt8](repeating: 0x41, count: 8 << 20))
            big.compressed = true
            b.tests[0].attachments = [big]
        }
        var limits = LoadLimits()
        limits.maxFileBytes = 1 << 20
        let b = try XCResultBundle(path: path, limits: limits)
        let summary = try BundleIndex(b).runs[0].summaryID!
        let attachment = try b.object(summary).array("activitySummaries")[0].array("attachments")[0]
        let id = attachment.reference("payloadRef")!
        XCTAssertLessThan(try Data(contentsOf: URL(fileURLWithPath: path + "/Data/data." + id)).count, 100_000)
        XCTAssertThrowsError(try b.bytes(id)) { e in
            XCTAssertTrue(((e as? ArchiveError)?.message ?? "").contains("over the limit"), "\(e)")
        }
        // The run still opens: the hierarchy is simply not found in what could be read.
        XCTAssertNotNil(try ArchiveLoader(limits: limits).load(path).hierarchyNote)
    }

    /// Decompression streams are kept for the next payload: one left mid-frame by a head, or broken by a corrupt
    /// frame, must still give the next payload exactly as the zstd tool does, on many threads at once.
    func testAKeptDecompressionStreamStartsEachPayloadAfresh() throws {
        let path = try bundle("xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult")
        let names = try FileManager.default.contentsOfDirectory(atPath: path + "/Data").filter { $0.hasPrefix("data.") }
        // The six largest compressed payloads under 64 KiB (the zstd tool is run only for those).
        var compressed: [(name: String, raw: [UInt8])] = []
        for name in names {
            let raw = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path + "/Data/" + name)))
            if Zstd.isCompressed(raw), raw.count < 64 << 10 { compressed.append((name, raw)) }
        }
        var payloads: [(raw: [UInt8], plain: [UInt8])] = []
        for c in compressed.sorted(by: { $0.raw.count > $1.raw.count }).prefix(6) {
            payloads.append((c.raw, try referenceDecompress(path, String(c.name.dropFirst(5)))))
        }
        let largest = payloads
        XCTAssertGreaterThan(payloads.count, 3)
        XCTAssertGreaterThan(payloads[0].plain.count, 1 << 17, "one payload spans more than one output chunk")
        let corrupt: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0xFF, 0xFF, 0xFF, 0x13, 0x37]
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for k in 0..<largest.count {
                let p = largest[(i + k) % largest.count]
                let next = largest[(i + k + 1) % largest.count]
                if (try? Zstd.decompress(corrupt, limit: 1 << 20)) != nil { wrong.withLock { $0 += 1 } }
                if (try? Zstd.head(p.raw, count: 64, limit: 64 << 20)) != Array(p.plain.prefix(64)) { wrong.withLock { $0 += 1 } }
                if (try? Zstd.decompress(next.raw, limit: 64 << 20)) != next.plain { wrong.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(wrong.withLock { $0 }, 0, "payloads decompressed wrongly by a stream used before")
    }

    func testCorruptCompressedDataIsAnErrorNotACrash() throws {
        let path = try synthetic { b in
            var a = SyntheticUIFailure.Attachment(name: "notes", type: "public.plain-text", bytes: [])
            a.compressed = false
            a.bytes = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0xFF, 0xFF, 0xFF, 0x13, 0x37]
            b.tests[0].attachments = [a]
        }
        let a = try ArchiveLoader().load(path)
        XCTAssertEqual(a.attachments.count, 1)
        let b = try XCResultBundle(path: path)
        guard case .bundle(_, let id) = a.attachments[0].location else { return XCTFail() }
        XCTAssertThrowsError(try b.bytes(id)) { e in XCTAssertTrue("\(e)".contains("zstd"), "\(e)") }
    }

    func testTheFailingElementNamedInASynthesizeEventMessage() {
        let message = "Failed to synthesize event: Failed to scroll to visible (by AX action) Button, {{25.0, 500.0}, {330.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll', error: Error kAXErrorCannotComplete performing AXAction"
        let named = BundleRunImporter.failingElement(in: message)
        XCTAssertEqual(named?.identifier, "enrollButton")
        XCTAssertEqual(named?.label, "Enroll")
        XCTAssertEqual(named?.type, "Button")
        XCTAssertEqual(named?.frame, Rect(x: 25, y: 500, width: 330, height: 41))
        XCTAssertEqual(BundleRunImporter.failingElement(in: "Failed to tap \"checkout.confirm\" Button: not hittable")?.identifier, "checkout.confirm")
        XCTAssertNil(BundleRunImporter.failingElement(in: "XCTAssertTrue failed"))
    }

    /// When nothing matched, XCUITest names what was looked for only in the query's predicate.
    func testTheFailingElementNamedInAPredicateWhenNothingMatched() {
        let byIdentifier = BundleRunImporter.failingElement(in: """
            Failed to Error Domain=com.apple.dt.xctest.ui-testing.error Code=10008 "No matches found for Elements matching predicate '"transport_3" IN identifiers' from input {(
                Cell, 0x1, {{0.0, 0.0}, {390.0, 44.0}}, label: 'Tor'
            )}"
            """)
        XCTAssertEqual(byIdentifier?.identifier, "transport_3")
        XCTAssertEqual(byIdentifier?.label, "")
        let typed = BundleRunImporter.failingElement(in: "Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '\"checkout.confirm\" IN identifiers'`, given input App element pid: 51354")
        XCTAssertEqual(typed?.identifier, "checkout.confirm")
        XCTAssertEqual(typed?.type, "Button")
        let translated = BundleRunImporter.failingElement(in: "No matches found for Descendants matching type Button, Elements matching predicate 'label ==[c] \"Guardar\"'")
        XCTAssertEqual(translated?.label, "Guardar")
        XCTAssertEqual(translated?.identifier, "")
        XCTAssertEqual(translated?.type, "Button")
        XCTAssertEqual(BundleRunImporter.failingElement(in: "predicate 'identifier == 'pay''")?.identifier, "pay")
        XCTAssertNil(BundleRunImporter.failingElement(in: "No matches found for Descendants matching type Button"))
        XCTAssertNil(BundleRunImporter.failingElement(in: "label was empty; identifier not set"))
    }

    // MARK: - Export

    func testExportNamesSayWhatTheFilesAre() throws {
        let a = try load("xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult", run: 2)
        let plan = BundleExport.plan(a)
        XCTAssertEqual(plan.folderName, "2-bitrise_screenshot_automationUITests-testFailureCase-en".replacingOccurrences(of: "2-", with: "02-"))
        XCTAssertTrue(plan.files.contains { $0.fileName == "failure-screenshot.jpeg" })
        XCTAssertEqual(plan.archive.screenshot, "failure-screenshot.jpeg")
        XCTAssertTrue(plan.files.allSatisfy { !$0.fileName.contains("/") && !$0.fileName.hasPrefix(".") })
        XCTAssertEqual(Set(plan.files.map(\.fileName)).count, plan.files.count, "names are unique")
        XCTAssertTrue(plan.files.contains { $0.fileName.hasPrefix("0") && $0.fileName.contains("screenshot") })
        // The written archive reads back with its files and where it came from.
        let json = ArchiveEncoder.encode(plan.archive)
        let back = try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: "x/archive.json", folder: "x"))
        XCTAssertEqual(back.attachments.count, plan.files.count)
        XCTAssertEqual(back.run?.number, 2)
        XCTAssertEqual(back.run?.configuration, "en")
        XCTAssertEqual(back.hierarchyNote, a.hierarchyNote)
        XCTAssertEqual(back.attachments.first { $0.isFailureScreenshot }?.kind, .jpeg)
    }

    func testSlugsAreSafeFileNames() {
        XCTAssertEqual(BundleExport.slug("../../etc/passwd", fallback: "x"), "etc-passwd")
        XCTAssertEqual(BundleExport.slug("\u{1B}[31mred\u{202E}evil", fallback: "x"), "31mred-evil")
        XCTAssertEqual(BundleExport.slug("...", fallback: "x"), "x")
        XCTAssertLessThanOrEqual(BundleExport.slug(String(repeating: "é", count: 500), fallback: "x").count, BundleExport.maxNameLength)
    }
}
