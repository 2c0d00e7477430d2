"""Answer forms read before parsing: which grammar reads a span, and span rewrites.

- `needs_latex_backend`: a relation (`<`, `\\ge`, `\\neq`, `=/=`, `≠`, `\\in`), a matrix, `\\sum` /
  `\\prod`, or an equation whose left side is not a label goes to the ANTLR path
  (math_latex_backend). A label is a name (`k`, `AB`, `V_1`, `f(x)`, `(x, y)`) and
  `k = 45` reads as 45; `2x - y + 1 = 0` is an equation.
- `equation_left`: the left side of such a labelled equation, and whether it is mathematics (a known
  function applied to its argument, `\\sin(x)`, `\\log_2(y)`, `sinx`, `\\gcd(a, b)`, `\\operatorname{lcm}(a, b)`)
  rather than a name (`f(x)`, `Total`); `equation_list`: the same for each equation of a list.
- `as_list`: "5 and 8", "5 or 8", "(a) 5, (b) 8" as the list "5, 8" (used when the gold
  holds several answers).
- `decimal_comma`: "3,5" / "1 000,50 €" as 3.5 / 1000.50, only for a single number whose
  comma group is not a thousands group (used when the gold is one number).
- `condition`: a set written by its condition ("\\{x \\mid x > 2\\}", "x \\in \\mathbb{R}, x > 2") as the condition.
- `reference_answer`: a reference that is a whole solution gives its own final answer
  (last `\\boxed{}`, "The answer is", "####"), as Math-Verify does with gold.
- `option_answers`: a gold written as a choice with its content ("C. x = 42", "(C) 42") is
  answered by the letter or by the content; `same_choice_letter`: `c` answers a bare choice-letter gold `C`.
- `stands_alone` / `plain_value`: whether a value cut from a span our grammar cannot read is that
  span's whole answer, with only prose or punctuation around it ("42 apples (approx.)", "：42",
  "42 \\qed"), or a part of malformed math ("3" of "\\frac{3}{}", "\\neg 3", "3^{}", "3+", "\\overline{3}").
"""
from __future__ import annotations

import re

from judgesuite.judges.math.extract import AUTO, extract

_RELATION = re.compile(r"(?<![\\{])[<>]|\\(?:[lg]eq?(?:slant)?|[lg]t|neq?|in|notin|subseteq?|sum|prod|int)(?![A-Za-z])"
                       r"|!=|=/=|\u2260|\\begin\s*\{(?:[pbvBV]?matrix|array|smallmatrix)\}")
_LABEL = re.compile(r"^\s*(?:[A-Za-z]{1,3}|\\[A-Za-z]+|[A-Z]?[a-z]{3,20}(?: [a-z]{2,20}){0,3})"  # "Total cost = 15"
                    r"(?:_\{?[\w,]{1,6}\}?)?'*(?:\([^()]{0,20}\))?\s*$"
                    r"|^\s*\(\s*[A-Za-z](?:_\w)?(?:\s*,\s*(?:[A-Za-z](?:_\w)?|\\theta|\u03b8))+\s*\)\s*$"
                    r"|^\s*[A-Za-z](?:_\{?\w+\}?)?\s*:\s*[A-Za-z](?:_\{?\w+\}?)?\s*$")


def _clean(span: str) -> str:
    return re.sub(r"\\(?:text|mathrm)\{[^{}]*\}|\\[dt]?frac|\\sqrt|\\left|\\right|\\cdot|\\times|\\[bp]?mod\b",
                  " ", span)


def is_equation(span: str) -> bool:
    """An `=` whose left side holds a variable and is not a label ("2x - y + 1 = 0")."""
    left, eq, right = span.replace("\\approx", "=").partition("=")
    if not eq or "<" in left or ">" in left or "!" in left[-1:]:
        return False
    if not re.search(r"[A-Za-z]", _clean(left)):  # "7 = 11a + c" (not "18 + 2 = 20")
        return bool(left.strip("$ ") and re.search(r"[A-Za-z]", _clean(right)) and "=" not in right)
    return not _LABEL.match(left.strip("$ "))


