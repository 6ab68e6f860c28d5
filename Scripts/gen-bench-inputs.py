#!/usr/bin/env python3
"""Generates the benchmark inputs deterministically (seeded): archives of N elements with depth 10-15 and mixed
Unicode labels, and a run set of archives in three modes. Usage: gen-bench-inputs.py OUTDIR [--1m]
(--1m writes only the archive of 1,000,000 elements, the largest the default limits take; --heavy the findings-heavy
shapes)."""
import json, os, random, sys

LABELS = ["Confirm", "Einstellungen", "確認する", "تأكيد الطلب", "Zwischensumme", "한국어 설정", "Notifications 🔔",
          "Cancel", "Сохранить", "Produktbeschreibung", "送信", "Back", "Weekly Summary Email", "الإعدادات", "Ελληνικά"]

def element(rng, depth, budget, mode, x, y, w, kind="Other"):
    """Builds a subtree of about `budget` elements, nesting 10-15 levels. Children are stacked in rows inside their
    container, which grows to hold them, as real screens are laid out; about one text in twenty is too long."""
    kids = []
    remaining = budget - 1
    target_depth = rng.randint(11, 15)
    cursor = y
    while remaining > 0:
        # The first child goes deeper until the target depth, so every archive reaches 10-15 levels.
        if depth < target_depth and remaining > 3 and (not kids or rng.random() < 0.5):
            n = min(remaining, rng.randint(3, max(3, remaining // 2)) if kids else max(3, remaining // 2))
            child = element(rng, depth + 1, n, mode, x + 4, cursor, max(60, w - 8))
            remaining -= n
        else:
            t = rng.choice(["StaticText", "StaticText", "Button", "Switch", "Image", "Cell"])
            label = rng.choice(LABELS)
            if mode == "expanded" and rng.random() < 0.97:
                label = "［" + label + "···］"
            fw = round(max(44, w - 16), 1)
            child = {"type": t, "identifier": f"id.{depth}.{remaining}", "label": label,
                     "frame": {"x": round(x + 8, 1), "y": round(cursor, 1), "width": fw, "height": 44}}
            if t == "StaticText":
                fits = rng.random() < 0.95
                child["intrinsicContentSize"] = {"width": round(fw * (rng.uniform(0.3, 0.95) if fits else rng.uniform(1.1, 1.6)), 1), "height": 20.3}
                child["isHittable"] = False
            remaining -= 1
        kids.append(child)
        cursor = child["frame"]["y"] + child["frame"]["height"]
    e = {"type": kind, "frame": {"x": round(x, 1), "y": round(y, 1), "width": round(w, 1), "height": round(max(44, cursor - y), 1)}}
    if kids:
        e["children"] = kids
    return e

def archive(rng, n, mode, test, screen):
    root = {"type": "Application", "label": "Bench", "frame": {"x": 0, "y": 0, "width": 393, "height": 852},
            "children": [{"type": "Window", "frame": {"x": 0, "y": 0, "width": 393, "height": 852},
                          "children": [{"type": "Table", "frame": {"x": 0, "y": 0, "width": 393, "height": 852},
                                        "children": [element(rng, 3, n - 3, mode, 0, 0, 393)]}]}]}
    return {"formatVersion": 1, "test": test, "screen": screen, "mode": mode, "locale": "de_DE",
            "environment": {"xcode": "16.2 (16C5032a)", "simulator": "iPhone 16", "os": "iOS 18.2"},
            "failure": {"identifier": "id.3.1", "label": "", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "isHittable": False, "message": "bench"},
            "hierarchy": root, "testData": {"user": "Bench User"}}

def wrap(children, mode="normal", test="Bench/shape", screen="Shape"):
    """An archive around a prepared list of the window's children."""
    root = {"type": "Application", "label": "Bench", "frame": {"x": 0, "y": 0, "width": 393, "height": 852},
            "children": [{"type": "Window", "frame": {"x": 0, "y": 0, "width": 393, "height": 852}, "children": children}]}
    return {"formatVersion": 1, "test": test, "screen": screen, "mode": mode, "locale": "de_DE",
            "environment": {"xcode": "16.2 (16C5032a)", "simulator": "iPhone 16", "os": "iOS 18.2"},
            "failure": {"identifier": "id.target", "label": "", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "isHittable": False, "message": "bench"},
            "hierarchy": root, "testData": {"user": "Bench User"}}

def shapes(out):
    """The issue's hard shapes: one flat parent, deep chains, long CJK labels, overlapping siblings."""
    rng = random.Random(7)
    def text(i, label, x=8, y=None, w=377):
        return {"type": "StaticText", "identifier": f"id.{i}", "label": label,
                "frame": {"x": x, "y": (i * 44) % 800 if y is None else y, "width": w, "height": 44},
                "intrinsicContentSize": {"width": round(w * rng.uniform(0.3, 1.2), 1), "height": 20.3}}
    flat = [text(i, rng.choice(LABELS)) for i in range(100000 - 3)]
    flat[5000]["identifier"] = "id.target"
    # 500 chains of 200 levels: 100k elements, 200 deep.
    deep = []
    for c in range(500):
        node = text(c * 200 + 199, rng.choice(LABELS), x=8 + c % 50, y=(c * 9) % 800, w=200)
        for d in range(198, -1, -1):
            node = {"type": "Other", "identifier": f"id.{c * 200 + d}", "frame": {"x": 4 + c % 50, "y": (c * 9) % 800, "width": 300, "height": 52}, "children": [node]}
        deep.append(node)
    deep[0]["identifier"] = "id.target"
    cjk_chars = "確認送信設定通知一覧表示言語選択中央住所電話番号東京都千代田区丸の内"
    cjk = [text(i, "".join(rng.choice(cjk_chars) for _ in range(1000))) for i in range(10000 - 3)]
    cjk[100]["identifier"] = "id.target"
    overlap = [text(i, rng.choice(LABELS), x=8 + (i % 7), y=100 + (i % 5), w=300) for i in range(3000)]
    overlap[0]["identifier"] = "id.target"
    for name, kids in (("flat-100k", flat), ("deep-100k", deep), ("cjk-10k", cjk), ("overlap-3k", overlap)):
        with open(os.path.join(out, f"{name}.json"), "w") as f:
            json.dump(wrap(kids, screen=name), f, ensure_ascii=False)
    linear(out)

def linear(out):
    """Shapes that were once quadratic, for the rows that keep every rule near-linear."""
    parents(out)
    test_data(out)

def test_data(out):
    """An expanded run of 10,000 unmarked labels whose archive lists 10,000 test-data strings: the hard-coded text
    rule once asked every data string about every label (minutes)."""
    rng = random.Random(10000)
    texts = [{"type": "StaticText", "identifier": f"id.{i}", "label": f"{rng.choice(LABELS)} {i}",
              "frame": {"x": 8, "y": (i * 7) % 800, "width": 377, "height": 20}} for i in range(10000)]
    texts[0]["identifier"] = "id.target"
    a = wrap(texts, mode="expanded", screen="test-data-10k")
    a["testData"] = {"people": [f"Person {i} {rng.choice(LABELS)}" for i in range(10000)]}
    with open(os.path.join(out, "test-data-10k.json"), "w") as f:
        json.dump(a, f, ensure_ascii=False)

def parents(out):
    """20,000 small parents, each with two texts that overlap: a finding per parent. The overlap rule once reserved
    room for each parent's findings exactly, moving all the findings so far at every parent (quadratic)."""
    rng = random.Random(20000)
    rows = []
    for i in range(20000):
        y = (i * 7) % 800  # inside the window (rows of different parents are not siblings: no overlap between them)
        pair = [{"type": "StaticText", "identifier": f"id.{i}.{k}", "label": rng.choice(LABELS),
                 "frame": {"x": 8 + 2 * k, "y": y + 2 * k, "width": 200, "height": 44}} for k in range(2)]
        rows.append({"type": "Other", "frame": {"x": 0, "y": y, "width": 393, "height": 48}, "children": pair})
    rows[0]["children"][0]["identifier"] = "id.target"
    scroll = [{"type": "ScrollView", "frame": {"x": 0, "y": 0, "width": 393, "height": 852}, "children": rows}]
    with open(os.path.join(out, "overlap-parents-20k.json"), "w") as f:
        json.dump(wrap(scroll, screen="overlap-parents-20k"), f, ensure_ascii=False)

def dump(out):
    """The 100k archive as the text XCUITest prints (debugDescription), for the importer's row: most teams have
    dumps, not archives. Two spaces a level under an `Element subtree:` header, as Xcode writes it."""
    with open(os.path.join(out, "archive-100k.json")) as f:
        a = json.load(f)
    lines = ["Attributes: Application, 0x100000000, pid: 4242, label: 'Bench'", "Element subtree:"]
    counter = [0]
    def walk(e, depth):
        counter[0] += 1
        fr = e["frame"]
        parts = [("→" if depth == 0 else "") + e["type"], f"0x{0x100000000 + counter[0] * 16:x}",
                 "{{%.1f, %.1f}, {%.1f, %.1f}}" % (fr["x"], fr["y"], fr["width"], fr["height"])]
        if e.get("identifier"): parts.append(f"identifier: '{e['identifier']}'")
        if e.get("label"): parts.append(f"label: '{e['label']}'")
        if e.get("value"): parts.append(f"value: {e['value']}")
        if e.get("isSelected"): parts.append("Selected")
        lines.append(" " + "  " * depth + ", ".join(parts))
        for c in e.get("children", []):
            walk(c, depth + 1)
    sys.setrecursionlimit(10000)
    walk(a["hierarchy"], 0)
    with open(os.path.join(out, "dump-100k.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")

def million(out):
    """1,000,000 elements (the default element limit), for the per-move time at the largest archive. Rows stacked
    a million deep would pass the loader's coordinate limit (±10,000,000 pt): positions wrap at 9,000,000 pt."""
    rng = random.Random(10**6)
    a = archive(rng, 1000000, "expanded", "Bench/test1000000", "Screen1000000")
    stack = [a["hierarchy"]]
    while stack:
        e = stack.pop()
        f = e["frame"]
        f["y"] = round(f["y"] % 9000000, 1)
        f["height"] = min(f["height"], 9000000)
        stack.extend(e.get("children", []))
    with open(os.path.join(out, "archive-1m.json"), "w") as f:
        json.dump(a, f, ensure_ascii=False)

def heavy_controls(a):
    """Makes about half the elements small controls (30×30 buttons, switches and cells), all on the screen (rows
    wrap at 800 pt): a findings-heavy screen."""
    stack = [a["hierarchy"]]
    while stack:
        e = stack.pop()
        e["frame"]["y"] = round(e["frame"]["y"] % 800, 1)
        e["frame"]["height"] = min(e["frame"]["height"], 800.0)
        if e["type"] in ("Button", "Switch", "Cell"):
            e["frame"]["width"] = 30.0
            e["frame"]["height"] = 30.0
        stack.extend(e.get("children", []))
    return a

def heavy(out):
    """Findings-heavy shapes: a 10k archive about half small controls (about 5,000 small-hit-region findings), and a
    night of 2,000 archives of 300 elements with about 160 findings each."""
    rng = random.Random(5033)
    with open(os.path.join(out, "heavy-10k.json"), "w") as f:
        json.dump(heavy_controls(archive(rng, 10000, "normal", "Bench/heavy", "Heavy")), f, ensure_ascii=False)
    folder = os.path.join(out, "heavy-night")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(2000)
    for k in range(2000):
        mode = ["normal", "expanded", "rtl"][k % 3]
        with open(os.path.join(folder, f"run-{k:04d}.json"), "w") as f:
            json.dump(heavy_controls(archive(rng, 300, mode, f"Heavy/testScreen{k // 3}", f"Heavy{k // 3}")), f, ensure_ascii=False)

def main():
    # The output folder comes first; anything else there (`--help`, nothing) gets the usage, not a folder of that name.
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__.strip())
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    if "--heavy" in sys.argv:
        heavy(out)
        return
    if "--1m" in sys.argv:
        million(out)
        return
    if "--linear" in sys.argv:
        linear(out)
        return
    if "--dump" in sys.argv:
        dump(out)
        return
    shapes(out)
    for n in (1000, 10000, 100000):
        rng = random.Random(n)
        with open(os.path.join(out, f"archive-{n // 1000}k.json"), "w") as f:
            json.dump(archive(rng, n, "expanded", f"Bench/test{n}", f"Screen{n}"), f, ensure_ascii=False)
    runs(os.path.join(out, "runset"), 1000, "Bench")
    # 5,000 archives for the memory of a long night (peak memory must stay flat as the night grows).
    runs(os.path.join(out, "night-5000"), 5000, "Night")

def runs(folder, count, suite):
    """A night's run set: `count` archives of 300 elements, each screen in normal, expanded and rtl."""
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(count)
    for k in range(count):
        mode = ["normal", "expanded", "rtl"][k % 3]
        with open(os.path.join(folder, f"run-{k:04d}.json"), "w") as f:
            json.dump(archive(rng, 300, mode, f"{suite}/testScreen{k // 3}", f"Screen{k // 3}"), f, ensure_ascii=False)

main()
