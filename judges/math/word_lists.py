"""Word lists of the math normalisation, shared by `normalize` and `bracket_remarks`: number words, the
function names the grammar reads, operator names it does not read, and the marker that makes a span unreadable."""
from __future__ import annotations

import re
from fractions import Fraction

SMALL = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate(
    "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
SCALES = {"hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
MULTIPLIERS = {"hundred": 100, "dozen": 12}  # times the words before them, inside a scale
_NUMBER_WORD = set(SMALL) | set(TENS) | set(SCALES) | {"dozen"}
NUMBER_WORDS = frozenset(_NUMBER_WORD)

# Words the grammar reads (function and constant names); any other word is dropped.
KEEP_WORDS = frozenset({"sqrt", "sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "lg", "exp",
                        "pi", "inf", "infinity", "oo", "frac", "dfrac", "tfrac", "cup",
                        "arcsin", "arccos", "arctan", "arccot", "arcsec", "arccsc", "sinh", "cosh", "tanh", "coth",
                        "sech", "csch", "arsinh", "arcosh", "artanh", "arcsinh", "arccosh", "arctanh",
                        "asin", "acos", "atan", "asinh", "acosh", "atanh", "acot", "asec", "acsc", "acoth", "asech",
                        "acsch", "arcoth", "arsech", "arcsch", "arccoth", "arcsech", "arccsch"})
# Names of functions the grammar does not read (lcm, max, Re, sgn...). Such a name applied to an argument is
# never dropped (that would leave the argument as the answer: "sign(2)" is not 2): it becomes the command
# `\operatorname`, which the tokenizer refuses, so the ANTLR path reads the original span or nothing does.
OPERATOR_NAMES = frozenset(("lcm gcd max min sup arg argmax argmin det deg dim ker tr trace rank sgn sign signum abs "
                            "mod round erf erfc Re Im Pr Var Cov sinc cis lim limsup liminf").split())
UNREADABLE = " \\operatorname "
SPACED_NOT = frozenset({"min", "deg", "mod"})  # "5 min (300 s)", "5 min 30": a unit after a number
# units a value may be converted between ("5 min (300 s)", "2 h" against "120 min"): their dimension and size, exactly
UNITS = {name: (dimension, Fraction(size)) for dimension, group in (
    ("time", {"s sec secs second seconds": 1, "min mins minute minutes": 60, "h hr hrs hour hours": 3600,
              "day days": 86400, "wk wks week weeks": 604800}),
    ("length", {"mm millimeter millimeters millimetre millimetres": "1/1000",
                "cm centimeter centimeters centimetre centimetres": "1/100", "m meter meters metre metres": 1,
                "km kilometer kilometers kilometre kilometres": 1000, "ft foot feet": "3048/10000",
                "yd yard yards": "9144/10000", "mi mile miles": "1609344/1000"}),
    ("mass", {"mg milligram milligrams": "1/1000", "g gram grams": 1, "kg kilogram kilograms kgs": 1000,
              "lb lbs pound pounds": "45359237/100000", "oz ounce ounces": "45359237/1600000"}),
    ("volume", {"ml milliliter milliliters millilitre millilitres": "1/1000", "l liter liters litre litres": 1,
                # US customary (stop 58): a gallon is 3.785411784 l, 4 quarts, 8 pints, 16 cups
                "gal gallon gallons": "3785411784/1000000000", "qt quart quarts": "3785411784/4000000000",
                "pint pints": "3785411784/8000000000", "cup cups": "3785411784/16000000000",
                "tbsp tablespoon tablespoons": "3785411784/256000000000",
                "tsp teaspoon teaspoons": "3785411784/768000000000"}),
) for names, size in group.items() for name in names.split()}


def words_to_number(words: str) -> int | None:
    """'one hundred and five' -> 105; None unless every word is a number word."""
    tokens = [t for t in re.split(r"[-\s]+", words.lower()) if t and t != "and"]
    if not tokens or any(t not in _NUMBER_WORD for t in tokens):
        return None
    total, current = 0, 0
    for t in tokens:
        if t in SMALL:
            current += SMALL[t]
        elif t in TENS:
            current += TENS[t]
        elif t in MULTIPLIERS:
            current = max(current, 1) * MULTIPLIERS[t]
        else:
            total += max(current, 1) * SCALES[t]
            current = 0
    return total + current
