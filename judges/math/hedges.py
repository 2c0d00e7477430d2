"""What withdraws a commitment to an answer, for `extract`: hedges ("cannot be determined", "not sure"), a
negation in a committed span (also German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish, Russian,
Greek, Chinese, Japanese, Korean), a value said after a negation only ("not 15", "不是 42") or called wrong after it
("15 is wrong"), a negation or a list right before a `\\boxed{}`, alternatives ("5 or 6", "two or three", "either";
"42 ou 43", "42 oder 43", "42 或 43" in other languages), a modal word in the answer's sentence ("42, maybe", "I
think") and a last answer called an estimate before a recomputation starts."""
from __future__ import annotations

import re

# anywhere in a committed line, or in the ending of an output without a committed answer
HEDGES = re.compile(
    r"\b(?:cannot|can ?not|can't|unable to|impossible to|not possible to)\s+(?:be\s+)?"
    r"(?:determine|determined|know|known|say|tell|solve|find|compute|calculate)"
    r"|\bnot enough information|\binsufficient (?:information|data)|\bI (?:do not|don't) know"
    r"|\bnot (?:sure|certain)\b|\bno (?:definitive|definite|single|unique) answer"
    r"|\bit depends\b|\bunclear\b|\bundetermined\b|\bambiguous\b|\bthere is no way to"
    r"|\d[%)]?(?:[ \t]+[a-z]+){0,2}?,?[ \t]+or[ \t]+so\b(?![ \t]+(?:that|as|on)\b)",  # "42 or so", "42 apples or so"
    re.IGNORECASE)
# in a committed span: a negation ("the answer is not 81") or a list of options gives no answer
SPAN_HEDGES = re.compile(r"\b(?:not|isn't|never|no longer|one of|any of|some of|between"
                         r"|nicht|keine?|pas|não|не|нет|no es|no son|non è|non sono|niet|nie|değil|όχι|δεν)\b"
                         r"|不是|ではない|아니|아닙",
                         re.IGNORECASE)
# a value said after a negation only ("not 15", "不是 42"), without a value before it that it would correct
# ("never say 12", "no es 12")
NEGATED = re.compile(r"(?:\b(?:not|never)(?:\s++[a-z]{1,8}+)?|\b(?:nicht|pas|не|no es|no son|non è|não é)|n't|不是)"
                     r"\s*+[$*]*+\s*+\Z", re.IGNORECASE)
# "wrong" in other languages (Russian "13 долларов — это неверно", German "ist falsch", ...), after a value
WRONG_WORD = (r"(?:\u2014|\u2013|-|,)?+[ \t]{0,3}+(?:\b(?:это|ist|est|es|è|é|is|jest)[ \t]{1,3}+)?+"
              r"(?:\b(?:неверн|неправильн|ошибочн|не[ \t]{1,3}верн|falsch|faux|incorrect[oa]?|erróne|sbagliat"
              r"|errat[oa]|errad[oa]|fout|onjuist|błędn|yanlış|λάθος|λανθασμ)\w*|错误|錯誤|不对|不對|間違い|틀렸|틀린)")
# right after a last number: it is called wrong ("12 is wrong", "12, but that's wrong")
WRONG = re.compile(r"(?:\b(?:is|are|was|would\s+be)\s+|'s\s+)(?:wrong|incorrect|false\b)|" + WRONG_WORD, re.IGNORECASE)
CALLED_WRONG = re.compile(r"[^.\n]{0,30}?(?:" + WRONG.pattern + ")", re.IGNORECASE)
# right before a \boxed{}: "is not \boxed{81}", "one of the following: 9; \boxed{81}"
BEFORE_BOXED_HEDGE = re.compile(r"(?:\b(?:not|isn't|never)|\bone of the following:?[^\n]*)\s*(?:\\\[|\$\$?|\\\()?\s*$",
                                re.IGNORECASE)
# alternatives in a committed span: "5 or 6", "two or three"
ALTERNATIVES = re.compile(r"(?:\d|\}|\b(?:one|two|three|four|five|six|seven|eight|nine|ten))\s*(?:,\s*)?"
                          r"\b(?:or|and/or)\b\s*(?:[-$\\(]*\d|(?:one|two|three|four|five|six|seven|eight|nine"
                          r"|ten|eleven|twelve)\b)|\beither\b"
                          # "or" of French, German, Spanish/Italian/Portuguese, Polish, Turkish, Russian, Greek; 或 (CJK)
                          r"|\d[%)]?[ \t]*+(?:\b(?:ou|oder|o|lub|veya|или|ή)\b|[\u6216]|\u6216\u8005|\u307e\u305f\u306f"
                          r"|\ub610\ub294)[ \t]*+[-$(]*\d"
                          r"|\d[ \t]?[ap]\.?[ \t]?m\b\.?,?[ \t]+or[ \t]+\d", re.IGNORECASE)  # "3:45 PM or 4:45 PM"
# in the sentence of the answer: a modal word of doubt ("42, maybe.", "The answer is probably 42", "42, I think")
MODAL = re.compile(r"\b(?:maybe|perhaps|probably|possibly|presumably|might|I (?:think|guess|believe|suppose)"
                   r"|vielleicht|wahrscheinlich|peut-être|probablement|quizás?|tal vez|probablemente|forse"
                   r"|probabilmente|talvez|provavelmente|misschien|waarschijnlijk|belki|muhtemelen|возможно"
                   r"|наверное|наверно|ίσως|πιθανώς)\b|也许|大概|或许|たぶん|多分|おそらく|아마", re.IGNORECASE)
# after the last committed answer: it is called an estimate and a recomputation starts ("The rough estimate suggests
# ... 2 weeks. However, ... let's perform the calculations again."): no commitment
ESTIMATE_REDONE = re.compile(r"\b(?:rough|approximate|initial|ballpark|quick)\s+estimat\w*[^\n]{0,300}?"
                             r"\b(?:again|recalculat\w*|recomput\w*|re-?do)\b", re.IGNORECASE)
