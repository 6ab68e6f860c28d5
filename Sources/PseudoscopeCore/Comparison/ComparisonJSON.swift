/// The `--json` shape of `compare` (docs/comparison.md).
public enum ComparisonJSON {
    public static func render(_ c: RunComparison) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.number("formatVersion", 1)
        for (key, archive) in [("a", c.a), ("b", c.b)] {
            w.beginObject(key)
            w.string("archive", archive.source.path)
            w.string("test", archive.test)
            w.string("screen", archive.screen)
            w.string("mode", archive.mode.rawValue)
            w.endObject()
        }
        w.bool("same", c.differences.isEmpty)
        w.beginArray("differences")
        for d in c.differences {
            w.beginObject()
            w.string("kind", d.kind.rawValue)
            element(&w, "a", c.a.hierarchy, d.a)
            element(&w, "b", c.b.hierarchy, d.b)
            w.string("message", d.message)
            w.endObject()
        }
        w.endArray()
        w.beginArray("notCompared")
        for n in c.notCompared { w.string(nil, n) }
        w.endArray()
        w.beginArray("findings")
        for f in c.notMirroredFindings { w.finding(f) }
        w.endArray()
        w.endObject()
        return w.text
    }

    static func element(_ w: inout JSONWriter, _ key: String, _ h: Hierarchy, _ i: Int?) {
        guard let i = i else { w.null(key); return }
        w.beginObject(key)
        w.string("path", h.pathDescription(i))
        w.string("type", h[i].type)
        w.string("identifier", h[i].identifier)
        w.string("label", h[i].displayText)
        w.rect("frame", h[i].frame)
        w.endObject()
    }
}
