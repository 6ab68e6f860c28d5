extension String {
    /// The text with each scalar that `replacement` answers for replaced by its answer, and the runs between copied
    /// whole: the one walk the JSON and XML writers escape with (most of a text needs nothing).
    public func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        let scalars = unicodeScalars
        var out = ""
        var run = scalars.startIndex
        for i in scalars.indices {
            guard let r = replacement(scalars[i]) else { continue }
            out += String(scalars[run..<i])
            out += r
            run = scalars.index(after: i)
        }
        if run == scalars.startIndex { return self }
        out += String(scalars[run...])
        return out
    }
}
