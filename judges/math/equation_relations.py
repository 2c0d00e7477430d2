"""Equations compared as relations, not by their right sides (stop 58, grader batch 8's development rows, KAS).

- `relation_of_names`: an equation between two lone variables (`y = x`) relates two names and gives no value;
  against a bare expression (`x`) it is unequal both ways. `y = 2x + 1` against `2x + 1` and `x = 5` against 5
  stay equal (a name given a value, as earlier batches' graders assert).
- `=/=` (KAS), `≠`, `!=` are the not-equal relation (plain_text_latex.NOT_EQUAL), never an equation.
- `same_equation`: two single equations that our grammar reads by their right sides (unequal there) are equal as
  relations when (a) with variables, one's lhs - rhs is a nonzero constant multiple of the other's (`y = x` and
  `x = y`, `y = 2x - 5` and `2x - y = 5`); (b) without variables, the sides are the same pair, maybe swapped
  (`23^1.5 = 110.304` and `110.304 = 23^1.5`); (c) in one and the same variable, after clearing denominators a
  polynomial of degree at most 4 each, both with the same nonempty finite set of roots, roots where a denominator
  vanishes left out (`1/3p - 3 = 114` and `p = 351`; `w(12.5 - w) = 25` and `2w + 50/w = 25`). `x^2 = 4` is not
  `x = 2` (roots -2, 2 against 2). Decimals count as the exact fractions they write (`x = 5.0000001` is not `x = 5`),
  and roots agree to 1e-9 (`x = 0.333` is no solved form of `3x = 1`).
  Stop 59b: two single inequalities are equal when one's lhs - rhs (as `d < 0` or `d <= 0`) is a positive constant
  multiple of the other's, the strictness the same (`4x + 6y <= 8 + 2y` and `2x + 3y <= 4 + y`;
  polynomial_relations); so are two chains of two inequalities whose links are so pairwise (`57.06 ≤ 24.74 + 1.54b ≤
  171.02` and `32.32 ≤ 1.54b ≤ 146.28`).
- `unequal_relation` (stop 59b): a verdict "equal" does not stand (a) between two equations giving a value to a
  product of one or two letters where one's letters are some of the other's and more (`qa = 9` is not `q = 9`:
  the product with another variable is another quantity); a renamed lone variable stays a naming difference, as
  stop 58 pinned (`k = 48` for `m = 48`, `t = 3` for `x = 3`; so `b = 9` for `a = 9` stays equal), nor (b) between a
  chain of inequalities with a link between two numbers (`1/2 < x <= 1.5 < 7`: a claim about numbers, no solution
  set) and a relation without one (`1 < 2x <= 3`).
- `same_set_relation` (stop 61, grader batch 11): a membership or inclusion between two names and its converse
  written the other way round are one relation (`A ∋ x` and `x ∈ A`, `B ⊃ A` and `A ⊂ B`, `B ⊉ A` and `A ⊈ B`; the
  LaTeX commands `\\ni`, `\\supset`, `\\supseteq`, `\\not\\ni`, ... too); two such relations that differ in
  their relation or names are unequal. Only names (letters, digits, `_`) as sides: anything else stays undecided.
"""
from __future__ import annotations

import re

import sympy

from judgesuite.judges.math.latex_backend import parse_latex
from judgesuite.judges.math.plain_text_latex import NOT_EQUAL
from judgesuite.judges.math.polynomial_relations import relations_decided

# an equation between two lone names, the whole (stripped) text; bounded spaces keep `findall` linear on any text
_NAMES_EQUATION = re.compile(r"\$?[ \t]{0,3}[A-Za-z][ \t]{0,3}=[ \t]{0,3}[A-Za-z][ \t]{0,3}\$?")
MAX_DEGREE = 4
_ROOT_TOL = 1e-9


def relation_of_names(ref: str, span: str) -> bool:
    """One of gold and answer an equation between two lone variables (`y = x`), the other no equation: such an
    equation relates two names and is no value of either."""
    eqs = [bool(_NAMES_EQUATION.fullmatch(t.strip())) for t in (ref, span)]
    bare = ["=" not in t and not NOT_EQUAL.search(t) for t in (ref, span)]
    return (eqs[0] and bare[1]) or (eqs[1] and bare[0])


