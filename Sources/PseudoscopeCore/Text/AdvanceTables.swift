/// The text widths TextMeasurer falls back on where HarfBuzz, fontconfig or the fonts are missing (a bare
/// host): each Latin, Greek and Cyrillic character's advance in the same Inter faces, and each other script's
/// average letter, generated from the fonts by Scripts/gen-advance-tables (`AdvanceTables+Data.swift`). No
/// kerning and no shaping: an estimate a little wider than the shaped one.
enum AdvanceTables {
    static func table(_ weight: FontWeight, size: Double) -> [UInt16] {
        let display = size >= 20
        switch weight {
        case .regular: return display ? displayRegular : interRegular
        case .semibold: return display ? displaySemibold : interSemibold
        case .bold: return display ? displayBold : interBold
        }
    }

    /// The index of a code point in the Latin tables, or nil.
    static func index(_ v: UInt32) -> Int? {
        var base = 0
        for r in ranges {
            if r.contains(v) { return base + Int(v - r.lowerBound) }
            base += Int(r.upperBound - r.lowerBound) + 1
        }
        return nil
    }

    static func width(_ text: String, script: TextMeasurer.Script, size: Double, weight: FontWeight) -> Double {
        let em = size / 1000
        let bold = weight == .regular ? 1.0 : 1.05
        let table = table(weight, size: size)
        var total = 0.0
        for ch in text {
            guard let u = ch.unicodeScalars.first else { continue }
            if let k = index(u.value), k < table.count, table[k] > 0 {
                total += Double(table[k]) * em
                continue
            }
            let key: String
            switch TextMeasurer.Script.of(u) ?? script {
            case .cjk: key = "cjk"
            case .arabic: key = "arabic"
            case .hebrew: key = "hebrew"
            case .thai: key = "thai"
            case .devanagari: key = "devanagari"
            case .emoji:
                total += size
                continue
            case .latin, .other: key = "other"
            }
            total += Double(averages[key] ?? 600) * em * (key == "cjk" ? 1 : bold)
        }
        return total
    }
}
