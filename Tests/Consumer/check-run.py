#!/usr/bin/env python3
"""Checks the output of the consumer package's test run (see `run`): the run fails exactly where expected.

Usage: check-run.py ARTIFACTS TEST_STATUS DETACHED_STATUS UNCHANGED_STATUS

The expected failures are read from the test files themselves (the lines of the assertions in the
failing tests), so the checks follow the samples when they move.
"""
import os
import re
import struct
import sys

art, status, detached_status, unchanged = os.path.abspath(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
here = os.path.dirname(os.path.abspath(__file__))
tests = os.path.join(here, "Tests", "ConsumerTests")
log = open(os.path.join(art, "test.log"), encoding="utf-8", errors="replace").read()
detached_log = open(os.path.join(art, "detached.log"), encoding="utf-8", errors="replace").read()
results = []


verbose = os.environ.get("CONSUMER_VERBOSE") == "1"


def check(name, ok, detail=""):
    """Counts a check; prints it when it failed (every check with CONSUMER_VERBOSE=1)."""
    results.append(ok)
    if verbose or not ok:
        print(("ok    " if ok else "FAIL  ") + name + ("" if ok or not detail else ": " + detail))


def assertion_lines(file, marker, needle):
    """Lines (1-based) of `needle` inside the function whose declaration contains `marker`."""
    lines = open(os.path.join(tests, file)).read().splitlines()
    start = next(i for i, line in enumerate(lines) if marker in line)
    indent = len(lines[start]) - len(lines[start].lstrip())
    found = []
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.strip() == "}" and len(line) - len(line.lstrip()) <= indent:
            break
        if needle in line:
            found.append(i + 1)
    return found


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


# Swift Testing: "✘ Test NAME recorded an issue at FILE:LINE:COL: ..." and the message lines under it.
def swift_testing_issues(text):
    issues = []
    current = None
    for line in text.splitlines():
        m = re.match(r"^✘ Test (.+?) recorded an issue at ([^:]+):(\d+):\d+", line)
        if m:
            current = {"test": m.group(1), "file": m.group(2), "line": int(m.group(3)), "message": ""}
            issues.append(current)
        elif current is not None and (line.startswith(("◇", "✔", "✘", "⎙", "Test Case", "Test Suite"))):
            current = None
        elif current is not None:
            current["message"] += line + "\n"
    return issues


# XCTest: "PATH:LINE: error: CLASS.TEST : failed - MESSAGE" and the lines under it, up to the test's end.
def xctest_failures(text):
    failures = []
    current = None
    for line in text.splitlines():
        m = re.match(r"^(\S+?):(\d+): error: (\S+) : failed - (.*)$", line)
        if m:
            current = {"test": m.group(3), "file": os.path.basename(m.group(1)), "line": int(m.group(2)),
                       "message": m.group(4) + "\n"}
            failures.append(current)
        elif current is not None and line.startswith(("Test Case", "Test Suite", "◇")):
            current = None
        elif current is not None:
            current["message"] += line + "\n"
    return failures


def named_files(message, label):
    """Paths that follow `label` in a failure message."""
    return re.findall(re.escape(label) + r" (/\S+\.png)", message)


# The consumer's code is the docs' samples: each sample's lines appear, in order, in its file (after the
# renames listed), so a sample that stops compiling or stops failing is caught here.
root = os.path.dirname(os.path.dirname(here))
article = os.path.join(root, "Sources", "FlipbookTesting", "FlipbookTesting.docc", "GettingStarted.md")
guide = os.path.join(root, "docs", "golden-tests.md")


def samples(path, language):
    return re.findall(r"```" + language + r"\n(.*?)```", open(path).read(), re.S)


def contains_in_order(file, sample, renames=()):
    """The first line of `sample` (indentation aside) not found, in order, in `file`; None when all are."""
    for old, new in renames:
        sample = sample.replace(old, new)
    have = [line.strip() for line in open(os.path.join(here, file)).read().splitlines()]
    position = 0
    for line in (l.strip() for l in sample.splitlines() if l.strip() and not l.strip().startswith("// Package.swift")):
        try:
            position = have.index(line, position) + 1
        except ValueError:
            return line
    return None


article_swift = samples(article, "swift")
guide_swift = samples(guide, "swift")
for name, file, sample, renames in [
    ("the article's Swift Testing sample", "Tests/ConsumerTests/SwiftTestingTests.swift",
     next(x for x in article_swift if "import Testing" in x), ()),
    ("the article's XCTest sample", "Tests/ConsumerTests/XCTestTests.swift",
     next(x for x in article_swift if "import XCTest" in x), ()),
    ("the guide's swift-snapshot-testing sample", "Tests/ConsumerTests/SnapshotTests.swift",
     next(x for x in guide_swift if "import FlipbookSnapshotTesting" in x),
     (("scenes/seek.json", "scenes/pulse.json"), ("seekButton", "pulseSnapshots"))),
    ("the guide's Package.swift lines for swift-snapshot-testing", "Package.swift",
     next(x for x in guide_swift if "swift-snapshot-testing" in x and "dependencies:" in x),
     (('.package(url: "https://github.com/OWNER/flipbook.git", from: "0.6.0"),',
       '.package(name: "flipbook", path: "../.."),'),
      ('.testTarget(name: "MyAnimationTests", dependencies: [', '.testTarget(name: "ConsumerTests", dependencies: ['),
      ("\n    ]),\n", '\n    ], exclude: ["__Snapshots__"]),\n'))),
]:
    missing = contains_in_order(file, sample, renames)
    check(f"docs: {name} is {file}'s code", missing is None, f"missing line {missing!r}")

st_passed = set(re.findall(r"^✔ Test (\S+) passed", log, re.M))
st_failed = set(re.findall(r"^✘ Test (\S+) failed", log, re.M))
xc_passed = set(re.findall(r"^Test Case '(\S+)' passed", log, re.M))
xc_failed = set(re.findall(r"^Test Case '(\S+)' failed", log, re.M))
issues = swift_testing_issues(log)
xc = xctest_failures(log)

check("swift test exits non-zero", status != 0, f"exit status {status}")
check("the matching goldens pass (Swift Testing, XCTest, snapshot-testing)",
      {"pulse()", "pulseSnapshots()"} <= st_passed and "PulseTests.testPulse" in xc_passed,
      f"Swift Testing passed {sorted(st_passed)}, XCTest passed {sorted(xc_passed)}")
check("exactly the expected tests fail",
      st_failed == {"pulseShifted()", "pulseShiftedInATask()", "pulseShiftedSnapshots()", "labelRecordedWithAnotherFont()"}
      and xc_failed == {"PulseTests.testPulseShifted", "PulseSnapshotTests.testPulseShifted"},
      f"Swift Testing failed {sorted(st_failed)}, XCTest failed {sorted(xc_failed)}")
check("no golden or snapshot was written or changed", unchanged == 0)

# Swift Testing, 3 px shift: one issue at each assertion of pulseShifted(), naming the triptych.
want = assertion_lines("SwiftTestingTests.swift", "func pulseShifted()", "assertGolden")
got = [i for i in issues if i["test"] == "pulseShifted()"]
check("Swift Testing: the 3 px shift fails at each assertion's line",
      sorted(i["line"] for i in got) == want and all(i["file"] == "SwiftTestingTests.swift" for i in got),
      f"issues at {[(i['file'], i['line']) for i in got]}, assertions at lines {want}")
triptychs = [p for i in got for p in named_files(i["message"], "expected | actual | difference:")]
check("Swift Testing: the message names triptychs that exist",
      len(triptychs) == 5 and all(os.path.isfile(p) for p in triptychs), f"{triptychs}")
sheets = [p for i in got for p in named_files(i["message"], "one row per failing frame):")]
check("Swift Testing: assertGoldens names its contact sheet", len(sheets) == 1 and os.path.isfile(sheets[0]), f"{sheets}")
attached = set(os.listdir(os.path.join(art, "attachments")))
want_attached = {"Tests_Goldens_pulse-shifted_0.3.expected.png", "Tests_Goldens_pulse-shifted_0.3.actual.png",
                 "Tests_Goldens_pulse-shifted_0.3.difference.png", "Tests_Goldens_pulse-shifted.contact-sheet.png"}
check("Swift Testing: expected, actual, difference and the contact sheet are attachments",
      want_attached <= attached, f"attachments: {sorted(attached)}")
sizes = {name: png_size(os.path.join(art, "attachments", name)) for name in want_attached & attached}
check("Swift Testing: the attached images are PNGs of the 240 x 240 px frame",
      all(sizes.get(n) == (240, 240) for n in want_attached if "0.3." in n), f"{sizes}")

# XCTest, 3 px shift: XCTFail at the assertion's line, naming the triptych (no attachments on Linux).
want = assertion_lines("XCTestTests.swift", "func testPulseShifted()", "assertGolden")
got = [f for f in xc if f["test"] == "PulseTests.testPulseShifted"]
check("XCTest: the 3 px shift fails at the assertion's line",
      [f["line"] for f in got] == want and all(f["file"] == "XCTestTests.swift" for f in got),
      f"failures at {[(f['file'], f['line']) for f in got]}, assertion at lines {want}")
triptychs = [p for f in got for p in named_files(f["message"], "expected | actual | difference:")]
check("XCTest: the message names a triptych that exists",
      len(triptychs) == 1 and os.path.isfile(triptychs[0]) and png_size(triptychs[0])[0] > 3 * 240
      and png_size(triptychs[0])[1] == 240, f"{triptychs}")

# snapshot-testing under Swift Testing: each strategy fails and writes its triptych beside the failed
# snapshot that snapshot-testing writes to $SNAPSHOT_ARTIFACTS/<test file>/.
want = assertion_lines("SnapshotTests.swift", "func pulseShiftedSnapshots()", "assertSnapshot")
got = [i for i in issues if i["test"] == "pulseShiftedSnapshots()"]
# assertSnapshots(of:as: .eachFrame(at: [0, 0.35])) fails twice at its line.
check("snapshot-testing: the 3 px shift fails at each assertion's line",
      sorted(i["line"] for i in got) == sorted(want + want[-1:]),
      f"issues at {[i['line'] for i in got]}, assertions at lines {want}")
folder = os.path.join(art, "snapshots", "SnapshotTests")
failed_snapshots = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
expected_files = ["pulseShiftedSnapshots.%s.png" % n for n in ("0", "0-35", "1", "2")]
check("snapshot-testing: files are named as documented (<test>.1.png, <test>.0-35.png for eachFrame)",
      all(n in failed_snapshots for n in expected_files) and all(
          os.path.isfile(os.path.join(tests, "__Snapshots__", "SnapshotTests", n)) for n in expected_files),
      f"failed snapshots written: {failed_snapshots}")
triptychs = [p for i in got for p in named_files(i["message"], "triptych (expected | actual | difference):")]
want_triptychs = sorted(os.path.join(folder, "pulseShiftedSnapshots.%s.triptych.png" % n)
                        for n in ("frame-at-0-35", "frames-at-0-0-35-0-5", "0", "0-35"))
check("snapshot-testing: each failure names its triptych, written beside the failed snapshot",
      sorted(triptychs) == want_triptychs and all(os.path.isfile(p) for p in triptychs),
      f"named {sorted(triptychs)}")
size = png_size(os.path.join(folder, "pulseShiftedSnapshots.0-35.triptych.png")) if triptychs else None
check("snapshot-testing: a triptych holds three frames side by side",
      size is not None and size[0] > 3 * 240 and size[1] == 240, f"size {size}")

# snapshot-testing under XCTest: the failure names a triptych too.
got = [f for f in xc if f["test"] == "PulseSnapshotTests.testPulseShifted"]
triptychs = [p for f in got for p in named_files(f["message"], "triptych (expected | actual | difference):")]
check("snapshot-testing under XCTest: fails and names a triptych that exists",
      len(got) == 1 and len(triptychs) == 1 and os.path.isfile(triptychs[0]), f"{got}")

# The detached task: an issue of no test, with the explanation; a run of that test alone fails.
got = [i for i in issues if i["test"] == "«unknown»"]
want = assertion_lines("SwiftTestingTests.swift", "func pulseShiftedInADetachedTask()", "assertGolden")
check("detached task: the mismatch is an issue of the run, at the assertion's line",
      [i["line"] for i in got] == want and all("outside any test" in i["message"] for i in got),
      f"issues of no test at {[i['line'] for i in got]}, assertion at lines {want}")
check("detached task: a run of that test alone fails",
      detached_status != 0 and "outside any test" in detached_log, f"exit status {detached_status}")

want = assertion_lines("SwiftTestingTests.swift", "func pulseShiftedInATask()", "assertGolden")
got = [i for i in issues if i["test"] == "pulseShiftedInATask()"]
check("Task { }: the mismatch is the test's own issue, at the assertion's line",
      [i["line"] for i in got] == want and not any("outside any test" in i["message"] for i in got),
      f"issues at {[i['line'] for i in got]}, assertion at lines {want}")

# A golden recorded with another font: the message names both fonts.
got = [i for i in issues if i["test"] == "labelRecordedWithAnotherFont()"]
message = "".join(i["message"] for i in got)
check("wrong font: the failure names the font the goldens were recorded with and this machine's",
      "goldens were recorded with DejaVu Sans" in message and "this machine resolves 'Inter' to" in message,
      message[-400:])

passed = sum(results)
if not verbose and passed < len(results):
    print(f"the run's output: {os.path.join(art, 'test.log')}")
print(f"consumer: {passed} passed, {len(results) - passed} failed")
sys.exit(0 if passed == len(results) else 1)
