"""Decimal digits of other scripts read as ASCII digits, for `extract` (stop 59): a reply in Arabic, Persian or
Hindi digits, or in full-width digits, writes the number those digits name.
"""
from __future__ import annotations

import re


# decimal digits of other scripts, by their zero: Arabic-Indic, Persian (extended Arabic-Indic), N'Ko, Devanagari,
# Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer,
# Mongolian, full-width
_ZEROS = (0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0E50,
          0x0ED0, 0x0F20, 0x1040, 0x17E0, 0x1810, 0xFF10)
_DIGITS = {z + i: str(i) for z in _ZEROS for i in range(10)}
_SCRIPT_DIGIT = "".join(f"{chr(z)}-{chr(z + 9)}" for z in _ZEROS)
# a number written in one such script: digits, perhaps an Arabic (U+066B) or full-width decimal point and thousands
# separators (U+066C); not next to an ASCII digit (a mixed "1٢" is left as written)
_SCRIPT_NUMBER = re.compile(r"(?<![0-9])[" + _SCRIPT_DIGIT + r"]{1,30}(?:[\u066c,][" + _SCRIPT_DIGIT + r"]{3}){0,10}"
                            r"(?:[\u066b.\uff0e][" + _SCRIPT_DIGIT + r"]{1,30})?(?![0-9])")


def ascii_digits(text: str) -> str:
    """`text` with each number written in another script's decimal digits ("١٢", "۱۲", "१२", full-width "１２";
    "١٫٥" with the Arabic decimal separator) in ASCII digits ("12", "1.5"), so that a reply in Arabic, Persian,
    Hindi or full-width digits reads as the number it writes. A number that mixes scripts ("1٢") stays as written."""
    if text.isascii():
        return text

    def ascii_number(m: re.Match) -> str:
        return m.group().translate(_DIGITS).replace("\u066b", ".").replace("\uff0e", ".").replace("\u066c", ",")

    return _SCRIPT_NUMBER.sub(ascii_number, text)
