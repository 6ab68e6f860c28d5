import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// `audit` on the real built apps and projects of `../shared/fixtures/apps` and `projects` (their SOURCES.md says
/// what each holds): the findings a release engineer would list, and none on the clean ones and the near misses.
final class AuditRealProductTests: XCTestCase {
    static var apps: URL { SharedFixtures.root.appendingPathComponent("apps") }
    static var projects: URL { SharedFixtures.root.appendingPathComponent("projects") }

    func product(_ relative: String, in folder: URL = apps) throws -> AuditedProduct {
        let path = try SharedFixtures.require(folder).appendingPathComponent(relative).path
        let v = Auditor.audit([path])
        XCTAssertEqual(v.products.count, 1, "\(v.products.map(\.path))")
        return try XCTUnwrap(v.products.first)
    }

    func rules(_ p: AuditedProduct) -> [String] {
        p.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.file.split(separator: "/").last ?? "")" }
    }

    /// The App Store .ipa, read in place through the zip: a Swift source shipped inside the app, uneven locales, and
    /// nothing test-only or pseudo.
    func testTheStoreIPAShipsASourceFileAndHalfTranslatedLocales() throws {
        let p = try product("skiresortfinder-1.0.1-appstore-ipa-iphoneos-arm64-8lproj/SkiResortFinder.ipa")
        XCTAssertNil(p.unreadable)
        XCTAssertEqual(p.notAudited, [])
        XCTAssertEqual(p.summary, "Ski Resort Finder.app: iOS arm64, Xcode 2641, 8 localizations")
        XCTAssertEqual(
            rules(p),
            [
                "review localization-coverage es.lproj", "review localization-coverage fr.lproj", "review localization-coverage it.lproj",
                "review localization-coverage pt.lproj", "review localization-coverage ru.lproj", "review localization-coverage uk.lproj",
                "review not-product SkiResortDatabase.swift.backup",
            ])
        let fr = try XCTUnwrap(p.findings.first { $0.file.hasSuffix("fr.lproj") })
        XCTAssertEqual(fr.message, "fr lacks 236 of en's 535 keys: users see them in en")
        XCTAssertEqual(p.findings.last?.file, "Payload/Ski Resort Finder.app/SkiResortDatabase.swift.backup")
        XCTAssertEqual(Auditor.audit([p.path]).outcome, .green, "review findings only")
    }

    /// The debug test-host build: its test frameworks and plug-in as one finding for the build, and Xcode's debug
    /// stub's `_dyld_is_pseudodylib`, which its binary holds, not taken for the pseudo switch.
    func testTheSimulatorTestHostBuildIsReportedOnceAndTheDebugStubIsNoPseudoSwitch() throws {
        let relative = "skiresortfinder-debug-iphonesimulator-arm64-8lproj-xctest-frameworks-embedded/Ski Resort Finder.app"
        let p = try product(relative)
        let testCode = p.findings.filter { $0.rule == .testCode }
        XCTAssertEqual(testCode.count, 1)
        XCTAssertEqual(testCode.first?.severity, .review)
        XCTAssertEqual(
            testCode.first?.details.sorted(),
            [
                "Frameworks/Testing.framework", "Frameworks/XCTAutomationSupport.framework", "Frameworks/XCTest.framework",
                "Frameworks/XCTestCore.framework", "Frameworks/XCTestSupport.framework", "Frameworks/XCUIAutomation.framework",
                "Frameworks/XCUnit.framework", "Frameworks/libXCTestBundleInject.dylib", "Frameworks/libXCTestSwiftSupport.dylib",
                "PlugIns/Ski Resort FinderTests.xctest", "__preview.dylib",
            ])
        let binary = try Data(contentsOf: Self.apps.appendingPathComponent(relative + "/Ski Resort Finder"))
        XCTAssertNotNil(binary.range(of: Data("_dyld_is_pseudodylib".utf8)), "the lookalike is there to be ignored")
        XCTAssertFalse(p.findings.contains { $0.rule == .pseudoSwitch }, "\(p.findings)")
        XCTAssertTrue(p.findings.contains { $0.rule == .notProduct && $0.file == "SkiResortDatabase.swift.backup" })
    }

    func testAMostlyUntranslatedLocaleIsNamedWithItsCount() throws {
        let p = try product("calabash-CalSmoke-2017-iossim-i386+x86_64-de-en/CalSmoke.app")
        XCTAssertEqual(rules(p), ["review localization-coverage de.lproj"])
        XCTAssertEqual(p.findings.first?.message, "19 of de's 20 values are en's, word for word: left untranslated")
    }

    /// Real translations that share words with the development string (`Détail de Montagne` for `Detail`) and a
    /// clean universal zip: nothing.
    func testCleanAppsGetNoFindings() throws {
        let mountains = try product("iosdriver-InternationalMountains-2015-iossim-i386+x86_64-en-fr-zhHant/InternationalMountains.app")
        XCTAssertEqual(mountains.findings, [])
        XCTAssertEqual(mountains.notAudited, [])
        let catalog = try product("appium-UIKitCatalog-xcode26.1-iossim-x86_64+arm64/UIKitCatalog-iphonesimulator.zip")
        XCTAssertEqual(catalog.findings, [])
        XCTAssertEqual(catalog.summary, "UIKitCatalog.app: iOS simulator x86_64+arm64, Xcode 2601, 0 localizations")
    }

    /// Pocket Casts archives Prototype and Staging builds with DEBUG on (xcconfig and project settings); Release is clean.
    func testConfigurationsArchivedWithDebugAreBlockingWithEveryPlace() throws {
        let p = try product("pocketcasts/podcasts.xcodeproj", in: Self.projects)
        let debug = p.findings.filter { $0.rule == .debugInDistribution }
        XCTAssertEqual(debug.map(\.severity), [.blocking, .blocking])
        XCTAssertEqual(
            debug.map { String($0.file.split(separator: "/").suffix(2).joined(separator: "/")) },
            ["config/PocketCasts.prototype.xcconfig:14", "config/PocketCasts.staging.xcconfig:5"])
        XCTAssertTrue(debug[0].message.hasPrefix("Prototype compiles DEBUG in (archived by scheme 'Pocket Casts Prototype Build')"), debug[0].message)
        XCTAssertTrue(
            debug[0].details.contains {
                $0.hasPrefix("GCC_PREPROCESSOR_DEFINITIONS = DEBUG=1 at ") && $0.contains("project.pbxproj:11858: every target")
            }, "\(debug[0].details)")
        XCTAssertTrue(debug[1].details.contains { $0.contains("project.pbxproj:10829: target NotificationExtension") }, "\(debug[1].details)")
        XCTAssertFalse(p.findings.contains { $0.message.contains("Release") })
        // The CocoaPods settings were never committed: said, and the audit is not green.
        XCTAssertTrue(p.notAudited.contains { $0.contains("Pods-podcasts.release.xcconfig") && $0.contains("pod install") }, "\(p.notAudited)")
    }

    /// A pseudolanguage in the Run action is the gate working; the template's Preview Content is a development
    /// asset; a generated project with DEVELOPMENT_ASSET_PATHS keeps its test media out of archives.
    func testRunOnlyPseudolanguagesAndDevelopmentAssetsAreNoLeak() throws {
        for relative in ["pseudolanguage-sample", "openfoodfacts-2017", "element-x/ElementX.xcodeproj", "bitchat", "icecubes"] {
            let p = try product(relative, in: Self.projects)
            XCTAssertEqual(p.findings, [], relative)
        }
        let sample = try product("pseudolanguage-sample", in: Self.projects)
        XCTAssertTrue(sample.summary.hasSuffix("pseudo-localization in Run/Test only (allowed): Pseudolanguage_Sample (Run)"), sample.summary)
        XCTAssertEqual(try product("homeassistant-2019", in: Self.projects).findings, [])
    }

    /// Element X without its DEVELOPMENT_ASSET_PATHS: the same test media become one review finding.
    func testTestMediaInAppResourcesWithoutDevelopmentAssetPathsIsReviewed() throws {
        let source = try SharedFixtures.require(Self.projects).appendingPathComponent("element-x/ElementX.xcodeproj/project.pbxproj")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-audit-\(UUID().uuidString)/ElementX.xcodeproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(
            of: "DEVELOPMENT_ASSET_PATHS = DevelopmentAssets/Media;", with: "")
        try text.write(to: dir.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        let p = try XCTUnwrap(Auditor.audit([dir.path]).products.first)
        XCTAssertEqual(p.findings.map(\.rule), [.pseudoInProject])
        XCTAssertEqual(p.findings.first?.severity, .review)
        XCTAssertTrue(
            p.findings.first?.message.hasPrefix("target ElementX copies 15 files that look test-only") == true, p.findings.first?.message ?? "")
        XCTAssertTrue(
            p.findings.first?.details.contains("DevelopmentAssets/Media/test_image.png") == true || p.findings.first?.details.last == "… and 10 more")
    }

    /// A folder that only XcodeGen describes is said to be unread: exit 3, never green.
    func testAnXcodeGenManifestAloneIsNotAudited() throws {
        let yml = try SharedFixtures.require(Self.projects).appendingPathComponent("element-x/project.yml")
        let v = Auditor.audit([yml.path])
        XCTAssertEqual(v.outcome, .notAudited)
        XCTAssertTrue(v.products.first?.notAudited.first?.contains("XcodeGen manifest is not read") == true)
    }
}
