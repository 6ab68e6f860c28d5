// libFuzzer target for a failure message read as a query and answered against a tree (docs/security.md): the
// bytes are the message (XCUITest's, Appium's, WebDriverAgent's), read as every command reads it, then asked of a
// small tree of buttons, texts and cells named like real ones, with XCUITest's own list when the message has one.
// Seeded by Scripts/fuzz with the real messages of ../shared/fixtures/failure-messages.
import Foundation

@testable import PseudoscopeCore

let tree: Hierarchy = {
    var elements: [Element] = []
    var root = Element(type: "Application")
    root.label = "App"
    elements.append(root)
    for (k, (type, id, label)) in [
        ("Button", "addNoteButton", "Add"), ("StaticText", "", "Welcome"), ("Cell", "settings.cell", "Settings"),
        ("TextField", "tf_accountName", ""), ("NavigationBar", "Home", "Home"), ("Button", "btn-save", "Save"),
    ].enumerated() {
        var e = Element(type: type)
        e.identifier = id
        e.label = label
        e.parent = 0
        e.depth = 1
        e.frame = Rect(x: 0, y: Double(k * 50), width: 200, height: 44)
        elements.append(e)
    }
    elements[0].children = Array(1..<elements.count)
    return Hierarchy(preorder: elements)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let message = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let q = FailureQuery.read(message)
    _ = q.target
    _ = FailureQuery.message(in: message)
    let answer = QueryAnswer(q, in: tree, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    _ = answer.parts
    _ = answer.proposals
    return 0
}
