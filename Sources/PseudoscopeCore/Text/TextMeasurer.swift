import CText
import Synchronization

/// A weight of the system font.
public enum FontWeight: String, Sendable {
    case regular, semibold, bold
}

/// What a label is set in, as iOS's text styles set it at their default size (Dynamic Type's "Large"): the point
/// size, the weight, the height one line takes in a label (about 1.19 × the size for SF Pro), and SF's tracking
/// at that size (points per character: SF tightens text sizes and loosens display sizes).
public struct TextStyle: Equatable, Sendable {
    public var name: String
    public var size: Double
    public var weight: FontWeight
    public var tracking: Double

    /// One line's height in a label sized to its text (UILabel's and SwiftUI's, with SF's ascent and descent).
    public var lineHeight: Double { (size * TextStyle.lineHeightPerPoint * 10).rounded() / 10 }

    /// SF Pro's line height per point, as labels measure it (17 pt: 20.3 pt).
    public static let lineHeightPerPoint = 1.1934

    /// iOS's text styles at the default size: name, size, weight, tracking (Apple's Human Interface Guidelines).
    public static let all: [TextStyle] = [
        TextStyle(name: "large title", size: 34, weight: .regular, tracking: 0.40),
        TextStyle(name: "title 1", size: 28, weight: .regular, tracking: 0.38),
        TextStyle(name: "title 2", size: 22, weight: .regular, tracking: 0.35),
        TextStyle(name: "title 3", size: 20, weight: .regular, tracking: 0.38),
        TextStyle(name: "body", size: 17, weight: .regular, tracking: -0.43),
        TextStyle(name: "callout", size: 16, weight: .regular, tracking: -0.31),
        TextStyle(name: "subheadline", size: 15, weight: .regular, tracking: -0.23),
        TextStyle(name: "footnote", size: 13, weight: .regular, tracking: -0.08),
        TextStyle(name: "caption 1", size: 12, weight: .regular, tracking: 0),
        TextStyle(name: "caption 2", size: 11, weight: .regular, tracking: 0.06),
    ]
    public static let body = all[4]
    /// A navigation bar's inline title, and its large title.
    public static let navigationTitle = TextStyle(name: "navigation title", size: 17, weight: .semibold, tracking: -0.43)
    public static let navigationLargeTitle = TextStyle(name: "navigation large title", size: 34, weight: .bold, tracking: 0.40)
    /// A tab bar item's title.
    public static let tabBarItem = TextStyle(name: "tab bar item", size: 10, weight: .semibold, tracking: 0.12)

    /// SF's tracking at a size none of the styles has: the nearest style's.
    public static func tracking(at size: Double) -> Double {
        all.min { abs($0.size - size) < abs($1.size - size) }!.tracking
    }

    /// PingFang's line height per point, which a label showing Chinese or Japanese text takes (16 pt: 22 pt).
    public static let cjkLineHeightPerPoint = 1.375

    /// A one-line label's style from its frame's height: the text style whose line height it is (within 4%:
    /// `confident`); else the size that line height means, and the smallest size an app sets text in, since a
    /// label's height may be fixed by a constraint rather than by its font. A label showing CJK text is as tall as
    /// PingFang sets it, taller than SF.
    public static func forOneLine(height: Double, cjk: Bool = false) -> [(style: TextStyle, confident: Bool)] {
        guard height.isFinite, height >= 10, height <= 48 else { return [] }
        if !cjk, let s = all.min(by: { abs($0.lineHeight - height) < abs($1.lineHeight - height) }), abs(s.lineHeight - height) <= 0.04 * s.lineHeight
        {
            return [(s, true)]
        }
        let perPoint = cjk ? cjkLineHeightPerPoint : lineHeightPerPoint
        let size = (height / perPoint * 2).rounded() / 2
        let derived = TextStyle(
            name: "the size a \(NumberText.points(height)) pt line height means", size: size, weight: .regular, tracking: tracking(at: size))
        guard size > smallestSize else { return [(derived, false)] }
        let smallest = TextStyle(
            name: "the smallest size apps set text in", size: smallestSize, weight: .regular,
            tracking: tracking(at: smallestSize))
        return [(derived, false), (smallest, false)]
    }

