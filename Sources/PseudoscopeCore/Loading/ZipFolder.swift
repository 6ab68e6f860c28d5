import CArchive
import Foundation
import Glibc
import Synchronization

/// A zip read as the folder it was made of (a night's bundles or one bundle uploaded by CI): `night.zip/rtl/
/// LayoutTests.xcresult/Info.plist` names an entry, and `FileAccess` answers for such paths as for files on disk.
/// Read in place through libarchive, as the release audit reads an `.ipa`: nothing is unpacked to disk, every
/// entry is counted against the file limit as it is unpacked (a bomb is refused by name), an entry name that
/// leaves the zip (absolute, or with `..`) is not listed, and a link inside it is never followed.
enum ZipFolder {
    /// An entry: a file with the size its header declares, or a folder with its names.
    struct Entry: Sendable {
        var isFolder: Bool
        var size: Int
        /// A link, a device or anything else a zip may hold: listed, never read.
        var special: String?
        var names: [String] = []
    }

    /// One zip's entries, and the bytes of its small files, read once when the zip is first asked about.
    final class Index: Sendable {
        let zip: String
        let identity: FileAccess.Identity?
        let entries: [String: Entry]
        /// Files of at most `cachedFileBytes`, up to `cachedTotalBytes` in all: a bundle's objects, property lists
        /// and results database are read many times, and a zip is read from its start for each file not kept.
        let cached: [String: [UInt8]]

        init(zip: String, identity: FileAccess.Identity?, entries: [String: Entry], cached: [String: [UInt8]]) {
            self.zip = zip
            self.identity = identity
            self.entries = entries
            self.cached = cached
        }
    }

    /// At most four zips are indexed at a time, each keeping at most 32 MiB: a night of zipped bundles is read a
    /// bundle at a time, and its memory stays flat.
    static let cachedFileBytes = 4 << 20
    static let cachedTotalBytes = 32 << 20
    private static let indexes = Mutex<[String: Index]>([:])

