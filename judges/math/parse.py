"""Parse a normalised math answer into SymPy objects with our own tokenizer (`tokens`) and grammar.

No `eval`, `sympify` or `parse_expr` ever sees the text: the tokenizer emits a fixed
set of token kinds and the parser builds values only through the bounded constructors
of math_build (the allow-list of node types: numbers, symbols, pi/e/oo, + - * / ^, !,
binom, roots, a few elementary functions, collections). The parser is iterative (an operator-
precedence parser with one frame per open bracket), so 10,000 nested brackets cost no
recursion. Sizes are bounded before anything is built:

- a number literal, power, `n!` or `binom(n, k)` whose result would have more than
  `math_build.MAX_DIGITS` digits is not computed: it becomes `Huge` (a sign and an
  estimated log10 magnitude), which compares unequal to any ordinary number it is far from;
- a symbolic power's exponent is limited to `math_build.MAX_SYMBOLIC_EXPONENT`;
- the expression tree is at most `MAX_DEPTH` deep and the input at most `MAX_CHARS`.

Grammar (precedence low to high): `,` and `\\cup` separate the items of a collection;
`=` (also `\\approx`, `\\Rightarrow`) discards its left side (`x = 5` reads as 5); `+ -`;
`* / \\times \\cdot \\div` and implicit multiplication; unary minus; `^` / `**` (right-assoc.);
postfix `!` and `%`; two numbers side by side ("5 3") are refused; functions (`\\frac`, `\\sqrt`,
`\\sqrt[n]`, `\\binom`, `\\sin`..., their inverse and hyperbolic forms `\\arcsin`, `\\sinh`, `\\log_b`,
`\\lg` of base 10) bind the next operand(s) directly, as in LaTeX; any other command (`\\max`, `\\gcd`,
`\\operatorname`) is refused. `a:b` is a ratio, compared item by item (3:4 is not 6:8; 12:30 is a time); `\\sin^2 x` is
`(\\sin x)^2` (exponents 2..9, n, m, k) and `\\cos 2x` is `\\cos(2x)`; `\\sin^{-1} x` is `\\arcsin x`, and `nCr(8, 3)`,
`round(17.3)`, `log_2(8)` read as named_functions says.
Collections (order rules): `(a, b)` is an ordered tuple (also an open interval); `[a, b]`,
`[a, b)`, `(a, b]` are intervals (ordered, bracket kinds must match); `\\{a, b\\}` is a
set (unordered); bare `a, b` at top level, and `{a, b}` (LaTeX grouping braces), is a list
of answers, compared as a set, or in order against a tuple.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from judgesuite.judges.math import bounded_values as bounded
from judgesuite.judges.math import named_functions as named
from judgesuite.judges.math.bounded_values import ParseError
from judgesuite.judges.math.tokens import MAX_CHARS, Tok, tokenize

MAX_DEPTH = 200
MAX_ITEMS = 1_000


@dataclass(frozen=True)
class Collection:
    """A tuple / interval / set / bare list of parsed items."""

    kind: str  # "()", "[]", "[)", "(]", "set", "bare", "union", "ratio"
    items: tuple

    @property
    def ordered(self) -> bool:
        return self.kind not in ("set", "bare", "union")


@dataclass
class Parsed:
    """A parsed answer: a SymPy expression, a Huge or a Collection; `percent` if `%` was used;
    `rounded` if it holds a decimal fraction (`0.333`), which compares with a tolerance; `decimals`, the digits
    after the point when the whole answer is one decimal number (`-1.200`: 3; the value of `x = 1.200` too), else
    None."""

    value: object
    percent: bool = False
    rounded: bool = False
    decimals: int | None = None


_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "^": 4}
_BINARY = {"+": bounded.add, "-": lambda a, b: bounded.add(a, bounded.neg(b)), "*": bounded.mul, "/": bounded.div, "^": bounded.power}
_MIXED = re.compile(r"(?<![\d.^/_{])(\d+)\s+(\d+)\s*/\s*(\d+)(?![\d./])")
_MIXED_TEX = re.compile(r"(?<![\d.^/_{])(\d+)\s*\\[dtc]?frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}")


class _Frame:
    __slots__ = ("open", "elems", "vals", "ops", "expect", "sep")

    def __init__(self, open_: str) -> None:
        self.open = open_
        self.elems: list[tuple[object, int]] = []
        self.vals: list[tuple[object, int]] = []
        self.ops: list[list] = []  # ["bin", op] | ["neg"] | ["func", name, arity, args]
        self.expect = True
        self.sep = ""  # "," or "cup" once the frame holds several items


class _Parser:
    def __init__(self) -> None:
        self.percent = False

    def parse(self, toks: list[Tok]) -> object:
        stack = [_Frame("")]
        prev = None
        for t in toks:
            f = stack[-1]
            k = t.kind
            if k in ("num", "ident", "const", "lp", "func"):
                if not f.expect:
                    if k == "num" and prev is not None and prev.kind == "num":
                        raise ParseError("two numbers side by side")
                    self._push_binary(f, "*")
                if k == "num":
                    self._emit(f, (bounded.number(t.text), 0))
                elif k == "ident":
                    self._emit(f, (bounded.symbol(t.text), 0))
                elif k == "const":
                    self._emit(f, (bounded.CONSTANTS[t.text], 0))
                elif k == "lp":
                    stack.append(_Frame(t.text))
                else:
                    f.ops.append(["func", t.text, t.arity, []])
                    f.expect = True
            elif k == "op":
                self._operator(f, t.text)
            elif k in ("comma", "cup", "ratio"):
                self._end_item(f)
                sep = {"comma": ",", "cup": "cup", "ratio": ":"}[k]
                if f.sep and f.sep != sep:
                    raise ParseError("mixed separators (',', ':', \\cup)")
                f.sep = sep
            elif k == "eq":
                if f.sep == ":":  # `V_1 : V_2 = 3:4`: the ratio's labels go too
                    f.elems.clear()
                    f.sep = ""
                f.vals.clear()  # `x = 5` reads as 5: drop the left side
                f.ops.clear()
                f.expect = True
            elif k == "rp":
                if len(stack) == 1:
                    raise ParseError("unbalanced closing bracket")
                stack.pop()
                self._emit(stack[-1], self._close(f, t.text))
            prev = t
        if len(stack) > 1:
            raise ParseError("unclosed bracket")
        value, _ = self._close(stack[0], "")
        return value

    def _operator(self, f: _Frame, op: str) -> None:
        if op in "!%":
            if f.expect or not f.vals:
                raise ParseError(f"{op} without an operand")
            v, d = f.vals.pop()
            if op == "!":
                out = bounded.factorial(v)
            else:
                self.percent = True
                out = bounded.div(v, sympy.Integer(100))
            f.vals.append((out, bounded.depth_of(out, [d])))
        elif f.expect:
            if op == "-":
                f.ops.append(["neg"])
            elif op != "+":
                raise ParseError(f"operator {op} without a left operand")
        else:
            self._push_binary(f, op)

    def _push_binary(self, f: _Frame, op: str) -> None:
        p = _PREC[op]
        while f.ops and f.ops[-1][0] != "func":
            top = f.ops[-1]
            tp = _PREC["neg"] if top[0] == "neg" else _PREC[top[1]]
            if tp > p or (tp == p and op != "^"):
                self._reduce(f)
            else:
                break
        f.ops.append(["bin", op])
        f.expect = True

    def _reduce(self, f: _Frame) -> None:
        top = f.ops.pop()
        if top[0] == "neg":
            v, d = f.vals.pop()
            out = bounded.neg(v)
            f.vals.append((out, bounded.depth_of(out, [d])))
        elif top[0] == "bin":
            if len(f.vals) < 2:
                raise ParseError("missing operand")
            (b, db), (a, da) = f.vals.pop(), f.vals.pop()
            out = _BINARY[top[1]](a, b)
            depth = bounded.depth_of(out, [da, db])
            if depth > MAX_DEPTH:
                raise ParseError(f"expression nested deeper than {MAX_DEPTH}")
            f.vals.append((out, depth))
        else:
            raise ParseError(f"\\{top[1]} is missing an argument")

    def _emit(self, f: _Frame, item: tuple[object, int]) -> None:
        while f.ops and f.ops[-1][0] == "func":
            fn = f.ops[-1]
            fn[3].append(item)
            if len(fn[3]) < fn[2]:
                f.expect = True
                return
            f.ops.pop()
            name, _, exponent = fn[1].partition("^")
            if name.endswith("()"):  # nCr(8, 3): one bracket of arguments (named_functions)
                out = named.apply(name[:-2], _arguments(name[:-2], fn[3][0][0]))
            else:
                out = bounded.function(name, [v for v, _ in fn[3]])
            if exponent:
                out = bounded.power(out, sympy.Integer(int(exponent)) if exponent.isdigit()
                                    else bounded.symbol(exponent))
            depth = bounded.depth_of(out, [d for _, d in fn[3]])
            if depth > MAX_DEPTH:
                raise ParseError(f"expression nested deeper than {MAX_DEPTH}")
            item = (out, depth)
        f.vals.append(item)
        f.expect = False

    def _end_item(self, f: _Frame) -> None:
        if f.expect:
            raise ParseError("empty item")
        while f.ops:
            self._reduce(f)
        if len(f.vals) != 1:
            raise ParseError("malformed expression")
        f.elems.append(f.vals.pop())
        if len(f.elems) > MAX_ITEMS:
            raise ParseError(f"more than {MAX_ITEMS} items")
        f.expect = True

    def _close(self, f: _Frame, close: str) -> tuple[object, int]:
        if f.expect and not (f.vals or f.elems or f.ops) and f.open in ("\\{", "{") and close in ("\\}", "}"):
            return Collection("set", ()), 0  # \{\} (also \emptyset, see math_normalize)
        self._end_item(f)
        if not f.sep:
            value, depth = f.elems[0]
            if f.open == "\\{" and isinstance(value, Collection) and value.kind == "set":
                return Collection("set", (value,)), depth + 1  # \{\emptyset\} is a set of one set, not the set
            return f.elems[0]
        items = tuple(v for v, _ in f.elems)
        depth = 1 + max(d for _, d in f.elems)
        if f.sep == "cup":
            kind = "union"
        elif f.sep == ":":
            kind = "ratio"
        elif f.open in ("\\{", "{") and close in ("\\}", "}"):
            kind = "set" if f.open == "\\{" else "bare"  # LaTeX grouping braces: {1,3} is the list 1, 3
        elif not f.open:
            kind = "bare"
        else:
            kind = (f.open if f.open in "([" else "(") + (close if close in ")]" else ")")
        return Collection(kind, items), depth


def _arguments(name: str, value: object) -> list:
    """The arguments in the one bracket of a named function (`nCr(8, 3)`: 8, 3)."""
    arity = named.GLUED[name]
    if isinstance(value, Collection):
        if value.kind != "()" or len(value.items) != arity:
            raise ParseError(f"{name} takes {arity} arguments in round brackets")
        return list(value.items)
    if arity != 1:
        raise ParseError(f"{name} takes {arity} arguments")
    return [value]


def parse(text: str) -> Parsed:
    """Parse a normalised answer (see math_normalize) into a `Parsed`; raises ParseError."""
    if not text.strip():
        raise ParseError("empty answer")
    if len(text) > MAX_CHARS:
        raise ParseError(f"answer longer than {MAX_CHARS} characters")
    text = _MIXED_TEX.sub(r"(\1+\2/\3)", text)
    text = _MIXED.sub(r"(\1+\2/\3)", text)
    parser = _Parser()
    toks = tokenize(text)
    value = parser.parse(toks)
    rounded = any(tk.kind == "num" and "." in tk.text.split("e")[0].split("E")[0] for tk in toks)
    eqs = [i for i, tk in enumerate(toks) if tk.kind == "eq"]
    side = toks[eqs[-1] + 1:] if eqs and not any(tk.kind == "comma" for tk in toks) else toks  # `x = 1.5`: 1.5
    number = [tk for tk in side if not (tk.kind == "op" and tk.text in "+-" and tk is side[0])]
    decimals = None
    if rounded and len(number) == 1 and not parser.percent and re.fullmatch(r"\d*\.\d+", number[0].text):
        decimals = len(number[0].text.partition(".")[2])
    return Parsed(value, parser.percent, rounded, decimals)
