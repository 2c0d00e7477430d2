"""Section: the disagreement browser - every row where a judge's verdict differs from the label
(suite/analysis/disagreements.py), packed into the page within a byte budget.

Every listed row of every set travels in the page as a few characters: its model and label, and
every judge's verdict in two bits (ALPHABET, three verdicts a character), so each judge's every
disagreement can be paged through. Texts (question, final answer, references, what each judge
read, the whole answer at the longer cuts) come on top, each distinct text once in a shared string
table, cut to bounded lengths with the cut marked "…" (the run's verdict files keep them whole):
the longest cut of CUTS at which every row's texts fit, else at the shortest cut the texts of the
same share of every set's rows (the most informative first: judges split and the best judge
wrong, then by question) and the rest in a sidecar file beside the page (SIDECAR: a download
link, since a page opened from disk reads no file). Rows are inserted as text only by page.js."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from judgesuite.leaderboard.sets_and_judges import badge, set_order
from judgesuite.suite.analysis.disagreements import KINDS, clip, clip_middle, is_extraction

ID = "browser"
TITLE = "Disagreement browser"
ORDER = 40
SIDECAR = "browser-rows.json"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
VERDICT_CODE = {True: 1, False: 2, None: 3}  # 0: the judge has no verdict file for the set
WORD = {True: "correct", False: "incorrect", None: "no verdict"}


class Cut(NamedTuple):
    """Characters kept of each text: question, final answer, reference, span a judge read, and the
    whole answer's head and tail (0 and 0: the whole answer stays in the verdict files)."""
    question: int
    answer: int
    reference: int
    read: int
    head: int
    tail: int


CUTS = (Cut(600, 300, 200, 160, 500, 1300), Cut(300, 240, 160, 120, 150, 450), Cut(200, 200, 120, 100, 0, 0),
        Cut(120, 120, 80, 60, 0, 0))


def encode(values: list[int], bits: int) -> str:
    """Small non-negative integers packed `6 // bits` to a character of ALPHABET, first in the
    lowest bits (page.js's `decode` reads them back)."""
    per = 6 // bits
    out = []
    for i in range(0, len(values), per):
        out.append(ALPHABET[sum(v << (bits * k) for k, v in enumerate(values[i:i + per]))])
    return "".join(out)


