import PseudoscopeCore
import PseudoscopeImage

/// The xterm 256-colour palette as RGB, which the pictures' indices (chafa's 240-colour and 16-colour modes)
/// stand for.
enum XtermPalette {
    static let system: [Int32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    /// 0xRRGGBB of index 0–255: sixteen system colours, a 6×6×6 cube, then 24 greys; 0 outside the palette.
    static func rgb(ofIndex i: Int32) -> Int32 {
        switch i {
        case 0..<16: return system[Int(i)]
        case 16..<232:
            let level: [Int32] = [0, 95, 135, 175, 215, 255]
            let n = Int(i - 16)
            return level[n / 36] << 16 | level[n / 6 % 6] << 8 | level[n % 6]
        case 232..<256:
            let grey = 8 + 10 * (i - 232)
            return grey << 16 | grey << 8 | grey
        default: return 0
        }
    }
}

/// SGR sequences for each style role, used only for plain output with colour on.
public struct ANSIPalette: Sendable {
    public var reset = "\u{1B}[0m"

    public static let standard = ANSIPalette()

    public func sequence(_ role: StyleRole) -> String {
        switch role {
        case .normal: return reset
        case .dim, .ancestor: return "\u{1B}[0;2m"
        case .header, .title: return "\u{1B}[0;1m"
        case .window: return "\u{1B}[0;36m"
        case .blocking: return "\u{1B}[0;1;31m"
        case .review: return "\u{1B}[0;33m"
        case .failing: return "\u{1B}[0;1;35m"
        case .selected: return "\u{1B}[0;7m"
        case .focusedPane: return "\u{1B}[0;1;36m"
        case .status: return "\u{1B}[0;7m"
        case .match: return "\u{1B}[0;4m"
        case .onlyInA: return "\u{1B}[0;31m"
        case .onlyInB: return "\u{1B}[0;32m"
        case .ghost: return "\u{1B}[0;1;32m"
        case .image: return reset
        }
    }
}
