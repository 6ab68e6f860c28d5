import Foundation
import XCTest

/// The release tarball on a host without the Swift toolchain: unpacked into an empty folder, installed, and
/// run with the toolchain gone from PATH and LD_LIBRARY_PATH; its man page renders and its completions load.
final class ReleaseTests: XCTestCase {
    /// Built once per test run (Scripts/release keeps its own scratch folder, so later runs are incremental).
    static let output = FileManager.default.temporaryDirectory.appendingPathComponent("ps-release-\(getpid())")
    static let tarball: Result<String, Error> = Result {
        let r = try Harness.shell("Scripts/release \"$OUT\"", environment: ["OUT": output.path])
        guard r.status == 0 else { throw NSError(domain: "release", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The tarball, its unpacked stage and the package (40 MB) go when the class is done: every test run left them.
    override class func tearDown() {
        try? FileManager.default.removeItem(at: output)
        super.tearDown()
    }

    /// A plain host's environment: no toolchain anywhere.
    static let bareEnvironment = "env -i PATH=/usr/bin:/bin HOME=\"$HOME\" LANG=C.UTF-8"

    func installed() throws -> URL {
        let tarball = try Self.tarball.get()
        let dir = try Harness.temporaryFolder(self)
        let unpack = try Harness.shell(
            "cd \"$DIR\" && tar xzf \"$TARBALL\" && cd pseudoscope-* && \(Self.bareEnvironment) ./install \"$DIR/prefix\"",
            environment: ["DIR": dir.path, "TARBALL": tarball])
        XCTAssertEqual(unpack.status, 0, unpack.stderr)
        return dir.appendingPathComponent("prefix")
    }

    /// The Debian package beside the tarball: its Depends cover every library the binary names, and a package
    /// whose Depends lack one is caught.
    func testTheDebDependsOnEveryLibraryTheBinaryNames() throws {
        let tarball = try Self.tarball.get()
        let deb =
            (tarball as NSString).deletingLastPathComponent
            + "/pseudoscope_0.3.0_\(try Harness.shell("dpkg --print-architecture").stdout.trimmingCharacters(in: .whitespacesAndNewlines)).deb"
        XCTAssertTrue(FileManager.default.fileExists(atPath: deb), deb)
        let ok = try Harness.shell("Scripts/check-deb-depends \"$DEB\"", environment: ["DEB": deb])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let fields = try Harness.shell("dpkg-deb -f \"$DEB\" Depends Recommends", environment: ["DEB": deb])
        XCTAssertTrue(
            fields.stdout.contains("libzstd1") && fields.stdout.contains("libsqlite3-0") && fields.stdout.contains("libc6 (>= 2."), fields.stdout)
        XCTAssertTrue(
            fields.stdout.contains("Recommends:") && fields.stdout.contains("libheif1") && fields.stdout.contains("libavcodec"), fields.stdout)
        // The libraries opened on first use that everyday inputs need are Depends, though the binary does not name them.
        let depends = fields.stdout.split(separator: "\n").first { $0.hasPrefix("Depends:") }.map(String.init) ?? ""
        for package in ["libsqlite3-0", "libxml2", "libpng16-16", "libjpeg62-turbo", "libchafa0", "libglib2.0-0"] {
            XCTAssertTrue(depends.contains(" \(package)"), "Depends names \(package): \(depends)")
        }
        // The same package with libzstd1 taken out of its Depends.
        let dir = try Harness.temporaryFolder(self)
        let broken = try Harness.shell(
            """
            dpkg-deb -R "$DEB" "$DIR/root" && sed -i -E 's/ ?libzstd1 \\([^)]*\\),?//; s/, *$//' "$DIR/root/DEBIAN/control" \
            && fakeroot dpkg-deb --build --root-owner-group "$DIR/root" "$DIR/broken.deb" >/dev/null && dpkg-deb -f "$DIR/broken.deb" Depends \
            && Scripts/check-deb-depends "$DIR/broken.deb"
            """, environment: ["DEB": deb, "DIR": dir.path])
        XCTAssertFalse(broken.stdout.contains("libzstd1"), "the doctored package lacks it: \(broken.stdout)")
        XCTAssertNotEqual(broken.status, 0, "a Depends missing a library the binary names fails")
        XCTAssertTrue(broken.stderr.contains("Depends lacks libzstd1, which holds libzstd.so.1"), broken.stderr)
    }

    /// INSTALL says what the binary itself shows: every library readelf names, none it does not (no ICU), and the
    /// glibc it needs.
    func testINSTALLSaysWhatTheBinaryShows() throws {
        let tarball = try Self.tarball.get()
        let stage = String(tarball.dropLast(".tar.gz".count))
        let install = try String(contentsOfFile: stage + "/INSTALL", encoding: .utf8)
        let needed = try Harness.shell(
            "readelf -d \"$BIN\" | sed -n 's/.*(NEEDED).*\\[\\(.*\\)\\]/\\1/p'", environment: ["BIN": stage + "/bin/pseudoscope"])
        let sonames = needed.stdout.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(sonames.count, 5)
        for s in sonames { XCTAssertTrue(install.contains(s), "INSTALL names \(s)") }
        XCTAssertFalse(install.lowercased().contains("icu"), "no library the binary does not name")
        for soname in ["libsqlite3.so.0", "libxml2.so.2", "libchafa.so.0"] {
            XCTAssertFalse(sonames.contains(soname), "\(soname) is opened on first use, not linked")
            XCTAssertTrue(install.contains(soname), "INSTALL names \(soname), which the binary opens on first use")
        }
        XCTAssertTrue(install.contains("It needs glibc 2."), install)
        XCTAssertTrue(install.contains("Debian 12 (bookworm)     yes"), install)
    }

    /// In a fresh Debian 12 (debootstrap), apt installs the package with its dependencies, it runs, its manual and
    /// completion work, and removing it leaves nothing (Scripts/deb-chroot-test; root only).
    func testTheDebInstallsInAFreshDebian() throws {
        guard getuid() == 0 else {
            if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) {
                XCTFail("CI must run the chroot test as root")
            }
            throw XCTSkip("Scripts/deb-chroot-test needs root")
        }
        let tarball = try Self.tarball.get()
        let dir = (tarball as NSString).deletingLastPathComponent
        let deb = try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasSuffix(".deb") }.map { dir + "/" + $0 }
        let r = try Harness.shell("Scripts/deb-chroot-test \"$DEB\"", environment: ["DEB": try XCTUnwrap(deb)])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("installed, ran, documented, completed and removed in Debian 12"), r.stderr)
    }

