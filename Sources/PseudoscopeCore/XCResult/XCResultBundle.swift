import Foundation

/// An `.xcresult` bundle read from its own storage, without Apple's result tool (docs/xcresult.md): `Info.plist`
/// names the root object; `Data/data.<id>` holds each object or payload, zstd-compressed or raw; `Data/refs.<id>`
/// lists the ids a folder object refers to. Everything in it is untrusted: ids are checked before they become
/// file names, every read is bounded by the load limits, and a missing object is an error naming it.
public struct XCResultBundle: Sendable {
    public let path: String
    public let majorVersion: Int
    public let minorVersion: Int
    /// The root object's id; nil for a bundle that holds only its database (no `Data/`).
    public let rootID: String?
    /// The bundle's real path: every file read from it must lie inside (a link out of it is refused).
    public let realPath: String
    /// The real path of `Data/`, resolved once when it lies inside the bundle: a data file that is no link is then
    /// read straight from it (resolving each file's path again was a tenth of listing a bundle of 1,000 files).
    let dataFolder: String?
    /// `<path>/Data/data.` as given, made once: an object's path (for messages, and to tell a missing object) is
    /// this and its id, not Foundation's path joining again for each of a modern bundle's ~80 reads.
    private let dataPrefix: String
    let limits: LoadLimits

    public struct Error: Swift.Error, Sendable {
        public var message: String
        public var place: String
    }

    /// Whether `path` looks like a result bundle: a folder with `Info.plist` and `Data/` (or a bundle that holds
    /// only its database, which is then refused by name rather than taken for an archive folder).
    public static func isBundle(_ path: String) -> Bool {
        // A zip of a bundle's contents (zipped from inside the bundle) is the bundle.
        guard FileAccess.kind(path) == .directory || ZipFolder.isZip(path) else { return false }
        let info = (path as NSString).appendingPathComponent("Info.plist")
        guard FileAccess.kind(info) == .regular else { return false }
        return FileAccess.kind((path as NSString).appendingPathComponent("Data")) == .directory
            || FileAccess.kind((path as NSString).appendingPathComponent("database.sqlite3")) == .regular
            || path.hasSuffix(".xcresult")
    }

    public init(path: String, limits: LoadLimits = .default) throws {
        self.path = path
        self.limits = limits
        realPath = FileAccess.realPath(path) ?? path
        dataPrefix = (path as NSString).appendingPathComponent("Data/data.")
        dataFolder = FileAccess.realPath((path as NSString).appendingPathComponent("Data")).flatMap { [realPath] in
            FileAccess.isInside($0, realPath) && FileAccess.kind($0) == .directory ? $0 : nil
        }
        let infoPath = (path as NSString).appendingPathComponent("Info.plist")
        let infoBytes: [UInt8]
        do {
            infoBytes = try FileAccess.readRegularFile(
                try XCResultBundle.inside(infoPath, bundle: realPath), limit: limits.maxFileBytes,
                limitVariable: LoadLimits.Variable.fileMiB.rawValue, followLinks: false)
        } catch let e as ArchiveError {
            throw ArchiveError(file: path, message: "not a readable result bundle: Info.plist \(e.message)")
        }
        let plist: PlistNode
        do { plist = try PlistNode.read(infoBytes, limits: limits) } catch let f as PlistNode.Failure {
            throw ArchiveError(file: infoPath, message: "is not a property list: \(f.message)")
        }
        guard case .dictionary = plist else { throw ArchiveError(file: infoPath, message: "is not a property list of settings (not a dictionary)") }
        guard let major = plist["version"]?["major"]?.intValue else {
            throw ArchiveError(file: infoPath, place: "version.major", message: "missing: not a result bundle Pseudoscope knows")
        }
        let minor = plist["version"]?["minor"]?.intValue ?? 0
        guard major == 3 else {
            throw ArchiveError(
                file: infoPath, place: "version.major",
                message: "result bundle format \(major).\(minor) is not supported (Pseudoscope reads format 3, Xcode 11 to 27)")
        }
        majorVersion = major
        minorVersion = minor
        let dataFolder = (path as NSString).appendingPathComponent("Data")
        guard FileAccess.kind(dataFolder) == .directory else {
            // Current Xcode's database can be all a bundle holds (a repository that kept only it). One that is there
            // but not a file (a FIFO, a device, a dangling link) is read as the database, which then says why not.
            let database = (path as NSString).appendingPathComponent("database.sqlite3")
            if FileAccess.kind(database) != .missing || FileAccess.isLink(database) {
                rootID = nil
                return
            }
            throw ArchiveError(file: path, message: "the bundle has no Data/ folder and no database.sqlite3")
        }
        guard let rootHash = plist["rootId"]?["hash"]?.stringValue, XCResultBundle.isValidID(rootHash) else {
            throw ArchiveError(file: infoPath, place: "rootId.hash", message: "missing or not an object id")
        }
        rootID = rootHash
    }

