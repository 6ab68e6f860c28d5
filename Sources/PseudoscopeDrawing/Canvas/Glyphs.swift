/// The characters a border is drawn with.
public struct BoxGlyphs: Sendable {
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
}

/// Every glyph the views draw, in a Unicode and an ASCII set. ASCII is used with `--ascii` and whenever the
/// locale is not UTF-8, because box drawing turns to mojibake there.
public struct Glyphs: Sendable {
    public var isASCII: Bool
    public var plain: BoxGlyphs
    public var window: BoxGlyphs
    public var blocking: BoxGlyphs
    public var review: BoxGlyphs
    public var ellipsis: String
    public var expanded: String
    public var collapsed: String
    public var leaf: String
    public var failing: String
    public var blockingMark: String
    public var reviewMark: String
    public var tinyElement: String
    public var focusMark: String
    public var separator: String
    public var bullet: String

    public static let unicode = Glyphs(
        isASCII: false,
        plain: BoxGlyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│"),
        window: BoxGlyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║"),
        blocking: BoxGlyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃"),
        review: BoxGlyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "┄", vertical: "┆"),
        ellipsis: "…", expanded: "▼", collapsed: "▶", leaf: " ", failing: "✗", blockingMark: "‼", reviewMark: "?",
        tinyElement: "▪", focusMark: "▸", separator: "│", bullet: "•")

    public static let ascii = Glyphs(
        isASCII: true,
        plain: BoxGlyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|"),
        window: BoxGlyphs(topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=", vertical: "#"),
        blocking: BoxGlyphs(topLeft: "!", topRight: "!", bottomLeft: "!", bottomRight: "!", horizontal: "!", vertical: "!"),
        review: BoxGlyphs(topLeft: "?", topRight: "?", bottomLeft: "?", bottomRight: "?", horizontal: "?", vertical: "?"),
        ellipsis: "...", expanded: "v", collapsed: ">", leaf: " ", failing: "X", blockingMark: "!", reviewMark: "?",
        tinyElement: "*", focusMark: ">", separator: "|", bullet: "*")
}
