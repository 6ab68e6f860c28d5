import CArchive
import Foundation
import Glibc

/// A built product's files (an `.app` folder, an `.xcarchive`, an `.ipa` or a zipped `.app`), named by their paths
/// inside it, with the contents of those the audit judges: property lists, string tables and Mach-O files. It is
/// read, never written or unpacked: a zip is read in place through libarchive, a folder through `FileAccess`.
public struct ProductFiles: Sendable {
    public enum Kind: Equatable, Sendable {
        case file
        case folder
        /// A symbolic link and where it points (never followed out of the product).
        case link(String)
        /// A FIFO, a device, a socket: never read.
        case other
    }

    public struct Entry: Equatable, Sendable {
        /// `Payload/Shop.app/en.lproj/Localizable.strings`: `/`-separated, relative to what was given.
        public var path: String
        public var size: Int
        public var kind: Kind
    }

    /// What was given but not read, and why: each is a part the audit could not judge.
    public struct Skipped: Equatable, Sendable {
        public var path: String
        public var why: String
    }

    /// How much may be read: per file, in all, and how many entries a product may hold.
    public struct Limits: Sendable {
        public var fileBytes: Int
        public var totalBytes: Int
        public var entries: Int

        public init(_ load: LoadLimits = .default) {
            fileBytes = load.maxFileBytes
            totalBytes = 4 * load.maxFileBytes
            entries = max(200_000, load.maxElements / 5)
        }
    }

    /// The product as the user named it.
    public var source: String
    public var entries: [Entry] = []
    /// The bytes of the files the audit reads, by path.
    public var contents: [String: [UInt8]] = [:]
    public var skipped: [Skipped] = []

