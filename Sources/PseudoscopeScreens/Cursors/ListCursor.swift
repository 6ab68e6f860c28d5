/// A selection in a list of `count` rows of which `pageSize` are shown: where the cursor is and which row is
/// at the top. Every list-like pane moves with these rules, so paging, clamping and scrolling behave alike.
public struct ListCursor: Equatable, Sendable {
    public private(set) var position = 0
    /// The first row shown.
    public private(set) var scroll = 0
    public private(set) var count: Int
    public private(set) var pageSize: Int

    public init(count: Int = 0, pageSize: Int = 1) {
        self.count = max(0, count)
        self.pageSize = max(1, pageSize)
    }

    /// Rows `scroll..<scroll+pageSize` clipped to the list.
    public var visibleRange: Range<Int> { scroll..<min(count, scroll + pageSize) }

    /// A step of one row that leaves the view scrolls it by half a page, not by one row (as Midnight Commander's
    /// panels do): scrolling one row at a time redraws every row of the pane on every step, which over a slow
    /// SSH link is most of what a walk down a long tree sends (docs/performance.md). Other moves (pages, jumps,
    /// search) scroll as little as possible.
    public mutating func move(by delta: Int) {
        let target = count == 0 ? 0 : min(max(0, position + delta), count - 1)
        if abs(delta) == 1, pageSize > 2, target == scroll + pageSize || target == scroll - 1 {
            position = target
            let half = pageSize / 2
            scroll = min(max(0, delta > 0 ? scroll + half : scroll - half), maxScroll)
            reveal()
            return
        }
        moveTo(position + delta)
    }

    /// Puts the cursor on `row` (clamped), scrolling as little as possible to show it.
    public mutating func moveTo(_ row: Int) {
        position = count == 0 ? 0 : min(max(0, row), count - 1)
        reveal()
    }

    public mutating func pageDown() { move(by: pageSize) }
    public mutating func pageUp() { move(by: -pageSize) }
    public mutating func halfPageDown() { move(by: max(1, pageSize / 2)) }
    public mutating func halfPageUp() { move(by: -max(1, pageSize / 2)) }
    public mutating func top() { moveTo(0) }
    public mutating func bottom() { moveTo(count - 1) }

    public mutating func apply(_ m: Movement) {
        switch m {
        case .down: move(by: 1)
        case .up: move(by: -1)
        case .pageDown: pageDown()
        case .pageUp: pageUp()
        case .halfPageDown: halfPageDown()
        case .halfPageUp: halfPageUp()
        case .top: top()
        case .bottom: bottom()
        }
    }

    /// Moves the view without the cursor (the wheel, a pane that only scrolls); never past the ends.
    public mutating func scrollView(by delta: Int) {
        scroll = min(max(0, scroll + delta), maxScroll)
    }

    /// A new row count or page size (the list changed, the terminal resized): the cursor stays on its row.
    public mutating func resize(count newCount: Int? = nil, pageSize newPage: Int? = nil) {
        if let c = newCount { count = max(0, c) }
        if let p = newPage { pageSize = max(1, p) }
        moveTo(position)
    }

    var maxScroll: Int { max(0, count - pageSize) }

    mutating func reveal() {
        if position < scroll { scroll = position }
        if position >= scroll + pageSize { scroll = position - pageSize + 1 }
        scroll = min(max(0, scroll), maxScroll)
    }
}
