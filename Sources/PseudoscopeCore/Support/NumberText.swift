/// The one place numbers become text. Any `Double` is accepted, whatever its size: no conversion here can trap.
public enum NumberText {
    /// Points for geometry and evidence: whole numbers as they are, others to one decimal (`12`, `12.5`, `-0.3`).
    public static func points(_ v: Double) -> String {
        guard v.isFinite else { return nonFinite(v) }
        // Beyond 10^15 a tenth is below a Double's precision: the value is shown whole.
        if abs(v) >= 1e15 { return integer(v.rounded()) }
        let t = Int64((v * 10).rounded())  // |tenths| < 10^16: fits
        if t % 10 == 0 { return String(t / 10) }  // (a tenth of -0 included: "0")
        let a = t.magnitude
        return (t < 0 ? "-" : "") + String(a / 10) + "." + String(a % 10)
    }

    /// A data value exactly: whole numbers in full digits, others in the shortest form that reads back the same
    /// (`0.25`, `1.5e-07`, `1e+300`).
    public static func exact(_ v: Double) -> String {
        guard v.isFinite else { return nonFinite(v) }
        if v == v.rounded(), abs(v) < 1e21 { return integer(v) }
        return v.description  // (the same digits as "\(v)", without an interpolation's buffer)
    }

    /// The digits of a whole-numbered Double: exact below 2^64, Swift's shortest form beyond.
    static func integer(_ v: Double) -> String {
        if v == 0 { return "0" }
        if abs(v) < 9.2e18 { return String(Int64(v)) }
        if let u = UInt64(exactly: abs(v)) { return (v < 0 ? "-" : "") + String(u) }
        return "\(v)"
    }

    static func nonFinite(_ v: Double) -> String { v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
}