    /// Whether the audit reads a file of this name, whatever its first bytes: property lists and string tables.
    static func isTable(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Info.plist" || name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings")
    }

    /// Whether the first bytes are a Mach-O file's (thin 32 or 64 bit, either byte order, or fat).
    static func isMachO(_ head: [UInt8]) -> Bool {
        guard head.count >= 4 else { return false }
        let m = UInt32(head[0]) << 24 | UInt32(head[1]) << 16 | UInt32(head[2]) << 8 | UInt32(head[3])
        return [0xFEEDFACE, 0xFEEDFACF, 0xCEFAEDFE, 0xCFFAEDFE, 0xCAFEBABE, 0xCAFEBABF].contains(m)
    }

    /// macOS's AppleDouble files (`._Name`, and zip's `__MACOSX/` copies of them) hold a file's Finder metadata,
    /// not product: a zip made on a Mac carries one per file. Left out, or each would look like another app.
    static func isAppleDouble(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.contains("__MACOSX") || parts.last?.hasPrefix("._") == true
    }

    /// How long and how deep an entry's name may be: a name is a path whose every folder becomes an entry.
    static let maxNameBytes = 4096
    static let maxNameDepth = 128

    /// Whether a zip entry's name is past those limits, and its depth (counted without splitting the name).
    static func nameOverLimits(_ name: String) -> (depth: Int, over: Bool) {
        let depth = name.utf8.reduce(1) { $0 + ($1 == 0x2F ? 1 : 0) }
        return (depth, name.utf8.count > maxNameBytes || depth > maxNameDepth)
    }

    /// Whether `target`, read from the folder `from` inside the product, climbs above the product's top.
    static func escapes(_ from: String, _ target: String) -> Bool {
        var depth = from.split(separator: "/").count
        for part in target.split(separator: "/") {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return true }
        }
        return false
    }

    /// A path inside a product that must not be followed: absolute, or with a `..` part.
    static func leavesProduct(_ path: String) -> Bool {
        path.hasPrefix("/") || path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// Reads the product at `path`: a folder, or a zip (an `.ipa` or any zip) read in place.
    public static func read(_ path: String, limits: Limits = Limits()) throws -> ProductFiles {
        switch FileAccess.kind(path) {
        case .directory: return try folder(path, limits: limits)
        case .regular: return try zip(path, limits: limits)
        case .missing: throw ArchiveError(file: path, message: "no such file or folder")
        case .special(let what): throw ArchiveError(file: path, message: "is \(what); only files and folders are read")
        }
    }

    /// A folder, walked without following a link out of it (a link inside it is listed with its target).
    static func folder(_ root: String, limits: Limits) throws -> ProductFiles {
        var product = ProductFiles(source: root)
        guard let realRoot = FileAccess.realPath(root) else { throw ArchiveError(file: root, message: "cannot be read") }
        var total = 0
        var stack: [(String, Int)] = [("", 0)]
        while let (relative, depth) = stack.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let names = FileAccess.entries(folder) else {
                product.skipped.append(Skipped(path: relative, why: "the folder cannot be read"))
                continue
            }
            for name in names.sorted() where !isAppleDouble(name) {
                let inner = relative.isEmpty ? name : relative + "/" + name
                let full = root + "/" + inner
                guard product.entries.count < limits.entries else {
                    throw ArchiveError(
                        file: root,
                        message:
                            "holds more than \(limits.entries) entries; refused (raise \(LoadLimits.Variable.elements.rawValue) if it is genuine)")
                }
                guard let st = lstatOf(full) else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFLNK:
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? ""
                    product.entries.append(Entry(path: inner, size: 0, kind: .link(target)))
                    if let real = FileAccess.realPath(full), !FileAccess.isInside(real, realRoot) {
                        product.skipped.append(Skipped(path: inner, why: "a link that leaves the product (to \(target)); not followed"))
                    }
                case S_IFDIR:
                    product.entries.append(Entry(path: inner, size: 0, kind: .folder))
                    if depth < 64 {
                        stack.append((inner, depth + 1))
                    } else {
                        product.skipped.append(Skipped(path: inner, why: "folders nested deeper than 64 levels; not read"))
                    }
                case S_IFREG:
                    let size = Int(st.st_size)
                    product.entries.append(Entry(path: inner, size: size, kind: .file))
                    let head = (try? FileAccess.readPrefix(full, count: 4, followLinks: false)) ?? []
                    guard isTable(inner) || isMachO(head) else { continue }
                    if size > limits.fileBytes || total + size > limits.totalBytes {
                        product.skipped.append(
                            Skipped(
                                path: inner,
                                why: "\(size) bytes, over the \(limits.fileBytes >> 20) MiB a file may have (\(LoadLimits.Variable.fileMiB.rawValue))"
                            ))
                        continue
                    }
                    do {
                        product.contents[inner] = try FileAccess.readRegularFile(
                            full, limit: limits.fileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue, followLinks: false)
                        total += size
                    } catch let e as ArchiveError {
                        product.skipped.append(Skipped(path: inner, why: e.message))
                    }
                default:
                    product.entries.append(Entry(path: inner, size: 0, kind: .other))
                }
            }
        }
        return product
    }

    static func lstatOf(_ path: String) -> stat? {
        var st = stat()
        return PathBytes.withCPath(path, { lstat($0, &st) }) == 0 ? st : nil
    }

    /// A zip read in place: every entry listed, the judged ones read into memory as they pass, each counted
    /// against the limits as it is unpacked (a declared size is a claim; a bomb is refused by name). The others are
    /// listed with the size the zip declares.
    static func zip(_ path: String, limits: Limits) throws -> ProductFiles {
        var why = [CChar](repeating: 0, count: 512)
        guard let z = ps_zip_open(path, &why, why.count) else {
            throw ArchiveError(
                file: path,
                message: "is not a zip that can be read: \(String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        defer { ps_zip_close(z) }
        var product = ProductFiles(source: path)
        var total = 0
        var names: Set<String> = []
        let room = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: room)
        while true {
            var cName: UnsafePointer<CChar>?, cLink: UnsafePointer<CChar>?
            var size: Int64 = 0
            var kind: CChar = 0
            let rc = ps_zip_next(z, &cName, &size, &kind, &cLink)
            if rc == 0 { break }
            let place = "entry \(product.entries.count + 1)"
            guard rc == 1, let cName else {
                throw ArchiveError(file: path, place: place, message: "the zip is damaged: \(String(cString: ps_zip_error(z)))")
            }
            guard product.entries.count < limits.entries else {
                throw ArchiveError(
                    file: path,
                    message: "holds more than \(limits.entries) entries; refused (raise \(LoadLimits.Variable.elements.rawValue) if it is genuine)")
            }
            var name = PathBytes.string(cString: cName)
            while name.hasSuffix("/") { name.removeLast() }
            if isAppleDouble(name) { continue }
            if nameOverLimits(name).over {
                product.skipped.append(
                    Skipped(
                        path: String(name.prefix(120)) + "…",
                        why: "an entry name over \(maxNameBytes) bytes or \(maxNameDepth) folders deep; not read"))
                continue
            }
            if !names.insert(name).inserted {
                product.skipped.append(Skipped(path: name, why: "appears more than once in the zip; only its last copy was judged"))
            }
            if leavesProduct(name) {
                product.skipped.append(Skipped(path: name, why: "an entry name that leaves the zip (absolute or with ..); not followed"))
                continue
            }
            switch UInt8(bitPattern: kind) {
            case UInt8(ascii: "d"): product.entries.append(Entry(path: name, size: 0, kind: .folder)); continue
            case UInt8(ascii: "l"):
                let target = cLink.map { PathBytes.string(cString: $0) } ?? ""
                product.entries.append(Entry(path: name, size: 0, kind: .link(target)))
                // Resolved from the link's folder, a target that climbs out of the zip leaves the product.
                let from = name.split(separator: "/").dropLast().joined(separator: "/")
                if target.hasPrefix("/") || escapes(from, target) {
                    product.skipped.append(Skipped(path: name, why: "a link that leaves the product (to \(target)); not followed"))
                }
                continue
            case UInt8(ascii: "f"): break
            default: product.entries.append(Entry(path: name, size: 0, kind: .other)); continue
            }
            // Read the first bytes to tell a Mach-O file; keep reading only a file the audit judges.
            var bytes: [UInt8] = []
            var judged = isTable(name)
            var unpacked = 0
            reading: while true {
                let n = ps_zip_read(z, &chunk, room)
                if n < 0 { throw ArchiveError(file: path, place: name, message: "cannot be unpacked: \(String(cString: ps_zip_error(z)))") }
                if n == 0 { break }
                unpacked += n
                total += n
                if unpacked > limits.fileBytes || total > limits.totalBytes {
                    throw ArchiveError(
                        file: path, place: name,
                        message:
                            "unpacks to more than \(unpacked > limits.fileBytes ? limits.fileBytes >> 20 : limits.totalBytes >> 20) MiB (a zip bomb?); refused (\(LoadLimits.Variable.fileMiB.rawValue) raises the limit)"
                    )
                }
                if bytes.isEmpty && !judged { judged = isMachO(Array(chunk[0..<min(n, 4)])) }
                // A file the audit does not judge is not unpacked past its first bytes (libarchive skips the rest).
                guard judged else { break reading }
                bytes += chunk[0..<n]
            }
            product.entries.append(Entry(path: name, size: judged || size < 0 ? unpacked : Int(size), kind: .file))
            if judged { product.contents[name] = bytes }
        }
        // Many zips list no entry for a folder (`zip -D`, most tools' .ipa): each folder a path passes through is one.
        let listed = Set(product.entries.map(\.path))
        var folders: Set<String> = []
        for e in product.entries {
            var parts = e.path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                let folder = parts.joined(separator: "/")
                if listed.contains(folder) || !folders.insert(folder).inserted { break }
                parts = parts.dropLast()
            }
        }
        product.entries += folders.sorted().map { Entry(path: $0, size: 0, kind: .folder) }
        return product
    }

    /// The entries under `folder` (a path inside the product), folder itself left out.
    public func entries(under folder: String) -> [Entry] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return entries.filter { $0.path.hasPrefix(prefix) && $0.path != folder }
    }
}
