/// What a cell means, not how it looks: the terminal driver and the ANSI renderer map roles to attributes.
public enum StyleRole: UInt8, CaseIterable, Sendable {
    case normal
    case dim
    case header
    case window
    case blocking
    case review
    case failing
    case selected
    case ancestor
    case focusedPane
    case status
    case match
    case title
    case onlyInA
    case onlyInB
    /// Where an element belongs but is not (an rtl run's unmirrored element, in a comparison).
    case ghost
    /// A picture's cell (a screenshot): drawn in its own colours.
    case image
}
