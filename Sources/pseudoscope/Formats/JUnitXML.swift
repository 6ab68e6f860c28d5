/// The JUnit XML `check` and `audit` write, in one place: the document around the test cases, a test case's
/// frame, and the error a case holds for what was not judged. `check` writes a case per run (`JUnitReport`),
/// `audit` a case per product (`AuditJUnit`); both escape with `JUnitReport.escape`.
enum JUnitXML {
    /// The declaration and the suite's counts (what could not be judged is an error, not a skip: CI must not show
    /// it green).
    static func head(suite: String, tests: Int, failures: Int, errors: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"pseudoscope\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
            + "  <testsuite name=\"pseudoscope.\(suite)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
    }

    static let tail = "  </testsuite>\n</testsuites>\n"

    static func openCase(classname: String, name: String, file: String) -> String {
        "    <testcase classname=\"\(JUnitReport.escape(classname))\" name=\"\(JUnitReport.escape(name))\" file=\"\(JUnitReport.escape(file))\">\n"
    }

    static let closeCase = "    </testcase>\n"

    /// An error: a `type` (`not-checked`) when there is one, the message, and the body already escaped.
    static func error(type: String? = nil, message: String, escapedBody: String) -> String {
        "      <error" + (type.map { " type=\"\($0)\"" } ?? "") + " message=\"\(JUnitReport.escape(message))\">\(escapedBody)</error>\n"
    }
}
