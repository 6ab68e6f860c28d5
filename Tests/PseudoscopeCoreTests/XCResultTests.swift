import Foundation
import PseudoscopeGate
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

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
        XCTAssertEqual(
            repeated.map(\.failure.message),
            ["failed - Failed with number: 51", "failed - Failed with number: 61", "failed - Failed with number: 25"])
        XCTAssertEqual(repeated.map { $0.run?.repetition }, ["attempt 1 of 3", "attempt 2 of 3", "attempt 3 of 3"])

        let flaky = try load("xcode27.0b-flaky-retry__xcresultparser-Test-FlakyFixture.xcresult", run: 1)
        XCTAssertEqual(flaky.failure.line, 33)
        XCTAssertEqual(flaky.run?.repetition, "attempt 1 of 2")
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
        let names = [
            "xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult", "xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult",
            "xcode13.0-ui-failure__kishikawa-TAU.xcresult", "xcode13.0-ui-unit-failure__kishikawa-example.xcresult",
            "xcode26.5-ios-failures-attachments__Peekie-Xcworkspace-iOS.xcresult",
        ]
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
            var screenshot = SyntheticUIFailure.Attachment(
                name: "Screenshot", type: "public.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 300))
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
            b.tests[0].attachments = [
                SyntheticUIFailure.Attachment(name: "App UI hierarchy", type: "public.plain-text", bytes: Array(Self.appHierarchy.utf8))
            ]
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
        var gate = GateArchive(
            test: "CheckoutUITests/testCheckoutLayoutExpanded", mode: .expanded, xcode: "16.2 (16C5032a)", simulator: "iPhone 16",
            os: "iOS 18.2", failure: GateFailure(identifier: "checkout.confirm", frame: button.frame, isHittable: false, message: "not hittable"),
            hierarchy: root)
        gate.testData = [("customer", .string("Zoë Ångström")), ("total", .number(1234.5))]
        gate.primaryActions = ["checkout.confirm"]
        let json = gate.json()
        let path = try synthetic { b in
            b.tests[0].attachments = [
                SyntheticUIFailure.Attachment(name: "pseudoscope-archive", type: "public.json", bytes: Array(json.utf8)),
                SyntheticUIFailure.Attachment(
                    name: "Screenshot", type: "public.jpeg", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 1, count: 100)),
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
