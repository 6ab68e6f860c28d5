import PseudoscopeCore
import PseudoscopeImage

/// What a terminal says about graphics when asked (docs/screenshots.md): a kitty graphics query answered `OK`,
/// or a primary device attributes reply (`ESC [ ? 62 ; 4 ; … c`) listing 4, sixel. Nothing is guessed from
/// names; a terminal that answers neither gets symbols.
public enum GraphicsAnswer {
    /// Sent to the terminal: a kitty query for a 1×1 image with id 31, then DA1, which every terminal answers,
    /// so the reader knows when to stop waiting.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// True once the DA1 reply has arrived (the last byte of the answer).
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let da = bytes.bytesRange(of: "\u{1B}[?") else { return false }
        return bytes[da.upperBound...].contains(UInt8(ascii: "c"))
    }

    public static func parse(_ bytes: [UInt8]) -> GraphicsProtocol? {
        if let k = bytes.bytesRange(of: "\u{1B}_Gi=31;"), bytes[k.upperBound...].starts(with: Array("OK".utf8)) { return .kitty }
        if let da = bytes.bytesRange(of: "\u{1B}[?") {
            let rest = bytes[da.upperBound...]
            let body = rest.prefix { $0 != UInt8(ascii: "c") }
            let params = String(decoding: body, as: UTF8.self).split(separator: ";")
            if params.contains("4") { return .sixel }
        }
        return nil
    }
}