    /// How far a label's frame may be taller than its lines (its insets, a line's leading): a third.
    public static let heightSlack = 1.3
    /// Hypotheses whose height misses are this close (a share of the frame's height) explain it equally well.
    public static let heightMissTie = 0.02
    /// A frame within this share of a style's lines is that style.
    public static let heightMissConfident = 0.04

    /// The styles and line counts a label's frame height names, each with how far the height is from its lines (a
    /// share of the height): every text style on one line, and body or smaller on two or more, whose lines fit the
    /// frame and fill it to within `heightSlack`. A frame shorter than the smallest style's line is taken to be
    /// one line of the size its height means, or of the smallest size apps set text in; a frame taller than any
    /// style's line and not several lines of one, one line of the size its height means.
    public static func named(byHeight height: Double, cjk: Bool) -> [(style: TextStyle, lines: Int, miss: Double)] {
        guard height.isFinite, height >= 10 else { return [] }
        let perPoint = cjk ? cjkLineHeightPerPoint : lineHeightPerPoint
        var out: [(style: TextStyle, lines: Int, miss: Double)] = []
        for s in all {
            let line = (s.size * perPoint * 10).rounded() / 10
            var n = 1
            while Double(n) * line <= height + 1, n <= 40 {
                if n == 1 || s.size <= 17, Double(n) * line * heightSlack >= height {
                    out.append((s, n, abs(height - Double(n) * line) / height))
                }
                n += 1
            }
        }
        if !out.isEmpty { return out }
        let size = (height / perPoint * 2).rounded() / 2
        let derived = TextStyle(
            name: "the size a \(NumberText.points(height)) pt line height means", size: size, weight: .regular, tracking: tracking(at: size))
        let smallestLine = (all.map(\.size).min() ?? smallestSize) * perPoint
        guard height < smallestLine, size > smallestSize else { return height <= 48 ? [(derived, 1, 1)] : [] }
        let smallest = TextStyle(
            name: "the smallest size apps set text in", size: smallestSize, weight: .regular, tracking: tracking(at: smallestSize))
        return [(derived, 1, 1), (smallest, 1, 1)]
    }

    /// The smallest point size an app sets a label in, for heights that do not name a style.
    public static let smallestSize = 8.0
}

/// How wide a text is set, and with what: the fonts that shaped it, or the built-in advance tables.
public struct TextWidth: Equatable, Sendable {
    public var width: Double
    /// `Inter Semi Bold`, `Noto Sans CJK JP`: the fonts that shaped it; empty when the tables measured.
    public var fonts: [String]
    /// True when the built-in advance tables measured (no HarfBuzz, fontconfig or font here).
    public var fromTables: Bool

    public var how: String {
        fromTables ? "built-in advance tables (no font here)" : fonts.joined(separator: " + ")
    }
}

/// Measures text the way the device sets it: each script run in a font metric-close to iOS's (Inter for Latin,
/// Greek and Cyrillic, the usual stand-in for SF Pro; Noto for CJK, Arabic, Hebrew, Thai and Devanagari), shaped by
/// HarfBuzz (kerning, ligatures, Arabic joining), SF's tracking added per character; emoji at their em width.
/// Without HarfBuzz, fontconfig or the fonts, advance tables generated from the same fonts (`AdvanceTables`).
/// Widths are cached per text, size and weight: a screen repeats its labels, and a night repeats its screens.
public enum TextMeasurer {
    /// At most this many grapheme clusters are measured: past them, any label's verdict is known.
    public static let maxClusters = 300

    enum Script: String {
        case latin = "Latn", cjk = "Hani", arabic = "Arab", hebrew = "Hebr", thai = "Thai", devanagari = "Deva", emoji, other = "Zyyy"

        var rtl: Bool { self == .arabic || self == .hebrew }

