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

    public var question: String {
        switch step {
        case .reason: return "Known issue, why? "
        case .owner: return "Owner? "
        case .expires: return "Known until (YYYY-MM-DD, Enter for 30 days)? "
        }
    }
}
