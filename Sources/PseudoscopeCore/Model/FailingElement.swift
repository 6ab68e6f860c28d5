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
        let frameMatches =
            !f.frame.isEmpty && abs(e.frame.x - f.frame.x) <= t && abs(e.frame.y - f.frame.y) <= t
            && abs(e.frame.width - f.frame.width) <= t && abs(e.frame.height - f.frame.height) <= t
        let labelMatches = !f.label.isEmpty && e.label == f.label
        guard frameMatches || labelMatches else { return 0 }
        if let type = f.elementType, !type.isEmpty, type != e.type { return 0 }
        return (frameMatches ? 4 : 0) + (labelMatches ? 2 : 0) + (f.elementType == e.type ? 1 : 0)
    }

    /// The one element a failure message names in its own words, when the failure recorded none: an identifier's
    /// words (`BackButton` is "back button") or a label with its type ("Back" Button is "back button"), two words
    /// at least, or an identifier as written (`checkout.confirm`). Nothing when no element, or more than one, is
    /// named that way: a guess would point at the wrong control.
    static func namedInProse(_ message: String, in h: Hierarchy) -> (index: Int, words: String)? {
        let text = words(message)
        guard !text.isEmpty else { return nil }
        var found: [(index: Int, words: [String], exact: Bool)] = []
        for i in h.indices where h[i].type != "Application" && h[i].type != "Window" {
            let e = h[i]
            var phrases: [([String], Bool)] = []
            if !e.identifier.isEmpty {
                phrases.append((words(e.identifier), false))
                if e.identifier.contains(where: { $0 == "." || $0 == "_" }), message.contains(e.identifier) { phrases.append(([e.identifier], true)) }
            }
            if !e.label.isEmpty { phrases.append((words(e.label) + words(e.type), false)) }
            for (p, exact) in phrases where exact || (p.count >= 2 && contains(text, p)) {
                found.append((i, p, exact))
            }
        }
        // The longest phrase wins; it must name one element.
        guard let longest = found.map({ $0.exact ? Int.max : $0.words.count }).max() else { return nil }
        let best = Set(found.filter { ($0.exact ? Int.max : $0.words.count) == longest }.map(\.index))
        guard best.count == 1, let i = best.first, let hit = found.first(where: { $0.index == i }) else { return nil }
        return (i, hit.words.joined(separator: " "))
    }

    /// Lowercased words: letters and digits, split at case changes (`BackButton`), dots, underscores and spaces.
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var current = ""
        var previousLower = false
        for c in s {
            if c.isLetter || c.isNumber {
                if c.isUppercase, previousLower, !current.isEmpty { out.append(current); current = "" }
                current.append(Character(c.lowercased()))
                previousLower = c.isLowercase || c.isNumber
            } else {
                if !current.isEmpty { out.append(current); current = "" }
                previousLower = false
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    static func contains(_ text: [String], _ phrase: [String]) -> Bool {
        guard phrase.count <= text.count else { return false }
        for k in 0...(text.count - phrase.count) where Array(text[k..<(k + phrase.count)]) == phrase { return true }
        return false
    }
}
