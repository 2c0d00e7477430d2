"""Batch 8 of the grader cases of issue 37: equivalence cases taken as DATA from the unit tests of public math
graders not used before and not among our held-out grader sources, and the seeded rule that split them into
`dev-w8` and `heldout-w8` before any judge ran on them.

Each table holds (candidate, references, equal?) exactly as the source asserts it (the candidate is the answer
graded, the reference the source's key or ground truth). No case was written here: every wrong row is the
source's own. A pair a source asserts twice with the same result is kept once. Two of the three sources grade
learners' answers, not model outputs (pie-lib's math-evaluator and Khan Academy's KAS): their cases are bare
expressions and equations. Left out on purpose (see the card): tolerances (values rounded to 9-10 digits called
equal), a pair the source itself calls wrong behaviour, KAS's rule that equations stay equal when multiplied by a
factor that can be zero, form rules (KAS's `form: true`), an option's tests (pie-lib's `allowDecimals`),
extraction rules (strands-env: any of several boxes counts), `None` and empty inputs, golds the source cannot
read, assertions on other fields than the verdict, commented-out tests, errors, and tests of a lower-level
comparison or a normaliser rather than of the grader.
"""
from __future__ import annotations

from math_grader_cases_w4 import capped_split

SPLIT_SEED_W8 = "judgesuite-issue37-grader-batch8"

PIE = ("pie-framework/pie-lib packages/math-evaluator/src/__tests__/index.test.js (ISC, the package's licence "
       "field; LICENSE.md: CoreSpring Inc; commit d02a1fa, the head of the stored snapshot; the file last changed "
       "in 0c39771): areValuesEqual's asserted pairs (the second argument taken as the key, as the tables repeat "
       "it; the 7119 table's fixed first argument 4 \\frac{1}{2} is its key); the allowDecimals option's tests "
       "(decimal commas and thousands separators), latexToText's and ave's tests (a normaliser and a lower-level "
       "comparison), the \\frac12 error test and the commented-out test left out")
PIE_CASES = [  # (candidate, [key], asserted equal?)
    ("-12.5%", ["-12.5%"], True), ("-12.5\\%", ["-12.5%"], True), ("-11.5%", ["-12.5%"], False),
    ("\\frac{1}{2} -12.5%", ["\\frac{2}{4} -12.5%"], True), ("\\frac{1}{2} -12.5%", ["\\frac{2}{4} -12.5\\%"], True),
    ("\\frac{4}{2} -12.5%", ["\\frac{2}{4} -12.5\\%"], False),
    ("\\frac{2}{2} -12.5%", ["\\frac{2}{4} -12.5\\%"], False),
    ("0", ["x"], False), ("3x", ["4x"], False), ("x", ["x"], True), ("2x", ["2x"], True),
    ("4.5", ["4 \\frac{1}{2}"], True), ("3.2 + 1.3", ["4 \\frac{1}{2}"], True),
    ("(4 - \\frac{4}{5}) + 1.3", ["4 \\frac{1}{2}"], True), ("\\frac{9}{2}", ["4 \\frac{1}{2}"], True),
    ("4 \\frac{1}{2}", ["4 \\frac{1}{2}"], True), ("\\frac{10}{2} - 0.5", ["4 \\frac{1}{2}"], True),
    ("4.55", ["4 \\frac{1}{2}"], False),
    ("100", ["100"], True), ("50 + 50", ["25 * 4"], True), ("200 / 2", ["20 * 5"], True),
    ("2.5 * 40", ["10 * 10"], True), ("100", ["0"], False), ("0", ["50 * 2"], False), ("44 + 57", ["100"], False),
    ("44 + 57", ["50 * 3"], False), ("50 + 50", ["100"], True), ("100 / 2 + 50", ["100"], True),
    ("2 + 2", ["4"], True), ("1/2 + .5", ["1"], True), ("50 + 51", ["100"], False), ("25 * 2 + 51", ["100"], False),
    ("1/2 + .5", ["1.9"], False), ("1/2 + .5", ["1.1"], False), ("13/2", ["13/2"], True), ("26/4", ["13/2"], True),
    ("6 + 1/2", ["13/2"], True), ("6.5", ["13/2"], True), ("14/2", ["13/2"], False), ("6.6", ["13/2"], False),
    ("((x^2 + x) / x) - 1", ["x"], True), ("x + 0", ["x"], True), ("(x-2) + 2", ["x"], True), ("2x/2", ["x"], True),
    ("(x + 2)^2", ["(x + 2)^2"], True), ("x^2 + 4x + 4", ["(x + 2)^2"], True), ("x^2 + 4(x+1)", ["(x + 2)^2"], True),
    ("x^2 + 8 ((x+1) / 2)", ["(x + 2)^2"], True), ("y", ["x"], False), ("x + 1", ["x"], False),
    ("x^3 + 4x + 4", ["(x + 2)^2"], False), ("x^2 + 4(x+2)", ["(x + 2)^2"], False), ("(2 + x)^2", ["(x + 2)^2"], True),
    ("(2 + x)^2x", ["(x + 2)^2x"], True), ("y^(2 x)", ["y^(x+x)"], True), ("sqrt(4x)", ["sqrt(2x+2x)"], True),
    ("sqrt(x^2)", ["sqrt(((x+1)^2) - ((x+1)^2) + x^2)"], True), ("sin(x)", ["sin(x)"], True),
    ("tan(x)", ["tan(x)"], True),
    ("f^{-1}\\left(x\\right)=\\sqrt{x-1}+3", ["f^{-1}\\left(x\\right)=\\sqrt{x-1}+3"], True),
    ("72\\div12=6\\text{eggs}", ["72\\div12=6\\text{eggs}"], True),
    ("\\left(x\\right)^{ \\frac{1}{\\left(y + 3\\right)}}", ["\\sqrt[\\left(y + 3\\right)]{x}"], True),
    ("\\left(x\\right)^{\\frac{1}{3}}", ["\\sqrt[3]{x}"], True),
    ("\\left(x\\right)^{\\frac{1}{n}}", ["\\sqrt[n]{x}"], True),
    ("\\left(x\\right)^{\\frac{1}{2}}", ["\\sqrt{x}"], True),
    ("\\left(x-1\\right)^{\\frac{1}{2}}+3", ["\\sqrt{x-1}+3"], True),
    ("f^{-1}\\left(x\\right)=\\left(x-1\\right)^{\\frac{1}{2}}+3", ["f^{-1}\\left(x\\right)=\\sqrt{x-1}+3"], True),
]

