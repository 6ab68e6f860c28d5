/// `pseudoscope audit PATH...`: finds the products and projects in what was given and audits each once; the
/// `AuditVerdict` it answers is what every report renders.
public enum Auditor {
    /// One thing to audit and what it is.
    struct Target: Equatable {
        var path: String
        var kind: AuditedProduct.Kind
    }

    public static func audit(_ paths: [String], limits: LoadLimits = .default) -> AuditVerdict {
        var products: [AuditedProduct] = []
        for given in paths {
            // `Shop.app/` as a shell completes it names the same product as `Shop.app`.
            var path = given
            while path.count > 1, path.hasSuffix("/") { path.removeLast() }
            let (targets, skipped) = self.targets(path)
            if !skipped.isEmpty {
                products.append(AuditedProduct(path: path, kind: .folder, summary: "searched for products and projects", notAudited: skipped))
            }
            if targets.isEmpty {
                products.append(
                    AuditedProduct(
                        path: path, kind: .app, summary: "",
                        unreadable: FileAccess.kind(path) == .missing
                            ? "no such file or folder"
                            : "holds no .app, .ipa, .xcarchive or .xcodeproj to audit"))
            }
            for t in targets {
                var p = audit(t, limits: limits)
                // A zip found in a folder that holds no app (zipped dSYMs, logs) was read and is no product: said,
                // not an unreadable input. A zip given by name must be a product.
                if t.kind == .zip, t.path != path, p.unreadable?.hasPrefix("holds no .app") == true {
                    p.unreadable = nil
                    p.summary = "holds no .app: not a product, nothing to audit"
                }
                products.append(p)
            }
        }
        return AuditVerdict(products: products)
    }

    static func audit(_ t: Target, limits: LoadLimits) -> AuditedProduct {
        if t.kind == .project { return ProjectAudit.audit(t.path, limits: limits) }
        do {
            return AppAudit.audit(try ProductFiles.read(t.path, limits: ProductFiles.Limits(limits)), kind: t.kind)
        } catch let e as ArchiveError {
            return AuditedProduct(path: t.path, kind: t.kind, summary: "", unreadable: e.located)
        } catch {
            return AuditedProduct(path: t.path, kind: t.kind, summary: "", unreadable: "\(error)")
        }
    }

    /// How deep a folder given is searched for products, and how many of its folders.
    static let maxFolderDepth = 16
    static let maxFolders = 100_000

    /// What `path` holds to audit: itself when it is a product or project, else the ones in the folder (not
    /// looking inside one found), hidden ones too (`.Leak.app`). Version-control folders (`.git`) hold no product
    /// and are not searched. What is not searched is said: folders deeper than `maxFolderDepth`, and links that
    /// leave the folder (a link inside it is followed, each folder once).
    static func targets(_ path: String) -> (targets: [Target], skipped: [String]) {
        if let kind = kind(of: path) { return ([Target(path: path, kind: kind)], []) }
        guard FileAccess.kind(path) == .directory else { return ([], []) }
        let root = FileAccess.realPath(path) ?? path
        var found: [Target] = [], skipped: [String] = []
        var stack: [(String, Int)] = [(path, 0)]
        var seen: Set<FileAccess.Identity> = []
        while let (folder, depth) = stack.popLast() {
            guard seen.count < maxFolders else {
                skipped.append("\(path): holds more than \(maxFolders) folders; the rest were not searched")
                break
            }
            guard let id = FileAccess.identity(folder), seen.insert(id).inserted, let names = FileAccess.entries(folder) else { continue }
            // A folder described only by XcodeGen or Tuist, with no project generated beside it.
            if !names.contains(where: { $0.hasSuffix(".xcodeproj") }),
                let manifest = names.first(where: { $0 == "project.yml" || $0 == "Project.swift" })
            {
                found.append(Target(path: folder + "/" + manifest, kind: .project))
            }
            for name in names.sorted().reversed() where ![".git", ".svn", ".hg", "project.yml", "Project.swift"].contains(name) {
                let inner = folder + "/" + name
                if let real = FileAccess.realPath(inner), !FileAccess.isInside(real, root) {
                    skipped.append("\(inner): a link that leaves \(path); not followed")
                    continue
                }
                if let kind = kind(of: inner) {
                    found.append(Target(path: inner, kind: kind))
                } else if FileAccess.kind(inner) == .directory {
                    if depth < maxFolderDepth {
                        stack.append((inner, depth + 1))
                    } else {
                        skipped.append("\(inner): deeper than \(maxFolderDepth) folders below \(path); not searched")
                    }
                }
            }
        }
        return (found.sorted { $0.path < $1.path }, skipped.sorted())
    }

    /// What a path is by its name and kind; nil for a folder to search or a file that is none of them.
    static func kind(of path: String) -> AuditedProduct.Kind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch FileAccess.kind(path) {
        case .directory:
            if name.hasSuffix(".app") { return .app }
            if name.hasSuffix(".xcarchive") { return .xcarchive }
            if name.hasSuffix(".xcodeproj") { return .project }
        case .regular:
            if name.hasSuffix(".ipa") { return .ipa }
            if name.hasSuffix(".zip") { return .zip }
            if name == "project.pbxproj" || name == "project.yml" || name == "Project.swift" { return .project }
        default: break
        }
        return nil
    }
}
