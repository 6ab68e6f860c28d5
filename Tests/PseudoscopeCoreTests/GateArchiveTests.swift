import Foundation
import PseudoscopeGate
import XCTest

@testable import PseudoscopeCore

/// The library UI tests use to attach their own archive: its attribute-tree mapping is platform-neutral and
/// proven here by reading what it writes with the real loader.
final class GateArchiveTests: XCTestCase {
    func sample() -> GateArchive {
        var root = GateElement(type: "Application")
        root.label = "Shop"
        var window = GateElement(type: "Window")
        window.frame = GateRect(x: 0, y: 0, width: 390, height: 844)
        var field = GateElement(type: "TextField")
        field.identifier = "search.query"
        field.placeholderValue = "［Search···］"
        field.value = "zhong"
        field.hasFocus = true
        field.frame = GateRect(x: 16, y: 60, width: 358, height: 36)
        var title = GateElement(type: "StaticText")
        title.identifier = "checkout.title"
        title.label = "［Checkout···］"
        title.title = "t"
        title.isSelected = true
        title.isEnabled = false
        title.frame = GateRect(x: 16, y: 110, width: 80, height: 20)
        window.children = [field, title]
        root.children = [window]
        var a = GateArchive(
            test: "CheckoutUITests/testCheckoutLayoutExpanded", mode: .expanded, xcode: "16.2 (16C5032a)",
            simulator: "iPhone 16", os: "iOS 18.2",
            failure: GateFailure(identifier: "checkout.title", frame: title.frame, isHittable: true, message: "truncated", line: 12),
            hierarchy: root)
        a.languages = ["de"]
        a.locale = "de_DE"
        a.scale = 3
        a.testData = [("customer", .object([("name", .string("Zoë")), ("orders", .array([.number(1), .null, .bool(true)]))]))]
        a.annotate(
            intrinsicSizes: ["checkout.title": GateSize(width: 132, height: 20)], markedText: ["search.query": "zhong"],
            hittable: ["checkout.title": false])
        return a
    }

    func load(_ json: String) throws -> Archive {
        try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: "archive.json", folder: nil))
    }

    func testEverySnapshotAttributeArrivesAsItsArchiveKey() throws {
        let a = try load(sample().json())
        XCTAssertEqual(a.mode, .expanded)
        XCTAssertEqual(a.languages, ["de"])
        XCTAssertEqual(a.environment.scale, 3)
        XCTAssertEqual(a.failure.line, 12)
        XCTAssertEqual(a.hierarchy.count, 4)
        let field = a.hierarchy.elements.first { $0.identifier == "search.query" }!
        XCTAssertEqual(field.type, "TextField")
        XCTAssertEqual(field.placeholderValue, "［Search···］")
        XCTAssertEqual(field.value, "zhong")
        XCTAssertTrue(field.hasFocus)
        XCTAssertEqual(field.markedText, "zhong")
        XCTAssertEqual(field.frame, Rect(x: 16, y: 60, width: 358, height: 36))
        let title = a.hierarchy.elements.first { $0.identifier == "checkout.title" }!
        XCTAssertEqual(title.title, "t")
        XCTAssertTrue(title.isSelected)
        XCTAssertFalse(title.isEnabled)
        XCTAssertFalse(title.isHittable)
        XCTAssertEqual(title.intrinsicContentSize, Size(width: 132, height: 20))
        guard case .object(let customer)? = a.testData["customer"] else { return XCTFail("test data kept as an object") }
        XCTAssertEqual(customer["name"], .string("Zoë"))
        guard case .array(let orders)? = customer["orders"] else { return XCTFail("arrays kept") }
        XCTAssertEqual(orders.count, 3)
        // What the gate knew drives the checks: the title is truncated, the composing field is recognized.
        let rules = Set(LayoutChecker(a).findings().map(\.rule))
        XCTAssertTrue(rules.contains(.textTruncated))
    }

    func testHostileStringsAndNumbersAreWrittenAsValidJSON() throws {
        var a = sample()
        a.test = "quote \" backslash \\ newline \n nul \u{0} esc \u{1B}[2J sep \u{2028} bidi \u{202E}"
        a.hierarchy.children[0].frame = GateRect(x: .nan, y: .infinity, width: -5, height: 1e300)
        let back = try load(a.json())
        XCTAssertEqual(back.test, a.test, "every character survives the round trip")
        XCTAssertEqual(back.hierarchy[1].frame.width, 0)
    }

    func testADeepTreeIsWrittenWithoutRecursion() throws {
        var leaf = GateElement(type: "Other")
        for _ in 0..<400 {
            var parent = GateElement(type: "Other")
            parent.children = [leaf]
            leaf = parent
        }
        var a = sample()
        a.hierarchy = leaf
        XCTAssertEqual(try load(a.json()).hierarchy.count, 401)
    }

    func testTheElementTypeTableNamesTypesTheArchiveKnows() {
        XCTAssertEqual(GateElementType.names.count, 83, "XCUIElement.ElementType has 83 cases, any to statusItem")
        XCTAssertEqual(GateElementType.name(rawValue: 9), "Button")
        XCTAssertEqual(GateElementType.name(rawValue: 48), "StaticText")
        XCTAssertEqual(GateElementType.name(rawValue: 75), "Cell")
        XCTAssertEqual(GateElementType.name(rawValue: 999), "Other")
        // The library cannot depend on the core (it builds for iOS), so the table is written twice: kept equal here.
        XCTAssertEqual(GateElementType.names, ElementTypeNames.names)
    }
}
