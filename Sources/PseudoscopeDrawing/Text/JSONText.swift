import PseudoscopeCore

/// Compact JSON text for showing test data values.
public enum JSONText {
    /// At most `limit` characters (then `…`). Writing stops as soon as the budget is spent, so a value of any
    /// size costs only what is shown: a 300 KB array formats in the time of its first `limit` characters.
    public static func compact(_ v: JSONValue, limit: Int) -> String {
        var out = Budgeted(limit: limit)
        // An explicit stack of what is left to write: deep values cannot overflow the call stack either.
        enum Item { case value(JSONValue), text(String) }
        var stack: [Item] = [.value(v)]
        while let item = stack.popLast(), !out.isFull {
            switch item {
            case .text(let t): out.append(t)
            case .value(.null): out.append("null")
            case .value(.bool(let b)): out.append(b ? "true" : "false")
            case .value(.number(let d, let literal)): out.append(JSONValue.numberText(d, literal))
            case .value(.string(let s)): out.append("\""); out.append(s); out.append("\"")
            case .value(.array(let a)):
                out.append("[")
                stack.append(.text("]"))
                // Only as many elements as could still be shown are queued.
                for (k, x) in a.prefix(out.remaining).enumerated().reversed() {
                    stack.append(.value(x))
                    if k > 0 { stack.append(.text(", ")) }
                }
            case .value(.object(let o)):
                out.append("{")
                stack.append(.text("}"))
                for (k, m) in o.members.prefix(out.remaining).enumerated().reversed() {
                    stack.append(.value(m.value))
                    stack.append(.text("\"\(m.key)\": "))
                    if k > 0 { stack.append(.text(", ")) }
                }
            }
        }
        return out.text
    }

    /// Text that stops growing at its limit and ends in `…` when something was left out.
    struct Budgeted {
        let limit: Int
        private(set) var text = ""
        private(set) var count = 0
        private(set) var isFull = false

        init(limit: Int) { self.limit = limit }

        var remaining: Int { max(0, limit - count) + 1 }

        mutating func append(_ s: String) {
            guard !isFull else { return }
            for c in s {
                if count == limit {
                    text += "…"
                    isFull = true
                    return
                }
                text.append(c)
                count += 1
            }
        }
    }
}
