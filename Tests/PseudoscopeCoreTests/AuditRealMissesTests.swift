import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// What `audit` got wrong on real products and projects (issue 77), each as the general rule that fixes it: test
/// servers linked in, pseudo alphabets and tool placeholders, String Catalog states, regional variants, launch
/// options, AppleDouble entries, anchored xcconfigs, an absent debug dylib, and the project's own string tables.
final class AuditRealMissesTests: XCTestCase {
    func audit(_ relative: String, in dir: URL) throws -> AuditedProduct {
        try XCTUnwrap(Auditor.audit([dir.appendingPathComponent(relative).path]).products.first)
    }

    /// translate-toolkit's `podebug --rewrite=unicode`: each ASCII letter for a lookalike from Latin Extended-B and
    /// Latin Extended Additional (`Pending` -> `Ƥḗƞḓīƞɠ`).
    static func podebugUnicode(_ s: String) -> String {
        let upper = Array("ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"), lower = Array("ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ")
        return String(
            s.map { c in
                guard let a = c.asciiValue else { return c }
                if (65...90).contains(a) { return upper[Int(a) - 65] }
                if (97...122).contains(a) { return lower[Int(a) - 97] }
                return c
            })
    }

    static let english = ["pending": "Pending", "settings": "Settings", "confirm": "Confirm order", "cancel": "Cancel", "total": "Total price"]

