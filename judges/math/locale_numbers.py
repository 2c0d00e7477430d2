"""Numbers written the way other languages write them, for an answer span that holds one number.

- `comma_decimal_text`: the output is written in a language that puts a comma before decimals and a
  point (or a space, or an apostrophe) between thousands: it holds a common word of German, French,
  Spanish, Italian, Portuguese or Russian, and no number with a decimal point ("7.5") anywhere.
- `localized_number`: one number, with only a unit or currency word after it ("7,5 Euro", "12,5 %",
  "1 250 €", "1'250 Franken") and perhaps a label before it ("x = 2,5"), as plain digits: a decimal comma
  ("7,5" and LaTeX's "7{,}5" -> 7.5, "1.250,50" -> 1250.50), apostrophes between groups of three ("1'250"
  -> 1250), and, in a decimal-comma text only, points between groups of three ("1.250 pesos" -> 1250;
  "1.250" in English stays 1.25). A comma before three digits ("1,250") stays a thousands comma. A
  conjunction or a second number after it ("7,5 oder 8") makes it no single number (None). A restatement
  in parentheses ("0,75 (soit 75 %)") is dropped; a Chinese or Japanese numeral alone ("十二") reads as
  its number.
"""
from __future__ import annotations

import re

from judgesuite.judges.math.forms import decimal_comma

_LOCALE_WORDS = re.compile(r"(?<!\w)(?:antwort|ergebnis|lösung|beträgt|insgesamt|ist|und|sind|réponse|résultat|"
                           r"donc|sont|respuesta|resultado|entonces|también|risposta|risultato|quindi|perché|"
                           r"resposta|portanto|então|ответ|итого|равно)(?!\w)", re.IGNORECASE)
_POINT_DECIMAL = re.compile(r"\d\.(?:\d{1,2}|\d{4,})(?!\d)")
_EQ_LABEL = re.compile(r"\A[A-Za-z](?:_\w)?\s*=\s*")  # "x = 2,5"
# "0,75 (soit 75 %)": the same value restated; a space run is tried from its start only (linear)
_RESTATED = re.compile(r"(?:(?<=\S)|^)\s*\((?:soit|d\.\s?h\.|i\.\s?e\.|es decir|cioè|ou seja|that is|=|\u2248)"
                       r"[^()]{0,40}\)\Z", re.IGNORECASE)
_CJK_NUMERAL = re.compile(r"[零〇一二两兩三四五六七八九十百千]{1,12}")
_CJK_WORD = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]*")  # after the numeral: a counter or a verb
_CJK_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2, "兩": 2}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}
_LEAD = re.compile(r"(?:[$€£] ?)?(-?\d[\d.,'\u2019 \u00a0\u202f]{0,30})")
_APOSTROPHE_GROUPS = re.compile(r"-?\d{1,3}(?:['\u2019]\d{3})+(?:[.,]\d+)?")
_POINT_GROUPS = re.compile(r"-?[1-9]\d{0,2}(?:\.\d{3})+")
_UNIT_WORD = re.compile(r"(?:[^\W\d_]|[./\u00b2\u00b3])+|%|€|\$|£|°")
_JOINING = frozenset("and or und oder et ou y o e bis to à a и или".split())


def comma_decimal_text(text: str) -> bool:
    """Whether `text` is written in a decimal-comma language (see the module docstring)."""
    return bool(_LOCALE_WORDS.search(text)) and not _POINT_DECIMAL.search(text)


def localized_number(span: str, comma_decimal: bool) -> str | None:
    """`span`'s one number as plain digits ("7,5 Euro" -> "7.5"); None when it is not one localized number."""
    s = _EQ_LABEL.sub("", span.replace("{,}", ",").strip().rstrip(".!。 ").strip("$ "), count=1)
    s = _RESTATED.sub("", s)
    numeral = _CJK_NUMERAL.match(s)
    rest = s[numeral.end():] if numeral else ""
    if numeral and _CJK_WORD.fullmatch(rest) and not _CJK_NUMERAL.search(rest):  # "七です", "十二个", not "三个四"
        return chinese_number(numeral.group())
    m = _LEAD.match(s) if len(s) < 80 else None
    if m is None:
        return None
    number = m.group(1).rstrip(" .,'\u2019\u00a0\u202f")
    rest = (m.group(1)[len(number):] + s[m.end():]).split()
    if any(w.lower() in _JOINING or not _UNIT_WORD.fullmatch(w) for w in rest):
        return None
    percent = "%" if "%" in rest else ""
    compact = re.sub(r"[ \u00a0\u202f]", "", number)
    if _APOSTROPHE_GROUPS.fullmatch(compact):
        return re.sub(r"['\u2019]", "", compact).replace(",", ".") + percent
    value = decimal_comma(number)
    if value is not None:
        return value + percent
    if comma_decimal and _POINT_GROUPS.fullmatch(compact):
        return compact.replace(".", "") + percent
    return None


def chinese_number(numeral: str) -> str | None:
    """A Chinese / Japanese numeral below 10,000 in digits ("十二" -> "12", "一百零五" -> "105")."""
    total, digit = 0, None
    for c in numeral:
        if c in _CJK_DIGITS:
            if digit is not None and digit != 0:
                return None  # "三四": two digits side by side
            digit = _CJK_DIGITS[c]
        else:
            total += (1 if digit is None else digit) * _CJK_UNITS[c]
            digit = None
    return str(total + (digit or 0))
