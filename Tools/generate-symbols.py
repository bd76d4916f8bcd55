#!/usr/bin/env python3
"""Generate Flipbook's SF Symbol table from Phosphor Icons.

Reads the SVGs of the PyPI package `py-phosphor-icons` (Phosphor Icons 2.1.0, MIT) and writes:
  Sources/Symbols/PhosphorGlyphs.swift   the path data of the glyphs the table uses, per weight
  Sources/Symbols/SymbolNames.swift      SF Symbol name -> Phosphor glyph, outline or filled
  docs/symbols.md                         the table of every name, for users
  docs/scene.schema.json                  the names, as the systemImage key's completions

    pip install py-phosphor-icons==0.1.1 && python3 Tools/generate-symbols.py

`SymbolTableTests` checks that docs/symbols.md lists exactly the names the module knows.
"""
import os, re, sys, importlib.util

# (SF Symbol name, Phosphor glyph, whether SF has a `.fill` variant of the name)
TABLE = [
    ("heart", "heart", True), ("star", "star", True), ("bell", "bell", True), ("bell.slash", "bell-slash", True),
    ("checkmark", "check", False), ("checkmark.circle", "check-circle", True),
    ("checkmark.square", "check-square", True), ("checkmark.seal", "seal-check", True),
    ("checkmark.shield", "shield-check", True),
    ("xmark", "x", False), ("xmark.circle", "x-circle", True), ("xmark.square", "x-square", True),
    ("plus", "plus", False), ("plus.circle", "plus-circle", True), ("plus.square", "plus-square", True),
    ("minus", "minus", False), ("minus.circle", "minus-circle", True), ("minus.square", "minus-square", True),
    ("play", "play", True), ("play.circle", "play-circle", True), ("pause", "pause", True),
    ("pause.circle", "pause-circle", True), ("stop", "stop", True), ("stop.circle", "stop-circle", True),
    ("backward", "rewind", True), ("forward", "fast-forward", True), ("backward.end", "skip-back", True),
    ("forward.end", "skip-forward", True), ("shuffle", "shuffle", False), ("repeat", "repeat", False),
    ("repeat.1", "repeat-once", False),
    ("gearshape", "gear-six", True), ("gear", "gear", False), ("trash", "trash", True),
    ("magnifyingglass", "magnifying-glass", False),
    ("chevron.left", "caret-left", False), ("chevron.right", "caret-right", False),
    ("chevron.up", "caret-up", False), ("chevron.down", "caret-down", False),
    ("chevron.left.circle", "caret-circle-left", True), ("chevron.right.circle", "caret-circle-right", True),
    ("chevron.up.circle", "caret-circle-up", True), ("chevron.down.circle", "caret-circle-down", True),
    ("arrow.left", "arrow-left", False), ("arrow.right", "arrow-right", False), ("arrow.up", "arrow-up", False),
    ("arrow.down", "arrow-down", False), ("arrow.up.right", "arrow-up-right", False),
    ("arrow.up.left", "arrow-up-left", False), ("arrow.down.right", "arrow-down-right", False),
    ("arrow.down.left", "arrow-down-left", False),
    ("arrow.left.circle", "arrow-circle-left", True), ("arrow.right.circle", "arrow-circle-right", True),
    ("arrow.up.circle", "arrow-circle-up", True), ("arrow.down.circle", "arrow-circle-down", True),
    ("arrow.clockwise", "arrow-clockwise", False), ("arrow.counterclockwise", "arrow-counter-clockwise", False),
    ("arrow.triangle.2.circlepath", "arrows-clockwise", False),
    ("arrow.uturn.left", "arrow-u-up-left", False), ("arrow.uturn.right", "arrow-u-up-right", False),
    ("arrow.up.arrow.down", "arrows-down-up", False), ("arrow.left.arrow.right", "arrows-left-right", False),
    ("arrow.down.to.line", "arrow-line-down", False), ("arrow.up.to.line", "arrow-line-up", False),
    ("square.and.arrow.up", "export", True), ("square.and.arrow.down", "download-simple", True),
    ("person", "user", True), ("person.circle", "user-circle", True), ("person.2", "users", True),
    ("person.3", "users-three", True), ("person.badge.plus", "user-plus", True),
    ("house", "house", True), ("envelope", "envelope-simple", True), ("envelope.open", "envelope-simple-open", True),
    ("paperplane", "paper-plane-tilt", True), ("bookmark", "bookmark-simple", True), ("cart", "shopping-cart-simple", True),
    ("bag", "shopping-bag", True), ("creditcard", "credit-card", True), ("lock", "lock", True),
    ("lock.open", "lock-open", True), ("key", "key", True), ("eye", "eye", True), ("eye.slash", "eye-slash", True),
    ("camera", "camera", True), ("photo", "image", True), ("photo.on.rectangle", "images", True),
    ("mic", "microphone", True), ("mic.slash", "microphone-slash", True), ("phone", "phone", True),
    ("video", "video-camera", True), ("message", "chat-circle", True), ("bubble.left", "chat", True),
    ("ellipsis.bubble", "chat-dots", True),
    ("ellipsis", "dots-three", False), ("ellipsis.circle", "dots-three-circle", True),
    ("info.circle", "info", True), ("exclamationmark.triangle", "warning", True),
    ("exclamationmark.circle", "warning-circle", True), ("questionmark.circle", "question", True),
    ("calendar", "calendar-blank", False), ("clock", "clock", True), ("alarm", "alarm", True), ("timer", "timer", False),
    ("hourglass", "hourglass", False), ("sun.max", "sun", True), ("moon", "moon", True), ("cloud", "cloud", True),
    ("cloud.rain", "cloud-rain", True), ("cloud.sun", "cloud-sun", True), ("snowflake", "snowflake", False),
    ("bolt", "lightning", True), ("flame", "flame", True), ("drop", "drop", True), ("leaf", "leaf", True),
    ("umbrella", "umbrella", True), ("battery.100", "battery-full", False),
    ("battery.25", "battery-low", False), ("location", "navigation-arrow", True), ("mappin", "map-pin", False),
    ("map", "map-trifold", True), ("globe", "globe", False), ("link", "link", False), ("paperclip", "paperclip", False),
    ("pencil", "pencil-simple", False), ("square.and.pencil", "note-pencil", False), ("doc", "file", True),
    ("doc.text", "file-text", True), ("doc.on.doc", "copy", True), ("folder", "folder", True), ("tray", "tray", True),
    ("archivebox", "archive", True), ("book", "book-open", True), ("books.vertical", "books", True),
    ("tag", "tag", True), ("flag", "flag", True), ("hand.thumbsup", "thumbs-up", True),
    ("hand.thumbsdown", "thumbs-down", True), ("hand.raised", "hand-palm", True), ("hand.tap", "hand-tap", True),
    ("gift", "gift", True), ("crown", "crown", True), ("trophy", "trophy", True), ("music.note", "music-note", False),
    ("speaker", "speaker-none", True), ("speaker.slash", "speaker-slash", True),
    ("headphones", "headphones", False), ("square.grid.2x2", "squares-four", True), ("list.bullet", "list-bullets", False),
    ("line.3.horizontal", "list", False), ("slider.horizontal.3", "sliders-horizontal", False),
    ("square", "square", True), ("circle", "circle", True), ("triangle", "triangle", True), ("hexagon", "hexagon", True),
    ("diamond", "diamond", True), ("building.2", "buildings", True), ("airplane", "airplane", False),
    ("car", "car", True), ("bicycle", "bicycle", False), ("bus", "bus", True), ("tram", "tram", True),
    ("power", "power", False), ("wrench", "wrench", True), ("hammer", "hammer", True), ("sparkles", "sparkle", False),
    ("wand.and.stars", "magic-wand", False), ("printer", "printer", True), ("qrcode", "qr-code", False),
    ("barcode", "barcode", False), ("shield", "shield", True), ("cube", "cube", True), ("thermometer", "thermometer", False),
    ("lightbulb", "lightbulb", True), ("scissors", "scissors", False), ("paintbrush", "paint-brush", True),
    ("eyedropper", "eyedropper", False), ("figure.walk", "person-simple-walk", False),
    ("figure.run", "person-simple-run", False), ("pawprint", "paw-print", True), ("ladybug", "bug-beetle", True),
    ("tv", "television-simple", True),
    ("desktopcomputer", "desktop", False), ("laptopcomputer", "laptop", False), ("iphone", "device-mobile", False),
    ("ipad", "device-tablet", False), ("keyboard", "keyboard", True), ("gamecontroller", "game-controller", True),
    ("face.smiling", "smiley", True), ("cursorarrow", "cursor", False), ("command", "command", False),
    ("return", "key-return", False), ("delete.left", "backspace", True), ("textformat", "text-aa", False),
    ("bold", "text-b", False), ("italic", "text-italic", False), ("underline", "text-underline", False),
    ("scribble", "scribble", False), ("percent", "percent", False), ("number", "hash", False), ("at", "at", False),
    ("dollarsign.circle", "currency-circle-dollar", True), ("chart.bar", "chart-bar", True),
    ("chart.pie", "chart-pie", True), ("chart.line.uptrend.xyaxis", "chart-line-up", False),
    ("waveform", "waveform", False), ("rectangle.portrait.and.arrow.right", "sign-out", False),
]
WEIGHTS = ["thin", "light", "regular", "bold"]

