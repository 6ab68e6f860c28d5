/// A failure's query answered against the run's hierarchy (`FailureQuery`): the elements it matches and, when it
/// matches none, the nearest candidates ranked by what a person would try first, each with why it was proposed.
/// Part of a run's verdict: every report and view shows this one answer.
public struct QueryAnswer: Equatable, Sendable {
    public var query: FailureQuery
    /// The elements the query matches, in tree order.
    public var matches: [Int]
    /// An element the answer names, as every message names it, with its path: the hierarchy is not kept with a
    /// night's summaries, and a report names it from here.
    public struct Named: Equatable, Sendable {
        public var element: Int
        /// `Button 'checkout.confirm'` (`ElementName`).
        public var reference: String
        /// `Window/Other/Button[2]`.
        public var path: String
        public var frame: Rect

        init(_ i: Int, in h: Hierarchy) {
            element = i
            let e = h[i]
            reference = ElementName.of(type: e.type, identifier: e.identifier, text: e.label.isEmpty ? e.title : e.label, frame: e.frame)
            path = h.shortPathDescription(i)
            frame = e.frame
        }
    }
    public struct Candidate: Equatable, Sendable {
        public var named: Named
        /// `the same identifier in another case`, `the same label`, `a Button on the same spot`…
        public var why: String
        /// Lower is nearer.
        var rank: Int
        public var element: Int { named.element }
    }
    /// The matches, named.
    public var matched: [Named]
    public var candidates: [Candidate]
    /// A container the chain goes through that the screen does not have (`NavigationBar`): said, since no
    /// element under it can be found.
    public var absentContainers: [String]
    /// Why the tree may lack the element even though it is not in it (a tree cut at a snapshot depth, a partial
    /// snapshot, a flat list): a missing element is then not called absent.
    public var treeMayBeIncomplete: String?
    /// False when the run recorded no hierarchy: there was nothing to look in.
    public var treeRecorded = true
    /// The type asked for, when the tree holds no element of it at all.
    public var typeAbsent: String?
    /// Each step of the chain and how many elements of the tree it left (-1: not evaluated).
    public var stepsLeft: [StepCount]
    public struct StepCount: Equatable, Sendable {
        public var step: String
        public var count: Int
    }
    /// A predicate Pseudoscope does not evaluate (`wdUID IN {…}`, an `OR`), when one stopped the chain.
    public var unevaluated: String?
    /// When XCUITest's own list of what it searched and the tree disagree (it searched 8 Buttons, the tree has
    /// none): the hierarchy shows another moment than the failure.
    public var otherMoment: String?
    /// Entries of XCUITest's list that are like the element asked for but not in the recorded tree, with why.
    public var seen: [String] = []

    /// At most this many candidates are proposed.
    static let maxCandidates = 5

    public init(_ query: FailureQuery, in h: Hierarchy, incomplete: String? = nil, frame: Rect? = nil, strings: StringCatalog? = nil) {
        self.query = query
        treeMayBeIncomplete = incomplete
        absentContainers = query.containers.filter { c in !h.elements.contains { $0.type == c } }
        typeAbsent = query.type.flatMap { t in h.elements.contains { $0.type == t } ? nil : t }
        let asksSomething =
            query.type != nil || query.identifier != nil || query.label != nil || query.key != nil
            || query.steps.contains { $0.predicate != nil }
        let evaluation = asksSomething ? QueryAnswer.evaluate(query, in: h) : Evaluation()
        matches = evaluation.matches
        stepsLeft = evaluation.left
        unevaluated = evaluation.unevaluated
        candidates = []
        matched = matches.prefix(QueryAnswer.maxCandidates * 4).map { Named($0, in: h) }
        let listed = QueryAnswer.listedEntries(query)
        otherMoment = QueryAnswer.otherMoment(listed, in: h)
        if matches.isEmpty {
            let found = QueryAnswer.candidates(for: query, listed: listed, in: h, frame: frame ?? query.described?.frame, strings: strings)
            candidates = found.candidates
            seen = found.seen
        }
    }
}