# a left side that is a known function applied to its argument ("\\sin(x)", "\\log_2(x)", "ln(t)", "\\sqrt[3]{x}",
# "\\cos x"): mathematics, not a name
_FUNC = r"(?:(?:arc|a)?(?:sin|cos|tan|cot|sec|csc)h?|log|ln|lg|exp|sqrt)"
# an operator written as a command or an operator name: \gcd(a, b), \Pr(A), \operatorname{lcm}(a, b), \mathrm{sinh}(x)
_OPERATOR = (r"\\(?:gcd|lcm|max|min|det|deg|dim|ker|Pr|arg|sup|inf|lim|hom)(?![A-Za-z])"
             r"|\\(?:operatorname\*?|mathrm)\s*\{\s*[A-Za-z]{2,12}(?:[ \t]+[A-Za-z]{2,6})?\s*\}")  # "arg max"
_MATH_LEFT = re.compile(rf"^\s*(?:\\?{_FUNC}(?![A-Za-z])|{_OPERATOR})"
                        r"(?:_\{?\w{1,6}\}?|\^\{?-?\w{1,3}\}?|\[[^\[\]]{0,10}\])*"
                        r"\s*(?:\([^()]{1,40}\)|\{[^{}]{1,40}\}|\\?[A-Za-z](?:_\{?\w{1,3}\}?)?|\\[A-Za-z]+)\s*$")
# a function glued to its variable: "sinx", "\cosx", "tanθ" (without a backslash only x, y, z or a Greek letter:
# "cost" is a word)
_GLUED_LEFT = re.compile(rf"^\s*(\\)?({_FUNC})((?(1)[A-Za-z]|(?:[xyz]|θ|\\(?:theta|alpha|beta|phi|varphi))))\s*$")
_DELIMITERS = re.compile(r"\$|\\[()\[\]]")


def equation_left(span: str) -> tuple[str, bool] | None:
    """The left side of one equation whose right side our grammar reads alone, and whether that left side is
    mathematics: "f(x) = 3" -> ("f(x)", False), "\\sin(x) = \\frac{3}{5}" -> ("\\sin(x)", True). A name (`y`,
    `f(x)`, `Total`, `V_1`) may differ between gold and answer (a naming difference); a known function applied
    to an argument (`\\sin(x)`, `\\log_2(x)`) may not. None: no `=`, several answers (a comma, `;`), or a left
    side that is neither (`2x - y + 1 = 0` goes to the ANTLR path whole)."""
    s = _DELIMITERS.sub(" ", span).replace("\\approx", "=").strip()
    left, eq, _ = s.partition("=")
    if not eq or len(s) > 400 or any(c in s for c in ";<>") or len(_top_level(s)) > 1 or left.endswith("!"):
        return None
    left = left.strip()
    if _MATH_LEFT.match(left):
        return left, True
    glued = _GLUED_LEFT.match(left)
    if glued:  # "sinx" is \sin x
        return f"\\{glued.group(2)} {glued.group(3)}", True
    return (left, False) if _LABEL.match(left) else None


