import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// What measuring `audit` on real projects and apps turned up (issue 77, item 4), each as its general rule: a
/// framework linked weakly and not embedded (Calabash's CalSmoke.ipa and Reveal), a project that keeps no shared
/// scheme (most sample projects), the users' own schemes, XML property-list tables (Pocket Casts' GlotPress
/// exports), and `.` groups in paths (Home Assistant).
final class AuditRealProjectsTests: XCTestCase {
    func audit(_ relative: String, in dir: URL) throws -> AuditVerdict { Auditor.audit([dir.appendingPathComponent(relative).path]) }

    /// Reveal's set-up links its framework weakly; a device build without the framework loads nothing of it.
    func testAServerFrameworkLinkedWeaklyAndNotEmbeddedIsForReview() throws {
        let dir = try folder()
        func write(_ name: String, weak: Bool, embed: Bool) throws {
            var files: [(String, [UInt8])] = [
                ("\(name).app/Info.plist", ModeledProducts.info(["CFBundleExecutable": name])),
                (
                    "\(name).app/\(name)",
                    SyntheticProduct.machO(
                        strings: ["main"], libraries: weak ? [] : ["@rpath/RevealServer.framework/RevealServer"],
                        weakLibraries: weak ? ["@rpath/RevealServer.framework/RevealServer"] : [])
                ),
            ]
            if embed { files.append(("\(name).app/Frameworks/RevealServer.framework/RevealServer", SyntheticProduct.machO(strings: ["x"]))) }
            try ModeledProducts.write(files, under: dir)
        }
        try write("Weak", weak: true, embed: false)
        try write("Embedded", weak: true, embed: true)
        try write("Strong", weak: false, embed: false)
        let weak = try audit("Weak.app", in: dir)
        XCTAssertEqual(weak.products.first?.findings.map(\.severity), [.review])
        XCTAssertEqual(weak.products.first?.findings.first?.details, ["Weak: linked weakly: @rpath/RevealServer.framework/RevealServer"])
        XCTAssertTrue(weak.products.first?.findings.first?.message.contains("linked weakly but not embedded") == true)
        XCTAssertEqual(try audit("Embedded.app", in: dir).outcome, .blocked)
        XCTAssertEqual(try audit("Strong.app", in: dir).outcome, .blocked)
    }

    /// A project that keeps no scheme is archived by Xcode's own scheme, with Release: audited, and green when clean.
    /// A user's own scheme in the project is read as a shared one is.
    func testSchemesXcodeMakesAndUsersKeep() throws {
        let dir = try folder()
        let project = SyntheticProject(
            configurations: [
                .init("Debug", ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"]]), .init("Release"),
                .init("Beta", ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"]]),
            ],
            targets: [.init("Shop", [.init("Debug"), .init("Release"), .init("Beta")])])
        try SyntheticProject.write([("Shop.xcodeproj/project.pbxproj", project.pbxproj())], under: dir)
        let none = try audit("Shop.xcodeproj", in: dir)
        XCTAssertEqual(none.outcome, .green)
        XCTAssertEqual(none.products.first?.summary, "1 target (1 app), no schemes kept (Xcode's own archive Release), archived: Release")
        try SyntheticProject.write(
            [
                (
                    "Shop.xcodeproj/xcuserdata/ana.xcuserdatad/xcschemes/Shop Beta.xcscheme",
                    SyntheticProject.scheme([("LaunchAction", .init("Debug")), ("ArchiveAction", .init("Beta"))])
                )
            ], under: dir)
        let user = try audit("Shop.xcodeproj", in: dir)
        XCTAssertEqual(user.outcome, .blocked)
        XCTAssertEqual(user.products.first?.findings.first?.message.hasPrefix("Beta compiles DEBUG in (archived by scheme 'Shop Beta')"), true)
    }

    /// GlotPress exports `.strings` as XML property lists; a group whose path is `.` adds nothing to a path.
    func testXMLPropertyListTablesAndDotGroupsAreRead() throws {
        let dir = try folder()
        func xml(_ values: [String: String]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
                + values.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>\n" }.joined() + "</dict>\n</plist>\n"
        }
        let english = ["play": "Play", "pause": "Pause", "up_next": "Up Next", "filters": "Filters"]
        let project = SyntheticProject(
            configurations: [.init("Debug"), .init("Release")],
            targets: [
                .init(
                    "Casts", [.init("Debug"), .init("Release")],
                    resources: ["./Casts/en.lproj/Localizable.strings", "./Casts/de.lproj/Localizable.strings"])
            ])
        try SyntheticProject.write(
            [
                ("Casts.xcodeproj/project.pbxproj", project.pbxproj()), ("Casts/en.lproj/Localizable.strings", xml(english)),
                ("Casts/de.lproj/Localizable.strings", xml(["play": "Play", "pause": "Pause", "up_next": "Up Next", "filters": "Filter"])),
            ], under: dir)
        let v = try audit("Casts.xcodeproj", in: dir)
        let p = try XCTUnwrap(v.products.first)
        XCTAssertEqual(p.notAudited, [])
        XCTAssertEqual(p.findings.map(\.message), ["target Casts: 3 of de's 4 values are en's, word for word: left untranslated"])
        XCTAssertEqual(p.findings.first?.file, dir.appendingPathComponent("Casts/de.lproj").path)
    }

    /// Open Food Facts ships locales of real languages outside ISO 639-1 (Crowdin's codes): languages, not made up.
    /// Needs the system's iso-codes data, which `Scripts/install-deps` installs.
    func testLocaleFoldersOfRealLanguagesBeyondISO6391() throws {
        try XCTSkipIf(LocaleName.systemLanguages.isEmpty && !SharedFixtures.inCI, "iso-codes is not installed")
        for code in ["vec", "sco", "ber", "crs", "sma", "tzl", "vls", "zea", "ach", "sh", "val"] {
            XCTAssertEqual(LocaleName.judge(code), .language(code), code)
        }
        for made in ["foo", "xx", "zz", "tst-XA"] { XCTAssertNotEqual(LocaleName.judge(made), .language(made), made) }
    }

    /// Firefox Focus: `developmentRegion = English`, with `en`, `en-GB` and `en-US` folders. The development tables
    /// are `en`'s; the two variants are neither more of them nor locales to judge. A table only the development
    /// language has is not counted as missing elsewhere.
    func testTheDevelopmentLanguagesOwnFolderBeatsItsRegionalVariants() throws {
        let dir = try folder()
        let english = ["a": "Open", "b": "Close", "c": "Search the web"]
        try ModeledProducts.write(
            [
                ("Focus.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Focus", "CFBundleDevelopmentRegion": "English"])),
                ("Focus.app/Focus", SyntheticProduct.machO(strings: ["Focus"])),
                ("Focus.app/en.lproj/Localizable.strings", ModeledProducts.binaryStrings(english)),
                ("Focus.app/en-GB.lproj/Localizable.strings", ModeledProducts.binaryStrings(english.merging(["d": "Colour"]) { a, _ in a })),
                ("Focus.app/en-US.lproj/Localizable.strings", ModeledProducts.binaryStrings(english.merging(["d": "Color"]) { a, _ in a })),
                ("Focus.app/de.lproj/Localizable.strings", ModeledProducts.binaryStrings(["a": "Öffnen", "b": "Schließen"])),
                // Element X keeps strings not meant for translation in a table only English has.
                ("Focus.app/en.lproj/Untranslated.strings", ModeledProducts.binaryStrings(["x": "Matrix ID", "y": "Homeserver URL"])),
            ], under: dir)
        let p = try XCTUnwrap(try audit("Focus.app", in: dir).products.first)
        XCTAssertEqual(p.findings.map(\.message), ["de lacks 1 of en's 3 keys: users see them in en"])
        // Focus's widget keeps only en-GB and en-US: what a missing key shows is the source's text, not en-GB's.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Focus.app/en.lproj"))
        let widget = try XCTUnwrap(try audit("Focus.app", in: dir).products.first)
        XCTAssertEqual(widget.findings, [])
    }

