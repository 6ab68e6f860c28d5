import PseudoscopeScreensTestSupport
import XCTest

@testable import PseudoscopeScreens

final class KeyTableTests: XCTestCase {
    /// A key bound twice in one mode does only the first thing, and the help lists both: every table a mode reads,
    /// the screens' and the modal ones (help, notes, typing, the copy menu), binds each key once.
    func testNoKeyIsBoundTwiceInAnyMode() {
        let tables = KeyTables.modal
        XCTAssertEqual(tables.count, 7)
        for t in tables { XCTAssertEqual(t.duplicates, [], "\(t.name) binds a key twice") }
        let twice = KeyTable<Int>(screen: "test", bindings: [KeyBinding([.char("x")], 1, "one"), KeyBinding([.char("x")], 2, "two")], notes: [])
        XCTAssertEqual(twice.duplicateKeys, [.char("x")], "the check sees a duplicate")
        XCTAssertEqual(twice.message(for: .char("x")), 1)
    }

    /// The modal keys go through their tables: the copy menu copies an item by its key, typing types, the help
    /// overlay and the notes scroll and close.
    func testModalKeysGoThroughTheirTables() {
        XCTAssertEqual(InspectorState.copyMenuKeys.message(for: .char("p")), .copyItem("p"))
        XCTAssertEqual(InspectorState.copyMenuKeys.message(for: .escape), .closeCopy)
        XCTAssertNil(InspectorState.copyMenuKeys.message(for: .down))
        if case .input(let s)? = KeyTables.typing.message(for: .char("é")) { XCTAssertEqual(s, "é") } else { XCTFail("typed") }
        if case .commit? = KeyTables.typing.message(for: .enter) {} else { XCTFail("Enter takes the text") }
        XCTAssertEqual(ScreenChrome.helpKeys.message(for: .char("G")), .bottom)
        XCTAssertEqual(AppState.noteKeys.message(for: .char("!")), .close)
    }
}
