import Foundation
import XCTest

@testable import PseudoscopeCore

/// Appium page-source XML, WebDriverAgent's JSON source and idb's accessibility JSON, read into the model.
extension ImportTests {

    func testNewWDAPageSourceWithWrapperAndEntities() throws {
        let d = try read(
            """
            <?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Cal" label="Cal" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
              <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="add" label="Add &amp; &quot;more&quot;" enabled="false" visible="true" accessible="true" x="330" y="50" width="44" height="44" index="0" traits="Button, Selected"/>
                <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Guerre d'Ukraine" name="Guerre d'Ukraine" label="Guerre d'Ukraine" enabled="true" visible="false" x="0" y="0" width="1" height="1"/>
              </XCUIElementTypeWindow>
            </XCUIElementTypeApplication></AppiumAUT>
            """)
        XCTAssertEqual(types(d), ["Application", "Window", "Button", "StaticText"])
        XCTAssertEqual(d.elements[2].identifier, "add")
        XCTAssertEqual(d.elements[2].label, "Add & \"more\"")
        XCTAssertFalse(d.elements[2].isEnabled)
        XCTAssertTrue(d.elements[2].isSelected)
        XCTAssertEqual(d.elements[3].identifier, "", "name equal to the label is not an identifier")
        XCTAssertFalse(d.elements[3].isHittable, "invisible without a hittable attribute")
        XCTAssertEqual(d.format, .pageSource)
    }