class _Strings:
    """The shared string table: each distinct text once, referred to by its index."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.items: list[str] = []

    def __call__(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]


def _end(text: str, n: int) -> str:
    """The last `n` characters (a final answer is at the end), the cut marked."""
    return text if len(text) <= n else "\u2026" + text.lstrip("\u2026")[-n:]


def _details(row: dict[str, Any], cut: Cut, strings: _Strings) -> list[list]:
    """[judge index, reason, read span] for each judge that gave a reason for no verdict or read a
    span out of the answer (scores stay in the verdict files)."""
    out = []
    for j, v in enumerate(row["v"]):
        if v is None:
            continue
        correct, _, reason, read = v
        reason = None if correct is not None or not reason else strings(clip(reason, 80))
        read = strings(clip(read, cut.read)) if is_extraction(read, row["candidate"]) else None
        if reason is not None or read is not None:
            out.append([j, reason, read])
    return out


def _text(row: dict[str, Any], cut: Cut, strings: _Strings) -> list:
    """[index in the set's rows, id, question, final answer, [references], details, whole answer]."""
    whole = strings(clip_middle(row["candidate"], cut.head, cut.tail)) if cut.head + cut.tail else None
    return [row["i"], row["id"], strings(clip(row["question"], cut.question)), strings(_end(row["answer"], cut.answer)),
            [strings(clip(x, cut.reference)) for x in row["references"]], _details(row, cut, strings), whole]


def priority(row: dict[str, Any]) -> tuple:
    """Which rows keep their texts first: judges split with the best judge wrong, split, all
    wrong, no verdict; then by question (the rows of one question together share its text)."""
    return (row["kind"] != "split" or not row["best_wrong"], KINDS.index(row["kind"]),
            hashlib.sha256(row["question"].encode()).hexdigest(), row["pos"])


def _core(d: dict[str, Any]) -> dict[str, Any]:
    """One set without texts: models, and per row (in file order) its model and label, and the verdicts."""
    d = d | {"rows": sorted(d["rows"], key=lambda r: r["i"])}
    models = sorted({r["model"] for r in d["rows"]})
    index = {m: i for i, m in enumerate(models)}
    width = 1 if len(models) <= 32 else 2
    ml = [index[r["model"]] * 2 + r["label"] for r in d["rows"]]
    codes = [0 if v is None else VERDICT_CODE[v[0]] for r in d["rows"] for v in r["v"]]
    pos = [r["pos"] for r in d["rows"]]
    return {"labels": d["labels"], "judges": d["judges"], "best": d["best"], "wrong": d["wrong"],
            "counts": d["counts"], "n": len(pos), "models": models,
            "ml": "".join(ALPHABET[x // 64 ** k % 64] for x in ml for k in range(width)), "mlw": width,
            "v": encode(codes, 2), "pos": None if pos == list(range(len(pos))) else pos}


def _pack(sets: dict[str, dict], cores: dict[str, dict], cut: Cut, share: float) -> dict[str, Any]:
    """Every set's core and the texts of the first `share` of its rows by `priority` (the sets'
    rows come sorted so)."""
    strings = _Strings()
    packed = {}
    for s, d in sets.items():
        keep = d["rows"][:len(d["rows"]) if share >= 1 else int(share * len(d["rows"]))]
        packed[s] = cores[s] | {"t": [_text(r, cut, strings) for r in sorted(keep, key=lambda r: r["i"])]}
    return {"strings": strings.items, "cut": cut._asdict(), "sets": packed}


def size(data: Any) -> int:
    """Bytes of `data` as build.json_for_script writes it (each '<', '>', '&' as a \\u escape)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return len(text.encode("utf-8")) + 5 * sum(text.count(c) for c in "<>&")


def _largest(make: Callable[[float], dict[str, Any]], cap: int) -> dict[str, Any]:
    """The packing of the largest share in [0, 1] (to 1/1024) that fits `cap` bytes."""
    lo, hi, best = 0.0, 1.0, make(0.0)
    for _ in range(10):
        mid = (lo + hi) / 2
        data = make(mid)
        if size(data) <= cap:
            lo, best = mid, data
        else:
            hi = mid
    return best


def _sets(analysis: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out = {}
    for s in set_order(analysis):
        d = analysis["sets"][s]["disagreements"]
        if d["rows"]:
            rows = sorted((r | {"i": i} for i, r in enumerate(d["rows"])), key=priority)
            out[s] = d | {"labels": badge(analysis, s)["text"], "rows": rows}
    return out


def budget(analysis: dict[str, Any]) -> int:
    """The bytes the browser's data may take in the page: the sets' shares together."""
    return sum(i["disagreements"]["budget_bytes"] for i in analysis["sets"].values())


# The last packing, (analysis, budget, data): a page's render asks for it several times (the
# section's table, the JSON, the fitting, the sidecar) and the analysis changes only its budget.
_last: list[Any] = [None, None, None]


def browser_data(analysis: dict[str, Any]) -> dict[str, Any]:
    """The JSON the page's script reads: {strings, cut, sidecar, sets: {set: {labels, judges, best,
    wrong, counts, n, models, ml, v, pos, t}}} within `budget(analysis)` bytes; every listed row is
    in it (`ml`, `v`; never cut, so these alone may pass the budget), the texts (`t`) of every row
    where they fit, else SIDECAR holds the rest."""
    cap = budget(analysis)
    if _last[0] is analysis and _last[1] == cap:
        return _last[2]
    sets = _sets(analysis)
    cores = {s: _core(d) for s, d in sets.items()}
    # every row's texts take at least 20 bytes ('[i,"",0,0,[],[],null],'): past that, no cut fits
    fits = size(cores) + 20 * sum(len(d["rows"]) for d in sets.values()) <= cap
    for cut in CUTS if fits else ():
        data = _pack(sets, cores, cut, 1.0)
        if size(data) <= cap:
            break
    else:
        data = _largest(lambda share: _pack(sets, cores, CUTS[-1], share), cap)
    data["sidecar"] = None if all(len(p["t"]) == p["n"] for p in data["sets"].values()) else SIDECAR
    _last[:] = [analysis, cap, data]
    return data


def fit_browser(analysis: dict[str, Any], over: int) -> None:
    """Shrink the browser's budget so its data takes `over` bytes less than now (each set's share
    scaled alike)."""
    now, cap = size(browser_data(analysis)), budget(analysis)
    scale = max(0, now - over) / cap if cap else 0.0
    for info in analysis["sets"].values():
        info["disagreements"]["budget_bytes"] = int(info["disagreements"]["budget_bytes"] * scale)


def sidecar(analysis: dict[str, Any]) -> dict[str, Any] | None:
    """The rows whose texts the page does not hold (texts at the longest cut), readable as they
    are; None when the page holds every text."""
    data = browser_data(analysis)
    if data["sidecar"] is None:
        return None
    out: dict[str, Any] = {}
    for s, d in _sets(analysis).items():
        held = {t[0] for t in data["sets"][s]["t"]}
        rest = sorted((r for r in d["rows"] if r["i"] not in held), key=lambda r: r["pos"])
        if rest:
            out[s] = [{"row": r["pos"] + 1, "id": r["id"], "model": r["model"], "people": WORD[r["label"]],
                       "kind": r["kind"],
                       "verdicts": {j: WORD[v[0]] for j, v in zip(d["judges"], r["v"]) if v is not None},
                       "question": r["question"], "answer": r["answer"], "references": r["references"],
                       "candidate": r["candidate"]} for r in rest]
    return {"about": "The disagreement rows whose texts index.html does not hold (its browser lists every "
                     "row; 'row' is the row's number there). Long texts keep their first and last characters.",
            "sets": out}


def write_sidecar(analysis: dict[str, Any], out_dir: str | Path) -> Path | None:
    """Write SIDECAR beside the page where the page does not hold every text (else remove a stale one)."""
    path = Path(out_dir) / SIDECAR
    data = sidecar(analysis)
    if data is None:
        path.unlink(missing_ok=True)
        return None
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def build(results: dict[str, Any], analysis: dict[str, Any]) -> dict[str, Any] | None:
    data = browser_data(analysis)
    if not data["sets"]:
        return None
    rows = [{"set": s, "badge": badge(analysis, s), "counts": p["counts"], "n": p["n"], "texts": len(p["t"])}
            for s, p in data["sets"].items()]
    wrong = sum(n for p in data["sets"].values() for n in p["wrong"].values())
    summary = (f"{wrong:,} verdicts differ from people's on {sum(r['n'] for r in rows):,} rows of {len(rows)} sets; "
               f"{sum(r['texts'] for r in rows):,} with texts")
    return {"rows": rows, "cut": data["cut"], "sidecar": data["sidecar"], "kb": size(data) / 1000, "summary": summary}
