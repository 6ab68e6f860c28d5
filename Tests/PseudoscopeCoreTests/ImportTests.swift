import Foundation
import XCTest

@testable import PseudoscopeCore

/// One small fixture per dump variant, written for the project (the real corpus is in ImportCorpusTests).
final class ImportTests: XCTestCase {
    func read(_ text: String) throws -> ImportedDump { try DumpImporter.read(text, file: "dump.txt") }
    func types(_ d: ImportedDump) -> [String] { d.elements.map(\.type) }
    func parentTypes(_ d: ImportedDump) -> [String?] { d.elements.map { $0.parent.map { d.elements[$0].type } } }

    func testModernDumpStopsTheTreeAtPathAndQueryChain() throws {
        let d = try read(
            """
            Attributes: Application, 0x11124a6c0, pid: 69888, label: 'Talaria'
            Element subtree:
             →Application, 0x11124a6c0, pid: 69888, label: 'Talaria'
                Window (Main), 0x111249b80, {{0.0, 0.0}, {420.0, 912.0}}
                  Button, 0x11124a800, {{24.0, 89.7}, {12.3, 17.0}}, identifier: 'chevron.left', label: 'Back'
                  StaticText, 0x11124b480, {{24.0, 151.0}, {106.3, 39.0}}, label: 'YOU'RE'
                Window, 0x111249c00, {{0.0, 0.0}, {420.0, 912.0}}
            Path to element:
             →Application, 0x11124a6c0, pid: 69888, label: 'Talaria'
              ↳Window (Main), 0x111249b80, {{0.0, 0.0}, {420.0, 912.0}}
            Query chain:
             →Find: Target Application 'org.example'
              Output: {
                Application, 0x11124a6c0, pid: 69888, label: 'Talaria'
              }
            """)
        XCTAssertEqual(types(d), ["Application", "Window", "Button", "StaticText", "Window"])
        XCTAssertEqual(parentTypes(d), [nil, "Application", "Window", "Window", "Application"])
        XCTAssertEqual(d.elements[2].identifier, "chevron.left")
        XCTAssertEqual(d.elements[2].frame, Rect(x: 24, y: 89.7, width: 12.3, height: 17))
        XCTAssertEqual(d.elements[3].label, "YOU'RE", "an unescaped quote inside a label")
        XCTAssertNil(d.incompleteNote)
    }

    func testLogPrefixesAreTakenOffWithOneSpaceAndNothingMore() {
        let strip = DebugDescriptionParser.stripPrefixes
        XCTAssertEqual(strip("2024-03-01T10:22:33.1234567Z    Button, 0x1, {{0.0, 0.0}, {1.0, 1.0}}"), "   Button, 0x1, {{0.0, 0.0}, {1.0, 1.0}}")
        XCTAssertEqual(strip("2024-03-01 10:22:33.123456+0100 My App-Runner[1234:5a78]  →Application, 0x1"), " →Application, 0x1")
        XCTAssertEqual(strip("2024-03-01 10:22:33:123 - [Xcode]   Other, 0x2"), "  Other, 0x2")
        XCTAssertEqual(strip("2024-03-01 10:22:33+01:00 > > Window, 0x3"), "Window, 0x3")
        // Not a prefix: an element line, a date that is a label's start, a bracket that is no pid and thread.
        XCTAssertEqual(strip("  Button, 0x1, label: '2024-03-01 10:22:33 sent'"), "  Button, 0x1, label: '2024-03-01 10:22:33 sent'")
        XCTAssertEqual(strip("2024-03-01 sent"), "2024-03-01 sent")
        XCTAssertEqual(strip("2024-03-01 10:22:33 Cell[1 of 2] x"), "Cell[1 of 2] x")
    }

