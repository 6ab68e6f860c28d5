import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// A result bundle's record of the strings it showed (the localization attachment), read as tables.
extension StringsTests {

    func testTheHEICBundlesLocalizationRecordIsTheRunsStrings() throws {
        let folder = try SharedFixtures.require(SharedFixtures.xcresults)
        let path = folder.appendingPathComponent("xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult").path
        let a = try ArchiveLoader().load(path + "#1")
        // The last of the run's three records, nearest the failure.
        XCTAssertEqual(a.shownStrings.count, 6)
        XCTAssertTrue(a.shownStrings.contains { $0.key == "status.battery.capacity" && $0.table == "Accessibility" })
        XCTAssertEqual(ElementStrings(a, catalog: nil).sources, ["the run's localization record (6 strings shown)"])
    }

    func testABundlesLocalizationRecordFindsTextThatWasNotLocalized() throws {
        let archive = Fixtures.archiveJSON(
            content: [
                Fixtures.el("StaticText", [20, 100, 300, 30], id: "title", label: "Ajustes"),
                Fixtures.el("StaticText", [20, 140, 300, 30], id: "digest", label: "Weekly Summary Email"),
            ], top: "\"locale\":\"es_ES\",\"languages\":[\"es\"]")
        let record = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>
            <dict><key>bundleID</key><string>com.acme.app</string><key>frame</key><string>{{20, 104}, {80, 22}}</string>
            <key>stringKey</key><string>settings.title</string><key>tableName</key><string>Localizable</string></dict>
            </array></plist>
            """
        var test = SyntheticUIFailure.Test(identifier: "SettingsLocaleUITests/testSettings_es()")
        test.attachments = [
            SyntheticUIFailure.Attachment(name: "pseudoscope-archive", type: "public.json", bytes: Array(archive.utf8)),
            SyntheticUIFailure.Attachment(name: ShownString.attachmentName, type: "com.apple.xml-property-list", bytes: Array(record.utf8)),
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString).xcresult").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        try SyntheticUIFailure(tests: [test]).write(to: path)
        let a = try ArchiveLoader().load(path)
        XCTAssertEqual(a.shownStrings.map(\.key), ["settings.title"])
        let found = LayoutChecker(a).findings()
        XCTAssertEqual(found.map(\.rule), [.hardcodedText])
        XCTAssertEqual(found.map(\.identifier), ["digest"])
        // The details pane learns the key of the localized one.
        let title = a.hierarchy.indices.first { a.hierarchy[$0].identifier == "title" }!
        XCTAssertEqual(ElementStrings(a, catalog: nil).byElement[title]?.map(\.key), ["settings.title"])
        // Tables given on the command line take over from the record.
        let catalog = try catalogOf(["en": ["settings.title": "Settings"], "es": ["settings.title": "Ajustes"]])
        XCTAssertEqual(LayoutChecker(a, context: CheckContext(strings: catalog)).findings().map(\.identifier), ["digest"])
    }

    func testTheSampleLocaleRunsShowEachKindOfFault() throws {
        let catalog = try StringCatalog.load(Fixtures.repositoryRoot.appendingPathComponent("SampleStrings").path, developmentLanguage: nil)
        let es = try Fixtures.sample("locale-settings-es"), fr = try Fixtures.sample("locale-settings-fr")
        // The text-size picker, 34 pt high in its row, is a small target in every run of the screen.
        XCTAssertEqual(
            findings(es, catalog).map { "\($0.0.rawValue) \($0.1)" },
            ["small-hit-region settings.textSize.picker", "untranslated settings.push.toggle", "hardcoded-text settings.digest.toggle"])
        XCTAssertEqual(
            findings(fr, catalog).map { "\($0.0.rawValue) \($0.1)" },
            [
                "wrong-language settings.textSize.label", "small-hit-region settings.textSize.picker", "hardcoded-text settings.digest.toggle",
                "missing-translation settings.section.about",
            ])
        // Without the tables, the samples are plain normal runs: nothing about strings.
        XCTAssertEqual(LayoutChecker(es).findings().map(\.rule), [.smallHitRegion])
    }

    /// A locale run is mode `normal` too, but not the gate's control run: an rtl run pairs with its own test's.
    func testALocaleRunIsNotTheRtlRunsPartner() throws {
        let names = ["settings-rtl", "locale-settings-es", "locale-settings-fr", "settings-normal"]
        let summaries = try names.map { ArchiveSummary(path: $0, archive: try Fixtures.sample($0), findings: []) }
        XCTAssertEqual(Engine.pairs(summaries).map(\.ltrPath), ["settings-normal"])
        XCTAssertEqual(
            Engine.pairs(Array(summaries.prefix(2))).map(\.ltrPath), ["locale-settings-es"],
            "without the control run, the locale run is still better than none")
    }
}
