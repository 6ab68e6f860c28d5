// swift-tools-version:6.0
import PackageDescription

// Four layers, one direction of dependency (see docs/architecture.md):
// PseudoscopeCore (pure) <- PseudoscopeRender (pure) <- PseudoscopeTerminal (curses) <- pseudoscope.
let package = Package(
    name: "Pseudoscope",
    products: [
        .executable(name: "pseudoscope", targets: ["pseudoscope"])
    ],
    targets: [
        .target(name: "PseudoscopeCore"),
        .target(name: "PseudoscopeRender", dependencies: ["PseudoscopeCore"]),
        // A plain C target rather than .systemLibrary: SwiftPM tracks edits to its header.
        .target(
            name: "CNcurses",
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "PseudoscopeTerminal", dependencies: ["PseudoscopeRender", "CNcurses"]),
        .executableTarget(
            name: "pseudoscope",
            dependencies: ["PseudoscopeCore", "PseudoscopeRender", "PseudoscopeTerminal"]
        ),
        // The in-process keystroke benchmark that Scripts/bench runs; not a product.
        .executableTarget(name: "pseudoscope-bench", dependencies: ["PseudoscopeCore", "PseudoscopeRender"]),
        .testTarget(name: "PseudoscopeCoreTests", dependencies: ["PseudoscopeCore"]),
        .testTarget(name: "PseudoscopeRenderTests", dependencies: ["PseudoscopeRender"], exclude: ["Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: ["pseudoscope"]),
    ]
)