    /// A hand-edited or web-copied source: a bare `&`, an HTML entity, a reference to a control character. Each
    /// label reads as written and the source is whole (the parser had dropped the `&`, or stopped and called the
    /// source cut off).
    /// WebDriverAgent's JSON source in the shapes it is saved in: bare, inside WDA's HTTP answer, as a JSON
    /// string inside that answer (Appium's `mobile: source`), and the old `/tree` answer; flags as "1"/"0",
    /// numbers or booleans; the frame as a `rect` or as the `frame` string.
    func testWDAJSONSourceInItsWrappers() throws {
        let tree = """
            {"type":"XCUIElementTypeApplication","name":"Demo","label":"Demo","rect":{"x":0,"y":0,"width":390,"height":844},"isEnabled":"1",
             "children":[{"type":"Window","rect":{"x":0,"y":0,"width":390,"height":844},"children":[
               {"type":"Button","rawIdentifier":"checkout.confirm","name":"checkout.confirm","label":"Confirm","value":null,
                "rect":{"x":16,"y":900,"width":358,"height":50},"isEnabled":"1","isVisible":"0","isAccessible":"1"},
               {"type":"Switch","rawIdentifier":null,"name":"Wi-Fi","label":"Wi-Fi","value":1,"frame":"{{300, 100}, {51, 31}}",
                "isEnabled":false,"isSelected":true},
               {"type":"StaticText","name":"Total","label":"Total","rect":{"x":16,"y":60,"width":80,"height":20},"isEnabled":0},
               "not an element", {"no":"type"}
             ]}]}
            """
        let escaped = tree.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
            of: "\n", with: "\\n")
        for text in [
            tree, "{\"value\": \(tree), \"sessionId\": \"0F1E\"}", "{\"value\": \"\(escaped)\", \"sessionId\": null}",
            "{\"status\": 0, \"tree\": \(tree)}",
        ] {
            let d = try read(text)
            XCTAssertEqual(d.format, .sourceJSON)
            XCTAssertEqual(d.elements.map(\.type), ["Application", "Window", "Button", "Switch", "StaticText"])
            XCTAssertEqual(parentTypes(d), [nil, "Application", "Window", "Window", "Window"])
            let button = d.elements[2], toggle = d.elements[3], total = d.elements[4]
            XCTAssertEqual(button.identifier, "checkout.confirm")
            XCTAssertEqual(button.label, "Confirm")
            XCTAssertEqual(button.frame, Rect(x: 16, y: 900, width: 358, height: 50))
            XCTAssertEqual(button.isVisible, false)
            XCTAssertFalse(button.isHittable, "an invisible element is not hittable unless the source says so")
            XCTAssertEqual(toggle.identifier, "", "rawIdentifier null: no identifier, though name holds the label")
            XCTAssertEqual(toggle.value, "1")
            XCTAssertEqual(toggle.frame, Rect(x: 300, y: 100, width: 51, height: 31))
            XCTAssertFalse(toggle.isEnabled)
            XCTAssertTrue(toggle.isSelected)
            XCTAssertEqual(total.identifier, "", "no rawIdentifier: name as in the XML source (the label)")
            XCTAssertFalse(total.isEnabled)
            XCTAssertTrue(d.notes.contains("2 entries of children lists are not elements (no type) and were left out"), "\(d.notes)")
            XCTAssertTrue(d.notes.contains("1 element is marked not visible: no finding about its place or size"), "\(d.notes)")
        }
        // JSON of other kinds is not taken for a source: an archive without its version keeps the archive's error.
        XCTAssertThrowsError(
            try ArchiveLoader().load(
                bytes: Array(#"{"test": "T", "hierarchy": {"type": "Application"}}"#.utf8), source: ArchiveSource(path: "a.json", folder: nil))
        ) { e in
            XCTAssertTrue("\(e)".contains("formatVersion"), "\(e)")
        }
        // A source over a limit says so, where: not the archive's missing formatVersion.
        var limits = LoadLimits()
        limits.maxElements = 3
        XCTAssertThrowsError(try ArchiveLoader(limits: limits).load(bytes: Array(tree.utf8), source: ArchiveSource(path: "s.json", folder: nil))) {
            e in
            XCTAssertEqual(
                (e as? ArchiveError)?.description, "s.json: element 4: more than 3 elements (raise the limit with PSEUDOSCOPE_MAX_ELEMENTS)")
        }
    }

    /// idb's `ui describe-all` (AXe's `describe-ui` alike): a flat list by default, the app first, each element
    /// with `AXUniqueId`, `AXLabel`, `AXValue`, a `frame` object and the `AXFrame` string; a tree with `--nested`.
    func testIdbAccessibilityJSONFlatNestedAndWrapped() throws {
        let flat = """
            [{"AXFrame":"{{0, 0}, {390, 844}}","AXUniqueId":null,"frame":{"y":0,"x":0,"width":390,"height":844},"role_description":"application",
              "AXLabel":"Settings","content_required":false,"type":"Application","title":null,"help":null,"custom_actions":[],"AXValue":null,
              "enabled":true,"role":"AXApplication","subrole":null,"pid":4242},
             {"AXFrame":"{{16, 59}, {44, 44}}","AXUniqueId":"BackButton","frame":{"y":59,"x":16,"width":44,"height":44},"AXLabel":"Back",
              "type":"Button","AXValue":null,"enabled":true,"role":"AXButton"},
             {"AXFrame":"{{150, 70}, {90, 22}}","AXUniqueId":null,"AXLabel":"Display","type":"Heading","role":"AXHeading"},
             {"AXFrame":"{{20, 140}, {300, 44}}","AXUniqueId":"darkMode","AXLabel":"Dark Mode","AXValue":"0","enabled":false,"role":"AXSwitch"},
             {"AXFrame":"{{20, 200}, {350, 44}}","AXUniqueId":"name","frame":{"y":200,"x":20,"width":350,"height":44},"AXLabel":null,"AXValue":"",
              "type":"TextField","role":"AXTextField","enabled":true},
             {"AXFrame":"{{20, 210}, {350, 44}}","AXUniqueId":"other","frame":{"y":210,"x":20,"width":350,"height":44},"AXLabel":"Overlap",
              "type":"StaticText","role":"AXStaticText","enabled":true},
             {"not":"an element"}]
            """
        for text in [flat, "{\"elements\": \(flat)}"] {
            let d = try read(text)
            XCTAssertEqual(d.format, .accessibilityJSON)
            XCTAssertEqual(
                d.elements.map(\.type), ["Application", "Button", "StaticText", "Switch", "TextField", "StaticText"],
                "a header as XCUITest names it; a type from the role where there is none")
            XCTAssertEqual(
                parentTypes(d), [nil, "Application", "Application", "Application", "Application", "Application"], "the app holds the list")
            XCTAssertEqual(d.structure, .flatList)
            XCTAssertEqual(d.elements[1].identifier, "BackButton")
            XCTAssertEqual(d.elements[1].label, "Back")
            XCTAssertEqual(d.elements[3].frame, Rect(x: 20, y: 140, width: 300, height: 44), "from the AXFrame string")
            XCTAssertEqual(d.elements[3].value, "0")
            XCTAssertFalse(d.elements[3].isEnabled)
            XCTAssertEqual(d.elements[4].label, "", "AXLabel null")
            XCTAssertEqual(d.elements[4].frame, Rect(x: 20, y: 200, width: 350, height: 44))
            XCTAssertTrue(
                d.notes.contains("a flat list of 6 elements: the dump holds no hierarchy, so no element's parent, children or siblings are known"),
                "\(d.notes)")
            XCTAssertTrue(d.notes.contains("1 entry of the list is not an element and was left out"), "\(d.notes)")
        }
        // Checked as a list: the field's missing label is found; siblings are not judged (the overlap is not real
        // evidence where no parent is known).
        let archive = try ArchiveLoader().load(bytes: Array(flat.utf8), source: ArchiveSource(path: "idb.json", folder: nil))
        XCTAssertEqual(LayoutChecker(archive).findings().map(\.rule), [.missingAccessibleLabel])
        let nested = """
            [{"AXFrame":"{{0, 0}, {390, 844}}","AXLabel":"Settings","type":"Application","role":"AXApplication","children":[
               {"frame":{"x":0,"y":47,"width":390,"height":44},"AXLabel":null,"type":"Group","role":"AXGroup","children":[
                 {"frame":{"x":16,"y":47,"width":44,"height":44},"AXUniqueId":"BackButton","AXLabel":"Back","type":"Button","role":"AXButton","children":[]}]},
               {"frame":{"x":20,"y":140,"width":300,"height":44},"AXUniqueId":"save","AXLabel":"","type":"Button","role":"AXButton","children":[]}]}]
            """
        let tree = try read(nested)
        XCTAssertEqual(tree.structure, .complete)
        XCTAssertEqual(parentTypes(tree), [nil, "Application", "Group", "Application"])
        // The empty answer idb gives when the app's tree cannot be read says so.
        let empty = try read(
            #"[{"AXFrame":"{{0, 0}, {0, 0}}","AXUniqueId":null,"frame":{"y":0,"x":0,"width":0,"height":0},"AXLabel":null,"type":null,"role":null}]"#)
        XCTAssertTrue(empty.noHierarchy?.hasPrefix("no element has a size") == true, "\(empty)")
        let unread = try ArchiveLoader().load(
            bytes: Array(#"[{"AXFrame":"{{0, 0}, {0, 0}}","AXLabel":null,"type":null,"role":null}]"#.utf8),
            source: ArchiveSource(path: "e.json", folder: nil))
        XCTAssertNotNil(unread.hierarchyNote, "checked as a run with no hierarchy, not as a clean screen")
        XCTAssertEqual(LayoutChecker(unread).findings(), [])
        // Arrays of other things are not taken for it.
        for other in ["[1, 2, 3]", #"[{"a": 1}]"#, #"["Button, 0x1, {{0, 0}, {1, 1}}"]"#] {
            XCTAssertNotEqual(try? read(other).format, .accessibilityJSON, other)
        }
        var limits = LoadLimits()
        limits.maxElements = 3
        XCTAssertThrowsError(try ArchiveLoader(limits: limits).load(bytes: Array(flat.utf8), source: ArchiveSource(path: "i.json", folder: nil))) {
            e in
            XCTAssertEqual(
                (e as? ArchiveError)?.description, "i.json: element 4: more than 3 elements (raise the limit with PSEUDOSCOPE_MAX_ELEMENTS)")
        }
    }

    func testStrayAmpersandsAndHTMLEntitiesReadAsWritten() throws {
        let d = try read(
            """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="Tom & Jerry" x="0" y="0" width="390" height="844">
              <XCUIElementTypeButton type="XCUIElementTypeButton" label="Save&nbsp;now &hellip;" x="10" y="10" width="100" height="44"/>
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="esc &#x1B;[31m &amp; caf&#233; &#xE9; &unknown; &" x="10" y="60" width="300" height="20"/>
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="last" x="10" y="90" width="300" height="20"/>
            </XCUIElementTypeApplication>
            """)
        XCTAssertEqual(types(d), ["Application", "Button", "StaticText", "StaticText"])
        XCTAssertEqual(d.elements[0].label, "Tom & Jerry")
        XCTAssertEqual(d.elements[1].label, "Save\u{A0}now \u{2026}")
        XCTAssertEqual(d.elements[2].label, "esc &#x1B;[31m & café é &unknown; &")
        XCTAssertEqual(d.elements[3].label, "last")
        XCTAssertNil(d.incompleteNote)
    }

    /// An entity a page source declares reads nothing: not a file (`SYSTEM "file:…"`), not a text defined in the
    /// DTD (a "billion laughs" could not grow either). The reference stays the text it is.
    func testEntitiesDeclaredInAPageSourceReadNothing() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("ps-xxe-\(getpid()).txt")
        try "SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let d = try read(
            """
            <?xml version="1.0"?>
            <!DOCTYPE AppiumAUT [<!ENTITY file SYSTEM "file://\(secret.path)"><!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="&file;" x="0" y="0" width="390" height="844">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="&lol2;" x="10" y="60" width="300" height="20"/>
            </XCUIElementTypeApplication></AppiumAUT>
            """)
        XCTAssertEqual(types(d), ["Application", "StaticText"])
        XCTAssertEqual(d.elements[0].label, "&file;")
        XCTAssertEqual(d.elements[1].label, "&lol2;")
        XCTAssertFalse(d.elements.contains { $0.label.contains("SECRET") })
    }

    func testOldWDAAndMac2AndFragments() throws {
        let old = try read(
            """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" enabled="true" visible="true" x="0" y="0" width="375" height="667" name="App" label="App">
            <XCUIElementTypeSwitch enabled="true" visible="true" x="300" y="100" width="51" height="31" name="wifi" label="Wi-Fi" value="1"></XCUIElementTypeSwitch>
            </XCUIElementTypeApplication>
            """)
        XCTAssertEqual(types(old), ["Application", "Switch"])
        XCTAssertEqual(old.elements[1].value, "1")
        let mac = try read(
            """
            <XCUIElementTypeApplication elementType="2" identifier="" label="" title="AppiumTestApp" enabled="false" selected="false" x="0" y="0" width="0" height="0">
              <XCUIElementTypeWindow elementType="4" identifier="main" label="" title="AppiumTestApp" enabled="false" selected="true" x="390" y="313" width="900"
            """)
        XCTAssertEqual(types(mac), ["Application"])
        XCTAssertEqual(mac.elements[0].title, "AppiumTestApp")
        XCTAssertNotNil(mac.incompleteNote)
        let middle = try read(
            """
                      <XCUIElementTypeImage type="XCUIElementTypeImage" name="arrow" enabled="true" visible="false" x="1" y="2" width="3" height="4"/>
                    </XCUIElementTypeOther>
                    <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="432" width="768" height="80">
                      <XCUIElementTypeButton type="XCUIElementTypeButton" enabled="true" visible="true" x="0" y="432" width="768" height="79"/>
                    </XCUIElementTypeOther>
                    <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="512" heig
            """)
        XCTAssertEqual(types(middle), ["Application", "Image", "Other", "Button"], "closing tags of unseen parents are skipped")
        XCTAssertEqual(middle.incompleteNote?.hasPrefix("the page source breaks off at line 6"), true, middle.incompleteNote ?? "")
    }

    func testDumpBecomesAnArchiveWithGivenModeAndRoundTrips() throws {
        let dump = try read(
            """
            Window (Main), 0x1, {{0.0, 0.0}, {390.0, 844.0}}
                Button, 0x2, {{10.0, 900.0}, {100.0, 44.0}}, identifier: 'go', label: 'Go'
            """)
        let a = DumpImporter.archive(
            from: dump, mode: .expanded, modeWasGiven: true, test: "T/testGo", source: ArchiveSource(path: "d.txt", folder: "."))
        XCTAssertEqual(a.mode, .expanded)
        XCTAssertEqual(a.imported?.modeWasGiven, true)
        let json = ArchiveEncoder.encode(a)
        let back = try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: "x.json", folder: nil))
        XCTAssertEqual(back.hierarchy, a.hierarchy)
        XCTAssertEqual(back.test, "T/testGo")
        XCTAssertEqual(back.mode, .expanded)
        XCTAssertTrue(LayoutChecker(back).findings().contains { $0.rule == .outsideWindow && $0.identifier == "go" })
    }
}
