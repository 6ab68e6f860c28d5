/// The text a label needs, estimated where the archive records no intrinsic size (every real dump and Xcode
/// hierarchy: only the gate's own archive records them): the label's style from its role and its frame's height
/// (`TextStyle`), its text measured as the device sets it (`TextMeasurer`), and, for a frame two or more lines
/// high, the lines the text wraps to against the lines that fit (docs/checks.md, "Estimated truncation").
extension LayoutChecker {
    /// One label's estimate: the style it is taken to be set in, how it was measured, the width its text takes
    /// on one line, and the lines it needs and has.
    public struct TextEstimate: Sendable {
        public var style: TextStyle
        public var width: TextWidth
        public var linesNeeded: Int
        public var linesFit: Int
        /// Whether the style is the one the frame's height names (a text style's line height, a bar's title), rather
        /// than the most lenient of several the height allows.
        public var confident: Bool

        /// How far the text exceeds its room: the width it needs over the frame's, for one line; the lines it
        /// needs over those that fit, for several. At most 1 when it fits.
        public func overflow(frameWidth: Double) -> Double {
            linesFit == 1 ? width.width / max(frameWidth, 0.001) : Double(linesNeeded) / Double(linesFit)
        }

        /// `Inter Semi Bold 17 pt (navigation title)`: what every such finding says it estimated with.
        public var basis: String {
            "\(width.how) \(NumberText.points(style.size)) pt (\(style.name))"
        }
    }

    var estimatesText: Bool { archive.textIsEstimated }

    /// Whether the run's mode was recorded or given, not assumed (a dump records none; a bundle run's may come
    /// from nothing but the default).
    var modeIsKnown: Bool {
        if let run = archive.run { return run.modeSource != .assumed }
        if let facts = archive.imported { return facts.modeWasGiven }
        return true
    }

    /// The estimate for a static text, or nil for anything that is not a visible label of a plausible size. Its
    /// frame's height may not say whether it holds one line of large text or two of small: the styles it names
    /// exactly (one line of a text style's line height, or that many lines of one) are tried, else every style it
    /// allows (one line of the size the height means or of the smallest size apps use; two or more lines of each
    /// text style that fit), and the most lenient answer is kept: a label is short of room only when no such
    /// style fits.
    public func textEstimate(_ i: Int) -> TextEstimate? {
        let e = h[i]
        guard e.type == "StaticText", !e.displayText.isEmpty, !isSystemChrome[i], isVisible(i) else { return nil }
        let f = e.frame
        guard f.width.isFinite, f.height.isFinite, f.width >= 4, f.height >= 10, f.height <= 600 else { return nil }
        var bar: String?
        var p = e.parent
        while let q = p, bar == nil {
            if h[q].type == "NavigationBar" || h[q].type == "TabBar" { bar = h[q].type }
            p = h[q].parent
        }
        // Each hypothesis with how far the frame's height is from its lines (0 when the frame is exactly them).
        var hypotheses: [(style: TextStyle, lines: Int, miss: Double)] = []
        if bar == "NavigationBar" {
            hypotheses.append((f.height >= 34 ? .navigationLargeTitle : .navigationTitle, 1, 0))
        } else if bar == "TabBar" {
            hypotheses.append((.tabBarItem, 1, 0))
        } else {
            // Ideographs and kana make a label as tall as PingFang sets it (fullwidth punctuation alone does not).
            let cjk = e.displayText.unicodeScalars.contains {
                (0x3040...0x30FF).contains($0.value) || (0x3400...0x9FFF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value)
            }
            hypotheses = TextStyle.named(byHeight: f.height, cjk: cjk)
        }
        // The height names the style: the hypotheses nearest it, and of those (within two points of a hundred) the
        // most lenient, so that a height two styles explain equally well never makes a finding.
        guard let nearest = hypotheses.map(\.miss).min() else { return nil }
        var best: TextEstimate?
        var bestOverflow = Double.infinity
        for (style, lines, miss) in hypotheses where miss <= nearest + TextStyle.heightMissTie {
            let width = TextMeasurer.width(e.displayText, style: style)
            let needed = lines == 1 ? (width.width > f.width ? 2 : 1) : TextMeasurer.linesNeeded(e.displayText, style: style, width: f.width)
            let overflow = lines == 1 ? width.width / f.width : Double(needed) / Double(lines)
            if overflow < bestOverflow {
                bestOverflow = overflow
                best = TextEstimate(
                    style: style, width: width, linesNeeded: needed, linesFit: lines, confident: miss <= TextStyle.heightMissConfident)
            }
        }
        return best
    }
}

extension Archive {
    /// Whether this archive's labels are measured: it records no intrinsic size anywhere (a dump, Xcode's text or
    /// element snapshot never do; the gate's own archive may not either, and truncation must still be found there;
    /// a recorded size wins), and it is an iPhone's or iPad's screen (the text styles are iOS's; macOS, tvOS and
    /// watchOS set text in other sizes, which nothing here is calibrated for).
    public var textIsEstimated: Bool {
        hierarchyNote == nil && (platform == .iOS || platform == .unknown)
            && !hierarchy.elements.contains { $0.intrinsicContentSize != nil }
    }
}
