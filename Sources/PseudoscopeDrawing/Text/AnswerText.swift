import PseudoscopeCore

/// A failure's query and its answer as `info` lines (`QueryAnswer.parts`), which the inspector's details show too.
public enum AnswerText {
    /// The parts as `info` lines: `Looked for  …`, then each other part under it.
    public static func infoLines(_ a: QueryAnswer) -> [String] {
        a.parts.map { part in
            part.label == "looked for" ? "Looked for  \(part.text)" : "  " + part.label.padded(to: 10) + part.text
        }
    }
}
