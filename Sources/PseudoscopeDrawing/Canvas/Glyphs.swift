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
    /// The end of a text the device cut (`text-truncated`): drawn as the device drew it, in the finding's colour.
    public var ellipsis: String
    /// The end of a text the drawing had no room for (the box is smaller here than the text): dim, another glyph.
    public var noRoom: String
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
        ellipsis: "…", noRoom: "›", expanded: "▼", collapsed: "▶", leaf: " ", failing: "✗", blockingMark: "‼", reviewMark: "?",
        tinyElement: "▪", focusMark: "▸", separator: "│", bullet: "•")

    public static let ascii = Glyphs(
        isASCII: true,
        plain: BoxGlyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|"),
        window: BoxGlyphs(topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=", vertical: "#"),
        blocking: BoxGlyphs(topLeft: "!", topRight: "!", bottomLeft: "!", bottomRight: "!", horizontal: "!", vertical: "!"),
        review: BoxGlyphs(topLeft: "?", topRight: "?", bottomLeft: "?", bottomRight: "?", horizontal: "?", vertical: "?"),
        ellipsis: "...", noRoom: "~", expanded: "v", collapsed: ">", leaf: " ", failing: "X", blockingMark: "!", reviewMark: "?",
        tinyElement: "*", focusMark: ">", separator: "|", bullet: "*")
}

extension Glyphs {
    /// What the wireframe's marks mean, in these glyphs: `render`'s legend and the help overlay's.
    public var legend: String {
        "\(window.topLeft)\(window.horizontal)\(window.topRight) window  "
            + "\(blocking.topLeft)\(blocking.horizontal)\(blocking.topRight) blocking  "
            + "\(review.topLeft)\(review.horizontal)\(review.topRight) review  "
            + "\(failing) failing element  \(tinyElement) small element  "
            + "\(ellipsis) cut by the device  \(noRoom) more than the drawing has room for"
    }
}
