import Foundation

/// How to read a dump, which carries no mode or test name of its own.
public struct DumpOptions: Equatable, Sendable {
    /// The mode given with `--mode`; nil means `normal`, shown as given rather than archived.
    public var mode: Mode?
    public var test: String?
    /// When true, an archive whose own mode differs from `mode` is refused (a single archive named with a
    /// contradicting --mode); when false, archives keep their mode silently (`check` over a mixed folder).
    public var refuseConflictingArchives = true

    public init(mode: Mode? = nil, test: String? = nil) {
        self.mode = mode
        self.test = test
    }
}

/// Reads archives (and dumps) from disk or standard input. Never writes: archives are read-only evidence.
public struct ArchiveLoader: Sendable {
    public var limits: LoadLimits
    public var dumpOptions: DumpOptions

    public init(limits: LoadLimits = .default, dumpOptions: DumpOptions = DumpOptions()) {
        self.limits = limits
        self.dumpOptions = dumpOptions
    }

    /// Loads `path`: a `.json` archive, a folder holding `archive.json`, `-` for standard input, a
    /// debugDescription or page-source dump (recognized by content, not by name), or one failed run of a result
    /// bundle (`BUNDLE.xcresult#N`, docs/xcresult.md).
    public func load(_ path: String) throws -> Archive {
        var archive = try loadUncut(path)
        // The string limit applies to every input alike: a dump's or a bundle's 10 MiB label, a 3 MB failure
        // message, are cut as an archive's are (the JSON reader cuts its own as it reads).
        archive.cutStrings(limits)
        return archive
    }

    func loadUncut(_ path: String) throws -> Archive {
        if path != "-", let address = BundleAddress.parse(path) { return try loadBundle(address, givenPath: path) }
        // The file the path names, and its size, found once for the limit's look ahead and the read (each asked
        // it again: five walks of the path for every archive of a night where one does).
        let (rawBytes, source): ([UInt8], ArchiveSource)
        if path == "-" {
            (rawBytes, source) = try read(path)
        } else {
            let (file, size) = try ArchiveLoader.resolve(path)
            if let size, let refused = overLimitFromPrefix(file, size: size) { throw refused }
            (rawBytes, source) = try read(file: file)
        }
        var archive = try load(bytes: rawBytes, source: source)
        if archive.shownStrings.isEmpty { archive.shownStrings = ShownString.fromFiles(archive, limits: limits) }
        return archive
    }

    /// Loads bytes already read: an archive or a dump, told apart by content. What every command does after
    /// reading, and what the fuzz targets feed.
    public func load(bytes rawBytes: [UInt8], source: ArchiveSource) throws -> Archive {
        if let kind = ForeignFile.kind(of: Array(rawBytes.prefix(262))) {
            // An element snapshot exported from a bundle (`Snapshot_1_…`) is a dump of its own: a keyed archive.
            if kind == .binaryPropertyList, ElementSnapshot.mayBe(rawBytes) {
                let dump = try ElementSnapshot.read(rawBytes, file: source.path, limits: limits).dump
                return DumpImporter.archive(
                    from: dump, mode: dumpOptions.mode ?? .normal, modeWasGiven: dumpOptions.mode != nil, test: dumpOptions.test, source: source)
            }
            throw ArchiveError(file: source.path, message: ForeignFile.message(kind, path: source.path))
        }
        // Named as packed (`night.zip`, `App.ipa`) but not what the name says: a download cut short or a renamed
        // file is said to be one, not read as a dump with no element lines.
        if let said = ForeignFile.packedName(source.path) {
            throw ArchiveError(
                file: source.path,
                message: rawBytes.isEmpty
                    ? "is empty, though its name says it is \(said)"
                    : "is named as \(said) but is not one (its first bytes are not \(said)'s): a download cut short, or another file renamed?")
        }
        let bytes = try ArchiveLoader.normalizeEncoding(rawBytes, file: source.path)
        if DumpImporter.looksLikeArchive(bytes) {
            let archive = try decode(bytes, source: source)
            if let m = dumpOptions.mode, m != archive.mode, dumpOptions.refuseConflictingArchives {
                throw ArchiveError(
                    file: source.path, message: "is an archive of mode \(archive.mode.rawValue); --mode \(m.rawValue) applies only to dumps")
            }
            return archive
        }
        let dump: ImportedDump
        do {
            dump = try DumpImporter.read(String(decoding: bytes, as: UTF8.self), file: source.path, limits: limits)
        } catch let e as ArchiveError where DumpImporter.startsLikeJSON(bytes) {
            // A WebDriverAgent JSON source keeps its own error (too many elements); other JSON that holds no dump
            // was meant as an archive: its own error (syntax, missing key) says more.
            if SourceJSONParser.roots(in: String(decoding: bytes, as: UTF8.self), limits: limits) != nil { throw e }
            return try decode(bytes, source: source)
        }
        return DumpImporter.archive(
            from: dump, mode: dumpOptions.mode ?? .normal, modeWasGiven: dumpOptions.mode != nil, test: dumpOptions.test, source: source)
    }