    /// XCUITest prints a label's line breaks as they are: the element's line runs on until its quote closes. Each
    /// such element was lost, and `Line three', Selected` was read as an element `Line` with the next as its child.
    func testLabelsWithLineBreaksRunOverTheNextLines() throws {
        let dump = """
            Element subtree:
             →Application, 0x1, pid: 1234, label: 'Demo'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  StaticText, 0x3, {{16.0, 100.0}, {358.0, 40.0}}, label: 'Your order has shipped.
            It's on its way.'
                  Button, 0x4, {{16.0, 200.0}, {358.0, 44.0}}, identifier: 'track', label: 'Track'
                  StaticText, 0x5, {{16.0, 300.0}, {358.0, 40.0}}, label: 'Line one
            Line two
            Line three', Selected
                  Button, 0x6, {{16.0, 400.0}, {358.0, 44.0}}, label: 'Done'
                  StaticText, 0x7, {{16.0, 500.0}, {358.0, 40.0}}, label: 'never closed
                  Button, 0x8, {{16.0, 600.0}, {358.0, 44.0}}, label: 'After'
            """
        for prefix in ["", "2024-03-01 10:22:33.123456+0100 Runner[1234:5678] "] {
            let d = try read(dump.splitLines().map { prefix + $0 }.joined(separator: "\n"))
            XCTAssertEqual(types(d), ["Application", "Window", "StaticText", "Button", "StaticText", "Button", "Button"], prefix)
            XCTAssertEqual(parentTypes(d), [nil, "Application", "Window", "Window", "Window", "Window", "Window"], prefix)
            XCTAssertEqual(d.elements[2].label, "Your order has shipped.\nIt's on its way.", prefix)
            XCTAssertEqual(d.elements[4].label, "Line one\nLine two\nLine three", prefix)
            XCTAssertTrue(d.elements[4].isSelected, prefix)
            XCTAssertEqual(d.elements[6].label, "After", "a quote that never closes takes no element with it")
            XCTAssertNil(d.incompleteNote, prefix)
        }
        // Cut inside a label: said, and the element that was open is known to be cut.
        let cut = try read(dump.splitLines().prefix(8).joined(separator: "\n"))
        XCTAssertEqual(cut.incompleteNote, "the dump stops at line 8 inside a quoted value begun at line 7")
        XCTAssertEqual(types(cut), ["Application", "Window", "StaticText", "Button"])
    }

    func testQuotesCommasAndArrowsInsideLabels() throws {
        let d = try read(
            """
             →Other, 0x1, {{0.0, 0.0}, {10.0, 10.0}}
                StaticText, 0x2, {{0.0, 0.0}, {10.0, 10.0}}, label: 'I'm here, label: not a key', value: 3
                StaticText, 0x3, {{0.0, 0.0}, {10.0, 10.0}}, label: 'Settings → Host — edit', Selected
            """)
        XCTAssertEqual(d.elements[1].label, "I'm here, label: not a key")
        XCTAssertEqual(d.elements[1].value, "3")
        XCTAssertEqual(d.elements[2].label, "Settings → Host — edit")
        XCTAssertTrue(d.elements[2].isSelected)
    }

    /// A key this reader does not know after a quoted value (a newer Xcode's), a label written without quotes,
    /// and a line that cannot be read at all: no element is lost in silence, and none takes another's children.
    func testUnknownKeysUnquotedLabelsAndUnreadableLinesLoseNoElementInSilence() throws {
        let d = try read(
            """
             →Window (Main), 0x1, {{0.0, 0.0}, {393.0, 852.0}}
                Button, 0x2, {{16.0, 100.0}, {361.0, 44.0}}, identifier: 'save', label: 'Save', userInputLabels: ['Save', 'Store']
                  StaticText, 0x3, {{16.0, 100.0}, {100.0, 44.0}}, label: 'Save'
                Button, 0x4, {{16.0, 200.0}, {361.0, 44.0}}, identifier: cancel, label: Cancel it, Selected
                Other, 0x5, {{16.0, 300.0}, {361.0}}, identifier: 'broken'
                  StaticText, 0x6, {{16.0, 300.0}, {100.0, 44.0}}, label: 'Orphan'
                Button, 0x7, {{16.0, 400.0}, {361.0, 44.0}}, label: 'Last', hint: 'Saves the form'
            Path to element:
            """)
        XCTAssertEqual(d.elements.map(\.identifier), ["", "save", "", "cancel", "", ""])
        XCTAssertEqual(d.elements[5].label, "Last", "a key this reader does not know ends the label, though the line's last quote comes later")
        XCTAssertEqual(d.elements[1].label, "Save")
        XCTAssertEqual(parentTypes(d)[2], "Button", "the button keeps its child")
        XCTAssertEqual(d.elements[3].label, "Cancel it")
        XCTAssertTrue(d.elements[3].isSelected)
        XCTAssertTrue(
            d.notes.contains(
                "line 5 starts like an element but could not be read: it is left out, and the elements below it may hang under the wrong parent"),
            "\(d.notes)")
    }