# Names drawn in layers from Flipbook's own geometry (Sources/Symbols/LayeredSymbols.swift, kept by hand there),
# for variable colour: listed after the Phosphor names, with what their layers are.
LAYERED = [
    ("wifi", "a dot and two arcs, all three variable (dot, inner arc, outer arc)"),
    ("speaker.wave.1", "the speaker (always drawn) and one wave"),
    ("speaker.wave.1.fill", "the filled speaker (always drawn) and one wave"),
    ("speaker.wave.2", "the speaker (always drawn) and two waves, inner to outer"),
    ("speaker.wave.2.fill", "the filled speaker (always drawn) and two waves, inner to outer"),
    ("speaker.wave.3", "the speaker (always drawn) and three waves, inner to outer"),
    ("speaker.wave.3.fill", "the filled speaker (always drawn) and three waves, inner to outer"),
    ("antenna.radiowaves.left.and.right", "the mast (always drawn) and two pairs of arcs, inner pair then outer pair"),
    ("cellularbars", "four bars of rising height, all variable, low to high"),
]

def short(x):
    """A number rounded to a tenth, written as briefly as SVG allows ("0.5" -> ".5")."""
    text = f"{round(x, 1):.1f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace("0.", ".", 1) if text.startswith("0.") else text.replace("-0.", "-.", 1)

