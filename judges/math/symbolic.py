"""`sympy`: our symbolic math judge (issues 4 and 17).

Per sample, in a `BoundedPool` worker with a per-sample `timeout`:
1. extract answer spans from the candidate with the `extraction` configuration
   (`auto`, `simplerl` or `lighteval`; see math_extract);
2. gold first: under `auto`, a reference that is a whole solution gives its own final
   answer (math_forms.reference_answer), a gold written as a choice ("C. x = 42") is
   answered by its letter or its content (math_forms.option_answers); each reference is
   parsed before the candidate;
3. a non-committal answer ("5 or 6", "cannot be determined") is a verdict False, except
   "5 or 8" / "5 and 8" against a gold that holds several answers (then it is the list);
4. parse and compare. Under `auto`, a relation, matrix, sum/product or equation (see
   math_forms.needs_latex_backend) goes to the ANTLR path (math_latex_backend); anything
   else to our own tokenizer and grammar (math_normalize + math_parse, no eval/sympify)
   and math_compare: exact, numeric (relative tolerance 1e-6 for decimals), bounded
   symbolic. The ANTLR path is also tried when our grammar cannot read a side or
   cannot decide. Under `auto` a single-number answer with a decimal comma (`3,5`, `7,5 Euro`)
   reads as 3.5 against a one-number gold (and "1.250 pesos" as 1250 in a decimal-comma text:
   locale_numbers.py), and prose or labelled lists ("(a) 5, (b) 8")
   as lists against a gold of several answers. Any reference matching makes the answer correct.
   Two equations equal by their right sides (our grammar reads `x = 5` as 5) stay equal only when their left
   sides are names (`y =` and `f(x) =`: a naming difference) or the same mathematics; a left side that is
   a known function applied to its argument (`\\sin(x) =`, math_forms.equation_left) is no label, so
   `\\cos(x) = c` is not `\\sin(x) = c` (unequal), and a name against such a left side is undecided; `sinx`,
   `\\gcd(a, b)`, `\\operatorname{lcm}(a, b)` are such left sides too, and one function name at two points is
   no naming difference (`f(2) = 5` is not `f(3) = 5`; `P(A)` against `P(B)` is undecided). Two lists of equations
   are paired by left side (mathematics, or the same distinct unindexed names): `\\sin x = b, \\cos x = a` is not
   `\\sin x = a, \\cos x = b`, `y = 3, x = 4` is not `x = 3, y = 4` (`x_1`, `x_2` may be roots in any order).
When a reference does not parse, the normalised texts are compared instead (equal:
correct; otherwise no verdict). A candidate with no extractable or parseable answer
gets no verdict (unparseable); a sample over its time limit gets no verdict (timeout).
`simplerl` and `lighteval` keep their parsers' extraction and use our grammar only.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import sympy

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.sandbox.bounded import OK, TIMEOUT, BoundedPool
from judgesuite.judges.math.clock_times import half_day_time, same_clock_time
from judgesuite.judges.math.compare import answers_equal
from judgesuite.judges.math.extract import CONFIGS, extract
from judgesuite.judges.math.forms import (answer_groups, as_list, condition, decimal_comma, equation_left,
                                          equation_list, needs_latex_backend, option_answers, plain_value,
                                          reference_answer, same_choice_letter, stands_alone)
from judgesuite.judges.math.latex_backend import latex_equal, parse_latex
from judgesuite.judges.math.locale_numbers import comma_decimal_text, localized_number
from judgesuite.judges.math.log_base import READINGS, read_log, unbased_log
from judgesuite.judges.math.normalize import normalize
from judgesuite.judges.math.parse import Collection, Parsed, ParseError, parse
from judgesuite.judges.math.prose_numbers import RATE_GOLD, read_through_rate
from judgesuite.judges.math.quantities import same_quantity
from judgesuite.judges.types import NoVerdict, Sample, Verdict

_UNPARSEABLE, _UNDECIDED = "unparseable", "undecided"
# names of code, not math: a snake_case name ("total_fabric", "books_read_by_ahmed"; not a subscript "x_1",
# "x_max"), or a name before ":" / "=" with a name after it, first or after an operator ("total: price * count";
# not a unit, "Total = 48 muffins"); ANTLR would read a product of letters (slow, meaningless)
_CODE_NAMES = re.compile(r"(?<![\\\w])[A-Za-z][A-Za-z0-9]+(?:_[A-Za-z0-9]+)*_[A-Za-z]{2}|\A[A-Za-z]\w+\s*[:=]\s*"
                         r"(?:[^\n]*[-+*/(]\s*)?(?<![\\\w])(?!(?:sqrt|sin|cos|tan|log|exp|frac|cdot|times|pi)\b)"
                         r"[A-Za-z]{3}")


def _parse(text: str, last_equation: bool = False) -> Parsed | None:
    try:
        return parse(normalize(text))
    except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
        # "1 = \\zzz = x = 0": its last value; a comma only inside the left side ("\\gcd(a, b) = 6"), not a list
        if last_equation and "=" in text and ("," not in text or equation_left(text) is not None):
            return _parse(text.rsplit("=", 1)[1])
        return None


_GOLD_OR = re.compile(r"\bor\b|\beither\b", re.IGNORECASE)
_TEXT_NOISE = re.compile(r"\\(?:text|textbf|mathrm|mbox)\s*|[\\${}\s.,;:!()]")


_DIGIT_GAP = re.compile(r"(?<=\d)[\s.,;:]+(?=\d)")  # "12 34", "1.5.3": the digits stay apart (not "1234", "153")


def _text_key(text: str) -> str:
    """A text answer ("\\text{Yes}", "no.") reduced for string comparison; a gap between digits is kept."""
    text = _DIGIT_GAP.sub(lambda m: "\x00" + str(" .,;:".find(m.group(0).strip()[:1] or " ")), text)
    return _TEXT_NOISE.sub("", text).lower()


def judge_math(task: tuple) -> tuple[bool | None, str | None, str]:
    """Worker function: (references, candidate, extraction[, question]) -> (correct or None, extracted, detail). A
    pair with `\\log` unbased is judged with it read as natural and as base-10 log: no verdict where the two differ
    (log_base). The question, where given, may name the unit asked for (extract's `asked_unit`)."""
    references, candidate, extraction = task[:3]
    question = task[3] if len(task) > 3 else ""
    if not unbased_log(candidate, *references):
        return _judge_math(references, candidate, extraction, question)
    natural, decimal = (_judge_math(tuple(read_log(r, b) for r in references), read_log(candidate, b), extraction,
                                    question) for b in READINGS)
    if natural[0] is decimal[0]:
        return natural
    return None, natural[1], f"{_UNDECIDED}: the verdict depends on the base of \\log (e or 10)"


def _judge_math(references: tuple[str, ...], candidate: str, extraction: str,
                question: str = "") -> tuple[bool | None, str | None, str]:
    auto = extraction == "auto"  # the answer forms of issue 17 are `auto` only
    ex = extract(candidate, CONFIGS[extraction], question)
    refs = [answer_groups(reference_answer(r)) if auto else r for r in references]
    if auto:  # a gold "C. x = 42" is answered by "C" or by "x = 42"
        refs = [x for r in refs for x in (r, *option_answers(r))]
    if auto:
        ex.spans = [condition(s) for s in ex.spans]  # "\\{x \\mid x > 2\\}" is "x > 2"
    top = _parse(as_list(ex.spans[0])) if auto and ex.spans else None  # "$x=1$ and $x=4$" is two answers
    if top is not None and not isinstance(top.value, Collection):
        refs = [decimal_comma(r) or r for r in refs]  # a gold "1,22" against a one-number answer
    golds = [(ref, _parse(ref, auto)) for ref in refs]  # gold first
    several = auto and any(g is not None and _several(g) for _, g in golds)
    if ex.respectively and not any(g is not None and isinstance(g.value, Collection) for _, g in golds):
        return None, ex.spans[0][:200], f"{_UNDECIDED}: boxed values of several quantities, 'respectively'"
    if ex.noncommittal:
        if ex.spans and any(_GOLD_OR.search(r) and _text_key(r) == _text_key(ex.spans[0]) for r in refs):
            return True, ex.spans[0][:200], f"{ex.method}: equal as text"  # the gold itself says "a or b"
        if not (several and ex.alternatives):  # "5 or 8" against a gold of two answers is the list 5, 8
            return False, (ex.spans[0][:200] if ex.spans else None), "non-committal answer"
    if not ex.spans:
        if auto and any(_text_key(r) and _text_key(r) == _text_key(candidate) and (g is None or plain_value(candidate))
                        for r, g in golds):
            return True, candidate[:200], "whole output: equal as text"  # "\\text{...}" answers
        return None, None, f"{_UNPARSEABLE}: no answer found"
    if auto and ex.method == "number" and any(RATE_GOLD.search(r) for r in references) and read_through_rate(
            candidate[-2000:]):  # "12 masks every 2 days" against "12 masks per day": the periods may differ
        return None, ex.spans[0][:200], f"{_UNDECIDED}: a rate read by its quantity against a gold rate"
    if auto and any(same_choice_letter(r, ex.spans[0]) for r in refs):  # "c" for the choice "C"
        return True, ex.spans[0][:200], f"{ex.method}: the same choice letter"
    details = []
    for ref, gold in golds:
        spans = ex.spans
        if several:
            spans = list(dict.fromkeys([as_list(s) for s in spans] + spans))
        elif auto and gold is not None and not isinstance(gold.value, Collection):
            # "x = 4 and x = 9" is two answers (a list), "3,5" one number with a decimal comma
            comma = comma_decimal_text(candidate)
            spans = [answer_groups(s) if answer_groups(s) != s
                     else (decimal_comma(s) or localized_number(s, comma) or s) for s in spans]
        elif auto and gold is not None:  # a tuple gold: "x = 2 and y = 3" is the pair (2, 3)
            spans = list(dict.fromkeys([answer_groups(s) for s in spans] + spans))
        result, span, detail = _compare(ref, gold, spans, auto)
        if result is True:
            return True, span[:200], f"{ex.method}: {detail}"
        details.append(detail)
    if all(d.startswith("unequal") for d in details):
        return False, span[:200], f"{ex.method}: {details[0]}"
    return None, span[:200], next(d for d in details if not d.startswith("unequal"))


def _several(gold: Parsed) -> bool:
    v = gold.value
    return isinstance(v, Collection) and v.kind in ("set", "bare") and len(v.items) >= 2


def _compare(ref: str, gold: Parsed | None, spans: list[str], auto: bool) -> tuple[bool | None, str, str]:
    """One reference against the candidate's spans: (equal?, span used, detail). An "equal" of two equations
    stands only when their left sides may differ (see _same_left_sides)."""
    clock = same_clock_time(ref, spans[0]) if auto and spans else None
    if clock is not None:  # "3:45 PM" against "3:45 AM" or "15:45": compared as 24-hour times
        return clock, spans[0], "equal as clock times" if clock else "unequal: the clock times differ"
    half = half_day_time(ref, spans[0]) if auto and spans else None
    if half is not None:  # "3:45" against "3:45 PM": which half of the day is not said
        return (None, spans[0], f"{_UNDECIDED}: a 12-hour time without AM / PM against one with it") if half else (
            False, spans[0], "unequal: the clock times differ")
    result, span, detail = _compare_values(ref, gold, spans, auto)
    if result is True and auto:
        same, what = _same_left_sides(ref, span), "the equations' left sides"
        if same is True:
            same, what = _same_equation_lists(ref, span), "the lists of equations, paired by left side,"
        if same is False:
            return False, span, f"unequal: {what} differ"
        if same is None:
            return None, span, f"{_UNDECIDED}: {what} are not comparable"
    return result, span, detail


def _same_left_sides(ref: str, span: str) -> bool | None:
    """Gold and answer both equations, right sides equal (our grammar reads the right side alone, `x = 5` as 5):
    True when their left sides are names (`y` and `f(x)`, `Total` and `x`: a naming difference, as a bare
    `x = 2` for a gold 2) or the same mathematics (`\\sin(x)` and `\\sin x`; a one-variable renaming,
    `\\sin(t)` and `\\sin(x)`, counts as a name); False when both are mathematics and differ (`\\sin(x)`
    and `\\cos(x)`: the right sides are values of different quantities); None when one is a name and the other
    mathematics, or the left sides cannot be compared. Not both equations: True."""
    g, c = equation_left(ref), equation_left(span)
    if g is None or c is None:
        return True
    if not (g[1] or c[1]):
        return _same_names(g[0], c[0])
    if not (g[1] and c[1]):
        return None
    return _same_mathematics(g[0], c[0])


_APPLIED = re.compile(r"^([A-Za-z](?:_\{?\w{1,3}\}?)?)\s*\(\s*([^()]{1,20}?)\s*\)$")


def _same_names(gold: str, cand: str) -> bool | None:
    """Two left sides that are names: a naming difference (True), except one function name at two points:
    `f(2)` and `f(3)` differ (False), `P(A)` and `P(B)` are not comparable (None); `f(x)` and `f(t)` rename the
    variable (True)."""
    g, c = _APPLIED.match(gold), _APPLIED.match(cand)
    if not (g and c) or g.group(1) != c.group(1):
        return True
    x, y = (re.sub(r"\s+", "", m.group(2)) for m in (g, c))
    if x == y or (re.fullmatch(r"[a-z]", x) and re.fullmatch(r"[a-z]", y)):
        return True
    gv, cv = _parse(x), _parse(y)
    if gv is None or cv is None or not all(isinstance(v.value, sympy.Expr) and v.value.is_number for v in (gv, cv)):
        return None
    try:
        return answers_equal(gv, cv)
    except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
        return None


def _same_mathematics(gold: str, cand: str) -> bool | None:
    """Two left sides that are mathematics: the same (also up to renaming the one variable), different, or None."""
    if re.sub(r"\s+", "", gold) == re.sub(r"\s+", "", cand):
        return True
    gl, cl = _parse(gold), _parse(cand)
    same = None
    if gl is not None and cl is not None:
        try:
            same = answers_equal(gl, cl) or _renamed_equal(gl, cl)
        except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
            same = None
    return _latex_compare(gold, cand) if same is None else same


_INDEXED = re.compile(r"[_\d']")


def _same_equation_lists(ref: str, span: str) -> bool | None:
    """Gold and answer both lists of equations ("\\sin x = a, \\cos x = b"), equal as lists of right sides: each
    equation whose left side is mathematics is matched with the other list's equation of the same left side, and
    their right sides must agree (False: a left side without a counterpart, or a pair whose right sides differ;
    None: not comparable). Names only (`x = 3, y = 4`): matched by name when both lists use the same distinct,
    unindexed names (`y = 3, x = 4` is not `x = 3, y = 4`; `x_1`, `x_2` may be roots in any order); other names
    are a naming difference. Not both lists: True."""
    g, c = equation_list(ref), equation_list(span)
    if g is None or c is None or len(g) != len(c):
        return True
    key = lambda left: re.sub(r"\s+", "", left)  # noqa: E731
    math = any(m for _, _, m in g + c)
    gk, ck = [key(left) for left, _, _ in g], [key(left) for left, _, _ in c]
    by_name = (not math and len(set(gk)) == len(gk) and set(gk) == set(ck)
               and not any(_INDEXED.search(k) for k in gk))
    if not (math or by_name):
        return True

    def same_left(a: tuple[str, str, bool], b: tuple[str, str, bool]) -> bool | None:
        if a[2] and b[2]:
            return _same_mathematics(a[0], b[0])
        return key(a[0]) == key(b[0]) if not (a[2] or b[2]) else None

    results = []
    for first, second, gold_first in ((g, c, True), (c, g, False)):
        for eq in first:
            if not (eq[2] or by_name):
                continue  # a name beside mathematics: its value was compared with the list
            lefts = [same_left(eq, other) for other in second]
            if True not in lefts:
                results.append(None if None in lefts else False)
                continue
            other = second[lefts.index(True)]
            pair = (eq[1], other[1]) if gold_first else (other[1], eq[1])
            results.append(_same_value(*pair))
    if False in results:
        return False
    return None if None in results else True


def _same_value(gold: str, cand: str) -> bool | None:
    """Two right sides of equations: equal, unequal or None (not comparable)."""
    g, c = _parse(gold), _parse(cand)
    result = None
    if g is not None and c is not None:
        try:
            result = answers_equal(g, c)
        except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
            result = None
    return _latex_compare(gold, cand) if result is None else result


def _renamed_equal(gold: Parsed, cand: Parsed) -> bool | None:
    """Equal once the candidate's one variable is renamed to the gold's (`\\sin(t)` and `\\sin(x)`)."""
    g, c = gold.value, cand.value
    if not (isinstance(g, sympy.Expr) and isinstance(c, sympy.Expr)):
        return False
    gs, cs = g.free_symbols, c.free_symbols
    if len(gs) != 1 or len(cs) != 1 or gs == cs:
        return False
    return answers_equal(gold, dataclasses.replace(cand, value=c.subs(next(iter(cs)), next(iter(gs)))))


def _compare_values(ref: str, gold: Parsed | None, spans: list[str], auto: bool) -> tuple[bool | None, str, str]:
    """One reference against the candidate's spans, equations by their right sides: (equal?, span used, detail)."""
    top = spans[0]
    if auto and _CODE_NAMES.search(top):
        return None, top, f"{_UNDECIDED}: names of code"
    units = same_quantity(ref, top) if auto else None
    if units is not None:  # "2 h" against "120 min" is equal, "2 hours" against "2 minutes" is not
        return units, top, "equal (units)" if units else "unequal (units)"
    routed = auto and (needs_latex_backend(ref) or needs_latex_backend(top))
    if routed:
        result = _latex_compare(ref, top)
        if result is not None:
            return result, top, "equal (latex)" if result else "unequal (latex)"
    span, cand = top, None
    for s in spans:
        cand = _parse(s, auto)
        if cand is not None:
            span = s
            break
    # a later span cut from a top span our grammar cannot read ("3" of "\\frac{3}{}", "\\neg 3", "3^{}";
    # "-3" of "|-3|") is a part of malformed math, not the answer: the ANTLR path reads the top, or the
    # part may show the answer wrong but never right
    partial = span != top and not stands_alone(top, span)
    if auto and span != top and gold is not None and (partial or "|" in top):
        result = _latex_compare(ref, top)
        if result is not None:
            return result, top, "equal (latex)" if result else "unequal (latex)"
    if gold is None or cand is None:
        # a text answer ("\\text{No}"): the top-priority span, or the one that parsed; against a gold
        # that parses, only the value with noise around it ("185\\", not "\\3" or "{3")
        for text in dict.fromkeys((top,) if partial else (top, span)):
            if _text_key(ref) and _text_key(ref) == _text_key(text) and (gold is None or plain_value(text)):
                return True, text, "equal as text"
        result = _latex_compare(ref, top) if auto else None
        if result is not None:
            return result, top, "equal (latex)" if result else "unequal (latex)"
        return None, span, f"{_UNPARSEABLE}: {'reference' if gold is None else 'candidate'} not parseable"
    try:
        result = answers_equal(gold, cand)
    except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
        result = None  # SymPy could not decide
    if result is None and auto:
        result = _latex_compare(ref, span)
    valued = span.count("=") == 1 and equation_left(span) and not needs_latex_backend(ref)  # "\\max f = 5" for 5
    if result is True and routed and not valued:
        result = None  # a relation or equation the ANTLR path could not read: our grammar would drop a side
    if result is True and partial:
        return None, top, f"{_UNDECIDED}: the answer is not readable in full"
    return result, span, {True: "equal", False: "unequal", None: f"{_UNDECIDED}: comparison undecided"}[result]


def _latex_compare(ref: str, span: str) -> bool | None:
    """The ANTLR path (math_latex_backend); None when either side does not parse there."""
    gold = parse_latex(ref)
    if gold is None:
        return None
    cand = parse_latex(span)
    if cand is None:
        return None
    try:
        result = latex_equal(gold, cand)
    except Exception:  # SymPy's solvers raise many kinds; the pair stays undecided
        return None
    if result and _PRIMES.findall(ref) != _PRIMES.findall(span):
        return None  # the ANTLR grammar drops a prime: x' is not x
    return result


_PRIMES = re.compile(r"(?<=[A-Za-z}])'+")


class SympyJudge(Judge):
    """Extract (auto / simplerl / lighteval), parse safely, compare exactly, numerically, symbolically."""

    tags = JudgeTags(version="3", task_types=frozenset({"math"}), identity_exclude=("workers",),
                     libraries=("sympy", "mpmath", "latex2sympy2_extended", "math-verify"))

    def __init__(self, extraction: str = "auto", timeout: float = 5.0, workers: int | None = None) -> None:
        if extraction not in CONFIGS:
            raise ValueError(f"extraction must be one of {', '.join(CONFIGS)}, got {extraction!r}")
        self.extraction = extraction
        self.timeout = timeout
        self.workers = workers
        self._pool: BoundedPool | None = None

    def pool(self) -> BoundedPool:
        if self._pool is None:
            self._pool = BoundedPool(judge_math, workers=self.workers, timeout=self.timeout)
        return self._pool

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        tasks = [(tuple(s.references), s.candidate, self.extraction, s.question or "") for s in samples]
        out = []
        for o in self.pool().map(tasks):
            if o.status == OK:
                correct, extracted, detail = o.value
                if correct is None:  # nothing parseable, or a comparison SymPy could not decide
                    out.append(Verdict.none(NoVerdict.UNPARSEABLE, detail, extracted=extracted))
                else:
                    out.append(Verdict(correct=correct, score=float(correct), extracted=extracted, detail=detail))
            elif o.status == TIMEOUT:
                out.append(Verdict.none(NoVerdict.TIMEOUT, o.error))
            else:
                out.append(Verdict.none(NoVerdict.ERROR, o.error))
        return out

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
