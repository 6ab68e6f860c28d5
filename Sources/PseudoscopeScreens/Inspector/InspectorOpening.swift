/// Where an inspector opened from another screen starts: on an element (a comparison's row), with the copy menu
/// open when the user asked to copy it there.
public struct InspectorOpening: Equatable, Sendable {
    public var element: Int?
    public var copyMenu: Bool
    /// Open on the run's first (or last) element with a finding: the next run in the night's queue.
    public var finding: FindingEnd?
    /// Where the run stands in the list's queue of runs with findings (`run 3 of 42`).
    public var queue: (run: Int, of: Int)?

    public enum FindingEnd: Equatable, Sendable { case first, last }

    public init(element: Int? = nil, copyMenu: Bool = false, finding: FindingEnd? = nil, queue: (run: Int, of: Int)? = nil) {
        self.element = element
        self.copyMenu = copyMenu
        self.finding = finding
        self.queue = queue
    }

    public static func == (a: InspectorOpening, b: InspectorOpening) -> Bool {
        a.element == b.element && a.copyMenu == b.copyMenu && a.finding == b.finding && a.queue?.run == b.queue?.run && a.queue?.of == b.queue?.of
    }
}
