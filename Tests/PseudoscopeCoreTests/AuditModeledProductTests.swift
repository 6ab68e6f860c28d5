import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// `audit` on apps and projects built at test time with the traits of the real ones `../shared/notes/real-products.md`
/// records (which are binaries and build recipes, not kept as fixtures): the findings a release engineer would
/// list, and none on the clean ones and the near misses.
final class AuditModeledProductTests: XCTestCase {
    /// The one product audited at `relative` under `folder`.
    func product(_ relative: String, in folder: URL) throws -> AuditedProduct {
        let v = Auditor.audit([folder.appendingPathComponent(relative).path])
        XCTAssertEqual(v.products.count, 1, "\(v.products.map(\.path))")
        return try XCTUnwrap(v.products.first)
    }

    func rules(_ p: AuditedProduct) -> [String] {
        p.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.file.split(separator: "/").last ?? "")" }
    }

    /// The App Store .ipa, read in place through the zip: a Swift source shipped inside the app, uneven locales, and
    /// nothing test-only or pseudo.
    func testTheStoreIPAShipsASourceFileAndHalfTranslatedLocales() throws {
        let dir = try folder()
        let p = try product(try ModeledProducts.skiResortStoreIPA(in: dir), in: dir)
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
        XCTAssertTrue(p.findings.last?.message.contains("(40629 bytes)") == true, p.findings.last?.message ?? "")
        XCTAssertEqual(Auditor.audit([p.path]).outcome, .green, "review findings only")
    }

    /// The debug test-host build: its test frameworks and plug-in as one finding for the build, and Xcode's debug
    /// stub's `_dyld_is_pseudodylib`, which its binary holds, not taken for the pseudo switch.
    func testTheSimulatorTestHostBuildIsReportedOnceAndTheDebugStubIsNoPseudoSwitch() throws {
        let dir = try folder()
        let p = try product(try ModeledProducts.skiResortDebugApp(in: dir, debugDylib: true), in: dir)
        let testCode = p.findings.filter { $0.rule == .testCode }
        XCTAssertEqual(testCode.count, 1)
        XCTAssertEqual(testCode.first?.severity, .review)
        XCTAssertEqual(
            testCode.first?.details.sorted(),
            [
                "Frameworks/Testing.framework", "Frameworks/XCTAutomationSupport.framework", "Frameworks/XCTest.framework",
                "Frameworks/XCTestCore.framework", "Frameworks/XCTestSupport.framework", "Frameworks/XCUIAutomation.framework",
                "Frameworks/XCUnit.framework", "Frameworks/libXCTestBundleInject.dylib", "Frameworks/libXCTestSwiftSupport.dylib",
                "PlugIns/Ski Resort FinderTests.xctest", "Ski Resort Finder.debug.dylib", "__preview.dylib",
            ])
        XCTAssertFalse(p.findings.contains { $0.rule == .pseudoSwitch }, "\(p.findings)")
        XCTAssertTrue(p.findings.contains { $0.rule == .notProduct && $0.file == "SkiResortDatabase.swift.backup" })
    }

    func testAMostlyUntranslatedLocaleIsNamedWithItsCount() throws {
        let dir = try folder()
        let p = try product(try ModeledProducts.calSmoke(in: dir), in: dir)
        XCTAssertEqual(rules(p), ["review localization-coverage de.lproj"])
        XCTAssertEqual(p.findings.first?.message, "19 of de's 20 values are en's, word for word: left untranslated")
        XCTAssertEqual(p.summary, "CalSmoke.app: iOS simulator i386+x86_64, Xcode 0832, 2 localizations")
    }

    /// Real translations that share words with the development string (`Détail de Montagne` for `Detail`) and a
    /// clean universal zip: nothing.
    func testCleanAppsGetNoFindings() throws {
        let dir = try folder()
        let mountains = try product(try ModeledProducts.internationalMountains(in: dir), in: dir)
        XCTAssertEqual(mountains.findings, [])
        XCTAssertEqual(mountains.notAudited, [])
        let catalog = try product(try ModeledProducts.uiKitCatalogZip(in: dir), in: dir)
        XCTAssertEqual(catalog.findings, [])
        XCTAssertEqual(catalog.summary, "UIKitCatalog.app: iOS simulator x86_64+arm64, Xcode 2601, 0 localizations")
    }

    /// Pocket Casts archives Prototype and Staging builds with DEBUG on (xcconfig and project settings); Release is clean.
    func testConfigurationsArchivedWithDebugAreBlockingWithEveryPlace() throws {
        let dir = try folder()
        let p = try product(try ModeledProjects.pocketCasts(in: dir), in: dir)
        let debug = p.findings.filter { $0.rule == .debugInDistribution }
        XCTAssertEqual(debug.map(\.severity), [.blocking, .blocking])
        XCTAssertEqual(
            debug.map { String($0.file.split(separator: "/").suffix(2).joined(separator: "/")) },
            ["config/PocketCasts.prototype.xcconfig:14", "config/PocketCasts.staging.xcconfig:5"])
        XCTAssertTrue(debug[0].message.hasPrefix("Prototype compiles DEBUG in (archived by scheme 'Pocket Casts Prototype Build')"), debug[0].message)
        XCTAssertTrue(
            debug[0].details.contains {
                $0.hasPrefix("GCC_PREPROCESSOR_DEFINITIONS = DEBUG=1 at ") && $0.contains("project.pbxproj:") && $0.hasSuffix(": every target")
            },
            "\(debug[0].details)")
        XCTAssertTrue(
            debug[1].details.contains { $0.contains("project.pbxproj:") && $0.hasSuffix("target NotificationExtension") }, "\(debug[1].details)")
        XCTAssertFalse(p.findings.contains { $0.message.contains("Release") })
        // The CocoaPods settings were never committed: said, and the audit is not green.
        XCTAssertTrue(p.notAudited.contains { $0.contains("Pods-podcasts.release.xcconfig") && $0.contains("pod install") }, "\(p.notAudited)")
    }

    /// A pseudolanguage in the Run action is the gate working; a generated project with DEVELOPMENT_ASSET_PATHS
    /// keeps its test media out of archives; an xcconfig that includes another and an absent optional one.
    func testRunOnlyPseudolanguagesAndDevelopmentAssetsAreNoLeak() throws {
        let dir = try folder()
        let sample = try product(try ModeledProjects.pseudolanguageSample(in: dir), in: dir)
        XCTAssertEqual(sample.findings, [])
        XCTAssertTrue(sample.summary.hasSuffix("pseudo-localization in Run/Test only (allowed): Pseudolanguage_Sample (Run)"), sample.summary)
        for relative in [
            try ModeledProjects.openFoodFacts(in: dir), try ModeledProjects.elementX(in: dir).xcodeproj, try ModeledProjects.bitchat(in: dir),
        ] {
            let p = try product(relative, in: dir)
            XCTAssertEqual(p.findings, [], relative)
            XCTAssertEqual(p.notAudited, [], relative)
        }
    }

    /// Element X without its DEVELOPMENT_ASSET_PATHS: the same test media become one review finding.
    func testTestMediaInAppResourcesWithoutDevelopmentAssetPathsIsReviewed() throws {
        let dir = try folder()
        let p = try product(try ModeledProjects.elementX(in: dir, developmentAssets: false).xcodeproj, in: dir)
        XCTAssertEqual(p.findings.map(\.rule), [.pseudoInProject])
        XCTAssertEqual(p.findings.first?.severity, .review)
        XCTAssertTrue(
            p.findings.first?.message.hasPrefix("target ElementX copies 6 files that look test-only") == true, p.findings.first?.message ?? "")
        XCTAssertEqual(p.findings.first?.details.first, "DevelopmentAssets/Media/landscape_test_image.jpg")
        XCTAssertEqual(p.findings.first?.details.last, "… and 1 more")
    }
}
