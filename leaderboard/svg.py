"""Inline SVG plots (no plotting library, no network): every text is escaped by markupsafe.

Plots scale with their box (viewBox, CSS width 100%) and use 12-13 px text at their natural
size. Point labels are placed where they collide with no other label and no point; a label
that finds no free place is left out (its point keeps a tooltip and the legend names it).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

# Colour-blind-safe hues (Okabe-Ito and Tol, darkened where needed), each >= 3:1 against white
# (WCAG 2.2 non-text contrast); judges beyond the nine also change marker shape (SHAPES).
PALETTE = ["#0072B2", "#D55E00", "#117733", "#AA4499", "#8F6A00", "#332288", "#882255", "#007A87", "#5D6B7A"]
SHAPES = ("circle", "square", "triangle", "diamond")
CHAR_W, LABEL_H = 7.2, 14.0  # approximate size of a 13 px label character / line


def sig(x: float, digits: int = 2) -> str:
    """`x` to `digits` significant digits, never in e-notation (1234 -> "1200", 0.00251 -> "0.0025")."""
    if x == 0 or not math.isfinite(x):
        return "0" if x == 0 else str(x)
    places = digits - 1 - math.floor(math.log10(abs(x)))
    return f"{round(x, places):.{max(places, 0)}f}"


def si(x: float | None, unit: str = "", digits: int = 2) -> str:
    """SI prefixes: 5.8e9 -> "5.8 G" + unit, 2.27e7 -> "23M" ("M" glued on when there is no unit)."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "\u2013"
    for factor, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= factor:
            return f"{sig(x / factor, digits)}{' ' if unit else ''}{prefix}{unit}"
    return f"{sig(x, digits)}{' ' + unit if unit else ''}"


