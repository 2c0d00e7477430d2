"""What withdraws a commitment to an answer, for `extract`: hedges ("cannot be determined", "not sure"), a
negation in a committed span (also German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish, Russian,
Greek, Chinese, Japanese, Korean), a value said after a negation only ("not 15", "不是 42") or called wrong after it
("15 is wrong"), a negation or a list right before a `\\boxed{}`, alternatives ("5 or 6", "two or three", "either";
"42 ou 43", "42 oder 43", "42 或 43" in other languages), a modal word in the answer's sentence ("42, maybe", "I
think"), a last answer called an estimate before a recomputation starts and (stop 57) a value the output itself calls
the wrong answer ("The wrong answer would be that f(x + 2) = 2" after a boxed 2); since stop 58 also in German,
French, Spanish, Italian, Portuguese, Russian, Chinese, Japanese and Korean ("Die falsche Antwort wäre 5", "La
mauvaise réponse serait 5", "错误的答案是 5"), with "correct" in those languages for `called_correct`. Stop 59: a value
called no solution ("x = 12 is not a solution", "is extraneous", "is not a valid answer"), a next sentence saying it
fails a check ("Hmm, that doesn't match.", `FAILS_CHECK`) and a correction right after a committed value
(`SELF_CORRECTED`: "12 ... no wait, 13" is 13; "12... wait, let me recheck" commits to nothing) and a committed value
for one case with another "otherwise" (`OTHERWISE`: "12 if we ignore friction, otherwise 13"). Stop 60: a value
after Catalan "no és" or Tagalog "hindi", or before Hindi "नहीं" ("is not"), is negated."""
from __future__ import annotations

import re
from fractions import Fraction

# anywhere in a committed line, or in the ending of an output without a committed answer
HEDGES = re.compile(
    r"\b(?:cannot|can ?not|can't|unable to|impossible to|not possible to)\s+(?:be\s+)?"
    r"(?:determine|determined|know|known|say|tell|solve|find|compute|calculate)"
    r"|\bnot enough information|\binsufficient (?:information|data)|\bI (?:do not|don't) know"
    r"|\bnot (?:sure|certain)\b|\bno (?:definitive|definite|single|unique) answer"
    r"|\bit depends\b|\bunclear\b|\bundetermined\b|\bambiguous\b|\bthere is no way to"
    r"|\d[%)]?(?:[ \t]+[a-z]+){0,2}?,?[ \t]+or[ \t]+so\b(?![ \t]+(?:that|as|on)\b)",  # "42 or so", "42 apples or so"
    re.IGNORECASE)
# (stop 59) a value for one case and another "otherwise": "12 if we ignore friction, otherwise 13" (from the case word
# on: each start is a word "if", "when" or "unless", so a search stays linear in practice)
OTHERWISE = re.compile(r"\b(?:if|when|unless)\b[^.\n]{0,80}?\botherwise\b[ \t,:]*+(?:it(?:'s|[ \t]++is|[ \t]++would"
                       r"[ \t]++be)[ \t]++)?[-$(]*+\d", re.IGNORECASE)
# in a committed span: a negation ("the answer is not 81") or a list of options gives no answer
SPAN_HEDGES = re.compile(r"\b(?:not|isn't|never|no longer|one of|any of|some of|between"
                         r"|nicht|keine?|pas|não|не|нет|no es|no son|non è|non sono|niet|nie|değil|όχι|δεν)\b"
                         r"|不是|ではない|ではありません|じゃない|じゃありません|아니|아닙",
                         re.IGNORECASE)
# a value said after a negation only ("not 15", "不是 42"), without a value before it that it would correct
# ("never say 12", "no es 12")
NEGATED = re.compile(r"(?:\b(?:not|never)(?:\s++[a-z]{1,8}+)?|\b(?:nicht|pas|не|no es|no son|non è|não é|no és|no són"
                     r"|hindi)|n't|不是)"
                     r"\s*+[$*]*+\s*+\Z", re.IGNORECASE)
# "wrong" in other languages (Russian "13 долларов — это неверно", German "ist falsch", ...), after a value
WRONG_WORD = (r"(?:\u2014|\u2013|-|,)?+[ \t]{0,3}+(?:\b(?:это|ist|est|es|è|é|is|jest)[ \t]{1,3}+)?+"
              r"(?:\b(?:неверн|неправильн|ошибочн|не[ \t]{1,3}верн|falsch|faux|incorrect[oa]?|erróne|sbagliat"
              r"|errat[oa]|errad[oa]|fout|onjuist|błędn|yanlış|λάθος|λανθασμ)\w*|错误|錯誤|不对|不對|間違い|틀렸|틀린|नहीं)")