        /// The fontconfig pattern and family of the face for this script and weight; Inter Display from 20 pt, as
        /// SF switches from Text to Display there.
        func face(_ weight: FontWeight, size: Double) -> (pattern: String, family: String, name: String)? {
            let style = weight == .bold ? "Bold" : weight == .semibold ? "Semi Bold" : "Regular"
            switch self {
            case .latin:
                let family = size >= 20 ? "Inter Display" : "Inter"
                return ("\(family):style=\(style)", family, "\(family) \(style)")
            case .cjk: return ("Noto Sans CJK JP:style=\(weight == .regular ? "Regular" : "Bold")", "Noto Sans CJK JP", "Noto Sans CJK JP")
            case .arabic: return ("Noto Sans Arabic:style=\(weight == .regular ? "Regular" : "Bold")", "Noto Sans Arabic", "Noto Sans Arabic")
            case .hebrew: return ("Noto Sans Hebrew:style=\(weight == .regular ? "Regular" : "Bold")", "Noto Sans Hebrew", "Noto Sans Hebrew")
            case .thai: return ("Noto Sans Thai:style=\(weight == .regular ? "Regular" : "Bold")", "Noto Sans Thai", "Noto Sans Thai")
            case .devanagari:
                return ("Noto Sans Devanagari:style=\(weight == .regular ? "Regular" : "Bold")", "Noto Sans Devanagari", "Noto Sans Devanagari")
            case .other: return ("Noto Sans:style=\(weight == .regular ? "Regular" : "Bold")", "Noto Sans", "Noto Sans")
            case .emoji: return nil
            }
        }

        static func of(_ u: Unicode.Scalar) -> Script? {
            switch u.value {
            case 0x0041...0x005A, 0x0061...0x007A, 0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x052F, 0x1E00...0x1FFF: return .latin
            case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
                return .cjk
            case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
            case 0x0E00...0x0E7F: return .thai
            case 0x0900...0x097F: return .devanagari
            case 0x1F300...0x1FAFF, 0x2600...0x27BF, 0x1F000...0x1F2FF: return .emoji
            case 0x0000...0x0040, 0x005B...0x0060, 0x007B...0x00BF, 0x2000...0x206F, 0x3000...0x303F, 0xFE00...0xFE0F, 0x200D: return nil  // common
            default:
                return u.properties.isAlphabetic ? .other : nil
            }
        }
    }

    struct Key: Hashable {
        var text: String
        var size: Double
        var weight: FontWeight
    }

    static let cache = Mutex<[Key: TextWidth]>([:])
    static let cacheLimit = 100_000

    /// Whether the fonts measure here (HarfBuzz, fontconfig and Inter found); else the advance tables do.
    public static let shapes: Bool = ps_text_available() != 0 && ps_text_font_open("Inter:style=Regular", "Inter") != nil

    /// The file of the font that measures `script` at `weight` and `size`, and the file the system's whole fontconfig
    /// configuration gives for it (nil where it gives none of that family): the first is found in the default font
    /// directories when it is there, and must be the second.
    static func fontFiles(_ script: Script, _ weight: FontWeight, size: Double) -> (measuring: String?, system: String?) {
        guard let face = script.face(weight, size: size) else { return (nil, nil) }
        let measuring = ps_text_font_open(face.pattern, face.family).map { String(cString: ps_text_font_file($0)) }
        var buffer = [CChar](repeating: 0, count: 1024)
        let system =
            ps_text_system_font_file(face.pattern, face.family, &buffer, Int32(buffer.count)) != 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        return (measuring, system)
    }

    /// The text's width on one line at `style`, at most `maxClusters` grapheme clusters of it.
    public static func width(_ text: String, style: TextStyle) -> TextWidth {
        let key = Key(text: text, size: style.size, weight: style.weight)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let result = measure(text, style: style)
        cache.withLock { c in
            if c.count >= cacheLimit { c.removeAll(keepingCapacity: true) }
            c[key] = result
        }
        return result
    }

