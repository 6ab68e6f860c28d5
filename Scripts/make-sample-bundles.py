#!/usr/bin/env python3
"""Writes SampleBundles/TestResults: a night of the gate's CI job as result bundles, one per mode
(`TestResults/$PSEUDO_LOCALE/LayoutTests.xcresult`), in the real on-disk format (docs/xcresult.md):

- normal: the Settings test passed (a bundle with no failed runs: nothing to list, and a note says so);
- expanded: the test failed and attached its own archive (`pseudoscope-archive`, from SampleArchives/settings-expanded)
  and a screenshot;
- rtl: the test failed with the hierarchy as Xcode 15+ attaches it ("App UI hierarchy for <bundle id>": two spaces
  a level, each line ending in its `<AX element pid: …>` trailer, no final newline; made from
  SampleArchives/settings-rtl) and a screenshot.

Deterministic: ids are hashes of the content, so running it again changes nothing. Needs the zstd tool.
"""
import base64, hashlib, json, os, shutil, struct, subprocess, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "SampleBundles", "TestResults")

def text(s):
    b = s.encode() if isinstance(s, str) else s
    return str(len(b)).encode() + b":" + b

def encode(node):
    """node: str (scalar) or (type, [(key|None, node)])."""
    t, members = node
    out = b"["
    if t:
        out += b"T[K2:_nV" + text(t) + b"]"
    for key, value in members:
        if key is not None:
            out += b"K" + text(key)
        out += b"V" + text(value) if isinstance(value, str) else encode(value)
    return out + b"]"

def obj(t, **members):
    return (t, list(members.items()))

def array(items):
    return ("Array", [(None, i) for i in items])

def ref(i):
    return obj("Reference", id=i)

class Bundle:
    def __init__(self):
        self.objects = {}
        self.refs = {}

    def add(self, data, compress=True):
        oid = "0~" + base64.urlsafe_b64encode(hashlib.sha512(data).digest()).decode()
        self.objects[oid] = subprocess.run(["zstd", "-q", "-19", "-c"], input=data, stdout=subprocess.PIPE, check=True).stdout if compress else data
        return oid

    def add_folder(self, entries):
        """A directory object: a JSON listing, and the refs file naming each entry's object in order."""
        listing = json.dumps([{"name": n, "type": 2 if folder else 1} for n, folder, _ in entries]).encode()
        oid = self.add(listing)
        refs = bytes([len(entries)]) + b"".join(b"\x41\x00" + base64.urlsafe_b64decode(i[2:]) for _, _, i in entries)
        self.refs[oid] = refs
        return oid

    def write(self, path, root):
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(os.path.join(path, "Data"))
        for oid, data in self.objects.items():
            with open(os.path.join(path, "Data", "data." + oid), "wb") as f:
                f.write(data)
        for oid, data in self.refs.items():
            with open(os.path.join(path, "Data", "refs." + oid), "wb") as f:
                f.write(data)
        with open(os.path.join(path, "Info.plist"), "w") as f:
            f.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>dateCreated</key>
	<date>2026-11-29T23:41:07Z</date>
	<key>externalLocations</key>
	<array/>
	<key>rootId</key>
	<dict>
		<key>hash</key>
		<string>{root}</string>
	</dict>
	<key>storage</key>
	<dict>
		<key>backend</key>
		<string>fileBacked2</string>
		<key>compression</key>
		<string>standard</string>
	</dict>
	<key>version</key>
	<dict>
		<key>major</key>
		<integer>3</integer>
		<key>minor</key>
		<integer>53</integer>
	</dict>
</dict>
</plist>
""")

def png(width, height, rgb):
    """A flat-colour PNG: a stand-in screenshot."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

def screenshot(archive, scale=2):
    """A stand-in screenshot drawn from the archive's own frames (the samples have no real one): a white screen,
    bars and buttons where the elements are, so a picture's outline can be seen landing on its element."""
    w, h = int(390 * scale), int(844 * scale)
    rows = [bytearray(b"\xff\xff\xff" * w) for _ in range(h)]
    colours = {"NavigationBar": (242, 242, 247), "Button": (0, 122, 255), "Switch": (52, 199, 89), "StaticText": (60, 60, 67),
               "Cell": (250, 250, 250), "Image": (142, 142, 147), "StatusBar": (230, 230, 235)}
    def fill(f, rgb, inset=0):
        x0 = max(0, int(f.get("x", 0) * scale) + inset); y0 = max(0, int(f.get("y", 0) * scale) + inset)
        x1 = min(w, int((f.get("x", 0) + f.get("width", 0)) * scale) - inset); y1 = min(h, int((f.get("y", 0) + f.get("height", 0)) * scale) - inset)
        if x1 <= x0 or y1 <= y0: return
        for y in range(y0, y1): rows[y][x0 * 3:x1 * 3] = bytes(rgb) * (x1 - x0)
    def walk(e):
        t = e["type"]
        if t in colours:
            f = e.get("frame", {})
            if t == "StaticText":  # a text line: a thin bar, as long as the text would be
                g = dict(f); g["y"] = f.get("y", 0) + f.get("height", 0) * 0.3; g["height"] = f.get("height", 0) * 0.4
                g["width"] = min(f.get("width", 0), 7 * len(e.get("label", "") or "x"))
                if archive.get("mode") == "rtl": g["x"] = f.get("x", 0) + f.get("width", 0) - g["width"]
                fill(g, colours[t])
            else:
                fill(f, colours[t], 1)
        for c in e.get("children", []): walk(c)
    walk(archive["hierarchy"])
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

