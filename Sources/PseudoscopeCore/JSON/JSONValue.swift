/// A parsed JSON document, kept in document order so that output (test data, unknown keys) stays stable.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, with its literal when a Double cannot hold all of its digits (a nanosecond timestamp), so
    /// that it is shown as the archive wrote it.
    case number(Double, literal: String? = nil)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type name used in error messages ("expected a number, found a string").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object as an ordered list of members. Lookups are linear: archive objects have a dozen keys.
public struct JSONObject: Equatable, Sendable {
    public var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of `key`; with duplicate keys the last one wins, as in JSONDecoder.
    public subscript(key: String) -> JSONValue? {
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.members.count == b.members.count else { return false }
        for (x, y) in zip(a.members, b.members) where x.key != y.key || x.value != y.value {
            return false
        }
        return true
    }
}

extension JSONValue {
    /// The number as text: its literal when kept, else exactly (`NumberText.exact`).
    public static func numberText(_ d: Double, _ literal: String?) -> String {
        literal ?? NumberText.exact(d)
    }

    /// Frees a document without recursion. Letting a deeply nested value go out of scope frees it recursively,
    /// one stack frame per level, which overflows the stack for a 100,000-level document; this moves each
    /// level's children onto a heap stack before freeing their parent.
    public static func release(_ value: inout JSONValue) {
        var pending: [JSONValue] = [value]
        value = .null
        release(pending: &pending)
    }

    /// Frees every value in `pending` (emptying it) without recursion.
    public static func release(pending: inout [JSONValue]) {
        while var v = pending.popLast() {
            switch v {
            case .array(let items):
                v = .null  // `items` now holds the only reference to the buffer
                pending.append(contentsOf: items)
            case .object(let o):
                v = .null
                for m in o.members { pending.append(m.value) }
            default:
                break
            }
        }
    }
}
