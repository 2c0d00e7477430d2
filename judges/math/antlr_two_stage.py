"""The ANTLR LaTeX grammar run in two stages (stop 59b, speed): SLL prediction first, full LL only where the parser
reports a syntax error under SLL.

latex2sympy2_extended parses with ANTLR's full-context LL prediction, most of the `sympy` judge's time on equations and
inequalities (grader batch 10's dev rows: 60% of it). SLL prediction is ANTLR's fast mode; where it meets a conflict it
cannot resolve it reports a syntax error, and the text is parsed again with LL. A lexer's error or a conversion's
(the same under either mode) is raised at once, as before. On 1,500 texts of the answer-style corpus SLL gave no
reading different from LL's (40 texts failed under SLL only and go to LL).

Stop 59d (speed): a number token read without SymPy's string parser. latex2sympy2_extended's `parse_number` calls
`sympy.Number(text)`, which runs `sympify` (tokenize, transform, eval) on every number of every answer: ~12% of the
`sympy` judge's time on grader batch 10's dev rows. A run of ASCII digits is `Integer(text)` and digits with one
decimal point `Float(text)`, the very calls `sympify`'s `auto_number` makes for those tokens (Float's precision comes
from the text either way); any other token goes the library's way.

Stop 61 (speed, grader batch 12): under SLL one decision of the grammar mispredicts, rule `atom_expr`'s (a letter's
superscript: SLL takes the branch that wants a subscript after it), so `x^2` and `y = 3x^2 - 4` failed SLL and were
parsed twice, the second time under LL. The first stage now predicts that rule's decisions with LL and every other
decision with SLL (`_AtomExprLL`). LL itself predicts with SLL first and goes to full context only where SLL meets a
conflict; at the grammar's other such decisions SLL's choice (the lowest alternative) was LL's on every text the
development corpora send here, so a text reads as before. A syntax error in the first stage still sends the text to
full LL.
"""
from __future__ import annotations

import re

import sympy
from antlr4.atn.ParserATNSimulator import ParserATNSimulator
from antlr4.atn.PredictionMode import PredictionMode
from antlr4.error.ErrorListener import ErrorListener
from latex2sympy2_extended.latex2sympy2 import _Latex2Sympy


class _SyntaxUnderSLL(Exception):
    """The parser's syntax error under SLL prediction: LL decides."""


class _Bail(ErrorListener):
    def syntaxError(self, recognizer, offendingSymbol, line, column, msg, e):  # noqa: N802 - ANTLR's name
        raise _SyntaxUnderSLL(msg)


_INTEGER = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"(?<![0-9])(?:[0-9]*+\.[0-9]++|[0-9]++\.)")  # one start per digit run: linear under search


def parse_number(text: str) -> object:
    """latex2sympy2_extended's `parse_number` without `sympify` for digits and decimals (module doc)."""
    text = text.replace(",", "")
    if _INTEGER.fullmatch(text):
        return sympy.Integer(text.lstrip("0") or "0")
    if _DECIMAL.fullmatch(text):
        return sympy.Float(text)
    return _Latex2Sympy.parse_number(None, text)


class _LL(_Latex2Sympy):
    def parse_number(self, text):
        return parse_number(text)


class _SLL(_LL):
    def create_parser(self, latex_str):
        parser = super().create_parser(latex_str)
        parser.removeErrorListeners()
        parser.addErrorListener(_Bail())
        parser._interp.predictionMode = PredictionMode.SLL
        return parser


_LL_DECISIONS: frozenset[int] | None = None


def _ll_decisions(parser) -> frozenset[int]:
    """The decisions of rule `atom_expr`, which SLL mispredicts (module doc)."""
    global _LL_DECISIONS
    if _LL_DECISIONS is None:
        rule = parser.ruleNames.index("atom_expr")
        _LL_DECISIONS = frozenset(i for i, s in enumerate(parser.atn.decisionToState) if s.ruleIndex == rule)
    return _LL_DECISIONS


class _MixedPrediction(ParserATNSimulator):
    """LL prediction at the decisions in `ll`, SLL at the others (the DFA cache is the parser's, shared)."""

    def __init__(self, parser, ll: frozenset[int]) -> None:
        old = parser._interp
        super().__init__(parser, parser.atn, old.decisionToDFA, old.sharedContextCache)
        self.ll = ll

    def adaptivePredict(self, input, decision, outerContext):  # noqa: N802,A002 - ANTLR's names
        self.predictionMode = PredictionMode.LL if decision in self.ll else PredictionMode.SLL
        return super().adaptivePredict(input, decision, outerContext)


class _AtomExprLL(_SLL):
    def create_parser(self, latex_str):
        parser = super().create_parser(latex_str)
        parser._interp = _MixedPrediction(parser, _ll_decisions(parser))
        return parser


def latex_to_sympy(text: str) -> object:
    """latex2sympy2_extended's reading of normalized `text` with real symbols; raises where it raises."""
    try:
        return _AtomExprLL(None, True).parse(text)
    except _SyntaxUnderSLL:
        return _LL(None, True).parse(text)
