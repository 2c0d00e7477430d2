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
   Equations as relations (equation_relations): an equation between two lone variables (`y = x`) is no value
   (unequal to `x` both ways); two single equations unequal by their right sides are equal when one's lhs - rhs is a
   nonzero multiple of the other's (`x = y`, `y = x`), their number sides are swapped, or in one variable they have
   the same roots (`1/3p - 3 = 114` and `p = 351`); `=/=` and `≠` are the not-equal relation.
When a reference does not parse, the normalised texts are compared instead (equal:
correct; otherwise no verdict). A candidate with no extractable or parseable answer
gets no verdict (unparseable); a sample over its time limit gets no verdict (timeout).
`simplerl` and `lighteval` keep their parsers' extraction and use our grammar only.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from judgesuite.judges.base import Judge, JudgeTags
from judgesuite.judges.sandbox.bounded import OK, TIMEOUT, BoundedPool
from judgesuite.judges.math.clock_times import half_day_time, same_clock_time
from judgesuite.judges.math.compare import answers_equal
from judgesuite.judges.math.extract import CONFIGS, extract
from judgesuite.judges.math.equation_relations import (relation_of_names, same_equation, same_set_relation,
                                                       unequal_relation)
from judgesuite.judges.math.equation_sides import same_equation_lists, same_left_sides
from judgesuite.judges.math.forms import (answer_groups, as_list, condition, decimal_comma, equation_left,
                                          needs_latex_backend, option_answers, plain_value, reference_answer,
                                          same_choice_letter, stands_alone)
from judgesuite.judges.math.locale_numbers import comma_decimal_text, localized_number
from judgesuite.judges.math.log_base import READINGS, read_log, unbased_log
from judgesuite.judges.math.parse import Collection, Parsed
from judgesuite.judges.math.prose_numbers import RATE_GOLD, read_through_rate
from judgesuite.judges.math.quantities import same_quantity, unit_chain_result
from judgesuite.judges.math.readers import latex_compare, parse_answer
from judgesuite.judges.types import NoVerdict, Sample, Verdict

