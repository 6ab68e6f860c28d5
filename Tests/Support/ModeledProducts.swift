import Foundation

/// Built apps modeled on the real ones `../shared/notes/real-products.md` records (which are binaries, and so not
/// kept there): the same names, platforms, key counts, leftovers and embedded test code, written at test time in
/// the real formats. Each writes under `folder` and returns the path it wrote, relative to `folder`.
public enum ModeledProducts {
    /// Writes `files` (path, bytes) under `folder`, making the folders between.
    public static func write(_ files: [(String, [UInt8])], under folder: URL) throws {
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    /// A compiled `.strings` table as Xcode ships it: a binary property list of key to value.
    public static func binaryStrings(_ table: [String: String]) -> [UInt8] {
        var w = BinaryPlistWriter()
        var pairs: [(key: Int, value: Int)] = []
        for (k, v) in table.sorted(by: { $0.key < $1.key }) { pairs.append((w.add(.string(k)), w.add(.string(v)))) }
        let top = w.add(.dictionary(pairs))
        return w.encode(top: top)
    }

    /// A `.strings` table as text (`"key" = "value";`), as old builds and projects keep it.
    public static func textStrings(_ table: [String: String]) -> [UInt8] {
        Array(table.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined().utf8)
    }

    /// An app's Info.plist (XML) with the keys given; arrays of strings are written as arrays.
    public static func info(_ keys: [String: Any]) -> [UInt8] {
        var body = ""
        for (k, v) in keys.sorted(by: { $0.key < $1.key }) {
            body += "<key>\(k)</key>"
            if let a = v as? [String] {
                body += "<array>" + a.map { "<string>\($0)</string>" }.joined() + "</array>"
            } else {
                body += "<string>\(v)</string>"
            }
            body += "\n"
        }
        return Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            \(body)</dict></plist>

            """.utf8)
    }

    /// Ski Resort Finder's tables: en 535 keys, de 537, ru 303, fr 299, es, it, pt and uk 275, each translated.
    static let skiLocales: [(String, Int, String)] = [
        ("en", 535, "Resort"), ("de", 537, "Skigebiet"), ("es", 275, "Estación"), ("fr", 299, "Station"), ("it", 275, "Stazione"),
        ("pt", 275, "Estância"), ("ru", 303, "Курорт"), ("uk", 275, "Курорти"),
    ]

    static func skiTables(under app: String) -> [(String, [UInt8])] {
        skiLocales.map { locale, count, word in
            var table: [String: String] = [:]
            for k in 0..<count { table[String(format: "resort_%03d", k)] = "\(word) \(k)" }
            return ("\(app)/\(locale).lproj/Localizable.strings", binaryStrings(table))
        }
    }

    /// The Swift source of 40,629 bytes the real app ships (`SkiResortDatabase.swift.backup`): filler of its size.
    static var skiBackup: [UInt8] {
        let line = Array("// let resorts: [SkiResort] = [] (source left in the bundle)\n".utf8)
        return Array((0..<(40_629 / line.count + 1)).flatMap { _ in line }.prefix(40_629))
    }

    /// The App Store `.ipa` (Xcode 26.4.1, iphoneos arm64): 8 locales with uneven key counts and a Swift source
    /// file inside the app.
    public static func skiResortStoreIPA(in folder: URL) throws -> String {
        let app = "Payload/Ski Resort Finder.app"
        var files: [(String, [UInt8])] = [
            (
                "\(app)/Info.plist",
                info([
                    "CFBundleExecutable": "Ski Resort Finder", "CFBundleDevelopmentRegion": "en", "DTXcode": "2641", "DTPlatformName": "iphoneos",
                ])
            ),
            (
                "\(app)/Ski Resort Finder",
                SyntheticProduct.machO(strings: ["Ski Resort Finder", "resort_000"], libraries: ["/usr/lib/libSystem.B.dylib"])
            ),
            ("\(app)/SkiResortDatabase.swift.backup", skiBackup),
            ("\(app)/embedded.mobileprovision", Array("profile".utf8)),
            ("\(app)/_CodeSignature/CodeResources", Array("<plist/>".utf8)),
        ]
        files += skiTables(under: app)
        let name = "SkiResortFinder.ipa"
        try Data(SyntheticProduct.zip(files)).write(to: folder.appendingPathComponent(name))
        return name
    }

    /// The debug simulator test-host build of the same app (Xcode 26.3): XCTest's frameworks, the test plug-in and
    /// the preview dylib embedded; Xcode's debug stub as the executable, whose code is in `Ski Resort
    /// Finder.debug.dylib` (absent when `debugDylib` is false, as in the real copy), and the Testing framework's
    /// binary absent.
    public static func skiResortDebugApp(in folder: URL, debugDylib: Bool = false) throws -> String {
        let app = "Ski Resort Finder.app"
        let stub = SyntheticProduct.machO(
            strings: ["_dyld_is_pseudodylib", "_debugDylibPseudoDylibInstallName", "Debug dylib is not interposed"], platform: 7,
            libraries: ["/usr/lib/libSystem.B.dylib"], sections: [("__debug_dylib", Array("@rpath/Ski Resort Finder.debug.dylib".utf8) + [0])])
        var files: [(String, [UInt8])] = [
            (
                "\(app)/Info.plist",
                info([
                    "CFBundleExecutable": "Ski Resort Finder", "CFBundleDevelopmentRegion": "en", "DTXcode": "2630",
                    "DTPlatformName": "iphonesimulator",
                ])
            ),
            ("\(app)/Ski Resort Finder", stub),
            ("\(app)/SkiResortDatabase.swift.backup", skiBackup),
            ("\(app)/__preview.dylib", SyntheticProduct.machO(strings: ["__preview"], platform: 7)),
            ("\(app)/PlugIns/Ski Resort FinderTests.xctest/Ski Resort FinderTests", SyntheticProduct.machO(strings: ["XCTestCase"], platform: 7)),
            ("\(app)/Frameworks/libXCTestBundleInject.dylib", SyntheticProduct.machO(strings: ["inject"], platform: 7)),
            ("\(app)/Frameworks/libXCTestSwiftSupport.dylib", SyntheticProduct.machO(strings: ["support"], platform: 7)),
            ("\(app)/Frameworks/Testing.framework/Info.plist", info(["CFBundleExecutable": "Testing"])),
        ]
        for framework in ["XCTest", "XCTestCore", "XCUIAutomation", "XCTAutomationSupport", "XCUnit", "XCTestSupport"] {
            files.append(("\(app)/Frameworks/\(framework).framework/\(framework)", SyntheticProduct.machO(strings: [framework], platform: 7)))
            files.append(("\(app)/Frameworks/\(framework).framework/Info.plist", info(["CFBundleExecutable": framework])))
        }
        if debugDylib {
            files.append(("\(app)/Ski Resort Finder.debug.dylib", SyntheticProduct.machO(strings: ["Ski Resort Finder", "resort_000"], platform: 7)))
        }
        files += skiTables(under: app)
        try write(files, under: folder)
        return app
    }

    /// Calabash's smoke-test app (Xcode 8.3.2, i386+x86_64 simulator): de and en tables of 20 keys, only one of
    /// them translated. `server` links the Calabash server in, as its `-cal` build does (its classes and routes).
    public static func calSmoke(in folder: URL, name: String = "CalSmoke", server: Bool = false, device: Bool = false) throws -> String {
        let app = "\(name).app"
        var english: [String: String] = ["Label with Localized Text": "Label with Localized Text"]
        for (k, v) in [
            "Cancel", "Controls", "Another day, another iOS alert", "Gestures", "Scrolls", "Special", "Date Picker", "Text Input",
            "Sliders", "Switches", "Buttons", "Map", "Table", "Collection", "Web View", "Alerts", "Action Sheet", "Segmented", "Done",
        ].enumerated() {
            english["key.\(k).\(v)"] = v
        }
        var german = english
        german["Label with Localized Text"] = "Beschriften mit lokalisiertem Text"
        let classes = server ? ["CalabashServer", "LPHTTPServer", "LPHTTPConnection", "LPRouter", "LPVersionRoute", "/version", "/map"] : []
        let binary = SyntheticProduct.fat([
            (
                7,
                SyntheticProduct.machO(
                    strings: ["CalSmoke", "-[CalMapView(Calabash) JSONRepresentationOfCurrentLocation]"] + classes, platform: device ? 2 : 7, cpu: 7)
            ),
            (
                0x0100_0007,
                SyntheticProduct.machO(
                    strings: ["CalSmoke", "-[CalMapView(Calabash) JSONRepresentationOfCurrentLocation]"] + classes, platform: device ? 2 : 7,
                    cpu: 0x0100_0007)
            ),
        ])
        try write(
            [
                ("\(app)/Info.plist", info(["CFBundleExecutable": name, "CFBundleDevelopmentRegion": "en", "DTXcode": "0832"])),
                ("\(app)/\(name)", binary),
                ("\(app)/en.lproj/Localizable.strings", textStrings(english)),
                ("\(app)/de.lproj/Localizable.strings", textStrings(german)),
            ], under: folder)
        return app
    }

    /// Apple's InternationalMountains sample (i386+x86_64 simulator): Base, en, fr and zh-Hant tables with real
    /// translations that share words with English, positional format arguments, and a Settings bundle.
    public static func internationalMountains(in folder: URL) throws -> String {
        let app = "InternationalMountains.app"
        let tables: [(String, [String: String])] = [
            (
                "en",
                ["Detail": "Detail", "Mountains": "Mountains", "sentence": "%1$@ is %2$@ meters (%3$@ feet) high.", "Climbed": "First climbed %@"]
            ),
            (
                "fr",
                [
                    "Detail": "Détail de Montagne", "Mountains": "Montagnes", "sentence": "%1$@ mesure %2$@ mètres (%3$@ pieds).",
                    "Climbed": "Première ascension %@",
                ]
            ),
            ("zh-Hant", ["Detail": "山的細節", "Mountains": "山", "sentence": "%1$@ 高 %2$@ 公尺（%3$@ 英尺）。", "Climbed": "首次登頂 %@"]),
        ]
        var files: [(String, [UInt8])] = [
            (
                "\(app)/Info.plist",
                info(["CFBundleExecutable": "InternationalMountains", "CFBundleDevelopmentRegion": "en", "DTXcode": "0640"])
            ),
            (
                "\(app)/InternationalMountains",
                SyntheticProduct.fat([
                    (7, SyntheticProduct.machO(strings: ["Mountains"], platform: 7, cpu: 7)),
                    (0x0100_0007, SyntheticProduct.machO(strings: ["Mountains"], platform: 7, cpu: 0x0100_0007)),
                ])
            ),
            ("\(app)/Base.lproj/Main.storyboardc/Info.plist", info([:])),
        ]
        for (locale, table) in tables {
            files.append(("\(app)/\(locale).lproj/Localizable.strings", binaryStrings(table)))
            files.append(("\(app)/\(locale).lproj/InfoPlist.strings", binaryStrings(["CFBundleDisplayName": table["Mountains"]!])))
            files.append(
                ("\(app)/Settings.bundle/\(locale).lproj/Root.strings", binaryStrings(["Group": locale == "en" ? "Group" : "Groupe \(locale)"])))
        }
        try write(files, under: folder)
        return app
    }

    /// Apple's UIKitCatalog as Appium's tests zip it (Xcode 26.1, x86_64+arm64 simulator): `Base.lproj` only.
    public static func uiKitCatalogZip(in folder: URL) throws -> String {
        let app = "UIKitCatalog.app"
        let zip = SyntheticProduct.zip([
            (
                "\(app)/Info.plist",
                info([
                    "CFBundleExecutable": "UIKitCatalog", "CFBundleDevelopmentRegion": "en", "DTXcode": "2601", "DTPlatformName": "iphonesimulator",
                ])
            ),
            (
                "\(app)/UIKitCatalog",
                SyntheticProduct.fat([
                    (0x0100_0007, SyntheticProduct.machO(strings: ["UIKitCatalog"], platform: 7, cpu: 0x0100_0007)),
                    (0x0100_000C, SyntheticProduct.machO(strings: ["UIKitCatalog"], platform: 7)),
                ])
            ),
            ("\(app)/Base.lproj/Main.storyboardc/Info.plist", info([:])),
        ])
        let name = "UIKitCatalog-iphonesimulator.zip"
        try Data(zip).write(to: folder.appendingPathComponent(name))
        return name
    }
}
