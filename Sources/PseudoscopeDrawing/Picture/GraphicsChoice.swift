import PseudoscopeImage

/// How screenshots reach this terminal: as symbol cells (every UTF-8 terminal), through a graphics protocol the
/// terminal answered for, or not at all.
public enum GraphicsChoice: Equatable, Sendable {
    case symbols
    case graphics(GraphicsProtocol)
    case none

    /// `--graphics auto|symbols|sixel|kitty|iterm|none`; nil for auto (decided by the terminal's answers).
    public init?(option: String) {
        switch option {
        case "symbols": self = .symbols
        case "none": self = .none
        default:
            guard let p = GraphicsProtocol(rawValue: option) else { return nil }
            self = .graphics(p)
        }
    }
}
