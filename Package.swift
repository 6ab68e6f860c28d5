// swift-tools-version:6.0
import PackageDescription

// Layers, one direction of dependency (see docs/architecture.md):
// PseudoscopeCore (decides) <- PseudoscopeImage (pictures) <- PseudoscopeDrawing (canvases, wireframe, reports)
// <- PseudoscopeScreens (model-update-effects of the interactive screens, and their views)
// <- PseudoscopeTerminal (curses) <- pseudoscope.
// Debian's multiarch directory of this machine, where chafa's and GLib's configuration headers are.
#if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
#else
    let multiarch = "x86_64-linux-gnu"
#endif

let package = Package(
    name: "Pseudoscope",
    products: [
        .executable(name: "pseudoscope", targets: ["pseudoscope"]),
        // For UI-test targets: builds the archive a test attaches to its result bundle (docs/xcresult.md).
        .library(name: "PseudoscopeGate", targets: ["PseudoscopeGate"]),
    ],
    targets: [
        // How the C targets below open a system library on first use (dlopen by soname, functions into a table).
        .target(name: "CFirstUse"),
        // libzstd for the objects of .xcresult bundles (Debian: libzstd-dev).
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        // libsqlite3 for the results database of Xcode 15.4+ bundles, opened on first use (headers: libsqlite3-dev).
        // A plain C target: sqlite3_db_config is variadic, which Swift cannot call.
        .target(name: "CSQLite", dependencies: ["CFirstUse"]),
        // Text measured as the device sets it (HarfBuzz, fonts found by fontconfig), opened on first use (headers:
        // libharfbuzz-dev, libfontconfig-dev; fonts: fonts-inter, fonts-noto-core, fonts-noto-cjk).
        .target(name: "CText", cSettings: [.unsafeFlags(["-I/usr/include/harfbuzz"])]),
        // libxml2 for Appium page-source XML, opened on first use (headers: libxml2-dev).
        .target(name: "CXML", dependencies: ["CFirstUse"], cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // libarchive for zipped products (.ipa) that `audit` reads in place, opened on first use (headers: libarchive-dev).
        .target(name: "CArchive", dependencies: ["CFirstUse"]),
        // libyaml (XcodeGen's project.yml), opened on first use: only an XcodeGen project needs it.
        .target(name: "CYAML", dependencies: ["CFirstUse"]),
        .target(name: "PseudoscopeCore", dependencies: ["CZstd", "CSQLite", "CText", "CXML", "CArchive", "CYAML"]),
        // Screenshots: decoders (libpng, libjpeg-turbo and libheif, each opened on first use) in C, where their error
        // paths stay, and chafa, which turns pixels into terminal cells (symbols) or graphics (sixel, kitty, iTerm2).
        .target(name: "CImageCodecs", dependencies: ["CFirstUse"]),
        // chafa, opened on first use (headers: libchafa-dev, libglib2.0-dev). Its include paths are written out, not
        // taken from pkg-config, which would link the library as well (what `pkg-config --cflags chafa` prints).
        .target(
            name: "CChafa", dependencies: ["CFirstUse"],
            cSettings: [
                .unsafeFlags(
                    [
                        "/usr/include/chafa", "/usr/lib/\(multiarch)/chafa/include", "/usr/include/glib-2.0",
                        "/usr/lib/\(multiarch)/glib-2.0/include",
                    ].map { "-I" + $0 })
            ]),
        // Screen recordings (H.264/HEVC MP4): FFmpeg's libraries, opened on first use (headers: libavformat-dev,
        // libavcodec-dev, libswscale-dev, libavutil-dev).
        .target(name: "CVideo"),
        .target(name: "PseudoscopeImage", dependencies: ["PseudoscopeCore", "CImageCodecs", "CChafa", "CVideo"]),
        // What is drawn: cells on a canvas, the wireframe, the plain reports and pictures (no state, no keys).
        .target(name: "PseudoscopeDrawing", dependencies: ["PseudoscopeCore", "PseudoscopeImage"]),
        // The interactive screens as model-update-effects: states, messages, keys, effects and the one effect
        // interpreter, and the views that draw a state onto a canvas.
        .target(name: "PseudoscopeScreens", dependencies: ["PseudoscopeCore", "PseudoscopeImage", "PseudoscopeDrawing"]),
        // No dependency at all: it builds for iOS UI-test targets, where libzstd and curses do not exist.
        .target(name: "PseudoscopeGate"),
        // A plain C target rather than .systemLibrary: SwiftPM tracks edits to its header.
        .target(
            name: "CNcurses",
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "PseudoscopeTerminal", dependencies: ["PseudoscopeScreens", "PseudoscopeDrawing", "PseudoscopeImage", "CNcurses"]),
        // glibc's malloc.h (mallopt), which the Glibc module leaves out; part of libc, nothing to install.
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "pseudoscope",
            dependencies: ["PseudoscopeCore", "PseudoscopeImage", "PseudoscopeDrawing", "PseudoscopeScreens", "PseudoscopeTerminal", "CMalloc"]
        ),
        // The in-process keystroke benchmark that Scripts/bench runs; not a product.
        .executableTarget(
            name: "pseudoscope-bench", dependencies: ["PseudoscopeCore", "PseudoscopeImage", "PseudoscopeDrawing", "PseudoscopeScreens"]),
        // Writes result bundles in the real format for the paths no public bundle shows (tests only).
        .target(name: "PseudoscopeTestSupport", dependencies: ["CSQLite"], path: "Tests/Support"),
        // Truth/ holds what a person answers for each real failure; the tests read it from the checkout.
        .testTarget(
            name: "PseudoscopeCoreTests", dependencies: ["PseudoscopeCore", "PseudoscopeGate", "PseudoscopeTestSupport"], exclude: ["Truth"]),
        .testTarget(name: "PseudoscopeImageTests", dependencies: ["PseudoscopeImage", "PseudoscopeCore", "PseudoscopeTestSupport"]),
        // Drives the whole interactive program with keys through the one effect interpreter (tests only).
        .target(
            name: "PseudoscopeScreensTestSupport", dependencies: ["PseudoscopeCore", "PseudoscopeImage", "PseudoscopeDrawing", "PseudoscopeScreens"],
            path: "Tests/ScreensSupport"),
        .testTarget(
            name: "PseudoscopeScreensTests",
            dependencies: [
                "PseudoscopeScreens", "PseudoscopeDrawing", "PseudoscopeImage", "PseudoscopeScreensTestSupport",
                "PseudoscopeTestSupport",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["pseudoscope", "PseudoscopeTestSupport", "PseudoscopeCore", "PseudoscopeScreens", "PseudoscopeScreensTestSupport"],
            exclude: ["Golden"]),
    ]
)
