import Foundation
import PseudoscopeCore

/// Says whether an attachment exists, without ever opening a path that leaves the archive's folder.
enum AttachmentCheck {
    static func status(_ path: String, folder: String?) -> String {
        guard let folder = folder else { return "archive read from standard input: not checked" }
        if path.hasPrefix("/") { return "refused: absolute path" }
        if path.split(separator: "/").contains("..") { return "refused: leaves the archive's folder" }
        let full = (folder as NSString).appendingPathComponent(path)
        // Links are resolved by the system, relative ones included: only what really lies in the folder counts.
        guard let base = FileAccess.realPath(folder) else { return "missing" }
        guard let resolved = FileAccess.realPath(full) else {
            return (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil ? "missing (a dangling link)" : "missing"
        }
        if !FileAccess.isInside(resolved, base) { return "refused: a link that leaves the archive's folder" }
        switch FileAccess.kind(resolved) {
        case .directory: return "present, folder"
        case .regular: return "present"
        case .special(let what): return "refused: \(what)"
        case .missing: return "missing"
        }
    }
}
