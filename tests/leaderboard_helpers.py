"""Shared by the leaderboard tests: two constant judges (registered only inside `constant_judges()`)
and a real-Chromium probe of a page.

The probe (tests/leaderboard_probe.js) is never part of the built page: `with_probe` writes a copy,
index-probe.html, with the probe's script after page.js and its hash added to the page's
Content-Security-Policy. `probe` opens that copy in an iframe of an exact width (headless Chromium
will not make its window narrower than 500 px) and reads back what the probe found: page and
viewport width, elements wider than the viewport outside a scrolling box, the folds and their
summary lines, the first row of each visible "Which judge?" table, sorting and aria-sort, CSV
buttons, and the disagreement browser's filters and per-judge lists.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
import subprocess
from collections import Counter
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


PROBE_JS = Path(__file__).with_name("leaderboard_probe.js")


def with_probe(page: Path) -> Path:
    """A copy of the built page beside it (index-probe.html) that runs the probe after page.js;
    the page's CSP allows the probe by its hash, as it allows page.js."""
    js = PROBE_JS.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(js.encode("utf-8")).digest()).decode("ascii")
    text = page.read_text(encoding="utf-8")
    text, n_csp = re.subn(r"(script-src 'sha256-[A-Za-z0-9+/=]+')", rf"\1 'sha256-{digest}'", text, count=1)
    head, sep, tail = text.rpartition("</body>")
    assert n_csp == 1 and sep, "the page has no script-src or no </body>"
    copy = page.with_name("index-probe.html")
    copy.write_text(f"{head}<script>{js}</script>\n{sep}{tail}", encoding="utf-8")
    return copy


PROBE = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="{page}"
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
    """(the probe's report, console lines, the page's DOM after scripts ran) at `width` x `height` px."""
    harness = page.parent / f"probe-{width}.html"
    harness.write_text(PROBE.format(page=with_probe(page).name, w=width, h=height), encoding="utf-8")
    proc = chromium("--allow-file-access-from-files", "--window-size=1500,1000", "--virtual-time-budget=10000",
                    "--dump-dom", harness.resolve().as_uri())
    harness.unlink()
    found = re.search(r'<pre id="out">(.*?)</pre>', proc.stdout, re.S)
    assert found, proc.stderr[-2000:]
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return json.loads(html.unescape(found.group(1))), console, proc.stdout


def screenshot(page: Path, out: Path, width: int, height: int) -> None:
    chromium(f"--screenshot={out}", f"--window-size={width},{height}", "--hide-scrollbars", page.resolve().as_uri())


def browser_rows(page_html: str) -> tuple[dict, dict[str, list[dict]]]:
    """(the page's browser data as written, set -> its rows decoded as page.js decodes them:
    pos, model, label, verdicts (True/False/None per judge, absent where not judged) and, where
    the page holds them, id, question, answer, references, whole answer)."""
    from judgesuite.leaderboard.sections.browser import ALPHABET

    data = json.loads(re.search(r'id="browser-data">(.*?)</script>', page_html, re.S).group(1))
    digit = {c: i for i, c in enumerate(ALPHABET)}
    word = {1: True, 2: False, 3: None}
    out: dict[str, list[dict]] = {}
    for name, s in data["sets"].items():
        texts = {t[0]: t for t in s["t"]}
        n_j, rows = len(s["judges"]), []
        for i in range(s["n"]):
            ml = sum(digit[s["ml"][i * s["mlw"] + k]] * 64 ** k for k in range(s["mlw"]))
            codes = [(digit[s["v"][b // 3]] >> (2 * (b % 3))) & 3 for b in range(i * n_j, (i + 1) * n_j)]
            row = {"pos": s["pos"][i] if s["pos"] else i, "model": s["models"][ml // 2], "label": bool(ml % 2),
                   "verdicts": {j: word[c] for j, c in zip(s["judges"], codes) if c}}
            t = texts.get(i)
            if t:
                text = lambda k: None if k is None else data["strings"][k]  # noqa: E731
                row.update(id=t[1], question=text(t[2]), answer=text(t[3]), references=[text(k) for k in t[4]],
                           candidate=text(t[6]))
            rows.append(row)
        out[name] = rows
    return data, out


def disagreements_in_records(doc) -> dict[tuple[str, str], Counter]:
    """(set, judge) -> (model, label) of each row where the judge's verdict differs from the label
    (a no-verdict counts as "incorrect"), straight from the run's verdict records."""
    out = {}
    for e in doc.entries:
        if e.probe:
            continue
        out[(e.dataset, e.judge)] = Counter((r.model, r.label) for r in doc.verdicts(e) or []
                                            if r.label is not None and (r.correct is True) != r.label)
    return out


def disagreements_in_page(rows: dict[str, list[dict]]) -> dict[tuple[str, str], Counter]:
    """The same, from the page's browser rows (`browser_rows`)."""
    out: dict[tuple[str, str], Counter] = {}
    for name, rs in rows.items():
        for r in rs:
            for judge, v in r["verdicts"].items():
                out.setdefault((name, judge), Counter())
                if (v is True) != r["label"]:
                    out[(name, judge)][(r["model"], r["label"])] += 1
    return out
