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

    /// Where `f` and `F` stop: every element with a finding and every proposal, in tree order.
    var findingStops: [Int] {
        let extra = proposals.map(\.element).filter { index.byElement[$0] == nil }
        return extra.isEmpty ? index.elements : Array(Set(index.elements + extra)).sorted()
    }

    /// The status line on a stop that is a proposal and has no finding of its own.
    func proposalMessage(at element: Int) -> String? {
        guard index.byElement[element] == nil, let p = proposals.first(where: { $0.element == element }) else { return nil }
        return "\(p.tag) " + TerminalText.sanitize(p.description)
    }
}
