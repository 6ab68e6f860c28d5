import Foundation

/// What an `.lproj` folder's name says about its locale: a real language (`fr`, `zh-Hant`, `pt-BR`, `English`),
/// `Base`, a pseudo-locale (`en-XA`, `ar-XB`, `qps-ploc`: test-only), or a name that is no language at all.
enum LocaleName: Equatable {
    case base
    case language(String)
    /// A pseudo or private-use locale, and why it is one.
    case pseudo(String)
    /// Not an ISO 639 language this audit knows, nor a BCP 47 tag.
    case unknown

    /// `fr.lproj` -> the judgement of `fr`.
    init(folder name: String) {
        let locale = name.hasSuffix(".lproj") ? String(name.dropLast(6)) : name
        self = LocaleName.judge(locale)
    }

    static func judge(_ locale: String) -> LocaleName {
        if locale == "Base" { return .base }
        if let code = legacyNames[locale] { return .language(code) }
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first?.lowercased() else { return .unknown }
        if first == "qps" || first == "qpa" { return .pseudo("qps-/qpa- are Microsoft's pseudo-locales") }
        if first == "x" || first == "i" && parts.count > 1 { return .pseudo("x- is a private-use tag, no real locale") }
        if locale.lowercased().contains("pseudo") { return .pseudo("named a pseudo-locale") }
        for p in parts.dropFirst() {
            let u = p.uppercased()
            // ISO 3166's user-assigned codes: Android's en-XA and ar-XB pseudo-locales, Chrome's and others' too.
            if u.count == 2, u == "AA" || u == "ZZ" || ("QM"..."QZ").contains(u) || ("XA"..."XZ").contains(u) {
                return .pseudo("\(p) is a private-use region (en-XA and ar-XB are the Android pseudo-locales)")
            }
        }
        guard first.allSatisfy({ $0 >= "a" && $0 <= "z" }),
            isoLanguages.contains(first) || otherLanguages.contains(first) || systemLanguages.contains(first)
        else { return .unknown }
        return .language(locale)
    }

    /// The primary language: `pt` of `pt-BR`, `en` of `English`.
    static func language(of locale: String) -> String {
        if let code = legacyNames[locale] { return code }
        return String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(locale)).lowercased()
    }

    /// The English names old projects gave their folders (`English.lproj`).
    static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es", "Italian": "it",
        "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Norwegian": "nb", "Danish": "da", "Finnish": "fi",
        "Chinese": "zh", "Korean": "ko", "Russian": "ru", "Polish": "pl",
    ]

    /// Every ISO 639-3 language and ISO 639-2/639-5 code (`vec` Venetian, `sco` Scots, `ber` Berber: translation
    /// platforms ship many of them), from the system's iso-codes data (Debian `iso-codes`), read once when first
    /// needed; empty when it is not installed, and then only the lists below are known.
    static let systemLanguages: Set<String> = {
        var codes: Set<String> = []
        for (file, list) in [("iso_639-3", "639-3"), ("iso_639-2", "639-2"), ("iso_639-5", "639-5")] {
            guard let bytes = try? FileAccess.readRegularFile("/usr/share/iso-codes/json/\(file).json", limit: 8 << 20, limitVariable: ""),
                let top = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                let entries = top[list] as? [[String: Any]]
            else { continue }
            for e in entries {
                for key in ["alpha_3", "alpha_2", "bibliographic"] { if let c = e[key] as? String { codes.insert(c) } }
            }
        }
        return codes
    }()

    /// ISO 639-1, with the codes it withdrew that translation platforms still write (`sh` Serbo-Croatian, `iw`).
    static let isoLanguages: Set<String> = Set(
        """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el \
        en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu \
        ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na \
        nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so \
        sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu \
        sh mo iw in ji
        """.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" }).map(String.init))

    /// Three-letter ISO 639-2/3 languages Apple's platforms and CLDR localize into.
    static let otherLanguages: Set<String> = [
        "ast", "bgc", "brx", "ceb", "chr", "ckb", "dsb", "fil", "fur", "gsw", "haw", "hsb", "kab", "kok", "lij", "mai",
        "mni", "nds", "sat", "scn", "sms", "szl", "yue", "zgh", "ars", "arz", "ace", "bal", "bho", "cgg", "hmn",
        "jbo", "lkt", "moh", "mus", "nqo", "nso", "quc", "sah", "smn", "tzm", "vai", "wae", "yrl", "gaa", "tpi",
    ]
}
