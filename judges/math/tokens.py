"""The tokenizer of our math grammar (`parse`): a normalised answer as a list of tokens of a fixed set of kinds
(numbers, identifiers, constants, functions with their arity, operators, brackets, commas, `=`, `\\cup`). Any
character or LaTeX command it does not know raises ParseError; the text is never evaluated.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from judgesuite.judges.math.bounded_values import ParseError
from judgesuite.judges.math.named_functions import ALIASES, GLUED, INVERSE, NOT_READ

MAX_CHARS = 2_000_000

_NUM = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+(?![\d.]))?", re.ASCII)
_CMD = re.compile(r"\\([A-Za-z]+|[{}|])")
_WORD = re.compile(r"[A-Za-z]+")
_SHORT_ARGS = re.compile(r" ?(\d) ?(\d)")
_SUB = re.compile(r"_(?:\{([A-Za-z0-9]{1,8})\}|([A-Za-z0-9]))")

# name -> arity; the tokenizer maps LaTeX commands and bare words onto these.
_UNARY_FUNCS = ("sqrt sin cos tan cot sec csc log ln lg exp floor ceil arcsin arccos arctan arccot arcsec arccsc "
                "sinh cosh tanh coth sech csch arsinh arcosh artanh arcoth arsech arcsch").split()
_FUNC_ARITY = {"frac": 2, "binom": 2, "root": 2, "logb": 2, **{f: 1 for f in _UNARY_FUNCS}}
_FUNC_NAMES = {"frac": "frac", "dfrac": "frac", "tfrac": "frac", "cfrac": "frac",
               "binom": "binom", "dbinom": "binom", "tbinom": "binom",
               **{f: f for f in _UNARY_FUNCS},
               "arcsinh": "arsinh", "arccosh": "arcosh", "arctanh": "artanh", "asin": "arcsin", "acos": "arccos",
               "atan": "arctan", "asinh": "arsinh", "acosh": "arcosh", "atanh": "artanh", **ALIASES}
# names read only as commands (\tg x) or in \operatorname{...}, never as a bare word ("tg" may be t*g, "th" a suffix)
_CMD_FUNCS = {**_FUNC_NAMES, "tg": "tan", "ctg": "cot", "arctg": "arctan", "arcctg": "arccot", "cosec": "csc",
              "sh": "sinh", "ch": "cosh", "th": "tanh", "cth": "coth"}
# the names of functions of one argument: in \operatorname{...} all of them, in \mathrm{...} or \text{...} those
# also read as bare words (see math_normalize)
FUNCTION_COMMANDS = frozenset(n for n in _CMD_FUNCS if _FUNC_ARITY[_CMD_FUNCS[n]] == 1)
FUNCTION_WORDS = frozenset(n for n in _FUNC_NAMES if _FUNC_ARITY[_FUNC_NAMES[n]] == 1)
_CMD_OPS = {"times": "*", "cdot": "*", "ast": "*", "div": "/"}
_CMD_EQ = frozenset({"approx", "Rightarrow", "implies", "to", "equiv", "rightarrow", "Longrightarrow"})
_CONSTS = {"pi": "pi", "infty": "oo", "infinity": "oo", "inf": "oo", "oo": "oo"}
_GREEK = frozenset(("alpha beta gamma delta epsilon varepsilon theta vartheta lambda mu nu xi rho "
                    "sigma tau phi varphi chi psi omega kappa zeta eta").split())
_IGNORED_CMDS = frozenset({"boxed", "mathbf", "mathrm", "text", "bf", "rm", "it", "limits",
                           "nolimits", "circ", "degree", "hbox", "fbox", "left", "right",
                           "bigl", "bigr", "Bigl", "Bigr", "mathit", "textstyle"})
_SINGLE = {"(": "lp", "[": "lp", "{": "lp", ")": "rp", "]": "rp", "}": "rp", ",": "comma",
           "=": "eq", ";": "comma", ":": "ratio"}
_TRIG_ARG = re.compile(r" ?(\d{1,6}(?:\.\d{1,6})?) ?([A-Za-z])(?![A-Za-z(])")
# \sin^2 x, sech^n x: (\sin x)^2; a letter exponent only n, m or k (an integer's conventional names)
_FUNC_POWER = re.compile(r"\^\s*(?:\{\s*([2-9]|[nmk])\s*\}|([2-9]|[nmk](?![A-Za-z])))")
# \cos^{-1} x, cos^(-1)(x), sin^-1 x: the inverse function (named_functions); -1 only
_FUNC_INVERSE = re.compile(r"\^\s*(?:\{\s*-\s*1\s*\}|\(\s*-\s*1\s*\)|-\s*1(?![\d.]))")
# log_10(100000), log_a(b): a plain-text base, digits or one letter
_PLAIN_BASE = re.compile(r"_\s*(?:\{\s*(\d{1,6}|[A-Za-z])\s*\}|(\d{1,6}|[A-Za-z])(?![A-Za-z]))")


@dataclass(slots=True)
class Tok:
    kind: str  # num ident const func op lp rp comma eq cup
    text: str
    arity: int = 0


def tokenize(text: str) -> list[Tok]:
    """Split a normalised answer into tokens; raises ParseError on anything unknown."""
    if len(text) > MAX_CHARS:
        raise ParseError(f"answer longer than {MAX_CHARS} characters")
    toks: list[Tok] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif "0" <= c <= "9" or (c == "." and i + 1 < n and "0" <= text[i + 1] <= "9"):
            m = _NUM.match(text, i)
            toks.append(Tok("num", m.group()))
            i = m.end()
        elif c == "\\":
            m = _CMD.match(text, i)
            if m is None:
                raise ParseError("stray backslash")
            i = _command(m.group(1), text, m.end(), toks)
        elif c.isalpha() and c.isascii():
            m = _WORD.match(text, i)
            i = _word(m.group(), text, m.end(), toks)
        elif c == "*" and text.startswith("**", i):
            toks.append(Tok("op", "^"))
            i += 2
        elif c in "+-*/^!%":
            toks.append(Tok("op", c))
            i += 1
        elif c in _SINGLE:
            toks.append(Tok(_SINGLE[c], c))
            i += 1
        else:
            raise ParseError(f"unsupported character {c!r}")
    return toks


def _subscript(text: str, i: int) -> tuple[str, int]:
    m = _SUB.match(text, i)
    if m is None:
        return "", i
    return "_" + (m.group(1) or m.group(2)), m.end()


def _function(fn: str, text: str, i: int) -> tuple[Tok, int]:
    """The token of function `fn` at `text[i]`, with its power (`\\sin^2`) or its inverse (`\\sin^{-1}`)."""
    if _FUNC_ARITY[fn] != 1:
        return Tok("func", fn, _FUNC_ARITY[fn]), i
    m = _FUNC_INVERSE.match(text, i) if fn in INVERSE else None
    if m:
        return Tok("func", INVERSE[fn], 1), m.end()
    m = _FUNC_POWER.match(text, i)
    return Tok("func", f"{fn}^{m.group(1) or m.group(2)}" if m else fn, 1), m.end() if m else i


def _word(word: str, text: str, i: int, toks: list[Tok]) -> int:
    low = word.lower()
    if low in ("atan", "arctan") and text.startswith("2(", i):
        low, i = "atan2", i + 1
    if low in NOT_READ and text.startswith("(", i):
        raise ParseError(f"{word}(...) is not read (named_functions)")
    if low in GLUED and text.startswith("(", i):  # nCr(8, 3), round(17.3): one bracket of arguments
        toks.append(Tok("func", f"{low}()", 1))  # apart from \\binom{n}{k}
        return i
    if low == "log" and _PLAIN_BASE.match(text, i):  # log_2(8), log_10(100000), log_a(b)
        m = _PLAIN_BASE.match(text, i)
        base = m.group(1) or m.group(2)
        toks += [Tok("func", "logb", 2), Tok("num" if base.isdigit() else "ident", base)]
        return m.end()
    if low in _FUNC_NAMES and len(word) > 1:
        tok, i = _function(_FUNC_NAMES[low], text, i)
        toks.append(tok)
        return i
    if low in _CONSTS and len(word) > 1:
        toks.append(Tok("const", _CONSTS[low]))
        return i
    if low == "cup":
        toks.append(Tok("cup", "cup"))
        return i
    # A run of letters is a product of one-letter symbols (xy = x*y); a subscript
    # attaches to the last one.
    for ch in word[:-1]:
        toks.append(Tok("const", "E") if ch == "e" else Tok("ident", ch))
    sub, i = _subscript(text, i)
    last = word[-1] + sub
    toks.append(Tok("const", "E") if last == "e" else Tok("ident", last))
    return i


def _command(name: str, text: str, i: int, toks: list[Tok]) -> int:
    if name == "sqrt" and text.startswith("[", i):
        toks.append(Tok("func", "root", 2))
    elif name == "log" and text.startswith("_", i):
        toks.append(Tok("func", "logb", 2))
        m = re.compile(r"_\s*([A-Za-z0-9])").match(text, i)
        if m:  # \log_2 8: a one-character base
            toks.append(Tok("num" if m.group(1).isdigit() else "ident", m.group(1)))
            return m.end()
        return i + 1
    elif name in _CMD_FUNCS:
        fn = _CMD_FUNCS[name]
        tok, i = _function(fn, text, i)  # \sec^2 y = (\sec y)^2, \sin^{-1} x = \arcsin x
        toks.append(tok)
        m = _TRIG_ARG.match(text, i) if fn not in ("sqrt", "frac", "binom") else None
        if m:  # \cos 2x = \cos(2x), as LaTeX is read
            toks += [Tok("lp", "("), Tok("num", m.group(1)), Tok("ident", m.group(2)), Tok("rp", ")")]
            return m.end()
        m = _SHORT_ARGS.match(text, i)
        if m and fn in ("frac", "binom"):  # \frac12 = \frac{1}{2}
            toks += [Tok("num", m.group(1)), Tok("num", m.group(2))]
            return m.end()
    elif name in _CMD_OPS:
        toks.append(Tok("op", _CMD_OPS[name]))
    elif name in _CMD_EQ:
        toks.append(Tok("eq", "="))
    elif name == "{":
        toks.append(Tok("lp", "\\{"))
    elif name == "}":
        toks.append(Tok("rp", "\\}"))
    elif name in ("lfloor", "lceil"):
        toks += [Tok("func", name[1:], 1), Tok("lp", "(")]
    elif name in ("rfloor", "rceil"):
        toks.append(Tok("rp", ")"))
    elif name == "cup":
        toks.append(Tok("cup", "cup"))
    elif name in _CONSTS:
        toks.append(Tok("const", _CONSTS[name]))
    elif name in _GREEK:
        sub, i = _subscript(text, i)
        toks.append(Tok("ident", name + sub))
    elif name in _IGNORED_CMDS:
        pass
    else:
        raise ParseError(f"unsupported command \\{name}")
    return i
