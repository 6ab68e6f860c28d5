import Foundation

/// A localized string a run showed, as Xcode's localization screenshots record it (the
/// `kXCTAttachmentLocalizableStringsData` attachment of a result bundle: an XML property list of the strings on
/// screen with their key, table, bundle and frame). It says which text was localized, and by which key, where no
/// `--strings` tables are given.
public struct ShownString: Equatable, Sendable {
    public var key: String
    public var table: String
    public var bundleID: String
    public var frame: Rect

    public init(key: String, table: String, bundleID: String, frame: Rect) {
        self.key = key
        self.table = table
        self.bundleID = bundleID
        self.frame = frame
    }

    /// The attachment's entries; entries without a frame or key are skipped, anything else is refused.
    public static func parse(_ bytes: [UInt8], file: String) throws -> [ShownString] {
        let node: PlistNode
        do { node = try PlistNode.read(bytes) } catch let f as PlistNode.Failure {
            throw ArchiveError(file: file, message: "is not a list of shown strings (a localization attachment): \(f.message)")
        }
        guard case .array(let list) = node, list.allSatisfy({ if case .dictionary = $0 { return true } else { return false } }) else {
            throw ArchiveError(file: file, message: "is not a list of shown strings (a localization attachment)")
        }
        return list.compactMap { entry in
            let d = entry.strings
            guard let key = d["stringKey"], let f = d["frame"].flatMap(rect) else { return nil }
            return ShownString(key: key, table: d["tableName"] ?? "Localizable", bundleID: d["bundleID"] ?? "", frame: f)
        }
    }

    /// The attachment's name in a result bundle.
    public static let attachmentName = "kXCTAttachmentLocalizableStringsData"

    /// An imported run folder keeps the record as a file beside archive.json: the last one, as the bundle's.
    /// One that does not read (or leaves the folder) is left out: it only adds the key of each text.
    static func fromFiles(_ archive: Archive, limits: LoadLimits) -> [ShownString] {
        guard let record = archive.attachments.last(where: { $0.name == attachmentName }), case .file(let name) = record.location,
            case .success(let path) = AttachmentPath.resolve(name, folder: archive.source.folder),
            let bytes = try? FileAccess.readRegularFile(path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        else { return [] }
        return (try? parse(bytes, file: path)) ?? []
    }

    /// `{{11, 518.26}, {28.57, 10.74}}`.
    static func rect(_ s: String) -> Rect? {
        let n = s.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
        guard n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        return Rect(x: n[0], y: n[1], width: max(0, n[2]), height: max(0, n[3]))
    }
}