# right after a last number: it is called wrong ("12 is wrong", "12, but that's wrong")
# (stop 59) also called no solution: "x = 12 is not a solution", "12 is not a valid answer", "x = 12 is extraneous"
WRONG = re.compile(r"(?:\b(?:is|are|was|would\s+be)\s+|'s\s+)(?:wrong|incorrect|false\b)|" + WRONG_WORD
                   + r"|\b(?:is|are|was)[ \t]++(?:not[ \t]++(?:an?[ \t]++)?(?:valid[ \t]++|possible[ \t]++)?"
                   r"(?:solution|root|answer)s?|extraneous|invalid)\b", re.IGNORECASE)
# a sentence after the answer's that says it fails a check: "Hmm, that doesn't match.", "This does not satisfy ..."
FAILS_CHECK = re.compile(r"\b(?:does|do|did)(?:n't|[ \t]++not)[ \t]++(?:match|work|add[ \t]++up|make[ \t]++sense|fit"
                         r"|check[ \t]++out|seem[ \t]++right|satisfy|hold)\b", re.IGNORECASE)
# a correction right after a committed value: "12 ... no wait, 13", "12 -- actually 13", "12. Wait, no: 13" (group 1:
# the value it corrects to; none: "12... wait, let me recheck", a doubt)
SELF_CORRECTED = re.compile(
    r"(?<![ \t])(?:[ \t]{0,3}+[A-Za-z]{1,12}){0,2}?[ \t]*+(?:\.{2,3}|\u2026|--|[,;:.!\u2014\u2013])?[ \t]*+"
    r"(?:(?:no|oh|hmm|oops)[,.!]?[ \t]++)?(?:wait\b|(?:actually|I[ \t]++mean|sorry|correction)\b"
    r"(?=[ \t,:]*+(?:no\b|it(?:'s|[ \t]++is)[ \t]|-?\d)))[ \t]*+[,:.!]?[ \t]*+(?:no[,:.!]?[ \t]*+)?"
    r"(?:(?:it(?:'s|[ \t]++is)|make[ \t]++(?:it|that)|the[ \t]++answer[ \t]++is)[ \t]++)?"
    r"(-?\d[\d,]*+(?:\.\d++)?+)?", re.IGNORECASE)
CALLED_WRONG = re.compile(r"[^.\n]{0,30}?(?:" + WRONG.pattern + ")", re.IGNORECASE)
# right before a \boxed{}: "is not \boxed{81}", "one of the following: 9; \boxed{81}"
BEFORE_BOXED_HEDGE = re.compile(r"(?:\b(?:not|isn't|never)|\bone of the following:?[^\n]*)\s*(?:\\\[|\$\$?|\\\()?\s*$",
                                re.IGNORECASE)
