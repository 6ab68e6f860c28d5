import PseudoscopeCore
import PseudoscopeDrawing

/// The failure's query in the inspector: the elements its answer proposes (the candidates when nothing matched, the
/// matches when several did) are tagged on the wireframe and the picture, and `f` stops on them after the findings.
extension InspectorState {
    var proposals: [QueryAnswer.Proposal] {
        (verdict.answer?.proposals ?? []).filter { $0.element < archive.hierarchy.count }
    }

    /// `?1`, `?2`… by element, for the drawings.
    var proposalTags: [Int: String] {
        var tags: [Int: String] = [:]
        for p in proposals where tags[p.element] == nil { tags[p.element] = p.tag }
        return tags
    }

    /// Where `f` and `F` stop: every element with a finding (only those with a new one, opened from the list
    /// filtered to new findings) and every proposal, in tree order.
    var findingStops: [Int] {
        let found = onlyNewFindings ? newFindingElements : index.elements
        let extra = proposals.map(\.element).filter { index.byElement[$0] == nil }
        return extra.isEmpty ? found : Array(Set(found + extra)).sorted()
    }

    /// The elements with a finding new since `--since`, in tree order.
    var newFindingElements: [Int] {
        index.elements.filter { index.byElement[$0]?.contains { $0.novelty == .new } == true }
    }

    /// `finding 2 of 8, run 3 of 42` (`new finding …` when only new ones are stepped through), for a stop in the
    /// night's queue; nil outside it.
    func queueMessage(at element: Int) -> String? {
        guard let q = queue else { return nil }
        let stops = onlyNewFindings ? newFindingElements : index.elements
        guard let k = stops.firstIndex(of: element) else { return nil }
        return "\(onlyNewFindings ? "new finding" : "finding") \(k + 1) of \(stops.count), run \(q.run) of \(q.of)"
    }

    /// The status line on a stop that is a proposal and has no finding of its own.
    func proposalMessage(at element: Int) -> String? {
        guard index.byElement[element] == nil, let p = proposals.first(where: { $0.element == element }) else { return nil }
        return "\(p.tag) " + TerminalText.sanitize(p.description)
    }
}
