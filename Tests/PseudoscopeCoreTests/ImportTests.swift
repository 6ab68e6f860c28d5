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

    func testAnArchiveAndAnElementSnapshotAreToldFromDumpsByTheirBytes() {
        func archive(_ text: String) -> Bool { DumpImporter.looksLikeArchive(Array(text.utf8)) }
        XCTAssertTrue(archive(#"{"formatVersion": 1, "mode": "rtl"}"#))
        XCTAssertTrue(archive("\u{FEFF} \n\t" + #"{"mode": "rtl", "formatVersion": 1}"#), "a byte-order mark and white space before it")
        XCTAssertFalse(archive(#"{"value": "Element subtree:\n →Window, 0x1, {{0.0, 0.0}, {1.0, 1.0}}"}"#), "a JSON wrapper around a dump")
        XCTAssertFalse(archive(#"[{"formatVersion": 1}]"#), "not an object")
        XCTAssertFalse(archive("{" + String(repeating: " ", count: 4096) + #""formatVersion": 1}"#), "looked for in the first 4 KiB only")
        func snapshot(_ text: String) -> Bool { ElementSnapshot.mayBe(Array(text.utf8)) }
        XCTAssertTrue(snapshot("bplist00\u{1}\u{2}XCElementSnapshot\u{0}"))
        XCTAssertFalse(snapshot("bplist00\u{1}\u{2}NSKeyedArchiver"), "another keyed archive")
        XCTAssertFalse(snapshot("XCElementSnapshot bplist00"), "not a binary property list")
    }

    func testNotADumpIsRefused() {
        XCTAssertThrowsError(try read("hello world\nthis is prose")) { e in
            XCTAssertTrue("\(e)".contains("not an archive and not a recognized dump"), "\(e)")
        }
    }
}