    /// Object ids are `0~` and base64url: nothing else may become part of a file name.
    public static func isValidID(_ id: String) -> Bool {
        id.hasPrefix("0~") && id.count <= 200
            && id.utf8.dropFirst(2).allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F || $0 == 0x3D
            }
    }

    /// Only for an id `isValidID` accepted: it holds no `/`, so joining it to the prefix is joining the path.
    func dataPath(_ id: String) -> String {
        dataPrefix + id
    }

    /// A file of the bundle as it really lies, or why it is not read: nothing is read through a link that leaves
    /// the bundle (a `Data/data.<id>` linked to `~/.ssh/id_rsa` would end up in `import -o`'s folder), and the
    /// resolved file is then opened without following links, so none can be swapped in between.
    func inside(_ file: String) throws -> String {
        try XCResultBundle.inside(file, bundle: realPath)
    }

    /// `Data/<name>` as it really lies: straight from the resolved `Data/` when the file is no link (it is then
    /// opened without following links, so none can be swapped in), else resolved and checked like any file.
    func dataFile(_ name: String) throws -> String {
        // By the byte: `String.contains` of a string is Foundation's search (1.7 M instructions of the 92 M that
        // list the Xcode 26.0.1 bundle went to asking it of each data file's name).
        if let folder = dataFolder, !name.utf8.contains(UInt8(ascii: "/")) {
            let direct = folder + "/" + name
            if !FileAccess.isLink(direct) { return direct }
        }
        return try inside((path as NSString).appendingPathComponent("Data/" + name))
    }

    static func inside(_ file: String, bundle realPath: String) throws -> String {
        guard let real = FileAccess.realPath(file) else {
            throw ArchiveError(file: file, message: FileAccess.isLink(file) ? "a link to nothing" : "no such file or folder")
        }
        guard FileAccess.isInside(real, realPath) else {
            throw ArchiveError(file: file, message: "a link that leaves the bundle, not followed")
        }
        return real
    }

    /// The raw bytes of a data file, decompressed when they are zstd. Missing files and bad ids are errors that
    /// name the object.
    public func bytes(_ id: String, limit: Int? = nil) throws -> [UInt8] {
        guard XCResultBundle.isValidID(id) else {
            throw ArchiveError(file: path, message: "refers to an object whose id is not valid: \(id.prefix(40))")
        }
        let file = dataPath(id)
        guard FileAccess.kind(file) != .missing || FileAccess.isLink(file) else {
            throw ArchiveError(
                file: path, message: "object \(XCResultBundle.shortID(id)) is missing from Data/ (the bundle was copied incompletely or trimmed)")
        }
        let cap = limit ?? limits.maxFileBytes
        let raw = try FileAccess.readRegularFile(
            try dataFile("data." + id), limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue, followLinks: false)
        guard Zstd.isCompressed(raw) else { return raw }
        do {
            return try Zstd.decompress(raw, limit: cap)
        } catch Zstd.Failure.tooLarge(let claimed) {
            throw ArchiveError(
                file: file,
                message:
                    "decompresses to \(claimed.map { "\($0) bytes" } ?? "more than the limit"), over the limit of \(cap / (1024 * 1024)) MiB (raise it with \(LoadLimits.Variable.fileMiB.rawValue))"
            )
        } catch Zstd.Failure.corrupt(let why) {
            throw ArchiveError(file: file, message: "is not valid zstd data: \(why)")
        }
    }

    /// The first bytes of a payload, to tell its type by content without decompressing the rest.
    public func head(_ id: String, count: Int = 64) throws -> [UInt8] {
        guard XCResultBundle.isValidID(id) else { throw ArchiveError(file: path, message: "refers to an object whose id is not valid") }
        let file = dataPath(id)
        guard FileAccess.kind(file) != .missing else {
            throw ArchiveError(file: path, message: "object \(XCResultBundle.shortID(id)) is missing from Data/")
        }
        // A zstd frame yields its first bytes from its first block: a block is at most 128 KiB, so 256 KiB of input
        // is plenty for 64 bytes out. 16 KiB are read first, which is enough for nearly every attachment.
        let real = try dataFile("data." + id)
        let raw = try FileAccess.readPrefix(real, count: 16 << 10, followLinks: false)
        guard Zstd.isCompressed(raw) else { return Array(raw.prefix(count)) }
        if let out = try? Zstd.head(raw, count: count, limit: limits.maxFileBytes), out.count >= count || raw.count < 16 << 10 { return out }
        let more = try FileAccess.readPrefix(real, count: 256 << 10, followLinks: false)
        return (try? Zstd.head(more, count: count, limit: limits.maxFileBytes)) ?? []
    }

    /// A typed object.
    public func object(_ id: String) throws -> XCObject {
        let data = try bytes(id)
        do {
            return try TypedObjectParser.parse(data, maxDepth: max(64, limits.maxDepth * 4))
        } catch let f as TypedObjectParser.Failure {
            throw ArchiveError(file: dataPath(id), place: "byte \(f.offset)", message: "not a valid typed object: \(f.message)")
        }
    }

    /// A folder object (attachment and diagnostics folders): its entries' names, whether each is a folder, and
    /// their ids, which the matching refs file lists in the same order.
    public func directory(_ id: String) throws -> [(name: String, isFolder: Bool, id: String)] {
        let data = try bytes(id, limit: 16 << 20)
        // Our own parser, not JSONSerialization: Foundation's first JSON read costs more than the listing it reads
        // (7.9 M instructions for the few small folders on the way to a session log). A listing is flat.
        guard case .array(let entries)? = try? JSONParser.parse(data, maxDepth: 8) else {
            throw ArchiveError(file: dataPath(id), message: "is not a folder listing")
        }
        let refBytes =
            (try? FileAccess.readRegularFile(
                try dataFile("refs.\(id)"), limit: 16 << 20, limitVariable: LoadLimits.Variable.fileMiB.rawValue, followLinks: false)) ?? []
        // A count, then each id as `41 00` and 64 raw bytes: read from the end, so the count's width does not matter.
        let n = refBytes.count / 66
        let start = refBytes.count - n * 66
        var ids: [String] = []
        for k in 0..<n {
            let raw = refBytes[(start + k * 66 + 2)..<(start + k * 66 + 66)]
            ids.append("0~" + XCResultBundle.base64URL(raw))
        }
        return entries.enumerated().compactMap { k, entry in
            guard case .object(let e) = entry, case .string(let name)? = e["name"], k < ids.count else { return nil }
            let isFolder: Bool
            if case .number(let type, _)? = e["type"] { isFolder = type == 2 } else { isFolder = false }
            return (name, isFolder, ids[k])
        }
    }

    static func shortID(_ id: String) -> String { String(id.prefix(14)) + "…" }

    /// Made once: made at every call, it was most of what naming a folder's entries cost.
    static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64 with `-` and `_` for `+` and `/`, padded, as the refs files' ids are written.
    static func base64URL(_ bytes: ArraySlice<UInt8>) -> String {
        let alphabet = XCResultBundle.base64URLAlphabet
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var k = bytes.startIndex
        while k < bytes.endIndex {
            let n = min(3, bytes.endIndex - k)
            let b0 = Int(bytes[k]), b1 = n > 1 ? Int(bytes[k + 1]) : 0, b2 = n > 2 ? Int(bytes[k + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[(b0 & 3) << 4 | b1 >> 4])
            out.append(n > 1 ? alphabet[(b1 & 15) << 2 | b2 >> 6] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[b2 & 63] : UInt8(ascii: "="))
            k += n
        }
        return String(decoding: out, as: UTF8.self)
    }
}
