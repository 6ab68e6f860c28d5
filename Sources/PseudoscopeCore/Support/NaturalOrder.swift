/// Text ordered as a person orders it: runs of digits by their value, so `B.xcresult#9` comes before `#10`.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        var x = a.unicodeScalars.makeIterator(), y = b.unicodeScalars.makeIterator()
        var cx = x.next(), cy = y.next()
        while let p = cx, let q = cy {
            if isDigit(p), isDigit(q) {
                // Compare the two numbers: leading zeros dropped, then by length, then digit by digit.
                var m: [Unicode.Scalar] = [], n: [Unicode.Scalar] = []
                while let d = cx, isDigit(d) { if !(m.isEmpty && d == "0") { m.append(d) }; cx = x.next() }
                while let d = cy, isDigit(d) { if !(n.isEmpty && d == "0") { n.append(d) }; cy = y.next() }
                if m.count != n.count { return m.count < n.count }
                for (u, v) in zip(m, n) where u != v { return u.value < v.value }
                continue
            }
            if p != q { return p.value < q.value }
            cx = x.next()
            cy = y.next()
        }
        return cx == nil && cy != nil
    }

    static func isDigit(_ u: Unicode.Scalar) -> Bool { u.value >= 48 && u.value <= 57 }
}