    /// Element X's `Localizable.strings` and `Localizable.stringsdict` are one table: a plural rule in German's
    /// stringsdict is not missing because German's `.strings` lacks it.
    func testAStringsFileAndItsStringsdictAreOneTable() throws {
        let dir = try folder()
        func plural(_ one: String) -> [UInt8] {
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>items_count</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>one</key><string>\(one)</string><key>other</key><string>%d \(one)s</string></dict></dict></dict></plist>
                """.utf8)
        }
        try ModeledProducts.write(
            [
                ("Chat.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Chat", "CFBundleDevelopmentRegion": "en"])),
                ("Chat.app/Chat", SyntheticProduct.machO(strings: ["Chat"])),
                ("Chat.app/en.lproj/Localizable.strings", ModeledProducts.binaryStrings(["send": "Send", "reply": "Reply"])),
                ("Chat.app/en.lproj/Localizable.stringsdict", plural("item")),
                ("Chat.app/de.lproj/Localizable.strings", ModeledProducts.binaryStrings(["send": "Senden", "reply": "Antworten"])),
                ("Chat.app/de.lproj/Localizable.stringsdict", plural("Eintrag")),
            ], under: dir)
        XCTAssertEqual(try audit("Chat.app", in: dir).products.first?.findings, [])
    }

    /// A script variant does not fall back to its language's tables as a regional one does: Open Food Facts'
    /// `sr_Latn` lacking a key that `sr` (Cyrillic) has shows that key in English, not in Latin.
    func testAScriptVariantDoesNotFallBackToAnotherScript() throws {
        let dir = try folder()
        let english = ["a": "Scan a product", "b": "Search products"]
        try ModeledProducts.write(
            [
                ("Food.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Food", "CFBundleDevelopmentRegion": "en"])),
                ("Food.app/Food", SyntheticProduct.machO(strings: ["Food"])),
                ("Food.app/en.lproj/Localizable.strings", ModeledProducts.binaryStrings(english)),
                ("Food.app/sr.lproj/Localizable.strings", ModeledProducts.binaryStrings(["a": "Скенирај производ", "b": "Претражи производе"])),
                ("Food.app/sr_Latn.lproj/Localizable.strings", ModeledProducts.binaryStrings(["a": "Skeniraj proizvod"])),
                ("Food.app/sr-RS.lproj/Localizable.strings", ModeledProducts.binaryStrings(["a": "Скенирај"])),
            ], under: dir)
        let p = try XCTUnwrap(try audit("Food.app", in: dir).products.first)
        XCTAssertEqual(p.findings.map(\.message), ["sr_Latn lacks 1 of en's 2 keys: users see them in en"])
    }
}