def app_ui_hierarchy(archive):
    """The archive's hierarchy as Xcode 15+ writes its "App UI hierarchy" attachment (docs/xcresult.md)."""
    lines = []
    counter = [0x600000c01880]
    element_id = [4319115328]
    def walk(e, depth):
        f = e.get("frame", {})
        parts = [e["type"] + ("" if e["type"] != "Window" else " (Main)"), "0x%x" % counter[0]]
        counter[0] += 0xe0
        if e["type"] == "Application":
            parts.append("pid: 4242")
        else:
            parts.append("{{%.1f, %.1f}, {%.1f, %.1f}}" % (f.get("x", 0), f.get("y", 0), f.get("width", 0), f.get("height", 0)))
        for key in ("identifier", "label", "placeholderValue"):
            if e.get(key):
                parts.append("%s: '%s'" % (key, e[key]))
        if e.get("value"):
            parts.append("value: %s" % e["value"])
        if e.get("isSelected"):
            parts.append("Selected")
        if e.get("isEnabled") is False:
            parts.append("Disabled")
        if e["type"] == "Application":
            trailer = "<App element pid: 4242>"
        else:
            trailer = "<AX element pid: 4242, elementOrHash.elementID: %d.%d>" % (element_id[0], len(lines) + 3)
            element_id[0] += 1312
        lines.append(("  " * depth) + ", ".join(parts) + " " + trailer)
        for c in e.get("children", []):
            walk(c, depth + 1)
    walk(archive["hierarchy"], 0)
    return "\n".join(lines)

def bundle_for(mode, failed, attachments, message="", line=0):
    b = Bundle()
    identifier = "SettingsUITests/testSettingsLayout()"
    members = dict(identifier=identifier, name="testSettingsLayout()", testStatus="Failure" if failed else "Success", duration="4.2")
    if failed:
        atts = []
        for name, uti, data in attachments:
            pid = b.add(data)
            atts.append(obj("ActionTestAttachment", name=name, uniformTypeIdentifier=uti, payloadRef=ref(pid),
                            payloadSize=str(len(data)), timestamp="2026-11-29T23:40:58.120+0000", lifetime="keepAlways"))
        summary = obj("ActionTestSummary", identifier=identifier, name="testSettingsLayout()", testStatus="Failure",
                      failureSummaries=array([obj("ActionTestFailureSummary", message=message,
                                                  fileName="/Users/ci/LayoutGate/LayoutUITests/SettingsUITests.swift",
                                                  lineNumber=str(line), timestamp="2026-11-29T23:40:58.300+0000")]),
                      activitySummaries=array([obj("ActionTestActivitySummary", title="Layout gate (%s)" % mode,
                                                   activityType="com.apple.dt.xctest.activity-type.userCreated",
                                                   attachments=array(atts))]))
        members["summaryRef"] = ref(b.add(encode(summary)))
    tests = obj("ActionTestPlanRunSummaries", summaries=array([obj("ActionTestPlanRunSummary", name="Test Scheme Action",
        testableSummaries=array([obj("ActionTestableSummary", name="LayoutUITests", targetName="LayoutUITests", testKind="UI",
            tests=array([obj("ActionTestSummaryGroup", name="All tests", subtests=array([obj("ActionTestMetadata", **members)]))]))]))]))
    # The session log that names the Xcode version, in the diagnostics folder, as xcodebuild leaves it.
    log = b.add(b"2026-11-29 23:40:41.020 xcodebuild[4242:7001] Xcode version: 16.2 (16C5032a)\n")
    session = b.add_folder([("Session-LayoutUITests-2026-11-29_234041-Q3x9.log", False, log)])
    diagnostics = b.add_folder([("LayoutUITests-7A1C", True, session)])
    root = obj("ActionsInvocationRecord", actions=array([obj("ActionRecord", schemeCommandName="Test",
        actionResult=obj("ActionResult", status="failed" if failed else "succeeded", testsRef=ref(b.add(encode(tests))), diagnosticsRef=ref(diagnostics)),
        runDestination=obj("ActionRunDestinationRecord", displayName="iPhone 16", targetDeviceRecord=obj("ActionDeviceRecord",
            modelName="iPhone 16", operatingSystemVersion="18.2", platformRecord=obj("ActionPlatformRecord", userDescription="iOS Simulator"))))]))
    b.write(os.path.join(OUT, mode, "LayoutTests.xcresult"), b.add(encode(root)))

def main():
    samples = os.path.join(ROOT, "SampleArchives")
    expanded = json.load(open(os.path.join(samples, "settings-expanded", "archive.json")))
    rtl = json.load(open(os.path.join(samples, "settings-rtl", "archive.json")))
    bundle_for("normal", False, [])
    # The same test runs in every mode (the scheme sets the mode), so the test writes its own name into its archive
    # and the screen is derived from it, as it is for the rtl run's dump.
    expanded["test"] = "SettingsUITests/testSettingsLayout()"
    expanded.pop("screen", None)
    expanded["attachments"] = {"screenshot": "Screenshot"}
    own = json.dumps(expanded, ensure_ascii=False).encode()
    bundle_for("expanded", True, [("pseudoscope-archive", "public.json", own), ("Screenshot", "public.png", screenshot(expanded))],
               expanded["failure"]["message"], expanded["failure"].get("line", 57))
    bundle_for("rtl", True, [("App UI hierarchy for com.example.LayoutGate", "public.plain-text", app_ui_hierarchy(rtl).encode()), ("Screenshot", "public.png", screenshot(rtl))],
               rtl["failure"]["message"], rtl["failure"].get("line", 88))
    print("wrote", OUT)

main()
