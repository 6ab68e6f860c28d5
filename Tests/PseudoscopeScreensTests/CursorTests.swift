import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

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
        c.expandOrFirstChild()  // 1 was collapsed: expand it, stay on it
        XCTAssertEqual(c.rows, [0, 1, 2, 3])
        XCTAssertEqual(c.selected, 1)
        c.expandOrFirstChild()  // expanded: go to its first child
        XCTAssertEqual(c.selected, 2)
        c.expandOrFirstChild()  // a leaf: nothing
        XCTAssertEqual(c.selected, 2)
        c.collapseOrParent()  // a leaf: go to the parent
        XCTAssertEqual(c.selected, 1)
        c.collapseOrParent()  // expanded: collapse, stay
        XCTAssertEqual(c.rows, [0, 1, 3])
        XCTAssertEqual(c.selected, 1)
        c.collapseOrParent()  // collapsed: go to the parent
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
        c.collapseSubtree()  // 0, 1 and 3 collapse: only the root is left
        XCTAssertEqual(c.rows, [0])
        c.expandAll()
        c.select(2)
        c.setExpanded(1, false)  // hides the selection
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

    /// Stepping past an edge scrolls half a page (fewer full-pane redraws over SSH); pages and jumps do not.
    func testAStepPastAnEdgeScrollsHalfAPage() {
        var l = ListCursor(count: 100, pageSize: 10)
        for _ in 0..<9 { l.move(by: 1) }
        XCTAssertEqual(l.scroll, 0, "inside the view nothing scrolls")
        l.move(by: 1)
        XCTAssertEqual(l.position, 10)
        XCTAssertEqual(l.visibleRange, 5..<15, "one step past the bottom scrolls five rows, not one")
        for _ in 0..<4 { l.move(by: 1) }
        XCTAssertEqual(l.scroll, 5, "the next four steps scroll nothing")
        for _ in 0..<9 { l.move(by: -1) }
        XCTAssertEqual(l.position, 5)
        l.move(by: -1)
        XCTAssertEqual(l.visibleRange, 0..<10, "one step past the top scrolls back half a page, never before the first row")
        l.moveTo(50)
        XCTAssertEqual(l.visibleRange, 41..<51, "a jump scrolls as little as possible")
        l.bottom()
        l.move(by: -1)
        l.move(by: 1)
        XCTAssertEqual(l.visibleRange, 90..<100, "the view never scrolls past the end")
        var small = ListCursor(count: 10, pageSize: 2)
        small.move(by: 1)
        small.move(by: 1)
        XCTAssertEqual(small.visibleRange, 1..<3, "a page of two rows steps one row at a time")
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
