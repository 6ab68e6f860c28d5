import Foundation
import PseudoscopeCore

/// Says whether an attachment exists, without ever opening a path that leaves the archive's folder.
enum AttachmentCheck {
    static func status(_ path: String, folder: String?) -> String {
        switch AttachmentPath.resolve(path, folder: folder) {
        case .success: return "present"
        case .failure(let r): return r.reason
        }
    }
}