    /// An app with `en` and the tables given (locale, values), written as a folder.
    func app(_ tables: [(String, [String: String])], in dir: URL, files: [(String, [UInt8])] = []) throws -> String {
        var all: [(String, [UInt8])] = [
            ("Shop.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Shop", "CFBundleDevelopmentRegion": "en"])),
            ("Shop.app/Shop", SyntheticProduct.machO(strings: ["Shop"])),
            ("Shop.app/en.lproj/Localizable.strings", ModeledProducts.binaryStrings(Self.english)),
        ]
        all += tables.map { ("Shop.app/\($0.0).lproj/Localizable.strings", ModeledProducts.binaryStrings($0.1)) }
        try ModeledProducts.write(all + files.map { ("Shop.app/" + $0.0, $0.1) }, under: dir)
        return "Shop.app"
    }

    func testTheCalabashServerLinkedInIsFoundInDeviceAndSimulatorBuilds() throws {
        let dir = try folder()
        let device = try audit(try ModeledProducts.calSmoke(in: dir, name: "CalSmokeDevice", server: true, device: true), in: dir)
        let server = try XCTUnwrap(device.findings.first { $0.rule == .testCode }, "\(device.findings)")
        XCTAssertEqual(server.severity, .blocking)
        XCTAssertTrue(server.message.hasPrefix("the Calabash test server is linked in"), server.message)
        XCTAssertEqual(server.details, ["CalSmokeDevice: CalabashServer, LPHTTPServer, LPHTTPConnection, LPRouter"])
        XCTAssertEqual(Auditor.audit([dir.appendingPathComponent("CalSmokeDevice.app").path]).outcome, .blocked)
        let simulator = try audit(try ModeledProducts.calSmoke(in: dir, name: "CalSmokeSim", server: true), in: dir)
        XCTAssertEqual(simulator.findings.filter { $0.rule == .testCode }.map(\.severity), [.review])
        // The smoke app without the server names only its own `(Calabash)` category: nothing.
        let plain = try audit(try ModeledProducts.calSmoke(in: dir), in: dir)
        XCTAssertFalse(plain.findings.contains { $0.rule == .testCode }, "\(plain.findings)")
    }

    func testAnEmbeddedInspectorFrameworkIsFoundByItsName() throws {
        let dir = try folder()
        let relative = try app(
            [], in: dir,
            files: [
                ("Frameworks/RevealServer.framework/RevealServer", SyntheticProduct.machO(strings: ["hello"])),
                ("Frameworks/RevealServer.framework/Info.plist", ModeledProducts.info([:])),
            ])
        let p = try audit(relative, in: dir)
        XCTAssertEqual(p.findings.map(\.rule), [.testCode])
        XCTAssertEqual(p.findings.first?.severity, .blocking)
        XCTAssertEqual(p.findings.first?.details, ["embedded: Frameworks/RevealServer.framework"])
    }

    func testPseudoAlphabetsFromOtherToolsAreFoldedBackToTheirText() throws {
        let dir = try folder()
        XCTAssertEqual(Self.podebugUnicode("Pending"), "Ƥḗƞḓīƞɠ")
        XCTAssertEqual(PseudoMarks.plain("Ƥḗƞḓīƞɠ"), "Pending")
        let unicode = Self.english.mapValues(Self.podebugUnicode)
        let crowdin = Dictionary(uniqueKeysWithValues: Self.english.keys.sorted().enumerated().map { ($1, "crwdns\(100 + $0):0crwdne\(100 + $0):0") })
        let p = try audit(try app([("fr", unicode), ("de", crowdin)], in: dir), in: dir)
        let pseudo = p.findings.filter { $0.rule == .pseudoStrings }
        XCTAssertEqual(pseudo.map(\.severity), [.blocking, .blocking], "\(p.findings)")
        XCTAssertTrue(pseudo.contains { $0.file.hasSuffix("fr.lproj/Localizable.strings") && $0.message.hasPrefix("5 of 5 values") }, "\(pseudo)")
        XCTAssertTrue(
            pseudo.contains { $0.file.hasSuffix("de.lproj/Localizable.strings") && $0.details.first?.contains("Crowdin") == true }, "\(pseudo)")
    }

    /// Sentences that begin like a tool's marker are text: `Translate Open Food Facts`, `Todos`.
    func testTextThatBeginsLikeAPlaceholderIsNoPlaceholder() {
        XCTAssertNil(PseudoMarks.kind("Translate Open Food Facts"))
        XCTAssertNil(PseudoMarks.kind("Todos"))
        XCTAssertNil(PseudoMarks.kind("Fixmen"))
        // Spanish and Portuguese "all", from Pocket Casts' es.lproj.
        XCTAssertNil(PseudoMarks.kind("Todo desbloqueado"))
        XCTAssertNil(PseudoMarks.kind("Todo el mundo", development: "Worldwide"))
        XCTAssertEqual(PseudoMarks.kind("FIXME"), "a translation-tool placeholder")
        XCTAssertEqual(PseudoMarks.kind("TODO: translate"), "a translation-tool placeholder")
        XCTAssertEqual(PseudoMarks.kind("TODO"), "a translation-tool placeholder")
    }

    func testStringCatalogStatesCountInCoverage() throws {
        let dir = try folder()
        func unit(_ state: String, _ value: String) -> String { "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(value)\"}}" }
        let catalog = """
            {"sourceLanguage":"en","version":"1.0","strings":{
            "a":{"localizations":{"en":\(unit("translated", "Share")),"fr":\(unit("needs_review", "Partager"))}},
            "b":{"localizations":{"en":\(unit("translated", "Sent")),"fr":\(unit("new", "Sent"))}},
            "c":{"localizations":{"en":\(unit("translated", "Done")),"fr":\(unit("translated", "Terminé"))}},
            "d":{"shouldTranslate":false,"localizations":{"en":\(unit("translated", "Bitchat Mesh")),"fr":\(unit("translated", "Bitchat Mesh"))}}}}
            """
        try ModeledProducts.write(
            [
                ("Chat.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Chat"])),
                ("Chat.app/Chat", SyntheticProduct.machO(strings: ["Chat"])), ("Chat.app/Localizable.xcstrings", Array(catalog.utf8)),
            ], under: dir)
        let p = try audit("Chat.app", in: dir)
        XCTAssertEqual(p.findings.map(\.rule), [.localizationCoverage], "\(p.findings)")
        XCTAssertEqual(
            p.findings.first?.message,
            "2 of fr's 4 values are marked new or needs_review in the String Catalog: not translated yet, users see them as they are")
    }

    /// `en-US` beside `en` repeats what it does not override; `pt-BR` falls back to `pt` before `en`.
    func testRegionalVariantsAreNotUntranslatedOrMissing() throws {
        let dir = try folder()
        var portuguese = Self.english.mapValues { "pt " + $0.lowercased() + " ok" }
        portuguese["pending"] = "Pendente"
        let p = try audit(
            try app([("en-US", Self.english), ("pt", portuguese), ("pt-BR", ["pending": "Pendente (BR)"])], in: dir), in: dir)
        XCTAssertEqual(p.findings, [])
    }

    func testLaunchOptionsThatProfileInheritsAreForReviewNeverBlocking() throws {
        let dir = try folder()
        let p = try audit(try ModeledProjects.openFoodFacts(in: dir, runArguments: ["-AppleTextDirection YES"]), in: dir)
        XCTAssertEqual(p.findings.map(\.severity), [.review], "\(p.findings)")
        XCTAssertEqual(p.findings.first?.details, ["argument -AppleTextDirection YES (the Run action's, which Profile uses)"])
        XCTAssertEqual(Auditor.audit([dir.appendingPathComponent("openfoodfacts/OpenFoodFacts.xcodeproj").path]).outcome, .green)
    }

    /// A zip made on a Mac: `__MACOSX/` copies and `._` files are Finder metadata, not apps or locales.
    func testAppleDoubleEntriesAreIgnored() throws {
        let dir = try folder()
        let apple = Array("\u{0}\u{5}\u{16}\u{7}Mac OS X        ".utf8)
        let zip = SyntheticProduct.zip([
            ("Payload/Shop.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Shop", "CFBundleDevelopmentRegion": "en"])),
            ("Payload/Shop.app/Shop", SyntheticProduct.machO(strings: ["Shop"])),
            ("Payload/Shop.app/en.lproj/Localizable.strings", ModeledProducts.binaryStrings(Self.english)),
            ("__MACOSX/Payload/._Shop.app", apple), ("__MACOSX/Payload/Shop.app/._en.lproj", apple),
            ("__MACOSX/Payload/Other.app/Info.plist", apple), ("Payload/Shop.app/._Shop", apple), ("Payload/Shop.app/._fr.lproj", apple),
        ])
        try Data(zip).write(to: dir.appendingPathComponent("Shop.ipa"))
        let v = Auditor.audit([dir.appendingPathComponent("Shop.ipa").path])
        XCTAssertEqual(v.products.first?.summary, "Shop.app: iOS arm64, 1 localization")
        XCTAssertEqual(v.products.first?.findings, [])
        XCTAssertEqual(v.outcome, .green)
    }

    /// Xcode 16's xcconfig in a synchronized folder: DEBUG added to Release's file is found there.
    func testAnAnchoredXcconfigIsRead() throws {
        let dir = try folder()
        let p = try audit(try ModeledProjects.bitchat(in: dir, anchored: true, releaseLine: "SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG"), in: dir)
        XCTAssertEqual(p.findings.map(\.rule), [.debugInDistribution], "\(p.findings)")
        XCTAssertTrue(p.findings.first?.file.hasSuffix("bitchat/Configs/Release.xcconfig:2") == true, p.findings.first?.file ?? "")
        let other = try folder()
        let clean = try audit(try ModeledProjects.bitchat(in: other, anchored: true), in: other)
        XCTAssertEqual(clean.findings, [])
    }

    /// Xcode 15+'s debug stub without its `.debug.dylib`: the app's code was never searched, so not green.
    func testAnAbsentDebugDylibMeansNotAuditedInFull() throws {
        let dir = try folder()
        let p = try audit(try ModeledProducts.skiResortDebugApp(in: dir), in: dir)
        XCTAssertEqual(
            p.notAudited,
            ["Ski Resort Finder.debug.dylib: absent; the executable is Xcode's debug stub and the app's code is in it, so that code was not searched"]
        )
        XCTAssertEqual(Auditor.audit([dir.appendingPathComponent("Ski Resort Finder.app").path]).outcome, .notAudited)
    }

    /// The string tables an app target copies, read from the project: a pseudo table and a locale mostly English.
    func testTheProjectAuditReadsTheTablesAnAppTargetCopies() throws {
        let dir = try folder()
        var french = Self.english.mapValues(Self.podebugUnicode)
        french["total"] = "Prix total"
        var spanish: [String: String] = [:]
        var english = Self.english
        for k in 0..<20 {
            english["item_\(k)"] = "Item number \(k)"
            spanish["item_\(k)"] = k < 15 ? "Item number \(k)" : "Artículo \(k)"
        }
        let tables = [("en", english), ("fr", french), ("es", spanish)]
        let project = SyntheticProject(
            configurations: [.init("Debug"), .init("Release")],
            targets: [
                .init("Shop", [.init("Debug"), .init("Release")], resources: tables.map { "Shop/Resources/\($0.0).lproj/Localizable.strings" })
            ])
        try SyntheticProject.write(
            [("Shop.xcodeproj/project.pbxproj", project.pbxproj())]
                + tables.map {
                    ("Shop/Resources/\($0.0).lproj/Localizable.strings", String(decoding: ModeledProducts.textStrings($0.1), as: UTF8.self))
                },
            under: dir)
        let p = try audit("Shop.xcodeproj", in: dir)
        XCTAssertEqual(
            p.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.file.split(separator: "/").suffix(3).joined(separator: "/"))" },
            [
                "blocking pseudo-strings Resources/fr.lproj/Localizable.strings", "review localization-coverage Shop/Resources/es.lproj",
                "review localization-coverage Shop/Resources/es.lproj", "review localization-coverage Shop/Resources/fr.lproj",
            ], "\(p.findings.map(\.message))")
        let pseudo = p.findings.first?.message ?? ""
        XCTAssertTrue(pseudo.hasPrefix("target Shop: 4 of 5 values carry pseudo-localization marks"), pseudo)
    }
}
