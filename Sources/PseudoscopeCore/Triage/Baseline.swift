import Foundation

/// A day in the calendar, `YYYY-MM-DD`, compared as dates (no time, no time zone).
public struct CalendarDay: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int, month: Int, day: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), y >= 1
        else { return nil }
        guard (1...CalendarDay.daysIn(m, of: y)).contains(d) else { return nil }
        year = y; month = m; day = d
    }

    /// Today in UTC, or `PSEUDOSCOPE_TODAY` (YYYY-MM-DD) for reproducible runs and tests; a value that is not a
    /// date is an error, not ignored (a run meant for a given day would silently use today).
    public static func today(environment: [String: String]) throws -> CalendarDay {
        if let t = environment["PSEUDOSCOPE_TODAY"] {
            guard let d = CalendarDay(t) else {
                throw ArchiveError(file: "PSEUDOSCOPE_TODAY", message: "'\(t.prefix(40))' is not a date (YYYY-MM-DD)")
            }
            return d
        }
        return day(secondsSince1970: Date().timeIntervalSince1970)
    }

    /// The last day a baseline can name: its dates have four-digit years.
    public static let latest = CalendarDay(year: 9999, month: 12, day: 31)

    /// The UTC day of a moment, by the civil calendar's arithmetic (`adding(days:)`): Foundation's `Calendar`
    /// loads ICU's calendar data, a few percent of every `check` for a date nothing may even read.
    static func day(secondsSince1970 t: Double) -> CalendarDay {
        CalendarDay(year: 1970, month: 1, day: 1).adding(days: Int((t / 86_400).rounded(.down)))
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (for differences).
    public var ordinal: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The day `n` days later, at most `latest`: a date past it could be written but not read back.
    public func adding(days n: Int) -> CalendarDay {
        min(CalendarDay.latest, unboundedAdding(days: n))
    }

    func unboundedAdding(days n: Int) -> CalendarDay {
        CalendarDay(daysSince1970: ordinal + n)
    }

    /// The day `n` days after 1970-01-01 (before it for a negative `n`), unbounded; `ordinal` is its inverse.
    init(daysSince1970 n: Int) {
        // Howard Hinnant's civil_from_days.
        let z = n + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The days of a month in the proleptic Gregorian calendar.
    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }
}

