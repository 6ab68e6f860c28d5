/// Where an inspector opened from another screen starts: on an element (a comparison's row), with the copy menu
/// open when the user asked to copy it there.
public struct InspectorOpening: Equatable, Sendable {
    public var element: Int
    public var copyMenu: Bool

    public init(element: Int, copyMenu: Bool = false) {
        self.element = element
        self.copyMenu = copyMenu
    }
}
