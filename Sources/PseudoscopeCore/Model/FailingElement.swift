/// Finds the failing element of an archive in its hierarchy.
///
/// The identifier decides when it names exactly one element. When it is empty (the unlabeled-control case the
/// gate exists for) or names several, the candidates are scored by what the failure recorded: the frame (the
/// strongest evidence: two controls rarely share one), the label, and the element type when the producer wrote
/// it. The best candidate wins only when it is unambiguous; otherwise nothing is guessed.
enum FailingElement {
    /// Frames within this many points count as the same (producers round differently).
    static let frameTolerance: Double = 0.5

    static func locate(_ failure: Failure, in h: Hierarchy) -> Int? {
        guard h.count > 0 else { return nil }
        let id = failure.identifier
        if !id.isEmpty {
            let named = h.indices.filter { h[$0].identifier == id }
            if named.count == 1 { return named[0] }
            if !named.isEmpty {
                // Several elements share the identifier: the recorded frame or label picks one, else the first.
                return best(among: named, h, failure, minimum: 1) ?? named[0]
            }
            // The identifier is not in the tree (renamed, or the element is gone): only the same frame, and the
            // same label when one was recorded, identify it; anything less would point at the wrong control.
            // Without a frame (a query in a result bundle's message, `"Confirm" Button`, may name the label) the
            // label and the type must both match, and only one element may match them.
            if failure.frame.isEmpty { return best(among: h.indices, h, failure, minimum: 3) }
            return best(among: h.indices, h, failure, minimum: failure.label.isEmpty ? 4 : 6)
        }
        return best(among: h.indices, h, failure, minimum: 1)
    }

    /// The unambiguous best-scoring candidate with at least `minimum` points. Between equal scores a control
    /// wins over a container of the same frame (the gate fails on controls); a remaining tie guesses nothing.
    static func best<C: Collection<Int>>(among candidates: C, _ h: Hierarchy, _ failure: Failure, minimum: Int) -> Int? {
        var best: (score: Int, index: Int)?
        var tie = false
        for i in candidates {
            let points = score(h[i], failure)
            guard points >= minimum else { continue }
            let s = points * 2 + (h[i].isInteractive ? 1 : 0)
            if let b = best, s <= b.score {
                if s == b.score { tie = true }
                continue
            }
            best = (s, i)
            tie = false
        }
        return tie ? nil : best?.index
    }

    /// 4 for the frame, 2 for the label, 1 for the type; 0 when neither frame nor label matches, or the
    /// recorded type differs.
    static func score(_ e: Element, _ f: Failure) -> Int {
        let t = frameTolerance
        let frameMatches = !f.frame.isEmpty && abs(e.frame.x - f.frame.x) <= t && abs(e.frame.y - f.frame.y) <= t
            && abs(e.frame.width - f.frame.width) <= t && abs(e.frame.height - f.frame.height) <= t
        let labelMatches = !f.label.isEmpty && e.label == f.label
        guard frameMatches || labelMatches else { return 0 }
        if let type = f.elementType, !type.isEmpty, type != e.type { return 0 }
        return (frameMatches ? 4 : 0) + (labelMatches ? 2 : 0) + (f.elementType == e.type ? 1 : 0)
    }
}