# an equation giving a value to a lone variable of one or two letters, the whole (stripped) text
_LETTERS_EQUATION = re.compile(r"\$?[ \t]{0,3}([A-Za-z]{1,2})[ \t]{0,3}=(?!=)[^=<>\n]{1,200}")
_INEQUALITY = re.compile(r"<=|>=|[<>≤≥]|\\(?:leq?|geq?|lt|gt|leqslant|geqslant)(?![A-Za-z])")
_COMMAND = re.compile(r"\\[A-Za-z]+")


def unequal_relation(ref: str, span: str) -> bool:
    """Whether an "equal" of gold and answer must not stand (module doc: `unequal_relation`)."""
    g, c = (_LETTERS_EQUATION.fullmatch(t.strip()) for t in (ref, span))
    if g and c and (set(g.group(1)) < set(c.group(1)) or set(c.group(1)) < set(g.group(1))):
        return True  # `qa = 9` for `q = 9`: a product with another variable (`k = 48` for `m = 48` is a renaming)
    return _number_link(ref) != _number_link(span)


def _number_link(text: str) -> bool:
    """A chain of two or more inequalities (no equation, no list) with a link between two numbers (`1.5 < 7`)."""
    if len(text) > 600 or re.search(r"[=,;]", _INEQUALITY.sub(" ", text)):
        return False
    parts = _INEQUALITY.split(text)
    if len(parts) < 3:
        return False
    numbers = [bool(p.strip()) and not re.search(r"[A-Za-z]", _COMMAND.sub(" ", p)) for p in parts]
    return any(a and b for a, b in zip(numbers, numbers[1:]))


def _single_equation(text: str) -> bool:
    return text.count("=") == 1 and not NOT_EQUAL.search(text) and not re.search(r"[<>,;]|\\[lg]e", text)


def _single_inequality(text: str) -> bool:
    return len(_INEQUALITY.findall(text)) == 1 and not re.search(r"[=,;]", _INEQUALITY.sub(" ", text))


def _inequality_chain(text: str) -> bool:
    return (len(_INEQUALITY.findall(text)) == 2 and not re.search(r"[=,;]", _INEQUALITY.sub(" ", text))
            and not _number_link(text))


def _same_chain(g: object, c: object) -> bool | None:
    """Two chains of two inequalities (`a <= E <= b`), each link the same relation as one of the other's."""
    if not (isinstance(g, sympy.And) and isinstance(c, sympy.And) and len(g.args) == len(c.args) == 2):
        return None
    pairs = lambda x, y: all(any(relations_decided(a, b) for b in y.args) for a in x.args)  # noqa: E731
    return True if pairs(g, c) and pairs(c, g) else None


def same_equation(ref: str, span: str) -> bool | None:
    """Gold and answer, both single equations (or both single inequalities), equal as relations (see module doc):
    True, or None (no say)."""
    if _single_inequality(ref) and _single_inequality(span):
        return True if relations_decided(parse_latex(ref), parse_latex(span)) else None
    if _inequality_chain(ref) and _inequality_chain(span):
        return _same_chain(parse_latex(ref), parse_latex(span))
    if not (_single_equation(ref) and _single_equation(span)):
        return None
    g, c = parse_latex(ref), parse_latex(span)
    if not (isinstance(g, sympy.Eq) and isinstance(c, sympy.Eq)):
        return None
    decided = relations_decided(g, c)  # polynomial equations: the same zeros over C or not, nothing more to try
    if decided is not None:
        return True if decided else None
    try:
        return True if _proportional(g, c) or _swapped_numbers(g, c) or _same_roots(g, c) else None
    except Exception:  # noqa: BLE001 - sympy and mpmath fail in many ways (NoConvergence among them): no say
        return None


def _exact(e: sympy.Expr) -> sympy.Expr:
    """Each decimal as the exact fraction it writes (12.5 is 25/2, 5.0000001 is not 5)."""
    return e.xreplace({f: sympy.Rational(str(f)) for f in e.atoms(sympy.Float)})


def _proportional(g: sympy.Eq, c: sympy.Eq) -> bool:
    a, b = _exact(g.lhs - g.rhs), _exact(c.lhs - c.rhs)
    if not (a.free_symbols and a.free_symbols == b.free_symbols) or b == 0:
        return False
    ratio = sympy.cancel(a / b)
    return bool(ratio.is_number and ratio != 0 and ratio.is_finite)