/// Known issues (docs/triage.md): one entry per finding fingerprint, with why it is known, who owns it and
/// until when. Known findings are still shown; they stop blocking until their expiry day has passed.
///
///     # comments
///     [3f9a2c71b0d4e5f6]
///     rule = text-truncated
///     screen = Settings
///     element = StaticText 'settings.digest.label'
///     reason = German copy too long; shortened in LOC-1234
///     owner = anna@example.com
///     expires = 2026-12-31
public struct Baseline: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var fingerprint: String
        /// For people reading the file; the fingerprint decides what matches.
        public var rule: String?
        public var screen: String?
        public var element: String?
        public var reason: String
        public var owner: String
        /// Known through this day; blocking again from the next.
        public var expires: CalendarDay
        /// Where the entry starts in its file (0 for entries not read from a file).
        public var line: Int = 0

        public init(
            fingerprint: String, rule: String? = nil, screen: String? = nil, element: String? = nil, reason: String, owner: String,
            expires: CalendarDay
        ) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.screen = screen
            self.element = element
            self.reason = reason
            self.owner = owner
            self.expires = expires
        }

        /// Still known on `today`.
        public func isValid(on today: CalendarDay) -> Bool { today <= expires }
    }

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) {
        self.entries = entries.sorted { $0.fingerprint < $1.fingerprint }
    }

    /// The entry of a fingerprint, found by halving (the entries are kept sorted): asked of every finding of a night.
    public func entry(for fingerprint: String) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].fingerprint < fingerprint { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].fingerprint == fingerprint ? entries[low] : nil
    }

    /// Adds or replaces entries by fingerprint, keeping the file's order (sorted by fingerprint).
    public mutating func add(_ new: [Entry]) {
        var byFingerprint = Dictionary(uniqueKeysWithValues: entries.map { ($0.fingerprint, $0) })
        for e in new { byFingerprint[e.fingerprint] = e }
        entries = byFingerprint.values.sorted { $0.fingerprint < $1.fingerprint }
    }

    static let keys: Set<String> = ["rule", "screen", "element", "reason", "owner", "expires"]
    static let required = ["reason", "owner", "expires"]

    /// Reads a baseline. Errors name the file, the line and what is wrong: syntax, unknown keys, a missing
    /// required key, a duplicate fingerprint, an invalid date.
    public static func parse(_ text: String, file: String) throws -> Baseline {
        var entries: [Entry] = []
        var current: (fingerprint: String, line: Int, values: [String: String])?
        var seen: [String: Int] = [:]
        func finish() throws {
            guard let c = current else { return }
            for key in required where c.values[key] == nil {
                throw ArchiveError(
                    file: file, place: "line \(c.line)",
                    message: "entry [\(c.fingerprint)] has no \(key) (every entry needs reason, owner and expires)")
            }
            guard let day = CalendarDay(c.values["expires"]!) else {
                throw ArchiveError(
                    file: file, place: "line \(c.line)",
                    message: "entry [\(c.fingerprint)]: expires '\(c.values["expires"]!.prefix(40))' is not a date (YYYY-MM-DD)")
            }
            var e = Entry(
                fingerprint: c.fingerprint, rule: c.values["rule"], screen: c.values["screen"], element: c.values["element"],
                reason: c.values["reason"]!, owner: c.values["owner"]!, expires: day)
            e.line = c.line
            entries.append(e)
        }
        for (k, raw) in text.splitLines().enumerated() {
            let number = k + 1
            let line = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\r", with: "")
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]") else {
                    throw ArchiveError(file: file, place: "line \(number)", message: "a section is [fingerprint], closed with ]")
                }
                let fp = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                guard Fingerprint.isValid(fp) else {
                    throw ArchiveError(
                        file: file, place: "line \(number)",
                        message: "'\(fp.prefix(40))' is not a fingerprint (16 hex digits, as check --json prints them)")
                }
                if let first = seen[fp] {
                    throw ArchiveError(file: file, place: "line \(number)", message: "fingerprint \(fp) is already an entry at line \(first)")
                }
                try finish()
                seen[fp] = number
                current = (fp, number, [:])
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                throw ArchiveError(file: file, place: "line \(number)", message: "expected [fingerprint] or key = value")
            }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard current != nil else {
                throw ArchiveError(file: file, place: "line \(number)", message: "'\(key.prefix(40))' comes before any [fingerprint] section")
            }
            guard keys.contains(key) else {
                throw ArchiveError(
                    file: file, place: "line \(number)",
                    message: "unknown key '\(key.prefix(40))' (keys: rule, screen, element, reason, owner, expires)")
            }
            guard current!.values[key] == nil else {
                throw ArchiveError(file: file, place: "line \(number)", message: "\(key) is given twice in entry [\(current!.fingerprint)]")
            }
            guard !value.isEmpty else { throw ArchiveError(file: file, place: "line \(number)", message: "\(key) is empty") }
            current!.values[key] = value
        }
        try finish()
        return Baseline(entries: entries)
    }

    /// The file's text: a header, then the entries in fingerprint order, one key a line: diffs stay small.
    public func rendered() -> String {
        var out = """
            # Pseudoscope baseline: known findings (docs/triage.md). One [fingerprint] section each; a known finding
            # is still shown, and blocks again the day after it expires. rule, screen and element are for people.

            """
        for e in entries {
            out += "\n[\(e.fingerprint)]\n"
            for (k, v) in [("rule", e.rule), ("screen", e.screen), ("element", e.element)] {
                if let v = v { out += "\(k) = \(Baseline.oneLine(v))\n" }
            }
            out += "reason = \(Baseline.oneLine(e.reason))\nowner = \(Baseline.oneLine(e.owner))\nexpires = \(e.expires)\n"
        }
        return out
    }

    /// Values are one line: newlines and control characters become spaces.
    static func oneLine(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) }).trimmingCharacters(in: .whitespaces)
    }
}
