/// Line ends as files from anywhere write them. Swift reads a CRLF as one `Character`, so splitting at `"\n"`
/// left a file saved on Windows (a dump pasted from a browser, a baseline under `core.autocrlf`) in one piece:
/// a dump read as holding no element line, a baseline as one comment.
extension StringProtocol {
    /// The text with each CRLF as LF and, in a text with no LF at all (classic Mac line ends), each CR as LF. A
    /// lone CR in a text that has LFs is left as it is: it is part of a line, not the end of one.
    public func normalizingLineBreaks() -> String {
        let text = String(self)
        guard text.utf8.contains(0x0D) else { return text }
        let loneCRBreaks = !text.utf8.contains(0x0A)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var afterCR = false
        for b in text.utf8 {
            if afterCR {
                afterCR = false
                if b == 0x0A { out.append(0x0A); continue }
                out.append(loneCRBreaks ? 0x0A : 0x0D)
            }
            if b == 0x0D { afterCR = true } else { out.append(b) }
        }
        if afterCR { out.append(loneCRBreaks ? 0x0A : 0x0D) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The lines of the text, split at LF and at CRLF. Found by the byte: splitting by `Character` breaks the
    /// whole text into graphemes, a fifth of reading a large dump. (A line feed is a grapheme of its own, or the
    /// end of a CRLF, so every cut falls between characters.) With a `limit`, only the first that many lines
    /// (what a format's sniff looks at), without splitting the rest of a large text.
    public func splitLines(omittingEmpty: Bool = false, limit: Int = .max) -> [SubSequence] {
        let u = utf8
        var lines: [SubSequence] = []
        var start = u.startIndex
        var i = start
        var lastCR: String.Index?  // where the byte before `i` is a CR
        while i != u.endIndex {
            let b = u[i]
            if b == 0x0A {
                let end = lastCR ?? i
                if !omittingEmpty || end != start {
                    if lines.count == limit { return lines }
                    lines.append(self[start..<end])
                }
                start = u.index(after: i)
            }
            lastCR = b == 0x0D ? i : nil
            i = u.index(after: i)
        }
        if lines.count < limit, !omittingEmpty || start != u.endIndex { lines.append(self[start..<u.endIndex]) }
        return lines
    }
}