# alternatives in a committed span: "5 or 6", "two or three"
ALTERNATIVES = re.compile(r"(?:\d|\}|\b(?:one|two|three|four|five|six|seven|eight|nine|ten))\s*(?:,\s*)?"
                          r"\b(?:or|and/or)\b\s*(?:[-$\\(]*\d|(?:one|two|three|four|five|six|seven|eight|nine"
                          r"|ten|eleven|twelve)\b)|\beither\b"
                          # "or" of French, German, Spanish/Italian/Portuguese, Polish, Turkish, Russian, Greek;
                          # 或 (CJK); Japanese か between numbers ("4か5", stop 58)
                          r"|\d[%)]?[ \t]*+(?:\b(?:ou|oder|o|lub|veya|или|ή)\b|[\u6216\u304b]|\u6216\u8005"
                          r"|\u307e\u305f\u306f|\ub610\ub294)[ \t]*+[-$(]*\d"
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
# a mistake named as such: "The wrong answer would be ...", "an incorrect result of"
WRONG_ANSWER = re.compile(r"\b(?:wrong|incorrect|mistaken|erroneous)[ \t]++(?:final[ \t]++)?+"
                          r"(?:answer|result|value|solution)s?\b"
                          # stop 58: German, French, Spanish, Italian, Portuguese, Russian, Chinese, Japanese, Korean
                          r"|\b(?:falsche|fehlerhafte)[nrs]?+[ \t]++(?:Antwort|Ergebnis|Lösung|Wert)\w*+"
                          r"|\bmauvaise[ \t]++(?:réponse|solution)"
                          r"|\b(?:réponse|résultat|solution|valeur)s?+[ \t]++(?:incorrecte?|fausse|faux|erronée?)s?+\b"
                          r"|\b(?:respuesta|resultado|solución|valor)[ \t]++"
                          r"(?:incorrect[oa]|err[oó]ne[oa]|equivocad[oa])\b"
                          r"|\b(?:risposta|risultato|soluzione|valore)[ \t]++(?:sbagliat[oa]|errat[oa]|scorrett[oa])\b"
                          r"|\b(?:resposta|resultado|solução|valor)[ \t]++(?:errad[oa]|incorret[oa])\b"
                          r"|\b(?:неправильн|неверн|ошибочн)\w*+[ \t]++(?:ответ|результат|решени)\w*+"
                          r"|错误(?:的)?(?:答案|结果)|錯誤(?:的)?(?:答案|結果)|間違った答え|誤った答え|誤答|틀린[ \t]*+답|오답",
                          re.IGNORECASE)
# "right" / "correct" in these languages, where a wrong answer's value ends ("... 5; die richtige ist 2")
_RIGHT_OTHER = r"|\b(?:richtig|correct|corret|правильн|верн)\w*|正确|正確|正しい|정답"
# where the value a wrong-answer phrase names ends: a clause's end, or the right answer named after it
_WRONG_CLAUSE_END = re.compile(r"[!?;,\n。，；]|\.(?!\d)|\b(?:right|correct|true|actual|which|because|since)\b"
                               + _RIGHT_OTHER, re.IGNORECASE)
_BEFORE_END = re.compile(r"[!?;,。，；]|\n[ \t]*+\n|\.(?!\d)|\b(?:right|correct|true|actual|which|because|since)\b"
                         + _RIGHT_OTHER, re.IGNORECASE)  # a value on the line after "would be:" is the phrase's
_NUMBER = re.compile(r"-?\d[\d,]*+(?:\.\d++)?+")


def wrong_answer_before(text: str, pos: int, value: str | None = None, called: str | None = None) -> bool:
    """Whether the value at `pos` ends a wrong-answer phrase's clause ("The wrong answer would be:\n\\boxed{5}",
    "The wrong answer is 5"): no comma, full stop, semicolon or "right" / "correct" between them; with `value`, only
    where the text before the phrase does not state that value (a reply that said "each student will receive 6" and
    then boxes 6 as "the wrong answer it would give" still says 6); with `called`, only where the text before the
    phrase does not call that value correct ("The correct GCF ... is 12. The wrong result it gives is 12")."""
    window = text[max(0, pos - 150):pos + 8]
    last = None
    for m in WRONG_ANSWER.finditer(window):
        if m.start() < min(pos, 150):
            last = m
    if last is None or _BEFORE_END.search(window, last.end(), min(pos, 150)):
        return False
    if called is not None:
        return not called_correct(text[:max(0, pos - 150) + last.start()], called.strip())
    return value is None or not _said(text[:max(0, pos - 150) + last.start()], value.strip())


# a value called correct: "The correct GCF of 252 and 96 is 12", "the right answer is 12" (not "right triangle";
# "the answer is 2" before "the wrong answer would be 2" stays doubtful: round 13's false equal was one word from it)
_CALLED_CORRECT = re.compile(r"\b(?:correct|right[ \t]++(?:final[ \t]++)?(?:answer|result|value|solution))\b"
                             r"|\b(?:richtig|correct|corret|правильн|верн)\w*|正确|正確|正しい|정답", re.IGNORECASE)
_SENTENCE_NEGATION = re.compile(r"\b(?:not|never|no|if|would|should|nicht|kein\w*|wenn|wäre|pas|si|non|não|se"
                                r"|не|нет|если|бы)\b|n't\b|\?|不|ない|아니|않", re.IGNORECASE)


def called_correct(text: str, value: str) -> bool:
    """Whether a sentence of `text` calls the number `value` correct: a correctness word before it, `value` the
    sentence's last number, no negation, condition, modal word, hedge or wrong-answer phrase in the sentence."""
    if not _NUMBER.fullmatch(value):
        return False
    for sentence in re.split(r"[!;\n]|\.(?!\d)", text):
        m = _CALLED_CORRECT.search(sentence)
        found = _NUMBER.findall(sentence[m.end():]) if m else []
        if found and _number(found[-1]) == _number(value) and not (
                _SENTENCE_NEGATION.search(sentence) or MODAL.search(sentence) or HEDGES.search(sentence)
                or WRONG_ANSWER.search(sentence)):
            return True
    return False


def _said(text: str, value: str) -> bool:
    """Whether `text` states `value`: a number equal to it, or (not a number) its text."""
    if _NUMBER.fullmatch(value):
        return any(_number(n) == _number(value) for n in _NUMBER.findall(text))
    return bool(value) and value in text


def _number(s: str) -> Fraction | None:
    try:
        return Fraction(s.replace(",", ""))
    except (ValueError, ZeroDivisionError):
        return None


def wrong_answer_after(text: str, pos: int, value: str) -> bool:
    """Whether a wrong-answer phrase after `pos` names `value` as the last value of its clause ("\\boxed{2} ... The
    wrong answer would be that f(x + 2) = 2"; not "The wrong answer would be 5; the right one is 2")."""
    value = value.strip()
    for m in WRONG_ANSWER.finditer(text, pos):
        end = _WRONG_CLAUSE_END.search(text, m.end(), m.end() + 300)
        clause = text[m.end():end.start() if end else m.end() + 300]
        found = _NUMBER.findall(clause)
        if _said(found[-1] if found and _NUMBER.fullmatch(value) else clause, value) and not called_correct(
                text[:m.start()], value):
            return True
    return False
