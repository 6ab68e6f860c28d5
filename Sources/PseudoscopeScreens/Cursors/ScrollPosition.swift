/// The scroll position of a pane that only scrolls (no cursor), clamped to its content at every step so that
/// paging past the end does not pile up.
public struct ScrollPosition: Equatable, Sendable {
    public private(set) var offset = 0

    public init() {}

    public mutating func scroll(by delta: Int, contentRows: Int, pageRows: Int) {
        offset = min(max(0, offset + delta), max(0, contentRows - pageRows))
    }

    public mutating func reset() { offset = 0 }
}
