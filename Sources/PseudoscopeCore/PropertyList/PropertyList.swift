/// What a property list from an untrusted file must look like before it is read (`PlistNode.read`): XML or binary
/// only. The old-style text syntax is a `.strings` file's, read by `StringsFile`.
enum PropertyList {
    /// `bplist00…`, XML in UTF-16 with a byte order mark, or `<?xml`, `<!DOCTYPE` or `<plist` after an optional UTF-8 byte order mark and white space.
    static func isXMLOrBinary(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist00".utf8)) { return true }
        // XML in UTF-16, by its byte order mark and first character.
        if bytes.starts(with: [0xFF, 0xFE, 0x3C, 0x00]) || bytes.starts(with: [0xFE, 0xFF, 0x00, 0x3C]) { return true }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let text = body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<!DOCTYPE".utf8)) || text.starts(with: Array("<plist".utf8))
    }
}
