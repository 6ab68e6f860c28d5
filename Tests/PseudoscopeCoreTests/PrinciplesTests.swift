import Foundation
import XCTest

@testable import PseudoscopeCore

private typealias F = Fixtures

/// Each principle of docs/checks.md ("What the rules do not assume") and each new rule, with a case where the
/// rule must speak and one where it must not.
final class PrinciplesTests: XCTestCase {
    func findings(_ a: Archive, _ rule: Rule) -> [Finding] { LayoutChecker(a).findings().filter { $0.rule == rule } }

    func dump(_ text: String, mode: Mode = .normal) throws -> Archive {
        try ArchiveLoader(dumpOptions: DumpOptions(mode: mode)).load(bytes: Array(text.utf8), source: ArchiveSource(path: "d.txt", folder: nil))
    }

    // MARK: 1. Unknown window

    func testAnUnknownWindowMeasuresNothingAgainstTheWindow() throws {
        // tvOS: an Application with no frame and no Window; elements far right of the origin.
        let tv = try dump(
            """
            →Application, 0x1, pid: 1, label: 'TV'
               Other, 0x2, {{0.0, 0.0}, {1920.0, 1080.0}}
                 Button, 0x3, {{1149.0, 477.0}, {304.0, 126.0}}, label: 'Play'
            """)
        XCTAssertNil(tv.hierarchy.windowIndex)
        XCTAssertEqual(findings(tv, .outsideWindow), [])
        // The same screen with a 0×0 window is also unknown; with a real window, off-screen is found.
        let known = try dump(
            """
            →Application, 0x1, pid: 1, label: 'App'
               Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                 Button, 0x3, {{20.0, 900.0}, {200.0, 50.0}}, label: 'Pay'
            """)
        XCTAssertEqual(findings(known, .outsideWindow).map(\.text), ["Pay"])
        let zero = try dump(
            """
            →Application, 0x1, pid: 1, label: 'App'
               Window (Main), 0x2, {{0.0, 0.0}, {0.0, 0.0}}
                 Button, 0x3, {{20.0, 900.0}, {200.0, 50.0}}, label: 'Pay'
            """)
        XCTAssertNil(zero.hierarchy.windowIndex)
        XCTAssertEqual(findings(zero, .outsideWindow), [])
    }

    // MARK: 2. Visibility

