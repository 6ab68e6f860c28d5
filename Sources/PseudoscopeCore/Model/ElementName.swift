/// The one way a message names an element, in every finding, hint, note, ticket and status line: its type and
/// identifier (`Button 'checkout.confirm'`), else its type and the text it shows (`StaticText "Dark Mode"`), else
/// its type and frame (`Button at {16, 890, 361×50}`, so that two unnamed buttons can be told apart), else its type.
public enum ElementName {
    public static func of(type: String, identifier: String, text: String, frame: Rect?) -> String {
        if !identifier.isEmpty { return "\(type) '\(identifier)'" }
        if !text.isEmpty { return "\(type) \"\(text)\"" }
        if let f = frame { return "\(type) at \(f.shortDescription)" }
        return type
    }

    /// The element a failure names, in the same words: its type when the producer recorded one, else "element".
    public static func of(_ failure: Failure) -> String {
        of(
            type: failure.elementType ?? "element", identifier: failure.identifier, text: failure.label,
            frame: failure.frame.isEmpty ? nil : failure.frame)
    }
}
