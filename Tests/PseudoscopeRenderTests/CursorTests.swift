import XCTest
@testable import PseudoscopeRender

/// The movement rules, on trees small enough to draw in a comment.
final class TreeCursorTests: XCTestCase {
    /// ```
    /// 0 root
    /// ├─ 1 a
    /// │  └─ 2 a1
    /// └─ 3 b
    /// ```
    let shape = TreeShape(parents: [nil, 0, 1, 0])

    func testTheShapeKnowsEachSubtreesEnd() {
        XCTAssertEqual(shape.subtreeEnds, [4, 3, 3, 4])
        XCTAssertEqual(shape.children, [[1, 3], [2], [], []])
    }

    func testOpenDepthDecidesWhatIsShown() {
        // Only the root expanded: 0, 1, 3 shown; 2 hidden under the collapsed 1.
        let c = TreeCursor(shape: shape, openDepth: 1, pageSize: 10)
        XCTAssertEqual(c.rows, [0, 1, 3])
        XCTAssertNil(c.row(of: 2))
    }

    func testRightExpandsThenEntersAndLeftCollapsesThenLeaves() {
        var c = TreeCursor(shape: shape, openDepth: 1, pageSize: 10)
        c.move(by: 1)
        XCTAssertEqual(c.selected, 1)
        c.expandOrFirstChild()          // 1 was collapsed: expand it, stay on it
        XCTAssertEqual(c.rows, [0, 1, 2, 3])
        XCTAssertEqual(c.selected, 1)
        c.expandOrFirstChild()          // expanded: go to its first child
        XCTAssertEqual(c.selected, 2)
        c.expandOrFirstChild()          // a leaf: nothing
        XCTAssertEqual(c.selected, 2)
        c.collapseOrParent()            // a leaf: go to the parent
        XCTAssertEqual(c.selected, 1)
        c.collapseOrParent()            // expanded: collapse, stay
        XCTAssertEqual(c.rows, [0, 1, 3])
        XCTAssertEqual(c.selected, 1)
        c.collapseOrParent()            // collapsed: go to the parent
        XCTAssertEqual(c.selected, 0)
    }

    func testSelectingAHiddenNodeRevealsIt() {
        var c = TreeCursor(shape: shape, openDepth: 1, pageSize: 10)
        c.select(2)
        XCTAssertEqual(c.selected, 2)
        XCTAssertEqual(c.rows, [0, 1, 2, 3])
    }

    func testCollapsingAboveTheSelectionMovesItToTheNearestShownAncestor() {
        var c = TreeCursor(shape: shape, openDepth: 9, pageSize: 10)
        c.select(2)
        c.select(0)
        c.collapseSubtree()             // 0, 1 and 3 collapse: only the root is left
        XCTAssertEqual(c.rows, [0])
        c.expandAll()
        c.select(2)
        c.setExpanded(1, false)         // hides the selection
        XCTAssertEqual(c.selected, 1)
    }

    func testMovementStopsAtTheEndsAndPagesByThePageSize() {
        var c = TreeCursor(shape: shape, openDepth: 9, pageSize: 2)
        c.move(by: -1)
        XCTAssertEqual(c.selected, 0)
        c.pageDown()
        XCTAssertEqual(c.selected, 2)
        XCTAssertEqual(c.list.scroll, 1, "the page scrolls to keep the selection shown")
        c.bottom()
        XCTAssertEqual(c.selected, 3)
        c.move(by: 5)
        XCTAssertEqual(c.selected, 3)
        c.top()
        XCTAssertEqual(c.list.scroll, 0)
    }
}

final class ListCursorTests: XCTestCase {
    func testClampingScrollingAndResizing() {
        var l = ListCursor(count: 4, pageSize: 2)
        l.pageDown()
        XCTAssertEqual(l.position, 2)
        XCTAssertEqual(l.visibleRange, 1..<3)
        l.pageDown()
        l.pageDown()
        XCTAssertEqual(l.position, 3, "paging past the end stays on the last row")
        l.pageUp()
        XCTAssertEqual(l.position, 1, "and the first page up moves at once")
        l.scrollView(by: 10)
        XCTAssertEqual(l.scroll, 2, "the view never scrolls past the end")
        l.resize(count: 1)
        XCTAssertEqual(l.position, 0)
        XCTAssertEqual(l.scroll, 0)
        var empty = ListCursor(count: 0, pageSize: 3)
        empty.move(by: 1)
        XCTAssertEqual(empty.position, 0)
    }

    func testScrollPositionClampsToItsContent() {
        var s = ScrollPosition()
        s.scroll(by: 100, contentRows: 10, pageRows: 4)
        XCTAssertEqual(s.offset, 6)
        s.scroll(by: -2, contentRows: 10, pageRows: 4)
        XCTAssertEqual(s.offset, 4, "paging back works at once: the overshoot was not kept")
    }

    func testWrapAround() {
        XCTAssertEqual(WrapAround.next(in: [2, 5, 9], from: 5, forward: true)?.target, 9)
        XCTAssertEqual(WrapAround.next(in: [2, 5, 9], from: 9, forward: true)?.wrapped, true)
        XCTAssertEqual(WrapAround.next(in: [2, 5, 9], from: 2, forward: false)?.target, 9)
        XCTAssertEqual(WrapAround.next(in: [2, 5, 9], from: 6, forward: false)?.target, 5)
        XCTAssertNil(WrapAround.next(in: [], from: 0, forward: true))
    }
}
