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

    /// The lines of the text, split at LF and at CRLF.
    public func splitLines(omittingEmpty: Bool = false) -> [SubSequence] {
        split(omittingEmptySubsequences: omittingEmpty) { $0 == "\n" || $0 == "\r\n" }
    }

}
