// The XCTest side: compiled only where XCUITest exists (Apple platforms). Everything it does is the mapping in
// GateArchive.swift, which is tested on Linux; this file only reads snapshot attributes and adds the attachment.
#if canImport(XCTest) && (os(iOS) || os(macOS) || os(tvOS) || os(visionOS))
    import XCTest

    extension GateElement {
        /// The snapshot's tree, attribute for attribute (docs/xcresult.md, "The test's own archive"). Walked with
        /// an explicit stack: a deep tree cannot overflow the test's stack.
        public init(snapshot root: XCUIElementSnapshot) {
            func single(_ s: XCUIElementSnapshot) -> GateElement {
                var e = GateElement(type: GateElementType.name(rawValue: s.elementType.rawValue))
                e.identifier = s.identifier
                e.label = s.label
                e.title = s.title
                if let v = s.value { e.value = v as? String ?? "\(v)" }
                e.placeholderValue = s.placeholderValue ?? ""
                e.frame = GateRect(
                    x: Double(s.frame.origin.x), y: Double(s.frame.origin.y), width: Double(s.frame.size.width), height: Double(s.frame.size.height))
                e.isEnabled = s.isEnabled
                e.isSelected = s.isSelected
                #if os(iOS) || os(tvOS) || os(visionOS)
                    e.hasFocus = s.hasFocus
                #endif
                return e
            }
            // Build children first (post-order), then attach them to their parents.
            var order: [(XCUIElementSnapshot, Int?)] = [(root, nil)]
            var k = 0
            while k < order.count {
                for c in order[k].0.children { order.append((c, k)) }
                k += 1
            }
            var built = order.map { single($0.0) }
            for i in stride(from: order.count - 1, to: 0, by: -1) {
                if let p = order[i].1 { built[p].children.insert(built[i], at: 0) }
            }
            self = built[0]
        }
    }

    extension XCTestCase {
        /// Attaches `archive` to the running test as the JSON attachment `pseudoscope-archive`, kept even when the
        /// scheme deletes attachments of passing tests. Call it when the layout gate fails.
        @MainActor
        public func attachPseudoscopeArchive(_ archive: GateArchive) {
            let attachment = XCTAttachment(data: Data(archive.json().utf8), uniformTypeIdentifier: "public.json")
            attachment.name = GateArchive.attachmentName
            attachment.lifetime = .keepAlways
            add(attachment)
        }
    }

    extension GateArchive {
        /// The archive of `app`'s current screen: its snapshot as the hierarchy, the rest as given.
        @MainActor
        public static func snapshot(
            of app: XCUIApplication, test: String, mode: Mode, xcode: String, simulator: String, os: String,
            failure: GateFailure
        ) throws -> GateArchive {
            GateArchive(
                test: test, mode: mode, xcode: xcode, simulator: simulator, os: os, failure: failure,
                hierarchy: GateElement(snapshot: try app.snapshot()))
        }
    }
#endif