KAS = ("Khan/perseus packages/kas/src/__tests__/comparing.test.ts (MIT; commit cd1bef6, the head of the stored "
       "snapshot; the file last changed in a5b9105): KAS.compare's asserted pairs with form: false (the answer "
       "first, the expected expression second; KAS is the comparison Perseus's expression widget grades with; "
       "f, g, h declared functions); the (-5)^(p/q) and 1.1234567891235 * 10^200 pairs (values rounded to 9-10 "
       "digits called equal: a tolerance), (-2)^(n+0.1) for (-2)^(n+1.1) (the source calls it wrong behaviour), "
       "(y+5)/x=2 and yz=2xz-5z for y=2x-5 (equations kept equal when multiplied by a factor that can be zero), "
       "the form: true tests and the commented-out test left out")
KAS_CASES = [  # (answer, [expected], asserted equal?)
    ("2+2", ["4"], True), ("a(b+c)", ["ab+ac"], True), ("a/b", ["a*b^-1"], True), ("1.2^2", ["1.44"], True),
    ("1.3^2", ["1.69"], True), ("1.4^2", ["1.96"], True), ("1.5^2", ["2.25"], True), ("1.2345^2", ["1.52399025"], True),
    ("1.2345*1.2345", ["1.52399025"], True), ("(1+.2345)^2", ["1.52399025"], True), ("x^(1/5)", ["x^(0.2)"], True),
    ("x^(8/5)", ["x^(1.6)"], True), ("(1-x)(-1-6x)", ["(6x+1)(x-1)"], True), ("y=x", ["x"], False),
    ("x", ["y=x"], False), ("y=x", ["y=x"], True), ("y=x", ["x=y"], True), ("y=x", ["-y=-x"], True),
    ("y=x", ["-x=-y"], True), ("y=x", ["y=-x"], False), ("y=x", ["-y=x"], False), ("y=x", ["y=/=x"], False),
    ("y<x", ["x>y"], True), ("y<=x", ["x>=y"], True), ("y>x", ["x<y"], True), ("y>x", ["x>y"], False),
    ("y>=x", ["x<=y"], True), ("a+b<c-d", ["a+b-c+d<0"], True), ("y=mx+b", ["-b-mx=-y"], True),
    ("y=mx+b", ["y-b=mx"], True), ("y=2x-5", ["y=2x-5"], True), ("y=2x-5", ["2x-5=y"], True),
    ("y=2x-5", ["2x-y=5"], True), ("y=2x-5", ["(y+5)/2=x"], True), ("y=2x-5", ["1/2(y+5)=x"], True),
    ("y=2x-5", [".5(y+5)=x"], True), ("y=2x-5", ["y-3=2(x-4)"], True), ("y=2x-5", ["2y=4x-10"], True),
    ("3y=2x-15", ["3/2(y+5)=x"], True), ("1/3p-3=114", ["1/3p-3=114"], True), ("1/3p-3=114", ["1/3p=117"], True),
    ("1/3p-3=114", ["p=351"], True), ("1/3p-3=114", ["p-351=0"], True), ("x", ["x(y^2 + 1)/(y^2 + 1)"], True),
    ("x", ["x(y^2 + 1)/(y^2 + 2)"], False), ("e^x", ["e^x"], True), ("e^x", ["e^x + 1"], False),
    ("x+x+x+6=12", ["x+x+x+6=12"], True), ("x+x+x+6=12", ["x+2x+6=12"], True), ("x+x+x+6=12", ["3x+6=12"], True),
    ("x+x+x+6=12", ["x+2x=6"], True), ("x+x+x+6=12", ["2x=6-x"], True), ("x+x+x+6=12", ["3x=6"], True),
    ("x+x+x+6=12", ["x=2"], True), ("100/55.6=t", ["t=100/55.6"], True), ("100/1.6^2=t", ["t=100/1.6^2"], True),
    ("7/3x+x=15", ["(2+1/3)x+x=15"], True), ("7/3x+x=15", ["(1+1/3)x+x=15"], False),
    ("x^2+y^2=r^2", ["r^2=x^2+y^2"], True), ("23^1.5=110.304", ["110.304=23^1.5"], True),
    ("6.12*10^-2", ["6.12*10^-2"], True), ("6.12*10^-2", ["6.12*10^-6"], False), ("3^-x", ["(1/3)^x"], True),
    ("(1/3)^-x", ["3^x"], True), ("(3)^-x", ["3^x"], False), ("5.6=x+0.4+5.2", ["5.6=x+0.4+5.2"], True),
    ("csc x", ["1/sin x"], True), ("sec x", ["1/cos x"], True), ("cot x", ["1/tan x"], True),
    ("arccsc x", ["arcsin (1/x)"], True), ("arcsec x", ["arccos (1/x)"], True), ("arccot x", ["arctan (1/x)"], True),
    ("csch x", ["1/sinh x"], True), ("sech x", ["1/cosh x"], True), ("coth x", ["1/tanh x"], True),
    ("-2sin(pi x) + 4", ["4"], False), ("2sin(pi x) + 4", ["-2sin(pi x) + 4"], False), ("sin(pi x)", ["0"], False),
    ("0", ["sin(pi x)"], False), ("cos(pi x)", ["cos(2 pi x)"], False), ("sin(pi x)", ["sin(500pi x)"], False),
    ("sin(500pi x)", ["sin(pi x)"], False), ("0", ["sin(7pi)"], True), ("sin(7pi)", ["0"], True),
    ("0", ["sin(500pi)"], True), ("sin(500pi)", ["0"], True), ("x=1.2^2", ["x=1.44"], True),
    ("x=1.2^2", ["x=36/25"], True), ("x=1.44", ["x=36/25"], True), ("x=1.44", ["x=35/25"], False),
    ("x=1.2^(2y)", ["x=1.44^y"], True), ("x=1.2^(2y)", ["x=(36/25)^y"], True), ("x=1.44^y", ["x=(36/25)^y"], True),
    ("x=1.3^2", ["x=1.69"], True), ("x=1.4^2", ["x=1.96"], True), ("x=1.5^2", ["x=2.25"], True),
    ("x=1.2345^2", ["x=1.52399025"], True), ("x=1.2345*1.2345", ["x=1.52399025"], True),
    ("x=(1+.2345)^2", ["x=1.52399025"], True), ("x=(1+.2345)^2", ["x=1.52399022"], False),
    ("1.1234567891235 * 10^200", ["0.10"], False), ("0.10", ["1.1234567891235 * 10^200"], False),
    ("0.50", ["0.51"], False), ("0.51", ["0.50"], False), ("1.00", ["1.00"], True), ("0.9", ["1.1"], False),
    ("1.1", ["0.9"], False), ("12(1-r)^2+58(1-r)=10", ["(1-r)(70-12r)=10"], True),
    ("720m+480(m-5)=42000", ["720m+480m-2400=42000"], True), ("2w+50/w=25", ["w(12.5-w)=25"], True),
    ("(n*(8+4n))/2>19206", ["6n+2n(n-1)>19206"], True), ("( 2)^n", ["( 2)^(n-1)"], False),
    ("( 2)^n", ["( 2)^(n)"], True), ("( 2)^n", ["( 2)^(n+1)"], False), ("(-2)^n", ["(-2)^(n-1)"], False),
    ("(-2)^n", ["(-2)^(n)"], True), ("(-2)^n", ["(-2)^(n+1)"], False), ("(-2)^(a)", ["(-2)^(ab)"], False),
    ("(-2)^(a)", ["(-2)^(a^b)"], False), ("\\frac{1}{x - 2}", ["\\frac{-1}{2 - x}"], True),
    ("sin(x + 2pi)", ["sin(x)"], True), ("y = sin(x + 2pi)", ["y = sin(x)"], True),
    ("sin^2(x)+cos^2(x)", ["1"], True), ("y = sin^2(x)+cos^2(x)", ["y = 1"], True), ("f(x)", ["f(x)"], True),
    ("f(x)", ["g(x)"], False), ("f(g(x))", ["f(g(x))"], True), ("sin(f(3x-x))/cos(f(x+x))", ["tan(f(2x))"], True),
    ("f(x) = sin(x + 2pi)", ["f(x) = sin(x)"], True), ("f(x) = ln|x|+c", ["f(x)-ln|x|-c = 0"], True),
    ("f(5) = f(7) + 4", ["f(2) = f(3) + 4"], False), ("f(2) = f(3) + 4", ["f(2) = f(3) + 4"], True),
    ("f(2) = f(3) + 4", ["f(2) = 4 + f(3)"], True), ("f(2) = f(3) + 4", ["f(3) + 4 = f(2)"], True),
]