    func testUnquotedTruncatedValuesFlagsAndPlaceholders() throws {
        let d = try read(
            """
            Window (Main), 0x600000d9cee0, {{0.0, 0.0}, {375.0, 812.0}}
                TextField, 0x6, {{32.0, 224.0}, {271.0, 21.0}}, identifier: 'email', value: ukautomationuser@e...
                TextField, 0x7, {{32.0, 260.0}, {271.0, 21.0}}, placeholderValue: 'Username', value: Username, Keyboard Focused
                Button, 0x8, {{0.0, 0.0}, {1.0, 1.0}}, label: 'Go', Disabled
                Button, 0x9, {{0.0, 0.0}, {1.0, 1.0}}, label: 'TV', Focused
                RemotePlaceholder, 0x60000217ebc0, pid: 22048, {{0.0, 0.0}, {375.0, 667.0}}
            """)
        XCTAssertEqual(d.elements[1].value, "ukautomationuser@e...")
        XCTAssertEqual(d.elements[2].placeholderValue, "Username")
        XCTAssertEqual(d.elements[2].value, "Username")
        XCTAssertTrue(d.elements[2].hasFocus)
        XCTAssertFalse(d.elements[3].isEnabled)
        XCTAssertTrue(d.elements[4].hasFocus)
        XCTAssertEqual(d.elements[5].type, "RemotePlaceholder")
        XCTAssertEqual(parentTypes(d).dropFirst().allSatisfy { $0 == "Window" }, true)
    }

    func testXcode7And8And9Lines() throws {
        let d7 = try read(
            """
                  Other 0x7fa0af36f520: {{0.0, 692.0}, {414.0, 44.0}}<XCAccessibilityElement: 0x7fa0af36f0e0> pid: 6728, context: 4D92, payload: { pid = 6728; "uid.elementID" = 198; }
                    Button 0x7fa0af3496c0: {{8.0, 698.0}, {22.0, 32.0}}<XCAccessibilityElement: 0x7fa0af3497b0> pid: 6728, context: 4D92, payload: { pid = 6728; }
            """)
        XCTAssertEqual(types(d7), ["Other", "Button"])
        XCTAssertEqual(d7.elements[1].frame, Rect(x: 8, y: 698, width: 22, height: 32))
        XCTAssertEqual(d7.elements[1].parent, 0)
        let d8 = try read(
            """
            Other 0x608000168280: traits: 8589934592, {{-0.0, 315.0}, {320.0, 253.0}}
              Key 0x60800016a000: traits: 8589934593, {{-2.0, -1426.0}, {46.0, 30.0}}, label: 'I'm'
            """)
        XCTAssertEqual(d8.elements[0].frame.x, 0)
        XCTAssertEqual(d8.elements[1].frame, Rect(x: -2, y: -1426, width: 46, height: 30))
        XCTAssertEqual(d8.elements[1].label, "I'm")
        let d9 = try read(
            """
            Application, 0x60000018cf30, pid: 51436, {{0.0, 0.0}, {375.0, 667.0}}, label: 'UICatalog'
              Other, 0x60000019fa30, Main Window, {{0.0, 0.0}, {375.0, 667.0}}
                CollectionView, 0x1c4985140, traits: 35192962023424, {{0.0, 0.0}, {359.0, 386.0}}
            """)
        XCTAssertEqual(types(d9), ["Application", "Other", "CollectionView"])
        XCTAssertEqual(d9.elements[0].frame.width, 375)
    }