_UNPARSEABLE, _UNDECIDED = "unparseable", "undecided"
# names of code, not math: a snake_case name ("total_fabric", "books_read_by_ahmed"; not a subscript "x_1",
# "x_max"), or a name before ":" / "=" with a name after it, first or after an operator ("total: price * count";
# not a unit, "Total = 48 muffins"); ANTLR would read a product of letters (slow, meaningless)
_CODE_NAMES = re.compile(r"(?<![\\\w])[A-Za-z][A-Za-z0-9]+(?:_[A-Za-z0-9]+)*_[A-Za-z]{2}|\A[A-Za-z]\w+\s*[:=]\s*"
                         r"(?:[^\n]*[-+*/(]\s*)?(?<![\\\w])(?!(?:sqrt|sin|cos|tan|log|exp|frac|cdot|times|pi)\b)"
                         r"[A-Za-z]{3}")


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
    top = parse_answer(as_list(ex.spans[0])) if auto and ex.spans else None  # "$x=1$ and $x=4$" is two answers
    if top is not None and not isinstance(top.value, Collection):
        refs = [decimal_comma(r) or r for r in refs]  # a gold "1,22" against a one-number answer
    golds = [(ref, parse_answer(ref, auto)) for ref in refs]  # gold first
    several = auto and any(g is not None and _several(g) for _, g in golds)
    if ex.respectively and not any(g is not None and isinstance(g.value, Collection) for _, g in golds):
        return None, ex.spans[0][:200], f"{_UNDECIDED}: boxed values of several quantities, 'respectively'"
    if ex.noncommittal:
        if ex.spans and any(_GOLD_OR.search(r) and _text_key(r) == _text_key(ex.spans[0]) for r in refs):
            return True, ex.spans[0][:200], f"{ex.method}: equal as text"  # the gold itself says "a or b"
        if not (several and ex.alternatives):  # "5 or 8" against a gold of two answers is the list 5, 8
            return False, (ex.spans[0][:200] if ex.spans else None), "non-committal answer"
    if not ex.spans and auto and len(candidate) < 60 and not ex.noncommittal:
        if any(same_set_relation(r, candidate) is not None for r in references):  # "x ∈ A": no digit to extract
            ex.spans, ex.method = [candidate.strip()], "whole output"
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
    same_set = [same_set_relation(r, ex.spans[0]) for r in references] if auto else []
    if True in same_set or (same_set and all(x is False for x in same_set)):  # "x ∈ A" for "A ∋ x"
        return True in same_set, ex.spans[0][:200], f"{ex.method}: {'equal' if True in same_set else 'unequal'}" \
            " as set relations"
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
    stands only when their left sides may differ (see equation_sides.same_left_sides)."""
    clock = same_clock_time(ref, spans[0]) if auto and spans else None
    if clock is not None:  # "3:45 PM" against "3:45 AM" or "15:45": compared as 24-hour times
        return clock, spans[0], "equal as clock times" if clock else "unequal: the clock times differ"
    half = half_day_time(ref, spans[0]) if auto and spans else None
    if half is not None:  # "3:45" against "3:45 PM": which half of the day is not said
        return (None, spans[0], f"{_UNDECIDED}: a 12-hour time without AM / PM against one with it") if half else (
            False, spans[0], "unequal: the clock times differ")
    result, span, detail = _compare_values(ref, gold, spans, auto)
    if result is True and auto and relation_of_names(ref, span):  # "y = x" against "x" (equation_relations)
        return False, span, "unequal: an equation between two variables is a relation, not a value"
    if result is not True and auto and same_equation(ref, span):  # "x = y" and "y = x" (equation_relations)
        return True, span, "equal as equations (relations)"
    if result is True and auto and unequal_relation(ref, span):  # "b = 9" for "a = 9" (equation_relations)
        return False, span, "unequal: another variable, or a chain with a link between numbers"
    if result is True and auto:
        same, what = same_left_sides(ref, span), "the equations' left sides"
        if same is True:
            same, what = same_equation_lists(ref, span), "the lists of equations, paired by left side,"
        if same is False:
            return False, span, f"unequal: {what} differ"
        if same is None:
            return None, span, f"{_UNDECIDED}: {what} are not comparable"
    return result, span, detail


def _compare_values(ref: str, gold: Parsed | None, spans: list[str], auto: bool) -> tuple[bool | None, str, str]:
    """One reference against the candidate's spans, equations by their right sides: (equal?, span used, detail)."""
    top = spans[0]
    chained = unit_chain_result(top) if auto else None
    if chained is not None:  # "620 feet - (-55 feet) = 675 feet": its last side
        top, spans = chained, [chained, *spans[1:]]
    if auto and _CODE_NAMES.search(top):
        return None, top, f"{_UNDECIDED}: names of code"
    units = same_quantity(ref, top) if auto else None
    if units is not None:  # "2 h" against "120 min" is equal, "2 hours" against "2 minutes" is not
        return units, top, "equal (units)" if units else "unequal (units)"
    routed = auto and (needs_latex_backend(ref) or needs_latex_backend(top))
    if routed:
        result = latex_compare(ref, top)
        if result is not None:
            return result, top, "equal (latex)" if result else "unequal (latex)"
    span, cand = top, None
    for s in spans:
        cand = parse_answer(s, auto)
        if cand is not None:
            span = s
            break
    # a later span cut from a top span our grammar cannot read ("3" of "\\frac{3}{}", "\\neg 3", "3^{}";
    # "-3" of "|-3|") is a part of malformed math, not the answer: the ANTLR path reads the top, or the
    # part may show the answer wrong but never right
    partial = span != top and not stands_alone(top, span)
    if auto and span != top and gold is not None and (partial or "|" in top):
        result = latex_compare(ref, top)
        if result is not None:
            return result, top, "equal (latex)" if result else "unequal (latex)"
    if gold is None or cand is None:
        # a text answer ("\\text{No}"): the top-priority span, or the one that parsed; against a gold
        # that parses, only the value with noise around it ("185\\", not "\\3" or "{3")
        for text in dict.fromkeys((top,) if partial else (top, span)):
            if _text_key(ref) and _text_key(ref) == _text_key(text) and (gold is None or plain_value(text)):
                return True, text, "equal as text"
        result = latex_compare(ref, top) if auto else None
        if result is not None:
            return result, top, "equal (latex)" if result else "unequal (latex)"
        return None, span, f"{_UNPARSEABLE}: {'reference' if gold is None else 'candidate'} not parseable"
    try:
        result = answers_equal(gold, cand)
    except (ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError, AttributeError):
        result = None  # SymPy could not decide
    if result is None and auto:
        result = latex_compare(ref, span)
    valued = span.count("=") == 1 and equation_left(span) and not needs_latex_backend(ref)  # "\\max f = 5" for 5
    if result is True and routed and not valued:
        result = None  # a relation or equation the ANTLR path could not read: our grammar would drop a side
    if result is True and partial:
        return None, top, f"{_UNDECIDED}: the answer is not readable in full"
    return result, span, {True: "equal", False: "unequal", None: f"{_UNDECIDED}: comparison undecided"}[result]


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
