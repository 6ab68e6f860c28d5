import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// The audit's readers under hostile input (issue 81), each input built here: work bounded by what was read, never
/// a crash or a quiet partial answer, nothing read outside what was given.
final class AuditHostileReadersTests: XCTestCase {
    /// A one-app project whose Release is based on `Configs/Release.xcconfig`, with the files given beside it.
    func project(_ files: [(String, String)], in dir: URL, base: String = "Configs/Release.xcconfig") throws -> AuditedProduct {
        let p = SyntheticProject(
            configurations: [.init("Debug"), .init("Release", base: base)], targets: [.init("Shop", [.init("Debug"), .init("Release")])])
        try SyntheticProject.write([("Shop/Shop.xcodeproj/project.pbxproj", p.pbxproj())] + files.map { ("Shop/" + $0.0, $0.1) }, under: dir)
        return try XCTUnwrap(Auditor.audit([dir.appendingPathComponent("Shop/Shop.xcodeproj").path]).products.first)
    }

    /// `$(inherited) $(inherited)` on 48 lines doubles to 2^48 words: judged on the first ones, and said.
    func testDoublingInheritedSettingsAreBounded() throws {
        let lines = "OTHER_SWIFT_FLAGS = -D DEBUG\n" + String(repeating: "OTHER_SWIFT_FLAGS = $(inherited) $(inherited)\n", count: 48)
        let p = try project([("Configs/Release.xcconfig", lines)], in: try folder())
        XCTAssertEqual(p.findings.map(\.rule), [.debugInDistribution])
        XCTAssertTrue(
            p.notAudited.contains { $0.contains("OTHER_SWIFT_FLAGS in Release for target Shop expands past 10000 words") }, "\(p.notAudited)")
    }

    /// Each xcconfig including the next four times, sixteen deep: 4^16 includes, bounded and said.
    func testIncludesThatFanOutAreBounded() throws {
        var files: [(String, String)] = [("Configs/Release.xcconfig", String(repeating: "#include \"a1.xcconfig\"\n", count: 4))]
        for k in 1..<15 { files.append(("Configs/a\(k).xcconfig", "A\(k) = 1\n" + String(repeating: "#include \"a\(k + 1).xcconfig\"\n", count: 4))) }
        files.append(("Configs/a15.xcconfig", "SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n"))
        let p = try project(files, in: try folder())
        XCTAssertEqual(p.findings.map(\.rule), [.debugInDistribution])
        XCTAssertTrue(
            p.notAudited.contains { $0.contains("includes more than 100000 files, counting repeats") || $0.contains("more than 100000 settings") },
            "\(p.notAudited)")
    }

    /// Includes and base configurations outside the project's folder are not read, and say so.
    func testNothingOutsideTheProjectIsRead() throws {
        let dir = try folder()
        try Data("SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n".utf8).write(to: dir.appendingPathComponent("outside.xcconfig"))
        let p = try project([("Configs/Release.xcconfig", "#include \"../../outside.xcconfig\"\n#include \"/etc/hostname\"\n")], in: dir)
        XCTAssertEqual(p.findings, [], "nothing outside was judged")
        XCTAssertEqual(
            p.notAudited.filter { $0.hasSuffix("outside the project's folder; not read (audit the folder that holds both)") }.count, 2,
            "\(p.notAudited)")
        let absolute = try project([], in: try folder(), base: dir.appendingPathComponent("outside.xcconfig").path)
        XCTAssertEqual(absolute.findings, [])
        XCTAssertTrue(absolute.notAudited.contains { $0.contains("outside.xcconfig: outside the project's folder") }, "\(absolute.notAudited)")
    }