    func testInvisibleAndDisabledElementsGetNoGeometryFindings() throws {
        func xml(_ attributes: String) -> String {
            """
            <AppiumAUT><XCUIElementTypeApplication name="A" x="0" y="0" width="390" height="844">
              <XCUIElementTypeWindow x="0" y="0" width="390" height="844">
                <XCUIElementTypeButton name="chevron" label="chevron" \(attributes) x="358" y="263" width="12" height="15"/>
                <XCUIElementTypeStaticText name="Low" label="Low" visible="true" x="10" y="900" width="100" height="20"/>
              </XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>
            """
        }
        XCTAssertEqual(findings(try dump(xml(#"enabled="true" visible="true""#)), .smallHitRegion).map(\.text), ["chevron"])
        XCTAssertEqual(findings(try dump(xml(#"enabled="true" visible="false""#)), .smallHitRegion), [], "invisible")
        XCTAssertEqual(findings(try dump(xml(#"enabled="false" visible="true""#)), .smallHitRegion), [], "disabled")
        let hidden = try dump(
            xml(#"visible="true""#).replacingOccurrences(
                of: #"name="Low" label="Low" visible="true""#, with: #"name="Low" label="Low" visible="false""#))
        XCTAssertEqual(findings(hidden, .outsideWindow), [], "an invisible element is not off-screen")
        XCTAssertEqual(findings(try dump(xml(#"visible="true""#)), .outsideWindow).map(\.text), ["Low"])
        // isVisible survives import as an archive key.
        let written = ArchiveEncoder.encode(try dump(xml(#"enabled="true" visible="false""#)))
        XCTAssertTrue(written.contains("\"isVisible\":false"), written)
    }

    // MARK: 3. Partial structure

    func testFlatListsHaveNoSiblingsAndCutCellsNoVerdictOnTheirText() throws {
        let flat = try dump(
            """
            t = 1.00s Find: Descendants matching type Button
            No matches found for Elements matching predicate 'x' from input {(
                Button, {{0.0, 509.0}, {45.0, 44.0}}, label: 'Previous',
                StaticText, {{0.0, 509.0}, {45.0, 44.0}}, label: 'Previous page of results',
                Cell, {{0.0, 600.0}, {375.0, 44.0}},
            )}
            """)
        XCTAssertEqual(flat.imported?.structure, .flatList)
        XCTAssertEqual(findings(flat, .overlappingText), [], "a flat list holds no siblings")
        XCTAssertEqual(findings(flat, .missingAccessibleLabel), [], "a listed cell's children are unknown")
        // The same elements as real siblings in a tree do overlap, and the cell really has no text.
        let tree = try dump(
            """
            →Application, 0x1, pid: 1, label: 'App'
               Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                 StaticText, 0x3, {{0.0, 509.0}, {45.0, 44.0}}, label: 'Previous page of results'
                 StaticText, 0x4, {{0.0, 509.0}, {45.0, 44.0}}, label: 'Previous results page'
                 Cell, 0x5, {{0.0, 600.0}, {375.0, 44.0}}
            Path to element:
             →Application, 0x1, pid: 1, label: 'App'
            """)
        XCTAssertEqual(findings(tree, .overlappingText).count, 1)
        XCTAssertEqual(findings(tree, .missingAccessibleLabel).map(\.elementType), ["Cell"])
        // A tree cut off inside a cell: its children may exist.
        let cut = try dump(
            """
            Element subtree:
             →Application, 0x1, pid: 1, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Cell, 0x5, {{0.0, 600.0}, {375.0, 44.0}}
            """)
        XCTAssertTrue(cut.hierarchy[2].childrenUnknown)
        XCTAssertEqual(findings(cut, .missingAccessibleLabel), [])
        XCTAssertTrue(cut.imported?.notes.contains { $0.contains("runs to the end of the dump") } ?? false)
    }

    // MARK: 4. Platform geometry

    func testStandardControlsTolerancesAndTappableAncestors() throws {
        func screen(_ content: [String]) throws -> Archive { try F.archive(content: content) }
        let sw = F.el("Switch", [319, 355, 51, 31], id: "s", label: "Wi-Fi")
        let search = F.el("SearchField", [16, 147, 343, 36], id: "q", label: "Search")
        let row = F.el("Cell", [0, 64, 375, 43.5], id: "row", label: "Row")
        let almost = F.el("Button", [339, 47, 43, 44], id: "almost", label: "Arabic")
        XCTAssertEqual(findings(try screen([sw, search, row, almost]), .smallHitRegion), [])
        // A real small target: a 20×20 eye toggle inside a text field is an action of its own.
        let eye = F.el("Button", [323, 208, 20, 20], id: "eye", label: "Show password")
        let field = F.el("SecureTextField", [16, 196, 343, 44], id: "pw", label: "Password", children: [eye])
        XCTAssertEqual(findings(try screen([field]), .smallHitRegion).map(\.identifier), ["eye"])
        // The same toggle inside a 44-pt row is still its own target: a tap on the row selects the row.
        let inRow = F.el("Cell", [0, 196, 375, 44], id: "cell", label: "Password", children: [eye])
        XCTAssertEqual(findings(try screen([inRow]), .smallHitRegion).map(\.identifier), ["eye"])
        // An icon inside a 44-pt button: a tap anywhere on the button does what the icon does.
        let icon = F.el("Button", [323, 208, 20, 20], id: "icon", label: "Share")
        let button = F.el("Button", [311, 196, 44, 44], id: "share", label: "Share", children: [icon])
        XCTAssertEqual(findings(try screen([button]), .smallHitRegion), [])
        // A small button repeated inside itself is one target.
        let inner = F.el("Button", [325, 55, 34, 34], id: "", label: "")
        let outer = F.el("Button", [325, 55, 34, 34], id: "filter", label: "Filter", children: [inner])
        let f = LayoutChecker(try screen([outer])).findings()
        XCTAssertEqual(f.filter { $0.rule == .smallHitRegion }.map(\.identifier), ["filter"])
        XCTAssertEqual(f.filter { $0.rule == .missingAccessibleLabel }, [], "the inner copy is read through the outer one")
        // On macOS (a menu bar in the tree) the touch guideline does not apply.
        let mac = try dump(
            """
            →Application, 0x1, pid: 1, title: 'App'
               MenuBar, 0x2, {{757.0, 3.0}, {40.0, 24.0}}
               Button, 0x3, {{905.0, 54.0}, {46.0, 19.0}}, label: 'Stats'
            """)
        XCTAssertEqual(mac.platform, .macOS)
        XCTAssertEqual(findings(mac, .smallHitRegion), [])
    }

    func testSystemChromeIsNotTheApps() throws {
        let keyboard = F.el("Keyboard", [0, 600, 390, 244], children: [F.el("Button", [0, 610, 40, 36], id: "", label: "中")])
        let status = F.el(
            "StatusBar", [0, 0, 390, 44],
            children: [
                F.el("StaticText", [28, 18, 42, 21], label: "9:41", extra: #""intrinsicContentSize":{"width":38,"height":20}"#)
            ])
        let a = try F.archive(content: [keyboard, status])
        XCTAssertEqual(LayoutChecker(a).findings(), [])
    }

    // MARK: 5. What VoiceOver speaks

    func testAPlaceholderOnlyFieldIsAReviewItem() throws {
        let xml = """
            <AppiumAUT><XCUIElementTypeApplication name="A" x="0" y="0" width="375" height="667">
              <XCUIElementTypeWindow x="0" y="0" width="375" height="667">
                <XCUIElementTypeTextField label="" value="First Name" visible="true" x="16" y="522" width="164" height="45"/>
                <XCUIElementTypeTextField label="" visible="true" x="16" y="600" width="164" height="45"/>
              </XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>
            """
        let f = findings(try dump(xml), .missingAccessibleLabel).sorted { ($0.element ?? 0) < ($1.element ?? 0) }
        XCTAssertEqual(f.map(\.severity), [.review, .blocking], "the field whose value may be its placeholder, and the empty one")
        XCTAssertTrue(f[0].message.contains("may be its placeholder"))
        // debugDescription lists the placeholder apart: a value there is a typed value, and the field blocks.
        let typed = try dump(
            """
            →Application, 0x1, pid: 1, label: 'App'
               Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                 TextField, 0x3, {{32.0, 224.0}, {271.0, 44.0}}, value: ukautomationuser@e...
            """)
        XCTAssertEqual(findings(typed, .missingAccessibleLabel).map(\.severity), [.blocking])
        // Xcode 7 printed no labels at all: nothing to judge.
        let seven = try dump(
            """
            Other 0x7fa0af36f5e0: {{0.0, 692.0}, {414.0, 44.0}}<XCAccessibilityElement: 0x7fa0af36f6d0> pid: 6728
              Button 0x7fa0af36fd90: {{8.0, 698.0}, {22.0, 32.0}}<XCAccessibilityElement: 0x7fa0af36fe80> pid: 6728
            """)
        XCTAssertEqual(seven.imported?.labelsRecorded, false)
        XCTAssertEqual(findings(seven, .missingAccessibleLabel), [])
        XCTAssertEqual(findings(seven, .smallHitRegion).count, 1, "the size is still judged")
    }

    // MARK: 6. Back buttons

    func testTheLeadingButtonIsTheBackButtonWhateverItsLabel() throws {
        func bar(_ first: String) -> String {
            F.el(
                "NavigationBar", [0, 54, 393, 44], id: "Settings",
                children: [
                    first,
                    F.el("StaticText", [150, 64, 93, 22], label: "إعدادات"),
                    F.el("Button", [350, 54, 40, 44], id: "add", label: "Add"),
                ])
        }
        // Labelled with the previous screen's title, left half in an rtl run: blocking.
        let unmirrored = try F.archive(mode: "rtl", content: [bar(F.el("Button", [8, 54, 80, 44], id: "", label: "الرئيسية"))])
        XCTAssertEqual(findings(unmirrored, .rtlNotMirrored).map(\.text), ["الرئيسية"])
        // Mirrored: on the right, first in reading order.
        let mirrored = try F.archive(mode: "rtl", content: [bar(F.el("Button", [305, 54, 80, 44], id: "", label: "الرئيسية"))])
        XCTAssertEqual(findings(mirrored, .rtlNotMirrored), [])
        // A bar with only a trailing button after the title has no back button to judge.
        let trailingOnly = try F.archive(
            mode: "rtl",
            content: [
                F.el(
                    "NavigationBar", [0, 54, 393, 44],
                    children: [
                        F.el("StaticText", [150, 64, 93, 22], label: "إعدادات"),
                        F.el("Button", [8, 54, 40, 44], id: "add", label: "Add"),
                    ])
            ])
        XCTAssertEqual(findings(trailingOnly, .rtlNotMirrored), [])
    }

    // MARK: New rules

    func testTruncationHeadroomSaysHowFarTheExpandedRunWillFallShort() throws {
        let tight = F.el(
            "StaticText", [16, 100, 200, 20], id: "tight", label: "Notifications", extra: #""intrinsicContentSize":{"width":170,"height":20}"#)
        let roomy = F.el("StaticText", [16, 130, 200, 20], id: "roomy", label: "Mail", extra: #""intrinsicContentSize":{"width":100,"height":20}"#)
        let a = try F.archive(mode: "normal", content: [tight, roomy])
        let f = findings(a, .truncationHeadroom)
        XCTAssertEqual(f.map(\.identifier), ["tight"])
        XCTAssertEqual(f[0].evidence.first { $0.name == "shortBy" }?.value ?? 0, 38, accuracy: 0.01)
        XCTAssertEqual(findings(try F.archive(mode: "expanded", content: [tight]), .truncationHeadroom), [], "normal runs only")
    }

    func testOtherPseudoLanguagesAreRecognised() throws {
        func run(_ labels: [String]) throws -> [String] {
            let content = labels.enumerated().map { F.el("StaticText", [0, 100 + Double($0) * 30, 300, 20], id: "t\($0)", label: $1) }
            return findings(try F.archive(mode: "expanded", content: content), .hardcodedText).map(\.text)
        }
        XCTAssertEqual(try run(["[# Settings #]", "[# Privacy #]", "Hard coded"]), ["Hard coded"])
        XCTAssertEqual(try run(["Settings Settings", "Privacy Privacy", "Hard coded"]), ["Hard coded"])
        XCTAssertEqual(try run(["[Šéţţîñĝš one two]", "[Þŕîvåçý one]", "Hard coded"]), ["Hard coded"])
        XCTAssertEqual(try run(["［Settings···］", "Hard coded"]), ["Hard coded"])
        let a = try F.archive(mode: "expanded", content: [F.el("StaticText", [0, 100, 300, 20], label: "[# Settings #]")])
        XCTAssertEqual(a.pseudoScheme, .boundedString)
        XCTAssertEqual(TextClassifier.stripMarkers("[# Konto #]"), "Konto")
        XCTAssertEqual(TextClassifier.stripMarkers("[Ķöñţö one two]"), "Ķöñţö")
    }

    func testConcatenatedStrings() throws {
        let joined = F.el("StaticText", [0, 100, 300, 20], id: "sum", label: "［Total···］: ［3 items···］")
        let whole = F.el("StaticText", [0, 130, 300, 20], id: "one", label: "［Total: 3 items·····］")
        let a = try F.archive(mode: "expanded", content: [joined, whole])
        XCTAssertEqual(findings(a, .concatenatedString).map(\.identifier), ["sum"])
        XCTAssertEqual(findings(try F.archive(mode: "normal", content: [joined]), .concatenatedString), [])
    }

    // MARK: Import faults found on real data

    func testDoubleEscapedLogsAndJSONArraysOfLinesImport() throws {
        let log =
            #"[debug] [JSONWP Proxy] Got response with status 200: "{\n  \"value\" : \"<?xml version=\\\"1.0\\\" encoding=\\\"UTF-8\\\"?>\\n<AppiumAUT>\\n  <XCUIElementTypeApplication type=\\\"XCUIElementTypeApplication\\\" name=\\\"App\\\" label=\\\"App\\\" enabled=\\\"true\\\" visible=\\\"true\\\" x=\\\"0\\\" y=\\\"0\\\" width=\\\"375\\\" height=\\\"667\\\"\\/>\\n<\\/AppiumAUT>\"\n}""#
        let a = try dump(log)
        XCTAssertEqual(a.hierarchy[0].frame, Rect(x: 0, y: 0, width: 375, height: 667), "the attributes survive two levels of escaping")
        let lines = """
            [
                "Element subtree:",
                " →Window (Main), 0x1, {{0.0, 0.0}, {768.0, 1024.0}}",
                "    Button, 0x2, {{10.0, 10.0}, {100.0, 44.0}}, label: 'Menu'",
            ]
            """
        let b = try dump(lines)
        XCTAssertEqual(b.hierarchy.count, 2)
        XCTAssertEqual(b.hierarchy[1].label, "Menu")
        let cut =
            "[\n    \"Element subtree:\",\n    \" →Window (Main), 0x1, {{0.0, 0.0}, {768.0, 1024.0}}\",\n    \"    Button, 0x2, {{10.0, 10.0}, {100.0, 44.0}}, label: 'Me"
        XCTAssertEqual(try dump(cut).hierarchy[0].type, "Window", "a cut-off array of lines reads as far as it goes")
    }

    func testImportFactsSurviveImportAndTheJSONSaysLabelAndTextApart() throws {
        let a = try dump(
            """
            No matches found for x from input {(
                Switch, {{16.0, 100.0}, {51.0, 31.0}}, value: 0,
            )}
            """)
        let reread = try ArchiveLoader().decode(Array(ArchiveEncoder.encode(a).utf8), source: ArchiveSource(path: "w.json", folder: nil))
        XCTAssertEqual(reread.imported?.structure, .flatList)
        XCTAssertEqual(reread.imported?.notes, a.imported?.notes)
        let f = findings(reread, .missingAccessibleLabel)
        XCTAssertEqual(f.first?.label, "")
        XCTAssertEqual(f.first?.text, "0")
        var w = JSONWriter()
        w.finding(f[0])
        XCTAssertTrue(w.text.contains("\"label\":\"\",\"text\":\"0\""), w.text)
    }
}

/// Found by the fuzzer: an added root's frame, the union of far-apart top-level frames, was wider than an
/// archive may hold, so `import` wrote an archive that did not read back.
final class ImportRoundTripTests: XCTestCase {
    func testAnArchiveImportedFromAnyDumpReadsBack() throws {
        let text = """
            Attributes: Window, {{-9000000.0, 0.0}, {100.0, 100.0}}
            Element subtree:
             →Window, 0x1, {{-9000000.0, 0.0}, {100.0, 100.0}}
            Attributes: Window, {{9000000.0, 0.0}, {100.0, 100.0}}
            Element subtree:
             →Window, 0x2, {{9000000.0, 0.0}, {100.0, 100.0}}
            """
        let a = try ArchiveLoader().load(bytes: Array(text.utf8), source: ArchiveSource(path: "far.txt", folder: nil))
        XCTAssertEqual(a.hierarchy[0].type, "Application")
        XCTAssertEqual(a.hierarchy[0].frame, .zero, "an added root claims no frame")
        XCTAssertNoThrow(try ArchiveLoader().decode(Array(ArchiveEncoder.encode(a).utf8), source: ArchiveSource(path: "w.json", folder: nil)))
    }
}
