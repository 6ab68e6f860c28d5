import PseudoscopeCore
import PseudoscopeImage

/// The colours of a picture's cell: packed 0xRRGGBB (`truecolor`) or palette indices; -1 is the default.
public struct CellColor: Equatable, Hashable, Sendable {
    public var foreground: Int32
    public var background: Int32
    public var depth: ColorDepth

    /// The SGR parameters that select these colours.
    public var sgr: String {
        func part(_ c: Int32, _ base: Int) -> String {
            if c < 0 { return "\(base + 9)" }
            if depth == .truecolor { return "\(base + 8);2;\(c >> 16 & 0xFF);\(c >> 8 & 0xFF);\(c & 0xFF)" }
            return "\(base + 8);5;\(c)"
        }
        return part(foreground, 30) + ";" + part(background, 40)
    }

    /// These colours as a direct-colour terminal numbers them (terminfo `xterm-direct`, `konsole-direct`: more
    /// than 256 colours), where 0–7 are the theme's eight colours and every number from 8 up is 0xRRGGBB. Sent as
    /// they are, palette index 231 (white) would show as 0x0000E7, a deep blue.
    public var directColor: (foreground: Int32, background: Int32) {
        (CellColor.direct(foreground, depth), CellColor.direct(background, depth))
    }

    static func direct(_ c: Int32, _ depth: ColorDepth) -> Int32 {
        if c < 8 { return c }  // the default (-1) and the theme's own eight colours
        return depth == .truecolor ? c : XtermPalette.rgb(ofIndex: c)
    }
}