    /// One target named a thousand times, with a thousand phases of a thousand files: each walked once.
    func testAProjectsObjectGraphIsWalkedOnce() throws {
        let dir = try folder().appendingPathComponent("P.xcodeproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let ids = { (s: String) in String(repeating: s + ", ", count: 1000) }
        let text = """
            { objects = {
            R = { isa = PBXProject; targets = (\(ids("T"))); buildConfigurationList = L; };
            L = { isa = XCConfigurationList; buildConfigurations = (C); };
            C = { isa = XCBuildConfiguration; name = Release; buildSettings = { }; };
            T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildPhases = (\(ids("H"))); buildConfigurationList = L; };
            H = { isa = PBXResourcesBuildPhase; files = (\(ids("F"))); };
            F = { isa = PBXBuildFile; fileRef = X; };
            X = { isa = PBXFileReference; path = "a.png"; sourceTree = SOURCE_ROOT; };
            }; rootObject = R; }
            """
        try Data(text.utf8).write(to: dir.appendingPathComponent("project.pbxproj"))
        let v = Auditor.audit([dir.path])
        XCTAssertEqual(v.products.first?.summary, "1 target (1 app), no schemes kept (Xcode's own archive Release), archived: Release")
    }

    /// Thousands of sections over the same bytes, or a fat file's slices at one offset: each byte searched once.
    func testEachByteRangeOfAMachOIsSearchedOnce() throws {
        let bytes = SyntheticProduct.machO(strings: ["PSEUDO_LOCALE"])
        var macho = try MachO(bytes)
        let range = try XCTUnwrap(macho.slices.first?.textRanges.first?.range)
        macho.slices[0].textRanges = (0..<4000).map { ("__TEXT,__s\($0)", range) }
        macho.slices += Array(repeating: macho.slices[0], count: 63)
        XCTAssertEqual(macho.searchRanges.count, 1)
        XCTAssertEqual(macho.searchRanges.first?.range, range)
    }

    /// A string section that runs past the end of the file is named, not dropped: its text was never searched.
    func testASectionPastTheEndIsSaid() throws {
        let dir = try folder()
        var cut = SyntheticProduct.machO(strings: ["hello", "PSEUDO_LOCALE"])
        cut.removeLast(6)
        try ModeledProducts.write(
            [("Shop.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Shop"])), ("Shop.app/Shop", cut)], under: dir)
        let v = Auditor.audit([dir.appendingPathComponent("Shop.app").path])
        XCTAssertEqual(v.outcome, .notAudited)
        XCTAssertTrue(
            v.products.first?.notAudited.contains { $0.contains("section __TEXT,__cstring") && $0.contains("runs past the end of the file") } == true,
            "\(v.products.first?.notAudited ?? [])")
    }

    /// In a folder: a hidden app is audited, a deep one and a link out are named as not searched.
    func testHiddenDeepAndLinkedFoldersAreAuditedOrSaid() throws {
        let dir = try folder()
        let leaky: [(String, [UInt8])] = [
            ("Info.plist", ModeledProducts.info(["CFBundleExecutable": "Leak"])), ("Leak", SyntheticProduct.machO(strings: ["PSEUDO_LOCALE"])),
        ]
        try ModeledProducts.write(leaky.map { ("release/.Leak.app/" + $0.0, $0.1) }, under: dir)
        let deep = (0..<20).map { "d\($0)" }.joined(separator: "/")
        try ModeledProducts.write(leaky.map { ("release/\(deep)/Deep.app/" + $0.0, $0.1) }, under: dir)
        try ModeledProducts.write(leaky.map { ("elsewhere/Outside.app/" + $0.0, $0.1) }, under: dir)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("release/up").path, withDestinationPath: "..")
        let v = Auditor.audit([dir.appendingPathComponent("release").path])
        XCTAssertEqual(v.products.filter { $0.kind == .app }.map { $0.path.split(separator: "/").last ?? "" }, [".Leak.app"])
        XCTAssertEqual(v.blocking, 1)
        let said = v.products.first { $0.kind == .folder }?.notAudited ?? []
        XCTAssertTrue(said.contains { $0.hasSuffix("deeper than 16 folders below \(dir.path)/release; not searched") }, "\(said)")
        XCTAssertTrue(said.contains { $0.hasSuffix("release/up: a link that leaves \(dir.path)/release; not followed") }, "\(said)")
    }

    /// In a zip: an entry twice (a pseudo table hidden under a clean one), a link out, a name 200 folders deep.
    func testZipEntriesThatHideOrLeaveAreSaid() throws {
        let dir = try folder()
        let zip = SyntheticProduct.zip(
            [
                ("Payload/Shop.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "Shop"])),
                ("Payload/Shop.app/Shop", SyntheticProduct.machO(strings: ["Shop"])),
                ("Payload/Shop.app/fr.lproj/Localizable.strings", Array("\"a\" = \"［Ŝéţţîñĝš···］\";\n\"b\" = \"［Çåñçéļ··］\";\n".utf8)),
                ("Payload/Shop.app/fr.lproj/Localizable.strings", Array("\"a\" = \"Réglages\";\n\"b\" = \"Annuler\";\n".utf8)),
                ("Payload/Shop.app/passwd", Array("../../../../etc/passwd".utf8)),
                ("Payload/Shop.app/" + (0..<200).map { _ in "d" }.joined(separator: "/") + "/x", [0x41]),
            ], links: ["Payload/Shop.app/passwd"])
        try Data(zip).write(to: dir.appendingPathComponent("Shop.ipa"))
        let v = Auditor.audit([dir.appendingPathComponent("Shop.ipa").path])
        XCTAssertEqual(v.outcome, .notAudited)
        let said = v.products.first?.notAudited ?? []
        XCTAssertTrue(
            said.contains("Payload/Shop.app/fr.lproj/Localizable.strings: appears more than once in the zip; only its last copy was judged"),
            "\(said)")
        XCTAssertTrue(said.contains("Payload/Shop.app/passwd: a link that leaves the product (to ../../../../etc/passwd); not followed"), "\(said)")
        XCTAssertTrue(said.contains { $0.contains("an entry name over 4096 bytes or 128 folders deep; not read") }, "\(said)")
    }

    /// An `.ipa` of 150 apps: a hundred audited, the rest said; a String Catalog with one key in 3,000 languages read
    /// language by language once.
    func testManyAppsAndManyLanguagesAreBoundedAndSaid() throws {
        let dir = try folder()
        var entries: [(String, [UInt8])] = []
        for k in 0..<150 {
            entries.append(("Payload/A\(k).app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "A\(k)"])))
            entries.append(("Payload/A\(k).app/A\(k)", SyntheticProduct.machO(strings: ["a"])))
        }
        try Data(SyntheticProduct.zip(entries)).write(to: dir.appendingPathComponent("Many.ipa"))
        let many = try XCTUnwrap(Auditor.audit([dir.appendingPathComponent("Many.ipa").path]).products.first)
        XCTAssertTrue(
            many.notAudited.contains { $0.hasSuffix("holds 150 apps; the first 100 were audited, the rest were not") }, "\(many.notAudited)")
        let languages = (0..<3000).map { "\"x\($0)\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"V\($0)\"}}" }.joined(separator: ",")
        let catalog =
            "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"k\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"Key\"}},\(languages)}}}}"
        try ModeledProducts.write(
            [
                ("C.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "C"])), ("C.app/C", SyntheticProduct.machO(strings: ["c"])),
                ("C.app/Localizable.xcstrings", Array(catalog.utf8)),
            ], under: dir)
        let c = try XCTUnwrap(Auditor.audit([dir.appendingPathComponent("C.app").path]).products.first)
        XCTAssertNil(c.unreadable)
        XCTAssertEqual(c.summary, "C.app: iOS arm64, 0 localizations")
    }

    /// A key of a megabyte, missing from a locale: the evidence quotes its start, so no report line runs away.
    func testEvidenceQuotesLongKeysShort() throws {
        let dir = try folder()
        let long = String(repeating: "k", count: 1 << 20)
        try ModeledProducts.write(
            [
                ("L.app/Info.plist", ModeledProducts.info(["CFBundleExecutable": "L", "CFBundleDevelopmentRegion": "en"])),
                ("L.app/L", SyntheticProduct.machO(strings: ["l"])),
                ("L.app/en.lproj/Localizable.strings", ModeledProducts.binaryStrings([long: "Long", "a": "Open"])),
                ("L.app/fr.lproj/Localizable.strings", ModeledProducts.binaryStrings(["a": "Ouvrir"])),
            ], under: dir)
        let p = try XCTUnwrap(Auditor.audit([dir.appendingPathComponent("L.app").path]).products.first)
        XCTAssertEqual(p.findings.first?.details, ["missing: \"" + String(repeating: "k", count: 200) + "…\""])
    }
}
