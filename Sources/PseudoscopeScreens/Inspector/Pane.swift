import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// The panes of the inspector, in Tab order.
public enum Pane: Int, CaseIterable, Sendable {
    case tree, wireframe, details
    public var title: String {
        switch self {
        case .tree: return "Tree"
        case .wireframe: return "Wireframe"
        case .details: return "Details"
        }
    }
}