def _swapped_numbers(g: sympy.Eq, c: sympy.Eq) -> bool:
    if g.free_symbols or c.free_symbols:
        return False
    same = lambda x, y: x == y or sympy.expand(x - y) == 0  # noqa: E731
    return (same(g.lhs, c.lhs) and same(g.rhs, c.rhs)) or (same(g.lhs, c.rhs) and same(g.rhs, c.lhs))


def _roots(e: sympy.Eq, x: sympy.Symbol) -> list[complex] | None:
    """The roots of lhs - rhs in x, denominators cleared (roots of a denominator left out); None: no polynomial of
    degree 1 to MAX_DEGREE."""
    num, den = sympy.together(_exact(e.lhs - e.rhs)).as_numer_denom()
    if not (num.is_polynomial(x) and den.is_polynomial(x)):
        return None
    p, q = sympy.Poly(num, x), sympy.Poly(den, x)
    if not 1 <= p.degree() <= MAX_DEGREE or q.degree() > MAX_DEGREE or not all(
            k.is_number for k in p.all_coeffs() + q.all_coeffs()):
        return None
    roots = [complex(r) for r in p.sqf_part().nroots(n=30)]  # a double root once (nroots fails on it)
    return [r for r in roots if abs(complex(q.eval(r))) > _ROOT_TOL * max(1.0, abs(r))]


def _same_roots(g: sympy.Eq, c: sympy.Eq) -> bool:
    syms = g.free_symbols | c.free_symbols
    if len(syms) != 1 or g.free_symbols != c.free_symbols:
        return False
    x = next(iter(syms))
    a, b = _roots(g, x), _roots(c, x)
    if not a or not b:
        return False
    near = lambda r, s: abs(r - s) <= _ROOT_TOL * max(1.0, abs(r))  # noqa: E731
    return all(any(near(r, s) for s in b) for r in a) and all(any(near(s, r) for r in a) for s in b)


# relation -> (canonical relation, whether its sides swap)
_SET_RELATIONS = {"∈": ("∈", False), "∋": ("∈", True), "∉": ("∉", False), "∌": ("∉", True),
                  "⊂": ("⊂", False), "⊃": ("⊂", True), "⊆": ("⊆", False), "⊇": ("⊆", True),
                  "⊄": ("⊄", False), "⊅": ("⊄", True), "⊈": ("⊈", False), "⊉": ("⊈", True)}
_SET_COMMANDS = {"\\notin": "∉", "\\not\\in": "∉", "\\not\\ni": "∌", "\\nsubseteq": "⊈", "\\nsupseteq": "⊉",
                 "\\not\\subseteq": "⊈", "\\not\\supseteq": "⊉", "\\not\\subset": "⊄", "\\not\\supset": "⊅",
                 "\\subseteq": "⊆", "\\supseteq": "⊇", "\\subset": "⊂", "\\supset": "⊃", "\\in": "∈", "\\ni": "∋"}
_SET_COMMAND = re.compile("|".join(re.escape(c) + r"(?![A-Za-z])" for c in _SET_COMMANDS))
_SET_RELATION = re.compile(r"(?<![ \t])[ \t]*+([A-Za-z][A-Za-z0-9_]{0,15})[ \t]*+([∈∋∉∌⊂⊃⊆⊇⊄⊅⊈⊉])[ \t]*+"
                           r"([A-Za-z][A-Za-z0-9_]{0,15})[ \t.]*+")


def _set_relation(text: str) -> tuple[str, str, str] | None:
    """(left, canonical relation, right) of a set relation between two names; None for anything else."""
    text = _SET_COMMAND.sub(lambda m: _SET_COMMANDS[m.group()], text.strip().strip("$"))
    m = _SET_RELATION.fullmatch(text)
    if m is None:
        return None
    relation, swap = _SET_RELATIONS[m.group(2)]
    return (m.group(3), relation, m.group(1)) if swap else (m.group(1), relation, m.group(3))


def same_set_relation(reference: str, span: str) -> bool | None:
    """Whether two set relations between names are one relation (True) or differ (False); None unless both are."""
    gold, cand = _set_relation(reference), _set_relation(span)
    return None if gold is None or cand is None else gold == cand
