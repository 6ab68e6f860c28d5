import Foundation
import XCTest

extension XCTestCase {
    /// A new empty folder for this test's inputs, removed when the test ends.
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
