"""`llm-vote` with several candidates of one question in one prompt (candidates_per_prompt > 1):
prompt construction and shuffling (deterministic from the seed), the per-candidate parser on
replies SmolLM2-135M really gave, and a real run with SmolLM2 (llama.cpp, 1 thread).
"""
from __future__ import annotations

import pytest

from judgesuite.judges.llm.vote import LLMVoteJudge
from judgesuite.judges.llm.prompts import DIRECT_PROMPT, parse_multi, render_multi
from judgesuite.judges.types import NoVerdict


@pytest.fixture(scope="module")
def two_questions(gsm8k_test):
    rows = gsm8k_test.scorable()
    first = [r for r in rows if r.question_id == rows[0].question_id]
    other = next(r for r in rows if r.question_id != rows[0].question_id)
    assert len(first) == 4
    return first, other


def test_multi_prompt_text():
    text = render_multi("direct", "Q {x}?", "R", ["a {candidate}", "b"])
    head = DIRECT_PROMPT[:DIRECT_PROMPT.index("[REFERENCE")]
    assert text.startswith(head.replace("whether the CANDIDATE", "whether each CANDIDATE")
                           .replace("Judge the CANDIDATE", "Judge a CANDIDATE").replace("{question}", "Q {x}?"))
    assert "[CANDIDATE 1 starts here]\na {candidate}\n[CANDIDATE 1 ends here]" in text
    assert text.index("[REFERENCE starts") < text.index("[CANDIDATE 1 starts") < text.index("[CANDIDATE 2 starts")
    assert text.endswith('- "Candidate 2: True" if CANDIDATE 2 is correct, "Candidate 2: False" if it is incorrect')
    swapped = render_multi("cot", "Q", "R", ["a", "b"], reference_first=False)
    assert swapped.index("[CANDIDATE 2 ends") < swapped.index("[REFERENCE starts")
    assert "Conclude your response with exactly one line per CANDIDATE" in swapped


def test_multi_prompts_are_shuffled_and_deterministic(two_questions):
    group = [r.sample for r in two_questions[0]]
    judge = LLMVoteJudge(k=5, candidates_per_prompt=4, seed=3)
    texts, perms, ref_first, _ = judge.multi_prompts(group)
    assert judge.multi_prompts(group) == (texts, perms, ref_first, False)
    # Batch order does not matter: a group lists its samples in content-hash order.
    (fwd,), (rev,) = judge.groups(group), judge.groups(group[::-1])
    assert [group[i] for i in fwd] == [group[::-1][i] for i in rev]
    assert sorted(ref_first) == [False, False, True, True, True]
    assert all(sorted(p) == [0, 1, 2, 3] for p in perms) and len({tuple(p) for p in perms}) > 1
    for text, perm, first in zip(texts, perms, ref_first):
        assert text == render_multi("direct", group[0].question, group[0].references[0],
                                    [group[j].candidate for j in perm], first)
    assert LLMVoteJudge(k=5, candidates_per_prompt=4, seed=4).multi_prompts(group)[1] != perms
    unshuffled = LLMVoteJudge(k=3, candidates_per_prompt=4, shuffle=False).multi_prompts(group)
    assert unshuffled[1] == [[0, 1, 2, 3]] * 3 and unshuffled[2] == [True] * 3
    # Groups: same question and references, chunks of at most candidates_per_prompt, hash order.
    g = LLMVoteJudge(candidates_per_prompt=3).groups(group + [two_questions[1].sample])
    assert sorted(len(x) for x in g) == [1, 1, 3] and [4] in g


# Replies SmolLM2-135M-Instruct gave to this prompt on gsm8k rows (k=3, 4 candidates), then the forms asked for.
@pytest.mark.parametrize("reply, expected", [
    ("A: 95.5", [None] * 4),
    ("Why is the answer 115000 correct, 115000 True if it is correct, 115000 True if it is incorrect", [None] * 4),
    ("A: A: A: A: A: A: A: A:", [None] * 4),
    ("In the question, the response is correct, but the answer is incorrect. The answer is incorrect.\n"
     "- False: Candidate 1 is ", [None] * 4),
    ("You've completed your response. The Candidate 4 is correct.", [None] * 4),
    ("Candidate 1: True\nCandidate 2: False\nCandidate 3: False\nCandidate 4: True", [True, False, False, True]),
    ('- "Candidate 2: False"\n**Candidate 1**: true\nCandidate 9: True', [True, False, None, None]),
    ("Candidate 1: Final answer: False\nCandidate 3 - True", [False, None, True, None]),
    ("Candidate 1: True\nCandidate 1: False", [None, None, None, None]),  # contradiction
    ('- "Candidate 1: True" if CANDIDATE 1 is correct, "Candidate 1: False" if it is incorrect', [None] * 4),
])
def test_parse_multi(reply, expected):
    assert parse_multi(reply, 4) == expected


def test_parse_multi_reasoning_takes_the_last_line():
    assert parse_multi("Candidate 1: True at first sight...\nCandidate 1: False\nCandidate 2: True", 2, "cot") == [
        False, True]


@pytest.mark.slow  # 90 s: six ~600-token prompts through llama.cpp on one thread
def test_multi_candidate_vote_with_smollm2(two_questions):
    group, single = two_questions
    samples = [r.sample for r in group] + [single.sample]
    judge = LLMVoteJudge(k=3, candidates_per_prompt=4, max_new_tokens=6, threads=1)
    try:
        verdicts = judge.judge(samples)
        prompts = judge.multi_prompts(samples[:4])
    finally:
        judge.close()
    _, perms, ref_first, _ = prompts
    for n, v in enumerate(verdicts[:4]):
        assert v.extra["group_size"] == 4 and v.extra["reference_first"] == ref_first
        order = sorted(range(4), key=lambda j: samples[j].content_hash())  # groups index in hash order
        assert v.extra["positions"] == [perms[i].index(order.index(n)) + 1 for i in range(3)]
        assert len(v.extra["votes"]) == 3 and v.input_tokens > 3 * 150
        valid = [x for x in v.extra["votes"] if x is not None]
        if v.correct is None:
            assert v.reason is NoVerdict.INVALID_OUTPUT and 2 * sum(valid) == len(valid)
        else:
            assert 2 * sum(x == v.correct for x in valid) > len(valid)
    # Each candidate is charged a quarter of the shared prompts.
    assert len({v.input_tokens for v in verdicts[:4]}) == 1
    assert "group_size" not in verdicts[4].extra and len(verdicts[4].extra["votes"]) == 3
    assert judge.identity()["params"]["candidates_per_prompt"] == 4
