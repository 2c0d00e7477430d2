"""Shared by the leaderboard tests: two constant judges (registered only inside `constant_judges()`)
and a real-Chromium probe of a page.

The probe opens `index.html#selftest` in an iframe of an exact width (headless Chromium will not
make its window narrower than 500 px) and reads back what page.js's self-test found: page and
viewport width, elements wider than the viewport outside a scrolling box, the first row of each
visible "Which judge?" table, sorting and aria-sort, CSV buttons, and the disagreement filters.
"""
from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from judgesuite import Judge, JudgeTags, NoVerdict, Sample, Verdict, register_judge
from judgesuite.judges.registry import JUDGES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
INSTALL_HINT = "Chromium not installed (Debian/Ubuntu: apt-get install -y --no-install-recommends chromium)"


class AlwaysIncorrect(Judge):
    """test judge: says 'incorrect' to every answer"""

    tags = JudgeTags()

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        return [Verdict(correct=False, score=0.0) for _ in samples]


class NeverSure(Judge):
    """test judge: gives no verdict on any answer"""

    tags = JudgeTags()

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        return [Verdict.none(NoVerdict.UNPARSEABLE) for _ in samples]


CONSTANT = ("always-incorrect", "never-sure")


@contextmanager
def constant_judges() -> Iterator[tuple[str, ...]]:
    """The two constant judges registered by name for the duration (the registry is left as found)."""
    register_judge("always-incorrect", replace=True)(AlwaysIncorrect)
    register_judge("never-sure", replace=True)(NeverSure)
    try:
        yield CONSTANT
    finally:
        for name in CONSTANT:
            JUDGES.remove(name)


def chromium(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-extensions", "--enable-logging=stderr", "--v=0", *args],
                          capture_output=True, text=True, timeout=timeout)


PROBE = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="index.html#selftest"
style="border:0;width:{w}px;height:{h}px"></iframe><script>
var f = document.getElementById("f");
f.addEventListener("load", function () {{
  var out = document.createElement("pre");
  out.id = "out";
  out.textContent = f.contentDocument.body.getAttribute("data-selftest");
  document.body.appendChild(out);
}});
</script></body></html>"""


def probe(page: Path, width: int, height: int = 900) -> tuple[dict, list[str], str]:
    """(self-test report, console lines, the page's DOM after scripts ran) at `width` x `height` px."""
    harness = page.parent / f"probe-{width}.html"
    harness.write_text(PROBE.format(w=width, h=height), encoding="utf-8")
    proc = chromium("--allow-file-access-from-files", "--window-size=1500,1000", "--virtual-time-budget=10000",
                    "--dump-dom", harness.resolve().as_uri())
    harness.unlink()
    found = re.search(r'<pre id="out">(.*?)</pre>', proc.stdout, re.S)
    assert found, proc.stderr[-2000:]
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return json.loads(html.unescape(found.group(1))), console, proc.stdout


def screenshot(page: Path, out: Path, width: int, height: int) -> None:
    chromium(f"--screenshot={out}", f"--window-size={width},{height}", "--hide-scrollbars", page.resolve().as_uri())
