/// The one way a message names an element, in every finding, hint, note, ticket and status line: its type and
/// identifier (`Button 'checkout.confirm'`), else its type and the text it shows (`StaticText "Dark Mode"`), else
/// its type and frame (`Button at {16, 890, 361×50}`, so that two unnamed buttons can be told apart), else its type.
/// Written through `MessageBytes` (`put(elementNamed:…)`), which long messages on large screens write it with too.
public enum ElementName {
    public static func of(type: String, identifier: String, text: String, frame: Rect?) -> String {
        let capacity = MessageBytes.nameCapacity(type: type, identifier: identifier, text: text, hasFrame: frame != nil)
        return MessageBytes.string(capacity: capacity) { $0.put(elementNamed: type, identifier: identifier, text: text, frame: frame) }
    }

    /// The element a failure names, in the same words: its type when the producer recorded one, else "element".
    public static func of(_ failure: Failure) -> String {
        of(
            type: failure.elementType ?? "element", identifier: failure.identifier, text: failure.label,
            frame: failure.frame.isEmpty ? nil : failure.frame)
    }
}