    func testTheTarballRunsWithoutTheToolchain() throws {
        let prefix = try installed()
        let bin = prefix.appendingPathComponent("bin/pseudoscope").path
        let ldd = try Harness.shell("ldd \"$BIN\"", environment: ["BIN": bin])
        XCTAssertFalse(ldd.stdout.contains("libswift") || ldd.stdout.contains("libFoundation") || ldd.stdout.contains("libdispatch"), ldd.stdout)
        let sample = Harness.sample("checkout-expanded")
        let version = try Harness.shell("\(Self.bareEnvironment) \"$BIN\" --version", environment: ["BIN": bin])
        XCTAssertTrue(version.stdout.hasPrefix("pseudoscope 0.3.0 (commit "), version.stdout)
        let render = try Harness.shell("\(Self.bareEnvironment) \"$BIN\" render \"$A\" --width 80", environment: ["BIN": bin, "A": sample])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("CheckoutUITests/testCheckoutLayoutExpanded"))
        let check = try Harness.shell("\(Self.bareEnvironment) \"$BIN\" check --json \"$A\"", environment: ["BIN": bin, "A": sample])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains("\"primary-action-unreachable\""))

        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let t = try TmuxSession(pipeline: "\(Self.bareEnvironment) TERM=xterm-256color '\(bin)' '\(sample)'; echo $? > \"$STATUS\"")
        try t.waitFor(text: "? help")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }

    func testTheManPageRendersAndTheCompletionsComplete() throws {
        let prefix = try installed()
        let man = try Harness.shell("man -l \"$P/share/man/man1/pseudoscope.1\" 2>&1 | col -b", environment: ["P": prefix.path, "MANWIDTH": "100"])
        XCTAssertTrue(man.stdout.contains("PSEUDOSCOPE(1)"), man.stdout)
        XCTAssertTrue(man.stdout.contains("--select ID|PATH"), "options come from the same tables as --help")
        XCTAssertTrue(man.stdout.contains("copy: path, identifier"), "keys come from the key tables")
        let bash = try Harness.shell(
            "source \"$P/share/bash-completion/completions/pseudoscope\"; COMP_WORDS=(pseudoscope ch); COMP_CWORD=1; _pseudoscope; echo \"${COMPREPLY[@]}\"",
            environment: ["P": prefix.path])
        XCTAssertEqual(bash.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "check", bash.stderr)
        XCTAssertEqual(bash.stderr, "")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed")
        // zsh completes inside its line editor only: drive an interactive zsh through zpty and press Tab.
        let script = """
            zmodload zsh/zpty
            zpty z 'zsh -f -i'
            zpty -w z 'PS1="> "; fpath=($P/share/zsh/site-functions $fpath); autoload -U compinit; compinit -u -d $TMPDIR/zcompdump; pseudoscope() { :; }'
            sleep 0.5
            zpty -w -n z $'pseudoscope ch\\t'
            sleep 1.5
            out=""
            for i in {1..20}; do zpty -r -t z chunk && out+=$chunk; done
            print -r -- "$out"
            zpty -d z
            """
        let tmp = try Harness.temporaryFolder(self)
        let zsh = try Harness.shell("zsh -f -c \"$SCRIPT\"", environment: ["P": prefix.path, "SCRIPT": script, "TMPDIR": tmp.path])
        // What the line editor drew, without its escape sequences and bells.
        let drawn = zsh.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .filter { $0 != "\u{07}" && $0 != "\u{08}" && $0 != "\r" }
        XCTAssertTrue(drawn.contains("pseudoscope check"), "zsh completed `pseudoscope ch`: \(drawn.suffix(300))")
        XCTAssertFalse(zsh.stdout.contains("command not found") || zsh.stdout.contains("parse error"), zsh.stdout)
    }
}
