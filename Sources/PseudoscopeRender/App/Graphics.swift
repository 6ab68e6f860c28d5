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

/// What a terminal says about graphics when asked (docs/screenshots.md): a kitty graphics query answered `OK`,
/// or a primary device attributes reply (`ESC [ ? 62 ; 4 ; … c`) listing 4, sixel. Nothing is guessed from
/// names; a terminal that answers neither gets symbols.
public enum GraphicsAnswer {
    /// Sent to the terminal: a kitty query for a 1×1 image with id 31, then DA1, which every terminal answers,
    /// so the reader knows when to stop waiting.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// True once the DA1 reply has arrived (the last byte of the answer).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let da = range(of: Array("\u{1B}[?".utf8), in: bytes) else { return false }
        return bytes[da.upperBound...].contains(UInt8(ascii: "c"))
    }

    public static func parse(_ bytes: [UInt8]) -> GraphicsProtocol? {
        if let k = range(of: Array("\u{1B}_Gi=31;".utf8), in: bytes), bytes[k.upperBound...].starts(with: Array("OK".utf8)) { return .kitty }
        if let da = range(of: Array("\u{1B}[?".utf8), in: bytes) {
            let rest = bytes[da.upperBound...]
            let body = rest.prefix { $0 != UInt8(ascii: "c") }
            let params = String(decoding: body, as: UTF8.self).split(separator: ";")
            if params.contains("4") { return .sixel }
        }
        return nil
    }

    static func range(of needle: [UInt8], in hay: [UInt8]) -> Range<Int>? {
        guard needle.count <= hay.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle {
            return i..<(i + needle.count)
        }
        return nil
    }
}

/// A picture drawn by a graphics protocol over a region of cells the canvas keeps blank: the driver writes the
/// payload at the region's top-left after the frame, and again whenever the region was redrawn.
public struct GraphicsOverlay: Equatable, Sendable {
    public var x: Int, y: Int, columns: Int, rows: Int
    public var payload: [UInt8]
    /// Changes when the picture changes (another crop, size or protocol).
    public var key: Int
}
