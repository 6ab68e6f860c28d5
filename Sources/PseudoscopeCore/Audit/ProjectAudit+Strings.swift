/// The string tables an app target copies, judged as the built app's would be: Xcode copies every
/// `X/fr.lproj/Localizable.strings` of a target to `App.app/fr.lproj/Localizable.strings`, so the project's tables
/// are laid out the same way and handed to the app audit's `StringTables`, and each finding names the file in the
/// project again.
extension ProjectJudge {
    mutating func stringTables() {
        let scope = FileAccess.realPath(project.folder) ?? project.folder
        // Targets that copy the same table (an app and its extensions) share its findings: one finding, every target named.
        var judged: [(finding: AuditFinding, message: String, targets: [String])] = []
        for target in project.targets where target.isApp {
            var files = ProductFiles(source: given)
            /// The laid-out path of each table, and the file it was read from (relative to where `audit` runs).
            var origin: [String: String] = [:]
            for resource in target.resources {
                let parts = resource.split(separator: "/").map(String.init)
                guard let name = parts.last, name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings")
                else { continue }
                let laidOut: String
                if name.hasSuffix(".xcstrings") {
                    laidOut = name
                } else if parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") {
                    laidOut = parts[parts.count - 2] + "/" + name
                } else {
                    continue
                }
                let path = XcodeProject.join(project.folder, resource)
                guard origin[laidOut] == nil else {
                    note("\(path): target \(target.name) copies a second \(laidOut); only the first was judged")
                    continue
                }
                if let real = FileAccess.realPath(path), !FileAccess.isInside(real, scope) {
                    note("\(path): outside the project's folder; not read (audit the folder that holds both)")
                    continue
                }
                do {
                    files.contents[laidOut] = try FileAccess.readRegularFile(
                        path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
                    origin[laidOut] = path
                    files.entries.append(ProductFiles.Entry(path: laidOut, size: files.contents[laidOut]!.count, kind: .file))
                } catch let e as ArchiveError {
                    note(e.description)
                } catch {}
            }
            guard !origin.isEmpty else { continue }
            // The locale folders the built app will have, as the app audit tells `en` from `en-US` by them.
            for folder in Set(origin.keys.compactMap { $0.contains("/") ? String($0.split(separator: "/")[0]) : nil }).sorted() {
                files.entries.append(ProductFiles.Entry(path: folder, size: 0, kind: .folder))
            }
            let info = PlistNode.dictionary(["CFBundleDevelopmentRegion": .string(project.developmentRegion ?? "en")])
            var tables = StringTables(files: files, app: AppAudit.App(root: "", info: info), product: given)
            tables.judge()
            // A table's own path in a message: the one in the project, not where the built app would keep it.
            for u in tables.notAudited {
                let laidOut = origin.keys.sorted().first { u.hasPrefix($0 + ":") }
                note(laidOut.map { origin[$0]! + u.dropFirst($0.count) } ?? u)
            }
            for var f in tables.findings {
                // A table's finding names its file; a locale's (`fr.lproj`) names the folder of that locale's first table.
                if let path = origin[f.file] {
                    f.file = path
                } else if let table = origin.keys.sorted().first(where: { $0.hasPrefix(f.file + "/") }), let path = origin[table] {
                    f.file = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                } else if let catalog = origin.keys.sorted().first(where: { $0.hasSuffix(".xcstrings") }), let path = origin[catalog] {
                    // A locale the project keeps only in a String Catalog: the catalog is where it is.
                    f.file = path
                }
                // The same evidence about the same file is one finding, though the totals around it differ by target.
                if let k = judged.firstIndex(where: { j in
                    j.finding.rule == f.rule && j.finding.severity == f.severity && j.finding.file == f.file && j.finding.details == f.details
                }) {
                    judged[k].targets.append(target.name)
                } else {
                    judged.append((f, f.message, [target.name]))
                }
            }
        }
        for var j in judged {
            j.finding.message = "target\(j.targets.count == 1 ? "" : "s") \(j.targets.joined(separator: ", ")): " + j.message
            findings.append(j.finding)
        }
    }

    /// Says a part could not be judged, once: targets that copy the same table meet the same problem.
    mutating func note(_ why: String) {
        if !notAudited.contains(why) { notAudited.append(why) }
    }
}