    /// Loads one input of a run set: an archive, or the one-line error that kept it from loading. Run sets
    /// report bad files and carry on, so failures are values here, not throws.
    public func loadResult(_ path: String) -> Result<Archive, ArchiveError> {
        do {
            return .success(try load(path))
        } catch let e as ArchiveError {
            return .failure(e)
        } catch {
            return .failure(ArchiveError(file: path, message: "\(error)"))
        }
    }

    /// Decodes bytes already read, e.g. by a fuzz target or a test: the fast path when it is sure of the input,
    /// else the general path (whose errors are the reference).
    public func decode(_ rawBytes: [UInt8], source: ArchiveSource) throws -> Archive {
        let bytes = try ArchiveLoader.normalizeEncoding(rawBytes, file: source.path)
        do {
            return try decodeFast(bytes, source: source)
        } catch let refused as FastHierarchyReader.OverLimit {
            throw refused.error
        } catch {
            // Declined (or an error the general path words as the reference): read again below.
        }
        return try decodeGeneral(bytes, source: source)
    }

    /// The fast path alone (for the differential test): throws when it declines.
    public func decodeFast(_ bytes: [UInt8], source: ArchiveSource) throws -> Archive {
        var reader = FastHierarchyReader(bytes: bytes, limits: limits, file: source.path)
        var (top, hierarchy) = try reader.read()
        defer { JSONValue.release(&top) }
        return try ArchiveDecoder(file: source.path, limits: limits).decode(top, source: source, hierarchy: hierarchy)
    }

    /// The general path alone: parse to a JSON value, then decode with paths in every error.
    public func decodeGeneral(_ rawBytes: [UInt8], source: ArchiveSource) throws -> Archive {
        let bytes = try ArchiveLoader.normalizeEncoding(rawBytes, file: source.path)
        var json: JSONValue
        do {
            // Each element level costs two JSON levels (the element object and its children array).
            json = try JSONParser.parse(bytes, maxDepth: limits.maxDepth * 2 + 8)
        } catch let e as JSONParser.SyntaxError {
            let message =
                e.message.hasPrefix("nesting deeper")
                ? "nesting deeper than the limit of \(limits.maxDepth) elements (raise it with \(LoadLimits.Variable.depth.rawValue))"
                : "not valid JSON: \(e.message)"
            throw ArchiveError(file: source.path, place: "line \(e.line), column \(e.column)", message: message)
        }
        defer { JSONValue.release(&json) }
        return try ArchiveDecoder(file: source.path, limits: limits).decode(json, source: source)
    }

    /// Reads the bytes behind a path and describes where they came from. Only regular files are read, and
    /// every read, standard input's included, stops at the size limit.
    public func read(_ path: String) throws -> ([UInt8], ArchiveSource) {
        let variable = LoadLimits.Variable.fileMiB.rawValue
        if path == "-" {
            let bytes = try FileAccess.readStandardInput(limit: limits.maxFileBytes, limitVariable: variable)
            return (bytes, ArchiveSource(path: "<stdin>", folder: nil))
        }
        return try read(file: try ArchiveLoader.file(at: path))
    }

