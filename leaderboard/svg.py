"""Inline SVG plots (no plotting library, no network): every text is escaped by markupsafe."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#bcbd22", "#7f7f7f", "#393b79", "#ad494a"]


def color_for(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


@dataclass
class Point:
    label: str
    x: float  # FLOPs per sample (0 allowed: drawn at the floor)
    y: float  # accuracy in [0, 1]
    y_lo: float | None = None
    y_hi: float | None = None
    color: str = "#1f77b4"
    frontier: bool = False


def pareto_frontier(points: Sequence[tuple[float, float]]) -> list[bool]:
    """True for points no other point beats on both cost (lower) and accuracy (higher)."""
    out = []
    for i, (x, y) in enumerate(points):
        dominated = any((x2 <= x and y2 >= y) and (x2 < x or y2 > y)
                        for j, (x2, y2) in enumerate(points) if j != i)
        out.append(not dominated)
    return out


def log_floor(xs: Sequence[float]) -> float:
    """The floor of the log axis: one decade below the smallest positive value (1 if none)."""
    positive = [x for x in xs if x > 0]
    return 10.0 ** (math.floor(math.log10(min(positive))) - 1) if positive else 1.0


def pareto_plot(title: str, points: Sequence[Point], width: int = 420, height: int = 300) -> Markup:
    """Accuracy vs FLOPs per sample on a log axis; 0 FLOPs is drawn at the floor and marked."""
    ml, mr, mt, mb = 52, 12, 26, 44
    pw, ph = width - ml - mr, height - mt - mb
    floor = log_floor([p.x for p in points])
    top = max([p.x for p in points if p.x > 0] + [floor * 1000])
    lo_dec, hi_dec = math.log10(floor), math.ceil(math.log10(top)) + 0.0
    if hi_dec - lo_dec < 3:
        hi_dec = lo_dec + 3
    first_tick = lo_dec
    lo_dec -= 0.25  # keep points at the floor off the frame
    ys = [v for p in points for v in (p.y, p.y_lo, p.y_hi) if v is not None]
    y0 = max(0.0, math.floor((min(ys + [1.0]) - 0.02) * 10) / 10) if ys else 0.0
    y1 = 1.0

    def sx(x: float) -> float:
        lx = math.log10(max(x, floor))
        return ml + (lx - lo_dec) / (hi_dec - lo_dec) * pw

    def sy(y: float) -> float:
        return mt + (y1 - y) / (y1 - y0) * ph

    parts = [f'<svg class="plot" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f'<text x="{ml}" y="16" class="ptitle">{escape(title)}</text>',
             f'<rect x="{ml}" y="{mt}" width="{pw}" height="{ph}" class="frame"/>']
    dec = first_tick
    while dec <= hi_dec:
        x = sx(10.0 ** dec)
        label = "0 (floor)" if dec == first_tick else f"1e{dec:g}"
        parts.append(f'<line x1="{x:.1f}" y1="{mt}" x2="{x:.1f}" y2="{mt + ph}" class="grid"/>'
                     f'<text x="{x:.1f}" y="{mt + ph + 14}" class="tick" text-anchor="middle">{label}</text>')
        dec += 1 if hi_dec - lo_dec <= 8 else 2
    step = 0.1 if y1 - y0 <= 0.5 else 0.2
    for k in range(int(round((y1 - y0) / step)) + 1):
        y = y0 + step * k
        parts.append(f'<line x1="{ml}" y1="{sy(y):.1f}" x2="{ml + pw}" y2="{sy(y):.1f}" class="grid"/>'
                     f'<text x="{ml - 4}" y="{sy(y) + 4:.1f}" class="tick" text-anchor="end">{100 * y:.0f}</text>')
    parts.append(f'<text x="{ml + pw / 2}" y="{height - 6}" class="axis" text-anchor="middle">'
                 f'judge FLOPs per sample (log; 0 drawn at the floor)</text>'
                 f'<text x="12" y="{mt + ph / 2}" class="axis" text-anchor="middle" '
                 f'transform="rotate(-90 12 {mt + ph / 2})">accuracy (%)</text>')
    front = sorted((p for p in points if p.frontier), key=lambda p: p.x)
    if len(front) > 1:
        path = " ".join(f"{sx(p.x):.1f},{sy(p.y):.1f}" for p in front)
        parts.append(f'<polyline points="{path}" class="frontier"/>')
    # Rule-based judges often share the floor: fan their labels out vertically.
    placed: list[tuple[float, float]] = []
    for p in sorted(points, key=lambda p: -p.y):
        cx, cy = sx(p.x), sy(p.y)
        if p.y_lo is not None and p.y_hi is not None:
            parts.append(f'<line x1="{cx:.1f}" y1="{sy(p.y_lo):.1f}" x2="{cx:.1f}" y2="{sy(p.y_hi):.1f}" '
                         f'stroke="{p.color}" class="err"/>')
        ly = cy + 4
        while any(abs(ly - py) < 11 and abs(cx - px) < 60 for px, py in placed):
            ly += 11
        placed.append((cx, ly))
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{5 if p.frontier else 4}" fill="{p.color}" '
                     f'class="{"pt front" if p.frontier else "pt"}"><title>{escape(p.label)}: '
                     f'{100 * p.y:.1f}%, {p.x:.3g} FLOPs</title></circle>'
                     f'<text x="{cx + 7:.1f}" y="{ly:.1f}" class="plabel">{escape(p.label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def line_plot(title: str, x_label: str, y_label: str, series: Sequence[tuple[str, str, Sequence[float],
              Sequence[float]]], width: int = 420, height: int = 280, *,
              x_ticks: Sequence[float] = tuple(k / 10 for k in range(0, 11, 2)),
              y_ticks: Sequence[float] = tuple(k / 10 for k in range(0, 11, 2)),
              y_fmt: str = "g", legend_width: int = 120) -> Markup:
    """Lines (name, color, xs, ys) with a legend; the axes span the first to the last tick
    (default [0, 1] x [0, 1]); every text is escaped."""
    ml, mr, mt, mb = 44, 12, 26, 40
    pw, ph = width - ml - mr, height - mt - mb
    x0, x1 = min(x_ticks), max(x_ticks)
    y0, y1 = min(y_ticks), max(y_ticks)

    def sx(x: float) -> float:
        return ml + (x - x0) / ((x1 - x0) or 1.0) * pw

    def sy(y: float) -> float:
        return mt + (y1 - y) / ((y1 - y0) or 1.0) * ph

    parts = [f'<svg class="plot" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f'<text x="{ml}" y="16" class="ptitle">{escape(title)}</text>',
             f'<rect x="{ml}" y="{mt}" width="{pw}" height="{ph}" class="frame"/>']
    for v in x_ticks:
        parts.append(f'<line x1="{sx(v):.1f}" y1="{mt}" x2="{sx(v):.1f}" y2="{mt + ph}" class="grid"/>'
                     f'<text x="{sx(v):.1f}" y="{mt + ph + 14}" class="tick" text-anchor="middle">{v:g}</text>')
    for v in y_ticks:
        parts.append(f'<line x1="{ml}" y1="{sy(v):.1f}" x2="{ml + pw}" y2="{sy(v):.1f}" class="grid"/>'
                     f'<text x="{ml - 4}" y="{sy(v) + 4:.1f}" class="tick" text-anchor="end">{format(v, y_fmt)}</text>')
    parts.append(f'<text x="{ml + pw / 2}" y="{height - 6}" class="axis" text-anchor="middle">{escape(x_label)}</text>'
                 f'<text x="11" y="{mt + ph / 2}" class="axis" text-anchor="middle" '
                 f'transform="rotate(-90 11 {mt + ph / 2})">{escape(y_label)}</text>')
    for i, (name, color, xs, ys) in enumerate(series):
        pts = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in zip(xs, ys))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{escape(color)}" class="line">'
                     f'<title>{escape(name)}</title></polyline>')
        ly = mt + 14 + 13 * i
        lx = ml + pw - legend_width
        parts.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 16}" y2="{ly - 4}" '
                     f'stroke="{escape(color)}" stroke-width="2"/>'
                     f'<text x="{lx + 20}" y="{ly}" class="legend">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
