import PseudoscopeCore
import PseudoscopeImage

/// One terminal cell: a grapheme, its display width and a style role.
///
/// A wide character occupies two cells: the first holds it with width 2, the second is a continuation with
/// an empty grapheme and width 0.
public struct Cell: Equatable, Sendable {
    public var grapheme: String
    public var width: UInt8
    public var role: StyleRole
    /// A picture's own colours (a screenshot's cells); nil for everything drawn by role.
    public var color: CellColor?

    public init(grapheme: String, width: UInt8, role: StyleRole, color: CellColor? = nil) {
        self.grapheme = grapheme
        self.width = width
        self.role = role
        self.color = color
    }

    public static let blank = Cell(grapheme: " ", width: 1, role: .normal)
}
