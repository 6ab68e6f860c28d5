/// Files people hand over instead of an archive, known by their first bytes: the packed downloads of CI
/// artifacts (a `.zip` of a result bundle, a `.tar.gz` of a night's folder, an `archive.json.gz`), and a
/// screenshot, a bundle's database or property list named by mistake. Each gets one line that says what it is and
/// what to do; read as text, they were "not a recognized dump: no element lines found".
public enum ForeignFile {
    public enum Kind: Sendable, Equatable {
        case zip, gzip, xz, bzip2, zstd, sevenZip, tar
        case png, jpeg, isoMedia, pdf, sqlite, binaryPropertyList
    }

    /// What `bytes` (the file's start; 262 bytes are enough) are, or nil for anything that may be text.
    public static func kind(of bytes: [UInt8]) -> Kind? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts(Array("BZh".utf8)), bytes.count > 3, (0x31...0x39).contains(bytes[3]) { return .bzip2 }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return .sevenZip }
        if starts(Array("ustar".utf8), at: 257) { return .tar }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("ftyp".utf8), at: 4) { return .isoMedia }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if starts(Array("SQLite format 3".utf8) + [0]) { return .sqlite }
        if starts(Array("bplist0".utf8)) { return .binaryPropertyList }
        return nil
    }

    /// The line for `path` holding a `kind` file: what it is, and for a packed file the command that unpacks it
    /// (by the name's ending where the bytes cannot tell a tar inside a compressed file).
    public static func message(_ kind: Kind, path: String) -> String {
        let name = path.lowercased()
        let file = path == "-" || path == "<stdin>" ? nil : Handover.shellQuoted(path)
        func unpack(_ what: String, _ command: (String) -> String) -> String {
            "\(what), not an archive or a dump: unpack it first" + (file.map { " (\(command($0)))" } ?? "") + " and open what it holds"
        }
        let isTar = name.hasSuffix(".tgz") || name.hasSuffix(".tbz2") || name.hasSuffix(".txz") || name.contains(".tar.")
        switch kind {
        case .zip:
            // A zip on disk is read as a folder by the commands that take one; one archive is named inside it.
            guard let file else { return unpack("a zip file") { "unzip \($0)" } }
            return
                "a zip file, not an archive or a dump: list or check the runs it holds (pseudoscope \(file), pseudoscope check \(file)), or name one inside it (\(file)/…/LayoutTests.xcresult#1)"
        case .gzip: return isTar ? unpack("a gzip-compressed tar file") { "tar xzf \($0)" } : unpack("a gzip-compressed file") { "gunzip -k \($0)" }
        case .xz: return isTar ? unpack("an xz-compressed tar file") { "tar xJf \($0)" } : unpack("an xz-compressed file") { "unxz -k \($0)" }
        case .bzip2:
            return isTar ? unpack("a bzip2-compressed tar file") { "tar xjf \($0)" } : unpack("a bzip2-compressed file") { "bunzip2 -k \($0)" }
        case .zstd:
            return isTar ? unpack("a zstd-compressed tar file") { "tar --zstd -xf \($0)" } : unpack("a zstd-compressed file") { "zstd -d \($0)" }
        case .sevenZip: return unpack("a 7-Zip file") { "7z x \($0)" }
        case .tar: return unpack("a tar file") { "tar xf \($0)" }
        case .png: return "a PNG image, not an archive or a dump (a screenshot? open the archive or result bundle it belongs to)"
        case .jpeg: return "a JPEG image, not an archive or a dump (a screenshot? open the archive or result bundle it belongs to)"
        case .isoMedia: return "an image or video (HEIC, MP4, MOV), not an archive or a dump (open the archive or result bundle it belongs to)"
        case .pdf: return "a PDF document, not an archive or a dump"
        case .sqlite: return "an SQLite database, not an archive or a dump (a result bundle's database.sqlite3? open the bundle's folder)"
        case .binaryPropertyList: return "a binary property list, not an archive or a dump (a result bundle's Info.plist? open the bundle's folder)"
        }
    }

    /// What a packed file's name says it is (`a zip`, `a gzip-compressed file`), for one whose bytes say otherwise.
    public static func packedName(_ path: String) -> String? {
        let n = path.lowercased()
        for (ends, what) in [
            ([".zip", ".ipa"], "a zip"), ([".tar.gz", ".tgz", ".gz"], "a gzip file"), ([".tar.xz", ".txz", ".xz"], "an xz file"),
            ([".tar.bz2", ".tbz2", ".bz2"], "a bzip2 file"), ([".zst"], "a zstd file"), ([".7z"], "a 7-Zip file"), ([".tar"], "a tar file"),
        ] where ends.contains(where: { n.hasSuffix($0) }) {
            return what
        }
        return nil
    }

    /// Names that say a file is packed: a folder search counts them, so that a folder of downloaded artifacts
    /// that holds nothing else says what to do.
    public static func looksPacked(_ name: String) -> Bool {
        let n = name.lowercased()
        return [".zip", ".tar", ".tgz", ".gz", ".xz", ".txz", ".bz2", ".tbz2", ".zst", ".7z"].contains { n.hasSuffix($0) }
    }
}