def color_for(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def shape_for(index: int) -> str:
    """A marker shape: the first nine judges circles, then each colour again with another shape."""
    return SHAPES[(index // len(PALETTE)) % len(SHAPES)]


def marker(shape: str, cx: float, cy: float, r: float, color: str, cls: str, title: str = "") -> str:
    """One point as an SVG element of `shape` (circle, square, triangle, diamond)."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    fill = f'fill="{escape(color)}" class="{cls}"'
    if shape == "square":
        return f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {fill}>{tip}</rect>'
    if shape in ("triangle", "diamond"):
        pts = ((cx, cy - 1.2 * r), (cx + 1.1 * r, cy + 0.8 * r), (cx - 1.1 * r, cy + 0.8 * r)) if shape == "triangle" \
            else ((cx, cy - 1.3 * r), (cx + 1.3 * r, cy), (cx, cy + 1.3 * r), (cx - 1.3 * r, cy))
        return f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in pts)}" {fill}>{tip}</polygon>'
    return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {fill}>{tip}</circle>'


@dataclass
class Point:
    label: str
    x: float
    y: float
    y_lo: float | None = None
    y_hi: float | None = None
    color: str = "#0072B2"
    frontier: bool = False
    shape: str = "circle"
    note: str = ""  # e.g. "held-out": which figure places the point


def pareto_frontier(points: Sequence[tuple[float, float]]) -> list[bool]:
    """True for points no other point beats on both cost (lower) and score (higher)."""
    out = []
    for i, (x, y) in enumerate(points):
        dominated = any((x2 <= x and y2 >= y) and (x2 < x or y2 > y)
                        for j, (x2, y2) in enumerate(points) if j != i)
        out.append(not dominated)
    return out


def _open(title: str, width: int, height: int, desc: str = "") -> list[str]:
    return [f'<svg class="plot" role="img" aria-label="{escape(title)}" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}"><title>{escape(title)}{escape(desc)}</title>',
            f'<text x="8" y="17" class="ptitle">{escape(_fit(title, width - 16, 9.4))}</text>']


def _fit(text: str, width: float, char_w: float) -> str:
    """`text` cut with an ellipsis to about `width` px at `char_w` px a character (the whole text
    stays in the plot's <title>)."""
    most = max(int(width / char_w), 4)
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def _overlaps(box: tuple[float, float, float, float], boxes: Sequence[tuple[float, float, float, float]]) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in boxes)


def place_labels(anchors: Sequence[tuple[float, float, str]], area: tuple[float, float, float, float],
                 obstacles: Sequence[tuple[float, float]] = (), radius: float = 6.0) -> list[tuple[float, float, str] | None]:
    """(x, y, text-anchor) for each (cx, cy, text), or None where no candidate place is free:
    a label never overlaps another label, a point, or leaves `area` (x0, y0, x1, y1)."""
    taken = [(x - radius, y - radius, x + radius, y + radius) for x, y in obstacles]
    out: list[tuple[float, float, str] | None] = []
    for cx, cy, text in anchors:
        w = len(text) * CHAR_W
        spot = None
        for dx, dy, anchor in ((9, 4, "start"), (-9, 4, "end"), (9, -9, "start"), (9, 16, "start"),
                               (-9, -9, "end"), (-9, 16, "end"), (-w / 2, -11, "start"), (-w / 2, 20, "start")):
            x = cx + dx
            left = x - w if anchor == "end" else x
            box = (left, cy + dy - LABEL_H + 3, left + w, cy + dy + 3)
            if box[0] >= area[0] and box[2] <= area[2] and box[1] >= area[1] and box[3] <= area[3] \
                    and not _overlaps(box, taken):
                spot = (x, cy + dy, anchor)
                taken.append(box)
                break
        out.append(spot)
    return out


def _legend(items: Sequence[tuple[str, str] | tuple[str, str, str]], x: float, y: float) -> list[str]:
    parts = []
    for i, (name, color, *shape) in enumerate(items):
        parts.append(marker(shape[0] if shape else "square", x + 5, y + 15 * i - 4, 5, color, "lg")
                     + f'<text x="{x + 14:.1f}" y="{y + 15 * i:.1f}" class="legend">{escape(name)}</text>')
    return parts


def _log_ticks(lo: float, hi: float) -> list[float]:
    a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    step = 1 if b - a <= 6 else 2
    return [10.0 ** k for k in range(a, b + 1, step)]


def _fmt_tick(v: float, unit: str) -> str:
    """A log-axis tick: "0.01", "10" for ms; SI prefixes for counts ("1M", "10G")."""
    if unit == "ms":
        return f"{v:g}"
    for factor, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if v >= factor:
            return f"{v / factor:g}{prefix}"
    return f"{v:g}"


def cost_plot(title: str, points: Sequence[Point], x_label: str, unit: str = "ms", *, y_label: str = "kappa",
              width: int = 460, height: int = 320) -> Markup:
    """Score (kappa, with its interval) against a cost on a log axis, Pareto frontier drawn
    (cheaper and better-scoring points joined by a dashed line). Costs must be > 0."""
    pts = [p for p in points if p.x > 0]
    legend_w = max((len(p.label) + (len(p.note) + 3 if p.note else 0) for p in pts), default=0) * CHAR_W + 24
    ml, mr, mt, mb = 46, 12 + legend_w, 28, 42
    pw, ph = width - ml - mr, height - mt - mb
    xs = [p.x for p in pts] or [1.0]
    ticks = _log_ticks(min(xs) / 1.5, max(xs) * 1.5)
    lx0, lx1 = math.log10(ticks[0]), math.log10(ticks[-1])
    if lx1 - lx0 < 1:
        lx1 = lx0 + 1
    ys = [v for p in pts for v in (p.y, p.y_lo, p.y_hi) if v is not None]
    y0 = min(0.0, math.floor(min(ys + [0.0]) * 5) / 5)
    y1 = 1.0

    def sx(x: float) -> float:
        return ml + (math.log10(x) - lx0) / (lx1 - lx0) * pw

    def sy(y: float) -> float:
        return mt + (y1 - y) / (y1 - y0) * ph

    parts = _open(title, width, height, f" ({y_label} against {x_label})")
    parts.append(f'<rect x="{ml}" y="{mt}" width="{pw}" height="{ph}" class="frame"/>')
    for t in ticks:
        if lx0 <= math.log10(t) <= lx1 + 1e-9:
            parts.append(f'<line x1="{sx(t):.1f}" y1="{mt}" x2="{sx(t):.1f}" y2="{mt + ph}" class="grid"/>'
                         f'<text x="{sx(t):.1f}" y="{mt + ph + 15}" class="tick" text-anchor="middle">{_fmt_tick(t, unit)}</text>')
    k = y0
    while k <= y1 + 1e-9:
        parts.append(f'<line x1="{ml}" y1="{sy(k):.1f}" x2="{ml + pw}" y2="{sy(k):.1f}" class="grid"/>'
                     f'<text x="{ml - 5}" y="{sy(k) + 4:.1f}" class="tick" text-anchor="end">{k:.1f}</text>')
        k += 0.2
    parts.append(f'<text x="{ml + pw / 2:.1f}" y="{height - 8}" class="axis" text-anchor="middle">{escape(x_label)}</text>'
                 f'<text x="13" y="{mt + ph / 2:.1f}" class="axis" text-anchor="middle" '
                 f'transform="rotate(-90 13 {mt + ph / 2:.1f})">{escape(y_label)}</text>')
    front = sorted((p for p in pts if p.frontier), key=lambda p: p.x)
    if len(front) > 1:
        path = " ".join(f"{sx(p.x):.1f},{sy(p.y):.1f}" for p in front)
        parts.append(f'<polyline points="{path}" class="frontier"/>')
    order = sorted(pts, key=lambda p: (not p.frontier, -p.y))
    spots = place_labels([(sx(p.x), sy(p.y), p.label) for p in order], (ml, mt, ml + pw, mt + ph),
                         [(sx(p.x), sy(p.y)) for p in pts])
    for p, spot in zip(order, spots):
        cx, cy = sx(p.x), sy(p.y)
        if p.y_lo is not None and p.y_hi is not None:
            parts.append(f'<line x1="{cx:.1f}" y1="{sy(p.y_lo):.1f}" x2="{cx:.1f}" y2="{sy(p.y_hi):.1f}" '
                         f'stroke="{p.color}" class="err"/>')
        note = f" ({p.note})" if p.note else ""
        parts.append(marker(p.shape, cx, cy, 5.5 if p.frontier else 4.5, p.color, "pt front" if p.frontier else "pt",
                            f"{p.label}: {y_label} {p.y:.2f}{note}, "
                            + (f"{sig(p.x)} ms" if unit == "ms" else si(p.x, unit))))
        if spot:
            parts.append(f'<text x="{spot[0]:.1f}" y="{spot[1]:.1f}" text-anchor="{spot[2]}" class="plabel">{escape(p.label)}</text>')
    parts += _legend([(p.label + (f" ({p.note})" if p.note else ""), p.color, p.shape) for p in sorted(pts, key=lambda p: -p.y)],
                     ml + pw + 12, mt + 10)
    parts.append("</svg>")
    return Markup("".join(parts))


def slope_chart(title: str, items: Sequence[tuple[str, float, float]], left: str = "label rank",
                right: str = "judge rank", width: int = 440, row_h: float = 18.0) -> Markup:
    """Each (name, left rank, right rank) as a line from its place in the left order to its place
    in the right order (rank 1 on top; tied ranks get neighbouring places, the rank is printed);
    green where the judge moves a model up, red where down, grey where it stays."""
    left_pos = {n: i for i, (n, _, _) in enumerate(sorted(items, key=lambda t: (t[1], t[0])))}
    right_pos = {n: i for i, (n, _, _) in enumerate(sorted(items, key=lambda t: (t[2], t[0])))}
    name_w, mt = 170, 44
    x0, x1 = 8 + name_w + 48, width - 40  # room for a rank like "12.5" between name and line
    height = int(mt + 12 + row_h * max(len(items) - 1, 1))

    def sy(pos: int) -> float:
        return mt + pos * row_h

    parts = _open(title, width, height, f" ({left} to {right})")
    parts.append(f'<text x="{x0}" y="36" class="axis" text-anchor="middle">{escape(left)}</text>'
                 f'<text x="{x1}" y="36" class="axis" text-anchor="middle">{escape(right)}</text>')
    for name, a, b in sorted(items, key=lambda t: left_pos[t[0]]):
        cls = "up" if b < a else "down" if b > a else "same"
        ya, yb = sy(left_pos[name]), sy(right_pos[name])
        short = name if len(name) * CHAR_W <= name_w else name[: int(name_w / CHAR_W) - 1] + "\u2026"
        parts.append(f'<g class="slope {cls}"><title>{escape(name)}: {a:g} \u2192 {b:g}</title>'
                     f'<line x1="{x0}" y1="{ya:.1f}" x2="{x1}" y2="{yb:.1f}"/>'
                     f'<circle cx="{x0}" cy="{ya:.1f}" r="3.5"/><circle cx="{x1}" cy="{yb:.1f}" r="3.5"/>'
                     f'<text x="8" y="{ya + 4:.1f}" class="plabel">{escape(short)}</text>'
                     f'<text x="{x0 - 8}" y="{ya + 4:.1f}" class="tick" text-anchor="end">{a:g}</text>'
                     f'<text x="{x1 + 8}" y="{yb + 4:.1f}" class="tick">{b:g}</text></g>')
    parts.append("</svg>")
    return Markup("".join(parts))


def reliability_diagram(title: str, series: Sequence[tuple[str, str, Sequence[dict]]],
                        width: int = 420, height: int = 320) -> Markup:
    """Share of correct labels against the mean score per score bin (bins: {mean_score,
    label_rate, n}), one line per judge, the diagonal = perfect calibration; dot area ~ rows."""
    legend_w = max((len(name) for name, _, _ in series), default=0) * CHAR_W + 24
    ml, mr, mt, mb = 46, 12 + legend_w, 28, 42
    pw, ph = width - ml - mr, height - mt - mb

    def sx(v: float) -> float:
        return ml + v * pw

    def sy(v: float) -> float:
        return mt + (1 - v) * ph

    parts = _open(title, width, height, " (reliability diagram)")
    parts.append(f'<rect x="{ml}" y="{mt}" width="{pw}" height="{ph}" class="frame"/>')
    for k in range(6):
        v = k / 5
        parts.append(f'<line x1="{sx(v):.1f}" y1="{mt}" x2="{sx(v):.1f}" y2="{mt + ph}" class="grid"/>'
                     f'<text x="{sx(v):.1f}" y="{mt + ph + 15}" class="tick" text-anchor="middle">{v:.1f}</text>'
                     f'<line x1="{ml}" y1="{sy(v):.1f}" x2="{ml + pw}" y2="{sy(v):.1f}" class="grid"/>'
                     f'<text x="{ml - 5}" y="{sy(v) + 4:.1f}" class="tick" text-anchor="end">{v:.1f}</text>')
    parts.append(f'<line x1="{sx(0)}" y1="{sy(0)}" x2="{sx(1):.1f}" y2="{sy(1)}" class="diag"/>'
                 f'<text x="{ml + pw / 2:.1f}" y="{height - 8}" class="axis" text-anchor="middle">mean score in the bin</text>'
                 f'<text x="13" y="{mt + ph / 2:.1f}" class="axis" text-anchor="middle" '
                 f'transform="rotate(-90 13 {mt + ph / 2:.1f})">share labelled correct</text>')
    total = max((sum(b["n"] for b in bins) for _, _, bins in series), default=1) or 1
    for name, color, bins in series:
        used = [b for b in bins if b.get("n") and b.get("mean_score") is not None]
        path = " ".join(f"{sx(b['mean_score']):.1f},{sy(b['label_rate']):.1f}" for b in used)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{escape(color)}" class="line"/>')
        for b in used:
            r = 2.5 + 7 * math.sqrt(b["n"] / total)
            parts.append(f'<circle cx="{sx(b["mean_score"]):.1f}" cy="{sy(b["label_rate"]):.1f}" r="{r:.1f}" '
                         f'fill="{escape(color)}" class="pt"><title>{escape(name)}: {b["n"]} rows, mean score '
                         f'{b["mean_score"]:.2f}, {100 * b["label_rate"]:.0f}% correct</title></circle>')
    parts += _legend([(name, color) for name, color, _ in series], ml + pw + 12, mt + 10)
    parts.append("</svg>")
    return Markup("".join(parts))


def line_plot(title: str, x_label: str, y_label: str, series: Sequence[tuple[str, str, Sequence[float],
              Sequence[float]]], width: int = 420, height: int = 280, *,
              x_ticks: Sequence[float] = tuple(k / 10 for k in range(0, 11, 2)),
              y_ticks: Sequence[float] = tuple(k / 10 for k in range(0, 11, 2)),
              y_fmt: str = "g", legend_width: int = 120) -> Markup:
    """Lines (name, color, xs, ys) with a legend; the axes span the first to the last tick
    (default [0, 1] x [0, 1]); every text is escaped."""
    ml, mr, mt, mb = 46, 12, 28, 42
    pw, ph = width - ml - mr, height - mt - mb
    x0, x1 = min(x_ticks), max(x_ticks)
    y0, y1 = min(y_ticks), max(y_ticks)

    def sx(x: float) -> float:
        return ml + (x - x0) / ((x1 - x0) or 1.0) * pw

    def sy(y: float) -> float:
        return mt + (y1 - y) / ((y1 - y0) or 1.0) * ph

    parts = _open(title, width, height)
    parts.append(f'<rect x="{ml}" y="{mt}" width="{pw}" height="{ph}" class="frame"/>')
    for v in x_ticks:
        parts.append(f'<line x1="{sx(v):.1f}" y1="{mt}" x2="{sx(v):.1f}" y2="{mt + ph}" class="grid"/>'
                     f'<text x="{sx(v):.1f}" y="{mt + ph + 15}" class="tick" text-anchor="middle">{v:g}</text>')
    for v in y_ticks:
        parts.append(f'<line x1="{ml}" y1="{sy(v):.1f}" x2="{ml + pw}" y2="{sy(v):.1f}" class="grid"/>'
                     f'<text x="{ml - 5}" y="{sy(v) + 4:.1f}" class="tick" text-anchor="end">{format(v, y_fmt)}</text>')
    parts.append(f'<text x="{ml + pw / 2}" y="{height - 8}" class="axis" text-anchor="middle">{escape(x_label)}</text>'
                 f'<text x="13" y="{mt + ph / 2}" class="axis" text-anchor="middle" '
                 f'transform="rotate(-90 13 {mt + ph / 2})">{escape(y_label)}</text>')
    for name, color, xs, ys in series:
        pts = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in zip(xs, ys))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{escape(color)}" class="line">'
                     f'<title>{escape(name)}</title></polyline>')
    parts += _legend([(name, color) for name, color, _, _ in series], ml + pw - legend_width, mt + 14)
    parts.append("</svg>")
    return Markup("".join(parts))