    static func measure(_ text: String, style: TextStyle, shaping: Bool = shapes) -> TextWidth {
        // Runs of one script; what belongs to none (spaces, digits, punctuation) goes with the run it is in, and
        // leading ones with the first run of a script.
        var runs: [(script: Script?, text: String)] = []
        var clusters = 0
        for ch in text {
            clusters += 1
            if clusters > maxClusters { break }
            let s = ch.unicodeScalars.first.flatMap(Script.of) ?? (ch.unicodeScalars.contains { $0.properties.isEmojiPresentation } ? .emoji : nil)
            if let s, let last = runs.last, last.script == nil {
                runs[runs.count - 1].script = s
                runs[runs.count - 1].text.append(ch)
            } else if let s, runs.last?.script != s {
                runs.append((s, String(ch)))
            } else if runs.isEmpty {
                runs.append((s, String(ch)))
            } else {
                runs[runs.count - 1].text.append(ch)
            }
        }
        var total = 0.0
        var fonts: [String] = []
        for (found, run) in runs {
            let script = found ?? .latin
            let count = run.count
            if script == .emoji {
                total += Double(run.reduce(0) { $0 + emojiWidthInEms($1) }) * style.size
                continue
            }
            var measured: Double?
            if shaping, let face = script.face(style.weight, size: style.size) ?? Script.latin.face(style.weight, size: style.size),
                let font = ps_text_font_open(face.pattern, face.family)
            {
                var utf8 = run
                let w = utf8.withUTF8 { b in
                    b.withMemoryRebound(to: CChar.self) {
                        ps_text_width(font, $0.baseAddress, Int32($0.count), style.size, script.rawValue, script.rtl ? 1 : 0)
                    }
                }
                if w >= 0 {
                    measured = w
                    if !fonts.contains(face.name) { fonts.append(face.name) }
                }
            }
            let width = measured ?? AdvanceTables.width(run, script: script, size: style.size, weight: style.weight)
            if measured == nil { fonts.removeAll() }
            // SF's tracking, on every character but the last (Latin scripts; CJK and the joined scripts have none).
            let tracked = script == .latin || script == .other ? style.tracking * Double(max(0, count - 1)) : 0
            total += width + tracked
        }
        return TextWidth(width: max(0, total), fonts: shaping ? fonts : [], fromTables: !shaping || fonts.isEmpty)
    }

    /// An emoji cluster is one em when a font can draw it as one glyph: the longest sequences emoji fonts draw whole
    /// (a kiss or a family with skin tones) are 10 scalars. A longer chain of emoji joined by ZWJ is drawn as its
    /// parts side by side, so 25,000 people joined into one cluster are 25,000 ems wide, not one.
    static func emojiWidthInEms(_ cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard scalars.count > 10 else { return 1 }
        return max(1, scalars.split(separator: "\u{200D}").count { part in part.contains { $0.properties.isEmoji && $0.value > 0xFF } })
    }

    /// How many lines `text` takes at `style` when wrapped at `width` points: word by word (spaces), a word wider
    /// than a line (CJK has no spaces) taking as many lines as its width needs.
    public static func linesNeeded(_ text: String, style: TextStyle, width: Double) -> Int {
        guard width > 0 else { return Int.max }
        let space = self.width(" ", style: style).width
        var lines = 1
        var used = 0.0
        var clusters = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            clusters += word.count + 1
            if clusters > maxClusters { break }
            let w = self.width(String(word), style: style).width
            if used == 0 {
                if w > width {
                    lines += Int((w / width).rounded(.up)) - 1
                    used = w.truncatingRemainder(dividingBy: width)
                } else {
                    used = w
                }
            } else if used + space + w <= width {
                used += space + w
            } else {
                lines += 1
                if w > width {
                    lines += Int((w / width).rounded(.up)) - 1
                    used = w.truncatingRemainder(dividingBy: width)
                } else {
                    used = w
                }
            }
        }
        return lines
    }
}
