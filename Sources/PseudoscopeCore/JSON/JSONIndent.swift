/// Compact JSON made readable: two spaces a level, a member a line. One pass over the bytes (strings copied as
/// they are), no recursion however deep the nesting.
enum JSONIndent {
    static func indent(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count * 2)
        var level = 0
        var inString = false, escaped = false
        func newline() {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 2 * level))
        }
        var k = 0
        while k < b.count {
            let c = b[k]
            k += 1
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                continue
            }
            switch c {
            case 0x22:
                inString = true
                out.append(c)
            case 0x7B, 0x5B:
                out.append(c)
                // An empty container stays on its line: `[]`.
                if k < b.count, b[k] == (c == 0x7B ? 0x7D : 0x5D) {
                    out.append(b[k])
                    k += 1
                } else {
                    level += 1
                    newline()
                }
            case 0x7D, 0x5D:
                level = max(0, level - 1)
                newline()
                out.append(c)
            case 0x2C:
                out.append(c)
                newline()
            case 0x3A:
                out.append(c)
                out.append(0x20)
            default:
                out.append(c)
            }
        }
        return out
    }
}
