import Foundation

/// Says whether an attachment exists, without ever opening a path that leaves the archive's folder.
enum AttachmentCheck {
    static func status(_ path: String, folder: String?) -> String {
        guard let folder = folder else { return "archive read from standard input: not checked" }
        if path.hasPrefix("/") { return "refused: absolute path" }
        if path.split(separator: "/").contains("..") { return "refused: leaves the archive's folder" }
        let full = (folder as NSString).appendingPathComponent(path)
        let base = (folder as NSString).resolvingSymlinksInPath
        let resolved = (full as NSString).resolvingSymlinksInPath
        if resolved != base && !resolved.hasPrefix(base + "/") { return "refused: a link that leaves the archive's folder" }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir) else { return "missing" }
        return isDir.boolValue ? "present, folder" : "present"
    }
}
