import PseudoscopeCore
import PseudoscopeImage

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

extension InspectorState {
    /// Applies messages in order, dropping their effects (tests of one screen).
    mutating func send(_ messages: InspectorMessage...) {
        for m in messages { _ = update(m) }
    }

    mutating func type(_ text: String) {
        for c in text { _ = update(.searchInput(String(c))) }
    }
}

extension RunSetState {
    mutating func send(_ messages: RunSetMessage...) {
        for m in messages { _ = update(m) }
    }
}

extension ComparisonState {
    mutating func send(_ messages: ComparisonMessage...) {
        for m in messages { _ = update(m) }
    }
}
