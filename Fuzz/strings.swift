// libFuzzer target for the app's string tables (`--strings`, docs/strings.md): any bytes as a `.strings` table,
// a `.stringsdict`, a String Catalog and a result bundle's localization record (the first byte chooses the
// order), then everything that read is put in a catalog and every text is looked up again, as the locale-run
// rules do. Seeded with the sample tables.
import PseudoscopeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let names = ["es.lproj/Localizable.strings", "Base.lproj/Main.stringsdict", "Localizable.xcstrings"]
    let first = Int(bytes.first ?? 0) % names.count
    var catalog = StringCatalog(developmentLanguage: "en")
    for k in 0..<names.count {
        let name = names[(first + k) % names.count]
        guard let table = try? StringCatalog.read(bytes, file: name, developmentLanguage: nil) else { continue }
        catalog.add(table.entries, describing: table.description)
    }
    _ = try? ShownString.parse(bytes, file: "record.plist")
    for entry in catalog.entries.prefix(200) {
        for text in entry.texts.prefix(4) {
            _ = catalog.matches(text)
            _ = catalog.matches(text + "x")
            _ = catalog.value(key: entry.key, table: entry.table, language: "es-ES")
        }
    }
    _ = catalog.matches(String(decoding: bytes.prefix(256), as: UTF8.self))
    return 0
}
