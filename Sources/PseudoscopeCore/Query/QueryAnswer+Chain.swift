/// The failure's query asked of the recorded tree the way XCUITest asks it: each step of the chain narrows the
/// elements the step before left (descendants or children of a type, a predicate, an index, the first match), then
/// the key or the described element the message names. The first step that leaves nothing is the step that fails.
extension QueryAnswer {
    /// One filter of the evaluation: a printed step, or what the message names beside its chain.
    enum Filter {
        case descendants(String?), children(String?), predicate(Predicate), index(Int), first
        /// `"Save" Button`: an identifier, label or title, and the type.
        case key(String, type: String?)
        /// The element a message describes, by its type, identifier and label.
        case described(FailureQuery.Described)
        case type(String)
    }

    /// What evaluating the chain gave: the matches, how many each step left, and why it could not be evaluated.
    struct Evaluation {
        var matches: [Int] = []
        /// Per filter, its words and how many elements were left after it.
        var left: [StepCount] = []
        /// The predicate this reader does not evaluate, when one stopped it.
        var unevaluated: String?
    }

    static func filters(_ q: FailureQuery) -> [(Filter, String)] {
        var out: [(Filter, String)] = []
        for s in q.steps {
            switch s.kind {
            case .descendants: out.append((.descendants(s.type), s.text))
            case .children: out.append((.children(s.type), s.text))
            case .predicate: if let p = s.predicate { out.append((.predicate(p), s.text)) }
            case .index: out.append((.index(s.index ?? 0), s.text))
            case .firstMatch: out.append((.first, s.text))
            }
        }
        let chainType = q.steps.last { $0.type != nil }?.type
        if let k = q.key {
            out.append((.key(k, type: q.keyType), "\"\(k)\"" + (q.keyType.map { " \($0)" } ?? "")))
        } else if let t = q.keyType, chainType == nil {
            out.append((.type(t), t))
        }
        if let d = q.described { out.append((.described(d), d.type)) }
        if let l = q.locator, l.using == "accessibility id" || l.using == "id" || l.using == "name" {
            out.append((.key(l.value, type: nil), "\(l.using) '\(l.value)'"))
        }
        return out
    }

    /// The chain over the tree, linear in the tree per step.
    static func evaluate(_ q: FailureQuery, in h: Hierarchy) -> Evaluation {
        var e = Evaluation()
        let steps = filters(q)
        // A chain of types alone with nothing typed (`Descendants matching type Any`) asks for nothing in particular.
        guard !steps.isEmpty, h.count > 0 else { return e }
        var set: [Int]
        if case .descendants = steps[0].0 { set = [0] } else { set = Array(h.indices.dropFirst()) }
        for (filter, words) in steps {
            switch filter {
            case .descendants(let t): set = descendants(of: set, in: h).filter { t == nil || h[$0].type == t }
            case .children(let t):
                let members = Set(set)
                set = h.indices.filter { i in h[i].parent.map(members.contains) == true && (t == nil || h[i].type == t) }
            case .predicate(let p):
                guard !p.isOpaque else {
                    e.unevaluated = p.text
                    e.left.append(StepCount(step: words, count: -1))
                    return e
                }
                set = set.filter { p.matches(h[$0]) == true }
            case .index(let n): set = n < set.count ? [set[n]] : []
            case .first: set = Array(set.prefix(1))
            case .key(let k, let t):
                set = set.filter { i in (t == nil || h[i].type == t) && (h[i].identifier == k || h[i].label == k || h[i].title == k) }
            case .described(let d):
                set = set.filter { i in
                    h[i].type == d.type && (d.identifier.map { h[i].identifier == $0 } ?? true) && (d.label.map { h[i].label == $0 } ?? true)
                        && (d.identifier != nil || d.label != nil)
                }
            case .type(let t): set = set.filter { h[$0].type == t }
            }
            e.left.append(StepCount(step: words, count: set.count))
        }
        e.matches = set
        return e
    }

    /// Every element below any member of `set`, in tree order: one pass, pre-order making each subtree a run.
    static func descendants(of set: [Int], in h: Hierarchy) -> [Int] {
        var members = [Bool](repeating: false, count: h.count)
        for i in set { members[i] = true }
        var out: [Int] = []
        var within: Int?
        for i in h.indices {
            let d = h[i].depth
            if let w = within, d <= w { within = nil }
            if within != nil { out.append(i) }
            if within == nil, members[i] { within = d }
        }
        return out
    }

    /// The step that leaves nothing, when it is not the last: `Descendants matching type ScrollView` on a screen
    /// without one.
    public var failingStep: String? {
        guard matches.isEmpty, let k = stepsLeft.firstIndex(where: { $0.count == 0 }), k < stepsLeft.count - 1 else { return nil }
        return stepsLeft[k].step
    }
}
