import PseudoscopeCore
import PseudoscopeDrawing

/// A key table without its messages, for the generated README, help and man page.
public struct KeyDocumentation: Sendable {
    public let screen: String
    public let rows: [(keys: [String], help: String)]
    public let notes: [String]
}
