import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// The three questions `b` asks before it records known issues: why, who owns it, until when.
public struct BaselinePrompt: Equatable, Sendable {
    public enum Step: Int, Sendable { case reason, owner, expires }
    public var step: Step = .reason
    public var reason = ""
    public var owner = ""
    /// What is being typed for the current step.
    public var text = ""
    /// What was wrong with the last answer, and what is expected: said in the prompt itself (the status line is
    /// the prompt while it asks, so a message beside it would not be seen).
    public var problem: String?
    /// An expiry in the past, typed once: Enter on the same date again records it (an entry expired on arrival).
    public var pastDay: CalendarDay?

    public var question: String {
        (problem.map { $0 + " " } ?? "") + plainQuestion
    }

    var plainQuestion: String {
        switch step {
        case .reason: return "Known issue, why? "
        case .owner: return "Owner? "
        case .expires: return "Known until (YYYY-MM-DD, Enter for 30 days)? "
        }
    }
}
