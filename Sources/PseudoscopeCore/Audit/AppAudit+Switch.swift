extension AppAudit.Judge {
    /// Names that switch pseudo-localization or forced right-to-left on at run time: the gate's own
    /// `PSEUDO_LOCALE` and Foundation's and UIKit's launch defaults. Matched as whole words.
    static let switchNames = [
        "PSEUDO_LOCALE", "NSDoubleLocalizedStrings", "NSShowNonLocalizedStrings", "AppleTextDirection",
        "NSForceRightToLeftWritingDirection", "NSForceRightToLeftLocalizedStrings",
    ]
    /// The transform's own names, in any case and spelling (`pseudoLocalize`, `PseudoLocalization`,
    /// `pseudo_locale`). Not `pseudo` alone: Xcode's debug stub names `_dyld_is_pseudodylib`, no localization at all.
    static let transformNames = ["pseudoloc", "pseudo_loc", "pseudo-loc", "pseudolanguage", "pseudo_language"]

    /// Every Mach-O file of the app but the test items (reported as test code): the names above in its string
    /// sections and symbol names. A Swift literal of 15 bytes or fewer is built into code, not stored as text, and
    /// so is found by the names around it, not by itself (docs/checks.md).
    mutating func pseudoSwitch(simulator: Bool) {
        for (path, macho) in binaries {
            let inner = app.inner(path)
            if inner.split(separator: "/").contains(where: { Self.testItem(String($0)) }) { continue }
            guard let bytes = files.contents[path] else { continue }
            var found: [String] = []
            for slice in macho.slices where slice.encrypted {
                notAudited.append(
                    "\(path) (\(slice.architecture)): encrypted by the App Store; its names cannot be searched (audit the build before upload)")
            }
            for (architecture, section, range) in macho.searchRanges {
                for word in Self.names(in: bytes, range) where !found.contains(where: { $0.hasPrefix(word + " ") }) {
                    found.append("\(word) (\(architecture), \(section))")
                }
            }
            guard !found.isEmpty else { continue }
            add(
                .pseudoSwitch, simulator ? .review : .blocking, path,
                "names the pseudo-localization switch or transform: a release build should have compiled it out (#if DEBUG)"
                    + (simulator ? " (a simulator build: review, it is no release)" : ""), found)
        }
    }

    /// The switch and transform names in `range` of `bytes`, each as the whole printable word it is part of.
    static func names(in bytes: [UInt8], _ range: Range<Int>) -> [String] {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= bytes.count else { return [] }
        var words = wholeWords(switchNames, in: bytes, range)
        // The transform's names in any case: searched in a case-folded copy, whose places are the same.
        let lower = bytes[range].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for name in transformNames {
            var from = 0
            while from < lower.count, let hit = lower[from...].bytesRange(of: name) {
                let w = token(around: range.lowerBound + hit.lowerBound, length: hit.count, in: bytes, range)
                if !words.contains(w) { words.append(w) }
                from = hit.upperBound
            }
        }
        return words
    }

    static func isWordByte(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) }

    /// The printable token a hit at `at` is part of (a symbol such as `_OBJC_CLASS_$_LPHTTPServer`), bounded.
    static func token(around at: Int, length: Int, in bytes: [UInt8], _ range: Range<Int>) -> String {
        func inToken(_ b: UInt8) -> Bool { isWordByte(b) || b == 0x5F || b == 0x24 || b == 0x2E || b == 0x2D }
        var s = at, e = at + length
        while s > range.lowerBound, at - s < 60, inToken(bytes[s - 1]) { s -= 1 }
        while e < range.upperBound, e - at < 80, inToken(bytes[e]) { e += 1 }
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    /// Where any of `names` stands in `range` of `bytes` as a whole word (no letter or digit touching it; `_` and `$`
    /// may, as symbols join names with them): the token around each hit, once each.
    static func wholeWords(_ names: [String], in bytes: [UInt8], _ range: Range<Int>) -> [String] {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= bytes.count else { return [] }
        var words: [String] = []
        // Slices keep the array's indices: a hit's bounds are places in `bytes`.
        for name in names {
            var from = range.lowerBound
            while from < range.upperBound, let hit = bytes[from..<range.upperBound].bytesRange(of: name) {
                if (hit.lowerBound == range.lowerBound || !isWordByte(bytes[hit.lowerBound - 1]))
                    && (hit.upperBound == range.upperBound || !isWordByte(bytes[hit.upperBound]))
                {
                    let w = token(around: hit.lowerBound, length: hit.count, in: bytes, range)
                    if !words.contains(w) { words.append(w) }
                }
                from = hit.lowerBound + 1
            }
        }
        return words
    }
}