    func testPastedOffsetsHandEditedJumpsAndElisions() throws {
        let d = try read(
            """
                     (lldb) po app
                     Element subtree:
                      →Application, 0x1, pid: 1, label: 'A'
                         Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                                 Other, 0x3, {{0.0, 0.0}, {390.0, 844.0}}
                             ...
                             Button, 0x4, {{0.0, 0.0}, {50.0, 50.0}}, label: 'OK'
            """)
        XCTAssertEqual(types(d), ["Application", "Window", "Other", "Button"])
        XCTAssertEqual(parentTypes(d), [nil, "Application", "Window", "Window"], "a 4-space jump is still one level")
        XCTAssertTrue(d.notes.contains { $0.contains("elided") })
    }

    func testWrappers() throws {
        let po =
            #""Attributes: Application, 0x1, pid: 8, label: \'Study\'\nElement subtree:\n →Application, 0x1, pid: 8, label: \'Study\'\n    Window (Main), 0x2, {{0.0, 0.0}, {414.0, 896.0}}\n""#
        XCTAssertEqual(types(try read("    t =   109.84s Requesting snapshot\n" + po)), ["Application", "Window"])
        XCTAssertEqual(try read(po).elements[0].label, "Study")
        let json =
            #"{"value": "Attributes: Window, 0x1, {{0.0, 0.0}, {393.0, 852.0}}\nElement subtree:\n →Window, 0x1, {{0.0, 0.0}, {393.0, 852.0}}\n    Other, 0x2, {{0.0, 0.0}, {393.0, 852.0}}\n"}"#
        XCTAssertEqual(types(try read(json)), ["Window", "Other"])
        let log = "[Xcode]  →Other, 0x1, {{0.0, 0.0}, {10.0, 10.0}}\n[Xcode]     Button, 0x2, {{0.0, 0.0}, {5.0, 5.0}}, label: 'B'\n"
        XCTAssertEqual(types(try read(log)), ["Other", "Button"])
        let escaped =
            #"  "error_message": "No matches from input {(\n    Button, identifier: \u0027shift\u0027, label: \u0027shift\u0027,\n    Button, label: \u0027Next keyboard\u0027, value: 简体手写,\n)}""#
        let flat = try read(escaped)
        XCTAssertEqual(types(flat), ["Application", "Button", "Button"], "a flat list gets a root above it")
        XCTAssertEqual(flat.elements[1].identifier, "shift")
        XCTAssertEqual(flat.elements[2].value, "简体手写")
    }

    func testFragmentLoadsWhatIsThereAndSaysWhereItStopped() throws {
        let d = try read(
            """
            Element subtree:
             →Window (Main), 0x1, {{0.0, 0.0}, {414.0, 896.0}}
                Other, 0x2, {{0.0, 0.0}, {414.0, 896.0}}
                Other, 0x3, {{0.0, 92.0}, {41
            """)
        XCTAssertEqual(types(d), ["Window", "Other"], "the cut element is not invented")
        XCTAssertEqual(d.incompleteNote, "the dump stops at line 4 in the middle of an element (\"Other, 0x3, {{0.0, 92.0}, {41\")")
    }

    func testNotADumpIsRefused() {
        XCTAssertThrowsError(try read("hello world\nthis is prose")) { e in
            XCTAssertTrue("\(e)".contains("not an archive and not a recognized dump"), "\(e)")
        }
    }

    // MARK: Page source XML

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
