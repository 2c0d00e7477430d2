"""The page's sections, one module each in this package (found automatically).

A section module defines ``ID`` (HTML anchor), ``TITLE``, ``ORDER`` (sort key) and
``build(doc, analysis) -> dict | None`` (``doc`` the typed `ResultsDoc`, never its dict form; None
when the results hold nothing for it: the section is left out), and ships the template
``leaderboard/assets/section_<module name>.html.j2``,
which receives the dict as ``s`` (and the page context: ``hardware``, ``analysis``...). The dict's
optional ``summary`` (one line, < 90 characters, computed from the analysis) is shown as text under
the section's title while it is folded. The page is its sections by ``ORDER``: "Which judge?" (0)
first, the glossary (90) last.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from judgesuite.suite.evaluation.schema import ResultsDoc


def section_modules() -> list[Any]:
    mods = [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)]
    return sorted(mods, key=lambda m: (m.ORDER, m.ID))


def build_sections(doc: ResultsDoc, analysis: dict[str, Any]) -> list[dict[str, Any]]:
    """[{id, title, summary, template, s}] for every section that has something to show."""
    out = []
    for mod in section_modules():
        data = mod.build(doc, analysis)
        if data is not None:
            out.append({"id": mod.ID, "title": mod.TITLE, "summary": data.get("summary"), "template": f"section_{mod.__name__.rsplit('.', 1)[-1]}.html.j2", "s": data})
    return out