    /// Whether `path` is a regular file that starts as a zip does (a local file header, or an empty zip's end).
    static func isZip(_ path: String) -> Bool {
        guard FileAccess.kind(path) == .regular, let head = try? FileAccess.readPrefix(path, count: 4) else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// The zip a path goes through and the entry it names inside it (`""` for the zip itself), or nil when no part
    /// of the path is a zip file.
    static func split(_ path: String) -> (zip: String, inner: String)? {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var prefix = absolute ? "" : "."
        for (k, part) in parts.enumerated() {
            prefix = k == 0 && !absolute ? part : prefix + "/" + part
            switch FileAccess.kind(prefix) {
            case .directory: continue
            case .regular:
                guard isZip(prefix) else { return nil }
                return (prefix, parts[(k + 1)...].filter { $0 != "." }.joined(separator: "/"))
            default: return nil
            }
        }
        return nil
    }

    /// The entry a path names inside a zip, with the zip's index; nil when the path goes through no zip, or names
    /// nothing in it.
    static func lookup(_ path: String) -> (index: Index, inner: String, entry: Entry)? {
        guard let (zip, inner) = split(path), let index = try? index(zip), let entry = index.entries[inner] else { return nil }
        return (index, inner, entry)
    }

    static func kind(_ path: String) -> FileAccess.Kind? {
        guard let (_, _, entry) = lookup(path) else { return nil }
        if let what = entry.special { return .special(what) }
        return entry.isFolder ? .directory : .regular
    }

    static func names(_ path: String) -> [String]? {
        guard let (_, _, entry) = lookup(path), entry.isFolder else { return nil }
        return entry.names
    }

    /// The zip's real path and the entry's name: what two paths to one entry share, as `realpath` gives for files.
    static func realPath(_ path: String) -> String? {
        guard let (index, inner, _) = lookup(path), let zip = FileAccess.realPath(index.zip) else { return nil }
        return inner.isEmpty ? zip : zip + "/" + inner
    }

    /// What makes two paths the same entry: the zip's device, and the entry's place in it.
    static func identity(_ path: String) -> FileAccess.Identity? {
        guard let (index, inner, _) = lookup(path), let zip = index.identity else { return nil }
        var h = Hasher()
        h.combine(zip)
        h.combine(inner)
        return FileAccess.Identity(device: ~zip.device, inode: UInt64(bitPattern: Int64(h.finalize())))
    }

    /// An entry's bytes, at most `limit` of them; with `prefix`, its first `limit` bytes without a word about the
    /// rest. Nil when the path goes through no zip.
    static func read(_ path: String, limit: Int, limitVariable: String, prefix: Bool = false) throws -> [UInt8]? {
        guard let (zip, inner) = split(path) else { return nil }
        let index = try index(zip)
        guard let entry = index.entries[inner] else { throw ArchiveError(file: path, message: "no such file or folder") }
        if let what = entry.special { throw ArchiveError(file: path, message: "is \(what) inside a zip; not followed") }
        guard !entry.isFolder else { throw ArchiveError(file: path, message: "is a folder, not a file") }
        if let bytes = index.cached[inner] { return prefix ? Array(bytes.prefix(limit)) : try bounded(bytes, path, limit, limitVariable) }
        if !prefix, entry.size > limit { throw FileAccess.tooLarge(path, entry.size, limit, limitVariable, exact: true) }
        var found: [UInt8]?
        try scan(zip) { name, _, _, unpack in
            guard name == inner else { return true }
            found = try unpack(prefix ? limit : limit + 1)
            return false
        }
        guard let bytes = found else { throw ArchiveError(file: path, message: "no such file or folder") }
        return prefix ? bytes : try bounded(bytes, path, limit, limitVariable)
    }

    /// An entry that unpacked past the limit (whatever size its header declared) is refused by name.
    private static func bounded(_ bytes: [UInt8], _ path: String, _ limit: Int, _ variable: String) throws -> [UInt8] {
        guard bytes.count <= limit else {
            throw ArchiveError(
                file: path,
                message:
                    "unpacks to more than \(NumberText.points(Double(limit) / 1_048_576)) MiB (a zip bomb?); refused (\(variable) raises the limit)")
        }
        return bytes
    }

    /// The zip's index, made on first use and kept for the process (a few zips at a time).
    static func index(_ zip: String) throws -> Index {
        let key = FileAccess.realPath(zip) ?? zip
        let identity = FileAccess.identity(zip)
        if let hit = indexes.withLock({ $0[key] }), hit.identity == identity { return hit }
        var entries: [String: Entry] = ["": Entry(isFolder: true, size: 0)]
        var cached: [String: [UInt8]] = [:]
        var kept = 0
        let limits = LoadLimits.default
        let maxEntries = max(200_000, limits.maxElements / 5)
        try scan(zip) { name, size, kind, unpack in
            guard entries.count < maxEntries else {
                throw ArchiveError(
                    file: zip,
                    message: "holds more than \(maxEntries) entries; refused (raise \(LoadLimits.Variable.elements.rawValue) if it is genuine)")
            }
            // A name is a path whose every folder becomes an entry: bounded, or a name thousands of folders deep
            // would cost the square of its depth.
            let (depth, over) = ProductFiles.nameOverLimits(name)
            guard !over else {
                throw ArchiveError(
                    file: zip, place: "entry \(entries.count)",
                    message:
                        "has a name \(depth) folders deep and \(name.utf8.count) bytes long, past the limit of \(ProductFiles.maxNameDepth) folders and \(ProductFiles.maxNameBytes) bytes; refused"
                )
            }
            // Each folder a name passes through is one, listed or not (most zips list no entry for a folder).
            var parent = ""
            for part in name.split(separator: "/").dropLast() {
                let folder = parent.isEmpty ? String(part) : parent + "/" + part
                if entries[folder] == nil {
                    entries[folder] = Entry(isFolder: true, size: 0)
                    entries[parent]?.names.append(String(part))
                }
                parent = folder
            }
            let last = String(name.split(separator: "/").last ?? "")
            if entries[name] == nil { entries[parent]?.names.append(last) }
            switch kind {
            case "d": entries[name] = entries[name] ?? Entry(isFolder: true, size: 0)
            case "f":
                entries[name] = Entry(isFolder: false, size: max(0, size))
                if size >= 0, size <= cachedFileBytes, kept + size <= cachedTotalBytes,
                    // Unpacked no further than the size it declares: an entry that lies (a bomb) is kept out of the
                    // cache at the cost of its claim, and refused when it is read.
                    let bytes = try? unpack(size + 1), bytes.count <= size
                {
                    cached[name] = bytes
                    kept += bytes.count
                    entries[name]?.size = bytes.count
                }
            case "l": entries[name] = Entry(isFolder: false, size: 0, special: "a link")
            default: entries[name] = Entry(isFolder: false, size: 0, special: "not a regular file")
            }
            return true
        }
        let index = Index(zip: zip, identity: identity, entries: entries, cached: cached)
        indexes.withLock { all in
            if all.count >= 4 { all.removeAll() }
            all[key] = index
        }
        return index
    }

    /// Walks the zip's entries in order: `visit(name, declared size, kind, unpack)` returns false to stop.
    /// `unpack(count)` unpacks at most `count` bytes of the entry (the caller's limit, plus one to tell a bomb);
    /// an entry whose name leaves the zip is never shown.
    private static func scan(
        _ zip: String,
        _ visit: (String, Int, Character, (Int) throws -> [UInt8]) throws -> Bool
    ) throws {
        var why = [CChar](repeating: 0, count: 512)
        guard let z = PathBytes.withCPath(zip, { ps_zip_open($0, &why, why.count) }) else {
            throw ArchiveError(
                file: zip,
                message: "is not a zip that can be read: \(String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        defer { ps_zip_close(z) }
        var count = 0
        var previous: String?
        while true {
            var cName: UnsafePointer<CChar>?, cLink: UnsafePointer<CChar>?
            var size: Int64 = 0
            var kind: CChar = 0
            let rc = ps_zip_next(z, &cName, &size, &kind, &cLink)
            if rc == 0 { return }
            count += 1
            guard rc == 1, let cName else {
                // The damaged entry has no name to give: the one before it says where in the zip it is.
                let place = "entry \(count)" + (previous.map { " (after '\(String($0.prefix(200)))')" } ?? (count == 1 ? " (the first)" : ""))
                throw ArchiveError(file: zip, place: place, message: "the zip is damaged: \(libarchiveWords(z))")
            }
            var name = PathBytes.string(cString: cName)
            while name.hasSuffix("/") { name.removeLast() }
            while name.hasPrefix("./") { name.removeFirst(2) }
            if !name.isEmpty { previous = name }
            if name.isEmpty || ProductFiles.leavesProduct(name) { continue }
            let unpack = { (most: Int) throws -> [UInt8] in
                var out: [UInt8] = []
                let room = 64 * 1024
                var chunk = [UInt8](repeating: 0, count: room)
                while out.count < most {
                    let n = ps_zip_read(z, &chunk, min(room, most - out.count))
                    if n < 0 { throw ArchiveError(file: zip, place: name, message: "cannot be unpacked: \(libarchiveWords(z))") }
                    if n == 0 { break }
                    out += chunk[0..<n]
                }
                return out
            }
            if try !visit(name, Int(size), Character(UnicodeScalar(UInt8(bitPattern: kind))), unpack) { return }
        }
    }
}

/// libarchive's words for its last error, without the line end some of them carry.
private func libarchiveWords(_ z: OpaquePointer) -> String {
    String(cString: ps_zip_error(z)).trimmingCharacters(in: .whitespacesAndNewlines)
}
