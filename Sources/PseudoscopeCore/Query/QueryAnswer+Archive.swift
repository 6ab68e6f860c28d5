extension QueryAnswer {
    /// WebDriverAgent's and Appium's default snapshot depths: a tree that ends at exactly one of them was cut there.
    static let snapshotDepths = [50, 62]

    /// The run's failure read as a query and answered against its tree; nil when the failure names no query.
    public static func of(_ a: Archive, strings: StringCatalog? = nil) -> QueryAnswer? {
        guard let q = FailureQuery.parse(a.failure.message) else { return nil }
        guard a.hierarchyNote == nil else {
            // Nothing to answer it against: the query alone, said so.
            var none = QueryAnswer(q, in: Hierarchy(preorder: []), incomplete: nil, frame: nil)
            none.treeRecorded = false
            none.typeAbsent = nil
            none.absentContainers = []
            return none
        }
        return QueryAnswer(
            q, in: a.hierarchy, incomplete: mayBeIncomplete(a), frame: a.failure.frame.isEmpty ? nil : a.failure.frame, strings: strings)
    }

    /// Why an element missing from the run's tree may still have been on the screen, if it may.
    static func mayBeIncomplete(_ a: Archive) -> String? {
        if let cut = a.imported?.incomplete { return cut }
        switch a.imported?.structure {
        case .flatList?, .queryOutput?: return "the dump holds only a query's list, not the whole tree"
        case .pathOnly?: return "the dump holds only the path to one element"
        case .fragment?: return "the dump is a fragment of the tree"
        default: break
        }
        let levels = (a.hierarchy.elements.map(\.depth).max() ?? 0) + 1
        if snapshotDepths.contains(levels) {
            return
                "the tree ends at exactly \(levels) levels, a default snapshot depth of WebDriverAgent and Appium: deeper elements were not recorded"
        }
        return nil
    }
}
