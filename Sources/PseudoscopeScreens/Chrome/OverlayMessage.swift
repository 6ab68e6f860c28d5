/// What the keys of an overlay say (the help, the notes): scroll it by rows or pages, to its top or bottom, close
/// it, or quit the program.
public enum OverlayMessage: Equatable, Sendable {
    case scroll(Int), page(Int), top, bottom, close, quit
}

extension ScrollPosition {
    /// Applies an overlay's scrolling message; closing and quitting are the overlay owner's.
    mutating func apply(_ m: OverlayMessage, contentRows: Int, pageRows: Int) {
        switch m {
        case .scroll(let n): scroll(by: n, contentRows: contentRows, pageRows: pageRows)
        case .page(let n): scroll(by: n * pageRows, contentRows: contentRows, pageRows: pageRows)
        case .top: reset()
        case .bottom: scroll(by: contentRows, contentRows: contentRows, pageRows: pageRows)
        case .close, .quit: break
        }
    }
}