def _top_level(s: str) -> list[str]:
    """`s` split at its commas and semicolons outside brackets ("\\gcd(a, b) = 6, y = 2" is two parts)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(s):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch in ",;" and depth == 0:
            parts.append(s[start:i])
            start = i + 1
    return parts + [s[start:]]


def equation_list(span: str) -> list[tuple[str, str, bool]] | None:
    """A list of two or more equations ("x = 3, y = 4", "\\sin x = a; \\cos x = b") as (left side, right side, whether
    the left side is mathematics) per equation (see equation_left); None for anything else (one equation, a part
    without its own `=`, a comma inside brackets)."""
    s = _DELIMITERS.sub(" ", span)
    if len(s) > 400 or not re.search(r"[,;]", s):
        return None
    parts = [p.strip() for p in _top_level(s)]
    if len(parts) < 2 or any(p.count("=") != 1 for p in parts):
        return None
    out = []
    for p in parts:
        left = equation_left(p)
        if left is None:
            return None
        out.append((left[0], p.partition("=")[2].strip(), left[1]))
    return out


def needs_latex_backend(span: str) -> bool:
    return bool(_RELATION.search(span)) or is_equation(span)


_PART = re.compile(r"(?:^|(?<=[\s,;:]))(?:\*\*)?\(?(?:[a-h]|i{1,3}|iv|vi{0,3})\)(?:\*\*)?[ \t:]*", re.MULTILINE)
_JOIN = re.compile(r"\\text\{[ \t]*(?:and|or)[ \t]*\}|\\quad|\b(?:and|or)\b|[;\n]", re.IGNORECASE)


def as_list(span: str) -> str:
    """Several answers written as prose or labelled parts, as one comma-separated list."""
    if len(_PART.findall(span)) >= 2:
        span = _PART.sub(" ", span)
    return ", ".join(p.strip() for p in _JOIN.sub(",", span).split(",") if p.strip())


_DECIMAL_COMMA = re.compile(r"^(?:(?:\\?\$|€|£) ?)?(-?\d{1,3}(?:(?:[ .\u00a0\u202f]|\\[,;! ])\d{3})+|-?\d+),(\d+)"
                            r" ?(?:€|£|\\?\$|\\text\{ ?(?:€|EUR|euros?) ?\}|euros?|EUR)? ?\.?$")


def decimal_comma(span: str) -> str | None:
    """'3,5' -> '3.5', '1 000,50 €' -> '1000.50'; None when the comma is not a decimal one."""
    m = _DECIMAL_COMMA.match(span.strip()) if len(span) < 60 else None
    if m is None:
        return None
    whole, frac = m.group(1), m.group(2)
    grouped = not whole.lstrip("-").isdigit()
    if len(frac) == 3 and not grouped and len(whole.lstrip("-")) <= 3 and whole.lstrip("-") != "0":
        return None  # 12,345: a thousands separator (0,111 and 1000,999 are not)
    sign = "-" if whole.startswith("-") else ""
    return f"{sign}{re.sub(r'[^0-9]', '', whole)}.{frac}"


_SET_BUILDER = re.compile(r"\A\s*+\\\{\s*([a-z])\s*(?:\\mid|\||:)\s*([^{}]{1,200}?)\s*\\\}\s*")
_REAL_DOMAIN = re.compile(r"\A\s*+([a-z])\s*\\in\s*\\mathbb\s*\{?R\}?\s*[,:;|]\s*")


def condition(span: str) -> str:
    """A set written by its condition as the condition: "\\{x \\mid x > 2\\}" and "x \\in \\mathbb{R}, x > 2" read as
    "x > 2" (the variable must appear in it); any other span as is."""
    m = _SET_BUILDER.fullmatch(span) or _REAL_DOMAIN.match(span)
    if m is None:
        return span
    rest = m.group(2) if m.re is _SET_BUILDER else span[m.end():]
    return rest if re.search(rf"(?<![A-Za-z\\]){m.group(1)}(?![A-Za-z])", rest) and needs_latex_backend(rest) else span


_EQUATIONS_JOINED = re.compile(r"=[^=]{0,40}?(?:\b(?:and|or)\b|;)[^=]{0,40}?=")


def answer_groups(span: str) -> str:
    """Several answers written as equations: "p = -1 and p = 15/8" -> "p = -1, p = 15/8";
    "p=5,q=2;p=7,q=2" -> "(p=5,q=2), (p=7,q=2)" (each group a tuple)."""
    if not _EQUATIONS_JOINED.search(span):
        return span
    parts = [p.strip() for p in span.split(";")]
    if len(parts) > 1 and all("," in p and "=" in p for p in parts):
        return ", ".join(f"({p})" for p in parts)
    return as_list(span)


_SOLUTION_HINT = re.compile(r"\\boxed|\\fbox|####|answer\s+is|answer\s*:", re.IGNORECASE)
_LATEX_TEXT = re.compile(r"\\[A-Za-z]+(?:\{[^{}]*\})?")
_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def reference_answer(reference: str) -> str:
    """The final answer of a reference that is a whole solution (a `\\boxed{}`, "####", "The
    answer is", or several lines of prose); a short or formula-only reference as is."""
    if len(reference) < 40 and "\\boxed" not in reference and "####" not in reference:
        return reference
    if not _SOLUTION_HINT.search(reference):
        if "\n" not in reference or len(_WORD.findall(_LATEX_TEXT.sub(" ", reference))) < 8:
            return reference  # a multi-line formula (cases, aligned) is an answer, not a solution
    ex = extract(reference, AUTO)
    return ex.spans[0] if ex.spans and not ex.noncommittal else reference


_OPTION = re.compile(r"^\s*(?:\(([A-J])\)|([A-J])[.)])\s+(\S.{0,200})$", re.DOTALL)


def option_answers(reference: str) -> list[str]:
    """The letter and the content of a gold written as a choice ("C. x = 42" -> ["C", "x = 42"]);
    [] for any other gold. A colon ("A: (1, 2)", a named point) is not read as a choice."""
    m = _OPTION.match(reference)
    return [m.group(1) or m.group(2), m.group(3).strip()] if m else []


# a bare choice letter, perhaps in brackets or a text command: "C", "(c)", "\\text{c}", "c."
_CHOICE_LETTER = re.compile(r"(?:\\(?:text|textbf|mathrm|mathbf)\{)?\(?([A-Ja-j])\)?\}?\.?")


def same_choice_letter(reference: str, span: str) -> bool:
    """Whether `span` is the choice letter of a gold that is a bare capital choice letter (A-J), in lower case
    (`c` for `C`). A lower-case gold (`c`, a variable) and letters inside an expression (`2c`, `2C`) keep their case."""
    g, c = _CHOICE_LETTER.fullmatch(reference.strip()), _CHOICE_LETTER.fullmatch(span.strip())
    return bool(g and c and g.group(1).isupper() and c.group(1).islower() and g.group(1) == c.group(1).upper())


# Around a value, what does not change it: before, a label ("x =", "\text{Answer: }"), prose,
# punctuation, markdown; after, prose, punctuation, parentheses of prose, an end mark (\qed), an
# emoji or arrow. Anything else (a command, a brace, an operator, a digit) makes the value a part.
# A run of letters or dashes is one token (the lookaheads), so a failed match is linear.
_NOISE_BEFORE = re.compile(r"(?:\s|[:;!?\"'#>*]|[：，；、。！？]|\\text(?:bf)?\{[^{}]*\}|\\mathrm\{[^{}]*\}"
                           r"|\\[,;: ]|\\q?quad\b|\\displaystyle\b|[A-Za-z](?:_\{?\w{1,3}\}?)?\s*[=:]"
                           r"|[A-Za-z]{2,}(?![A-Za-z]))*")
_NOISE_AFTER = re.compile(r"(?:\s|[.,;:!?()\[\]#]|[：，；、。！？]|\*\*|--+(?!-)|[A-Za-z]+(?![A-Za-z])|\\text(?:bf)?\{[^{}]*\}"
                          r"|\\(?:qed|blacksquare|square|Box|checkmark|l?dots|q?quad)\b|\\\\|\\[,;: ]|\\$"
                          r"|[^\x00-\x7f\u00ac\u00b1\u00b2\u00b3\u00b7\u00b9\u00d7\u00f7\u0300-\u036f\u2070-\u209f"
                          r"\u20d0-\u20ff\u2200-\u22ff])*")
_GLUED_AFTER = re.compile(r"$|\s|[.,;:!?)\]]|\*\*|\\\\|\\$")


def stands_alone(span: str, part: str) -> bool:
    """Whether `part`, a later answer span found inside `span`, is the whole value of `span` (only
    noise around it) rather than a piece of malformed math; True when `part` is not inside `span`."""
    i = span.rfind(part)
    if i < 0:
        return True  # another answer of the output, not a piece of this one
    before, after = span[:i], span[i + len(part):]
    if before[-1:] in (".", ","):
        return False  # ",3" may be a decimal
    return bool(_GLUED_AFTER.match(after) and _NOISE_BEFORE.fullmatch(before) and _NOISE_AFTER.fullmatch(after))


_CORE = re.compile(r"[A-Za-z0-9](?:.*[A-Za-z0-9])?", re.DOTALL)


def plain_value(text: str) -> bool:
    """Whether `text` is one run of letters and digits with only noise around it (stands_alone):
    "185\\" is, "\\3", "{3", "3}" and "\\neg 3" are not."""
    m = _CORE.search(text)
    return bool(m and not re.search(r"[\\{}]", m.group(0)) and stands_alone(text, m.group(0)))
