import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// `audit`'s rules where no real fixture shows them (a leak no one committed), on products built here in the real
/// formats, and hostile products: refused by name and place, never a crash, nothing read outside them.
final class AuditCraftedProductTests: XCTestCase {
    static func strings(_ values: [String: String]) -> [UInt8] {
        Array(values.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined().utf8)
    }

    static let info = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleExecutable</key><string>Shop</string>
        <key>CFBundleDevelopmentRegion</key><string>en</string>
        <key>CFBundleLocalizations</key><array><string>en</string><string>de</string><string>fr</string><string>ja</string></array>
        </dict></plist>
        """.utf8)

    static let english = ["settings": "Settings", "confirm": "Confirm order", "cancel": "Cancel", "total": "Total price"]

    /// A device build that leaks everything the audit knows, file by file (paths inside the app).
    static var leakyApp: [(String, [UInt8])] {
        [
            ("Info.plist", info),
            (
                "Shop",
                SyntheticProduct.machO(
                    strings: ["hello", "PSEUDO_LOCALE", "_dyld_is_pseudodylib", "NSDoubleLocalizedStringsX"],
                    libraries: ["/usr/lib/libSystem.B.dylib", "@rpath/XCTest.framework/XCTest"])
            ),
            ("en.lproj/Localizable.strings", strings(english)),
            // The gate's transform left in a table.
            (
                "de.lproj/Localizable.strings",
                strings(["settings": "［Settings···］", "confirm": "［Confirm order·····］", "cancel": "［Cancel··］", "total": "［Total price····］"])
            ),
            // Accented copies of the English strings: a pseudo table, though every word looks French.
            (
                "fr.lproj/Localizable.strings",
                strings(["settings": "Ŝéţţîñĝš", "confirm": "Çöñƒîŕɱ öŕðéŕ", "cancel": "Çåñçéļ", "total": "Ţöţåļ þŕîçé"])
            ),
            // A real translation with accents: nothing.
            ("ja.lproj/Localizable.strings", strings(["settings": "設定", "confirm": "注文を確定", "cancel": "キャンセル", "total": "合計金額"])),
            ("en-XA.lproj/Localizable.strings", strings(english)),
            ("Frameworks/XCTest.framework/XCTest", SyntheticProduct.machO(strings: ["XCTest"])),
            ("Frameworks/XCTest.framework/Info.plist", info),
            ("OrderView.swift", Array("struct OrderView {}".utf8)),
        ]
    }

    func write(_ files: [(String, [UInt8])], under root: URL) throws {
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    func testADeviceBuildThatLeaksIsBlockedOnEachLeak() throws {
        let app = try folder().appendingPathComponent("Shop.app")
        try write(Self.leakyApp, under: app)
        let v = Auditor.audit([app.path])
        let p = try XCTUnwrap(v.products.first)
        XCTAssertEqual(p.summary, "Shop.app: iOS arm64, 4 localizations")
        XCTAssertEqual(
            p.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.file)" },
            [
                "blocking pseudo-locale en-XA.lproj",
                "blocking pseudo-strings de.lproj/Localizable.strings",
                "blocking pseudo-strings fr.lproj/Localizable.strings",
                "blocking pseudo-switch Shop",
                "blocking test-code ",
                "blocking test-code Frameworks/XCTest.framework",
                "review not-product OrderView.swift",
            ])
        let switchFinding = try XCTUnwrap(p.findings.first { $0.rule == .pseudoSwitch })
        XCTAssertEqual(
            switchFinding.details, ["PSEUDO_LOCALE (arm64, __TEXT,__cstring)"],
            "whole words only: not _dyld_is_pseudodylib, not NSDoubleLocalizedStringsX")
        XCTAssertEqual(
            p.findings.first { $0.file == "fr.lproj/Localizable.strings" }?.message,
            "4 of 4 values carry pseudo-localization marks: a pseudo table ships to users")
        XCTAssertTrue(p.findings.contains { $0.rule == .testCode && $0.message.contains("linked: @rpath/XCTest.framework/XCTest") })
        XCTAssertEqual(v.outcome, .blocked)
    }

    /// The same app as an .ipa, read through the zip in place: the same findings, under Payload/.
    func testAnIPAIsAuditedAsItsFolderWouldBe() throws {
        let dir = try folder()
        let app = dir.appendingPathComponent("Shop.app")
        try write(Self.leakyApp, under: app)
        let ipa = dir.appendingPathComponent("Shop.ipa")
        try Data(SyntheticProduct.zip(Self.leakyApp.map { ("Payload/Shop.app/" + $0.0, $0.1) })).write(to: ipa)
        let fromFolder = try XCTUnwrap(Auditor.audit([app.path]).products.first)
        let fromZip = try XCTUnwrap(Auditor.audit([ipa.path]).products.first)
        XCTAssertEqual(
            fromZip.findings.map { $0.file }, fromFolder.findings.map { $0.file.isEmpty ? "Payload/Shop.app" : "Payload/Shop.app/" + $0.file })
        XCTAssertEqual(fromZip.findings.map(\.message), fromFolder.findings.map(\.message))
        XCTAssertEqual(fromZip.findings.map(\.details), fromFolder.findings.map(\.details))
    }

    /// One accented word in a real French table, a brand kept in English, a real bracketed tag: no leak.
    func testARealTableWithAccentsAndSharedWordsIsNoLeak() throws {
        let app = try folder().appendingPathComponent("Shop.app")
        try write(
            [
                ("Info.plist", Self.info), ("Shop", SyntheticProduct.machO(strings: ["hello"])),
                ("en.lproj/Localizable.strings", Self.strings(Self.english)),
                (
                    "fr.lproj/Localizable.strings",
                    Self.strings(["settings": "Réglages", "confirm": "Confirmer la commande", "cancel": "Annuler", "total": "Prix total"])
                ),
                (
                    "de.lproj/Localizable.strings",
                    Self.strings(["settings": "Einstellungen", "confirm": "Bestellung bestätigen", "cancel": "Abbrechen", "total": "Gesamtpreis"])
                ),
                ("ja.lproj/Localizable.strings", Self.strings(["settings": "設定", "confirm": "注文を確定", "cancel": "キャンセル", "total": "合計金額"])),
            ], under: app)
        let p = try XCTUnwrap(Auditor.audit([app.path]).products.first)
        XCTAssertEqual(p.findings, [])
        XCTAssertEqual(p.notAudited, [])
    }

    /// Every slice of a fat file is searched, and the slice that names the switch is named.
    func testEverySliceOfAFatBinaryIsSearched() throws {
        let fat = SyntheticProduct.fat([
            (0x0100_0007, SyntheticProduct.machO(strings: ["clean"], cpu: 0x0100_0007)),
            (0x0100_000C, SyntheticProduct.machO(strings: ["x", "AppleTextDirection"])),
        ])
        let macho = try MachO(fat)
        XCTAssertEqual(macho.slices.map(\.architecture), ["x86_64", "arm64"])
        let app = try folder().appendingPathComponent("Shop.app")
        try write([("Info.plist", Self.info), ("Shop", fat)], under: app)
        let p = try XCTUnwrap(Auditor.audit([app.path]).products.first)
        XCTAssertEqual(p.findings.first { $0.rule == .pseudoSwitch }?.details, ["AppleTextDirection (arm64, __TEXT,__cstring)"])
    }

    /// A simulator build naming the switch: for review, not blocking (it is no release).
    func testASimulatorBuildsSwitchIsForReview() throws {
        let app = try folder().appendingPathComponent("Shop.app")
        try write([("Info.plist", Self.info), ("Shop", SyntheticProduct.machO(strings: ["PseudoLocalizer.transform"], platform: 7))], under: app)
        let f = try XCTUnwrap(Auditor.audit([app.path]).products.first?.findings.first { $0.rule == .pseudoSwitch })
        XCTAssertEqual(f.severity, .review)
        XCTAssertEqual(f.details, ["PseudoLocalizer.transform (arm64, __TEXT,__cstring)"])
    }

    /// Mach-O files that lie about their sizes: each named as not audited, with where it breaks.
    func testMachOFilesThatLieAreNamedNotCrashedOn() throws {
        var truncated = SyntheticProduct.machO(strings: ["PSEUDO_LOCALE"])
        truncated.removeLast(truncated.count - 40)
        XCTAssertThrowsError(try MachO(truncated)) {
            XCTAssertEqual(($0 as? MachO.Failure)?.message, "2 load commands in 176 bytes do not fit the file")
        }
        var fat = SyntheticProduct.fat([(0x0100_000C, SyntheticProduct.machO(strings: ["a"]))])
        fat[16] = 0x7F  // slice 1 at offset 0x7F…: outside the file
        XCTAssertThrowsError(try MachO(fat)) {
            XCTAssertTrue(($0 as? MachO.Failure)?.message.contains("slice 1 lies outside the file") == true, "\($0)")
        }
        var many = SyntheticProduct.machO(strings: ["a"])
        many[16] = 0xFF; many[17] = 0xFF  // 65,535 load commands in a few hundred bytes
        XCTAssertThrowsError(try MachO(many))
        let app = try folder().appendingPathComponent("Shop.app")
        try write([("Info.plist", Self.info), ("Shop", truncated)], under: app)
        let p = try XCTUnwrap(Auditor.audit([app.path]).products.first)
        XCTAssertEqual(p.notAudited, ["Shop: 2 load commands in 176 bytes do not fit the file"], "said once, with why")
        XCTAssertEqual(Auditor.audit([app.path]).outcome, .notAudited)
    }

    /// A zip whose entry leaves it, a zip that is not one, an entry past the size limit: refused by name.
    func testHostileZipsAreRefusedByName() throws {
        let dir = try folder()
        let escaping = dir.appendingPathComponent("escape.ipa")
        try Data(
            SyntheticProduct.zip([
                ("Payload/Shop.app/Info.plist", Self.info), ("Payload/Shop.app/Shop", SyntheticProduct.machO(strings: ["a"])),
                ("../../etc/evil.strings", Array("x".utf8)),
            ])
        ).write(to: escaping)
        let p = try XCTUnwrap(Auditor.audit([escaping.path]).products.first)
        XCTAssertEqual(p.notAudited, ["../../etc/evil.strings: an entry name that leaves the zip (absolute or with ..); not followed"])
        let notZip = dir.appendingPathComponent("broken.ipa")
        try Data("PK\u{3}\u{4} not really".utf8).write(to: notZip)
        let broken = Auditor.audit([notZip.path])
        XCTAssertEqual(broken.outcome, .unreadable)
        XCTAssertNotNil(broken.products.first?.unreadable)
        let big = dir.appendingPathComponent("big.ipa")
        try Data(SyntheticProduct.zip([("Payload/Shop.app/en.lproj/Localizable.strings", [UInt8](repeating: 0x20, count: 3 << 20))])).write(to: big)
        var limits = LoadLimits()
        limits.maxFileBytes = 1 << 20
        let bomb = Auditor.audit([big.path], limits: limits)
        XCTAssertEqual(bomb.outcome, .unreadable)
        XCTAssertEqual(
            bomb.products.first?.unreadable,
            "Payload/Shop.app/en.lproj/Localizable.strings: unpacks to more than 1 MiB (a zip bomb?); refused (PSEUDOSCOPE_MAX_FILE_MIB raises the limit)"
        )
    }

    /// A link inside an .app that leads out of it is listed, said, and not followed.
    func testALinkOutOfAnAppIsNotFollowed() throws {
        let dir = try folder()
        let app = dir.appendingPathComponent("Shop.app")
        try write([("Info.plist", Self.info), ("Shop", SyntheticProduct.machO(strings: ["a"]))], under: app)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        let outside = dir.appendingPathComponent("secret.strings")
        try Data(Self.strings(["settings": "［Settings···］", "cancel": "［Cancel··］"])).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("fr.lproj/Localizable.strings").path, withDestinationPath: outside.path)
        let p = try XCTUnwrap(Auditor.audit([app.path]).products.first)
        XCTAssertFalse(p.findings.contains { $0.rule == .pseudoStrings }, "the table outside was not read")
        XCTAssertTrue(p.notAudited.contains { $0.hasPrefix("fr.lproj/Localizable.strings: a link that leaves the product") }, "\(p.notAudited)")
    }

    /// An .xcarchive's app under Products/Applications, its dSYMs beside it; a folder of products, each audited once;
    /// a String Catalog shipped in the app, judged per language like the tables.
    func testArchivesFoldersAndCatalogsAreFoundAndJudged() throws {
        let dir = try folder()
        let archive = dir.appendingPathComponent("Shop 2026-12-06.xcarchive")
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "settings": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Settings"}},
                                             "de": {"stringUnit": {"state": "translated", "value": "［Settings···］"}}}},
              "cancel": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Cancel"}},
                                           "de": {"stringUnit": {"state": "translated", "value": "［Cancel··］"}}}}}}
            """
        let info = Array(
            String(decoding: Self.info, as: UTF8.self).replacingOccurrences(
                of: "<key>CFBundleLocalizations</key><array><string>en</string><string>de</string><string>fr</string><string>ja</string></array>",
                with: ""
            ).utf8)
        try write(
            [
                ("Info.plist", info),
                ("Products/Applications/Shop.app/Info.plist", info),
                ("Products/Applications/Shop.app/Shop", SyntheticProduct.machO(strings: ["hello"])),
                ("Products/Applications/Shop.app/Localizable.xcstrings", Array(catalog.utf8)),
                ("dSYMs/Shop.app.dSYM/Contents/Resources/DWARF/Shop", SyntheticProduct.machO(strings: ["PSEUDO_LOCALE"])),
            ], under: archive)
        let other = dir.appendingPathComponent("nested/Clean.app")
        try write([("Info.plist", info), ("Shop", SyntheticProduct.machO(strings: ["hello"]))], under: other)
        let v = Auditor.audit([dir.path])
        XCTAssertEqual(
            v.products.map { "\($0.kind.rawValue) \($0.path.split(separator: "/").last ?? "")" },
            ["xcarchive Shop 2026-12-06.xcarchive", "app Clean.app"])
        let shop = v.products[0]
        XCTAssertEqual(
            shop.findings.map { "\($0.rule.rawValue) \($0.file)" }, ["pseudo-strings Products/Applications/Shop.app/Localizable.xcstrings"],
            "the dSYM's copy of the binary is not the product")
        XCTAssertEqual(shop.findings.first?.message, "2 of 2 values carry pseudo-localization marks: a pseudo table ships to users")
        XCTAssertEqual(v.products[1].findings, [])
        // A zip in the folder that holds no app (zipped dSYMs) is read and said to be no product; given by name, it
        // is an input that is not what audit reads.
        let dsyms = dir.appendingPathComponent("dSYMs.zip")
        try Data(SyntheticProduct.zip([("Shop.app.dSYM/Contents/Info.plist", info)])).write(to: dsyms)
        let again = Auditor.audit([dir.path])
        XCTAssertEqual(again.products.first { $0.path == dsyms.path }?.summary, "holds no .app: not a product, nothing to audit")
        XCTAssertEqual(again.outcome, .blocked, "the xcarchive's pseudo table still blocks; the zip changes nothing")
        XCTAssertEqual(Auditor.audit([dsyms.path]).outcome, .unreadable)
    }

    func testLocaleFolderNames() {
        XCTAssertEqual(LocaleName.judge("fr"), .language("fr"))
        XCTAssertEqual(LocaleName.judge("zh-Hant"), .language("zh-Hant"))
        XCTAssertEqual(LocaleName.judge("pt-BR"), .language("pt-BR"))
        XCTAssertEqual(LocaleName.judge("English"), .language("en"))
        XCTAssertEqual(LocaleName.judge("Base"), .base)
        for pseudo in ["en-XA", "ar-XB", "qps-ploc", "x-pseudo", "en-ZZ"] {
            guard case .pseudo = LocaleName.judge(pseudo) else { return XCTFail(pseudo) }
        }
        XCTAssertEqual(LocaleName.judge("foo"), .unknown)
        XCTAssertEqual(LocaleName.judge("xx"), .unknown)
    }
}