STRANDS = ("strands-rl/strands-env (formerly horizon-rl/strands-env) tests/unit/rewards/test_math_verify_reward.py "
           "(Apache-2.0; commit 01f4068, the head of the stored snapshot; the file last changed in 1e804c2): "
           "MathVerifyReward's asserted rewards (a reward built on Math-Verify; these cases are strands-env's own; "
           "the response first, the ground truth second); two boxes of which the second is right (any box counts: "
           "an extraction rule), None and empty ground truths, a reply with no assistant message, an unparseable "
           "gold and the test that asserts only the info fields left out")
STRANDS_CASES = [  # (response, [ground truth], asserted reward 1.0?)
    ("The answer is $\\boxed{4}$.", ["4"], True), ("The answer is $\\boxed{5}$.", ["4"], False),
    ("$\\boxed{\\frac{1}{2}}$", ["0.5"], True), ("$\\boxed{\\frac{1}{\\sqrt{3}}}$", ["$\\frac{\\sqrt{3}}{3}$"], True),
    ("$\\boxed{-3}$", ["-3"], True), ("$\\boxed{\\frac{7}{12}}$", ["\\frac{7}{12}"], True),
    ("$\\boxed{1}$ and $\\boxed{2}$", ["42"], False), ("The answer is 4.", ["4"], True),
    ("I don't know the answer.", ["4"], False),
]

# family -> (source, origin, cases); appended to the corpus in this order
FAMILIES = {
    "grader-pie-math-evaluator": ("pie-lib", PIE, PIE_CASES),
    "grader-khan-kas": ("KAS", KAS, KAS_CASES),
    "grader-strands-env": ("strands-env", STRANDS, STRANDS_CASES),
}


# the split rule (math_grader_cases_w4.capped_split), fixed before any judge ran on these rows
ranked_families_w8, heldout_families_w8, split_w8 = capped_split(FAMILIES, SPLIT_SEED_W8, 8)
