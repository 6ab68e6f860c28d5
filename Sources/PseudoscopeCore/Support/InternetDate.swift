import Foundation

/// An internet date-time (RFC 3339, the ISO 8601 profile result bundles and archives write), read by hand:
/// `2024-06-01T10:11:12Z`, `2024-06-01T10:11:12.345+02:00`, and the `-0700` offset result bundles write.
/// Foundation's ISO8601DateFormatter builds an ICU formatter per use, which was a fifth of listing a bundle.
public enum InternetDate {
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in i..<(i + n) {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            i += n
            return v
        }
        func expect(_ c: UInt8...) -> Bool {
            guard i < b.count, c.contains(b[i]) else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            expect(0x54, 0x74, 0x20), let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2),
            (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month, of: year), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if i < b.count, b[i] == 0x2E {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if expect(0x5A, 0x7A) {
            offset = 0
        } else if i < b.count, b[i] == 0x2B || b[i] == 0x2D {
            let sign = b[i] == 0x2D ? -1 : 1
            i += 1
            guard let h = digits(2) else { return nil }
            _ = expect(0x3A)
            guard let m = digits(2), h < 24, m < 60 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        // Days from 1970-01-01 in the proleptic Gregorian calendar.
        let days = CalendarDay(year: year, month: month, day: day).ordinal
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// `2024-06-01T10:11:12.345Z` for seconds since 1970 (UTC, milliseconds), as ISO8601DateFormatter writes with
    /// fractional seconds; nil beyond the years 0001-9999.
    public static func format(secondsSince1970 t: Double) -> String? {
        guard t.isFinite, t > -62_135_596_800, t < 253_402_300_800 else { return nil }
        var millis = Int64((t * 1000).rounded())
        let ms = Int(((millis % 1000) + 1000) % 1000)
        millis -= Int64(ms)
        let total = millis / 1000
        let days = Int((total >= 0 ? total : total - 86_399) / 86_400)
        let secs = Int(total - Int64(days) * 86_400)
        let date = CalendarDay(daysSince1970: days)
        let (year, month, day) = (date.year, date.month, date.day)
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secs / 3600, 2)):\(pad(secs / 60 % 60, 2)):\(pad(secs % 60, 2)).\(pad(ms, 3))Z"
    }
}