    /// `read` of the file a path was found to name (`file(at:)`).
    func read(file: String) throws -> ([UInt8], ArchiveSource) {
        let bytes = try FileAccess.readRegularFile(file, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        let folder = (file as NSString).deletingLastPathComponent
        var source = ArchiveSource(path: file, folder: folder.isEmpty ? "." : folder)
        source.absolutePath = FileAccess.absolute(file)
        return (bytes, source)
    }

    /// The file a path names: itself, or a folder's `archive.json`.
    static func file(at path: String) throws -> String {
        try resolve(path).file
    }

    /// `file(at:)` and that file's size when it is a regular file (nil for anything else), from one `stat`.
    static func resolve(_ path: String) throws -> (file: String, size: Int?) {
        guard let st = FileAccess.status(path) else { throw ArchiveError(file: path, message: "no such file or folder") }
        switch FileAccess.kind(st.st_mode) {
        case .missing: throw ArchiveError(file: path, message: "no such file or folder")
        case .directory:
            let file = (path as NSString).appendingPathComponent("archive.json")
            guard let inner = FileAccess.status(file) else {
                throw ArchiveError(file: path, message: "folder has no archive.json (an archive folder holds archive.json beside its attachments)")
            }
            return (file, FileAccess.kind(inner.st_mode) == .regular ? Int(inner.st_size) : nil)
        case .regular: return (path, Int(st.st_size))
        case .special: return (path, nil)
        }
    }

    /// Bytes read ahead per element of the limit before a file much larger than that is read whole: real
    /// archives take 110 to 200 bytes an element, so a file over the limit has usually passed it by then.
    static let prefixBytesPerElement = 256

    /// The element limit's refusal of an archive file far larger than the limit can fill, found in the file's
    /// first bytes: refusing a file over the limit costs the limit, not the file (the fast path stops at the
    /// first element over it, but reading a file of a million elements whole to refuse it at ten thousand cost
    /// more than the parsing). The fast path reads bytes in order and stops at the element over the limit, so
    /// what it refuses in the file's first bytes it refuses, in the same words and place, in all of them; any
    /// other outcome (the prefix ends first, the path declines, the file is not a plain UTF-8 archive) is nil,
    /// and the file is read whole as before. Never taken at the default limits: their prefix is as large as
    /// the largest file read.
    func overLimitFromPrefix(_ path: String) -> ArchiveError? {
        guard path != "-", let (file, size) = try? ArchiveLoader.resolve(path), let size else { return nil }
        return overLimitFromPrefix(file, size: size)
    }

    /// The same, of the regular file `file(at:)` found and its size.
    func overLimitFromPrefix(_ file: String, size: Int) -> ArchiveError? {
        let (count, overflow) = limits.maxElements.multipliedReportingOverflow(by: ArchiveLoader.prefixBytesPerElement)
        guard !overflow, count < limits.maxFileBytes, size <= limits.maxFileBytes, size > count,
            let prefix = try? FileAccess.readPrefix(file, count: count), prefix.count == count
        else { return nil }
        guard ForeignFile.kind(of: Array(prefix.prefix(262))) == nil, !(prefix[0] == 0xFF && prefix[1] == 0xFE),
            !(prefix[0] == 0xFE && prefix[1] == 0xFF),
            DumpImporter.looksLikeArchive(prefix)
        else { return nil }
        do {
            _ = try decodeFast(prefix, source: ArchiveSource(path: file, folder: nil))
        } catch let refused as FastHierarchyReader.OverLimit {
            return refused.error
        } catch {}
        return nil
    }

    /// UTF-16 with a byte order mark is converted to UTF-8; a UTF-8 BOM is left for the parser to skip.
    static func normalizeEncoding(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        let utf16: String.Encoding?
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): utf16 = .utf16LittleEndian
        case (0xFE, 0xFF): utf16 = .utf16BigEndian
        default: utf16 = nil
        }
        guard let encoding = utf16 else { return bytes }
        guard let text = String(data: Data(bytes.dropFirst(2)), encoding: encoding) else {
            throw ArchiveError(file: file, message: "starts with a UTF-16 byte order mark but is not valid UTF-16")
        }
        return Array(text.utf8)
    }
}