def main():
    spec = importlib.util.find_spec("py_phosphor_icons")
    if spec is None:
        sys.exit("install the SVGs first: pip install py-phosphor-icons==0.1.1")
    svgs = os.path.join(os.path.dirname(spec.origin), "svgs", "flat")
    version = open(os.path.join(os.path.dirname(spec.origin), "phosphor_version.txt")).read().strip()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    def path_data(glyph, weight):
        name = glyph if weight == "regular" else f"{glyph}-{weight}"
        text = open(os.path.join(svgs, weight, name + ".svg")).read()
        paths = re.findall(r'<path d="([^"]+)"', text)
        assert paths and "<path" in text and text.count("<path") == len(paths), (glyph, weight)
        assert not re.search(r"<(circle|rect|line|polyline|polygon|ellipse)\b", text), (glyph, weight)
        # A tenth of a unit is 1/2560 of the symbol's size: far below a pixel at any point size used.
        def rounded(m):
            text = short(float(m.group()))
            # "2.05.51" -> "2" would run into ".5": keep the two numbers apart.
            follows = m.string[m.end():m.end() + 1]
            return text + "," if follows == "." and "." not in text else text
        return re.sub(r"-?\d*\.\d+", rounded, "".join(paths))

    names = {}
    for sf, glyph, has_fill in TABLE:
        assert sf not in names, sf
        names[sf] = (glyph, False)
        if has_fill:
            names[sf + ".fill"] = (glyph, True)
    glyphs = {}
    for sf, (glyph, filled) in names.items():
        for weight in (["fill"] if filled else WEIGHTS):
            glyphs[f"{glyph}/{weight}"] = path_data(glyph, weight)

    out = [f"// Generated by Tools/generate-symbols.py from Phosphor Icons {version} (MIT; PHOSPHOR-LICENSE.txt beside this file).",
           "// Do not edit by hand.", "",
           "/// Phosphor glyph outlines as SVG path data in a 256-unit square, keyed \"glyph/weight\".",
           "enum PhosphorGlyphs {",
           f"    /// The Phosphor release the outlines come from.",
           f"    static let version = \"{version}\"",
           "    static let pathData: [String: String] = ["]
    for key in sorted(glyphs):
        out.append(f"        \"{key}\": \"{glyphs[key]}\",")
    out += ["    ]", "}", ""]
    open(os.path.join(root, "Sources/Symbols/PhosphorGlyphs.swift"), "w").write("\n".join(out))

    out = ["// Generated by Tools/generate-symbols.py. Do not edit by hand.", "",
           "/// The SF Symbol names Flipbook draws, each with the Phosphor glyph that stands in for it.",
           "enum SymbolNames {",
           "    /// SF Symbol name -> (Phosphor glyph, drawn filled); in the table's order.",
           "    static let table: [(name: String, glyph: String, filled: Bool)] = ["]
    for sf, (glyph, filled) in names.items():
        out.append(f"        (\"{sf}\", \"{glyph}\", {'true' if filled else 'false'}),")
    out += ["    ]", "}", ""]
    open(os.path.join(root, "Sources/Symbols/SymbolNames.swift"), "w").write("\n".join(out))

    doc = ["# SF Symbol names", "",
           "`\"systemImage\"` draws these SF Symbol names (SwiftUI's `Image(systemName:)`). Apple's symbols cannot be",
           f"redistributed, so each is drawn with the closest glyph of [Phosphor Icons](https://phosphoricons.com) {version}",
           "(MIT licence, `Sources/Symbols/PHOSPHOR-LICENSE.txt`). An outline name follows the font weight (Phosphor's thin,",
           "light, regular and bold outlines); a `.fill` name is Phosphor's filled glyph. See",
           "[systemImage](scene-format.md#systemimage) for sizes and weights. This table is generated by",
           "`Tools/generate-symbols.py`; a test checks it lists exactly the names Flipbook knows.", "",
           f"{len(names) + len(LAYERED)} names.", "",
           "| SF Symbol | Phosphor glyph | drawn |", "|---|---|---|"]
    for sf, (glyph, filled) in names.items():
        doc.append(f"| `{sf}` | `{glyph}` | {'filled' if filled else 'outline, by weight'} |")
    doc += ["", "## Layered symbols", "",
            "These names are drawn in layers, from Flipbook's own geometry (circles, round-capped arcs, rounded bars; the",
            "speaker's body is Phosphor's `speaker-none`), so that variable colour can light them layer by layer:",
            "`\"variableValue\"` and `\".variableColor\"` (see [systemImage](scene-format.md#systemimage)). Their variable",
            "layers are listed in the order they light. Every other name has one layer, which variable colour leaves as it is.", "",
            "| SF Symbol | layers |", "|---|---|"]
    for sf, layers in LAYERED:
        doc.append(f"| `{sf}` | {layers} |")
    open(os.path.join(root, "docs/symbols.md"), "w").write("\n".join(doc) + "\n")
    # The schema completes and checks the names (an expression is anything else).
    import json, collections
    schema_path = os.path.join(root, "docs/scene.schema.json")
    schema = json.load(open(schema_path), object_pairs_hook=collections.OrderedDict)
    schema["definitions"]["node"]["properties"]["systemImage"]["anyOf"][0]["enum"] = list(names) + [sf for sf, _ in LAYERED]
    open(schema_path, "w").write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    print(f"{len(names)} names, {len(glyphs)} glyph outlines")

main()
