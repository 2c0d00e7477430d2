"""`llm-vote`: k sampled LLM assessments with the reference/candidate order shuffled, majority vote
(the robust math-judging paper's repeated assessments), and `vote_report`, its agreement, flip and
position-bias figures against labels."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judgesuite.judges.base import JudgeTags
from judgesuite.judges.llm.backends import DEFAULT_BACKEND, DEFAULT_MODEL, Generation, SamplingParams
from judgesuite.judges.llm.judges import _LLMJudge, clip
from judgesuite.judges.llm.prompts import PARSERS, join_references, parse_multi, render_multi
from judgesuite.judges.types import NoVerdict, Sample, Verdict


class LLMVoteJudge(_LLMJudge):
    """k sampled assessments with REFERENCE/CANDIDATE order shuffled between them; majority vote.

    Orders are balanced (ceil(k/2) reference-first) and shuffled per sample with a seed
    drawn from the judge seed and the sample's content, so verdicts are reproducible.
    A tie among valid votes, or no valid vote, is a no-verdict (invalid_output).
    extra: `votes`, `reference_first` (per assessment), `agreement` (share of valid
    votes agreeing with the majority), `first_vote` (a single assessment, for the flip
    rate), `position` votes; `vote_report` aggregates them against labels.

    `candidates_per_prompt` > 1: candidates of one question (same question and references,
    within the runner's batch) are judged together, up to that many per prompt, numbered,
    with one "Candidate i: True/False" line each (`parse_multi`; a missing or contradictory
    line is no vote). Their order is re-shuffled for every assessment (seeded by the judge
    seed, the assessment and the candidates' contents), as is the REFERENCE block's place.
    `max_new_tokens` is then per candidate; each sample is charged its share of the prompt.
    A question with a single candidate in the batch gets the ordinary one-candidate prompt.
    extra adds `group_size` and `positions` (the sample's 1-based place per assessment).
    """


    def __init__(self, backend: str = DEFAULT_BACKEND, model: str = DEFAULT_MODEL, k: int = 5,
                 prompt: str = "direct", temperature: float = 0.7, top_p: float = 0.95, max_new_tokens: int = 8,
                 seed: int = 0, shuffle: bool = True, max_field_chars: int = 6000, threads: int | None = None,
                 backend_options: dict | None = None, batch_size: int | None = None,
                 candidates_per_prompt: int = 1) -> None:
        if k < 1:
            raise ValueError("k must be >= 1")
        if candidates_per_prompt < 1:
            raise ValueError("candidates_per_prompt must be >= 1")
        self.candidates_per_prompt = candidates_per_prompt
        if prompt not in PARSERS:
            raise ValueError(f"prompt must be one of {', '.join(PARSERS)}")
        self._setup(backend, model, backend_options, batch_size, max_field_chars, threads)
        self.k = k
        self.prompt = prompt
        self.prompt_kind = prompt
        self.temperature = temperature
        self.top_p = top_p
        self.max_new_tokens = max_new_tokens
        self.seed = seed
        self.shuffle = shuffle

    def get_tags(self) -> JudgeTags:
        # several candidates in one prompt: a verdict depends on the other candidates of its batch
        return replace(super().get_tags(), batch_dependent=self.candidates_per_prompt > 1)

    def report(self, verdicts: Sequence[Verdict], labels: Sequence[bool | None]) -> dict[str, Any] | None:
        return vote_report(verdicts, labels)

    def orders(self, sample: Sample) -> list[bool]:
        """reference_first per assessment."""
        if not self.shuffle:
            return [True] * self.k
        orders = [i % 2 == 0 for i in range(self.k)]
        random.Random(f"{self.seed}:{sample.content_hash()}").shuffle(orders)
        return orders

    def identity(self) -> dict[str, Any]:
        ident = super().identity()
        if self.candidates_per_prompt == 1:  # verdicts (and cache keys) as before the option existed
            ident["params"].pop("candidates_per_prompt", None)
        return ident

    def groups(self, samples: Sequence[Sample]) -> list[list[int]]:
        """Indices of samples judged in one prompt: same question and references, in content-hash
        order, chunks of at most `candidates_per_prompt` (so a group does not depend on batch order)."""
        by_question: dict[tuple, list[int]] = {}
        for n, s in enumerate(samples):
            by_question.setdefault((s.question, tuple(s.references)), []).append(n)
        out = []
        for idx in by_question.values():
            idx = sorted(idx, key=lambda n: samples[n].content_hash())
            out += [idx[i:i + self.candidates_per_prompt] for i in range(0, len(idx), self.candidates_per_prompt)]
        return out

    def multi_prompts(self, samples: Sequence[Sample]) -> tuple[list[str], list[list[int]], list[bool], bool]:
        """Prompts of one multi-candidate group, per assessment: texts, candidate order (indices
        into `samples`), reference_first, whether a field was clipped. Seeded: reproducible."""
        key = f"{self.seed}:" + ":".join(sorted(s.content_hash() for s in samples))
        ref_first = [i % 2 == 0 for i in range(self.k)] if self.shuffle else [True] * self.k
        rng = random.Random(key)
        if self.shuffle:
            rng.shuffle(ref_first)
        q, cut = clip(samples[0].question, self.max_field_chars)
        r, cut_r = clip(join_references(samples[0].references), self.max_field_chars)
        cands = [clip(s.candidate, self.max_field_chars) for s in samples]
        texts, perms = [], []
        for i in range(self.k):
            perm = list(range(len(samples)))
            if self.shuffle:
                rng.shuffle(perm)
            perms.append(perm)
            texts.append(render_multi(self.prompt, q, r, [cands[j][0] for j in perm], ref_first[i]))
        return texts, perms, ref_first, cut or cut_r or any(c for _, c in cands)

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        if self.candidates_per_prompt == 1:
            return self._judge_single(samples)
        groups = self.groups(samples)
        singles = [g[0] for g in groups if len(g) == 1]
        out: list[Verdict | None] = [None] * len(samples)
        for n, v in zip(singles, self._judge_single([samples[n] for n in singles]) if singles else []):
            out[n] = v
        multi = [g for g in groups if len(g) > 1]
        built = [self.multi_prompts([samples[n] for n in g]) for g in multi]
        gens: dict[tuple[int, int], Generation] = {}  # (group, assessment) -> generation
        for i in range(self.k):
            for size in sorted({len(g) for g in multi}):  # one token budget per call
                which = [m for m, g in enumerate(multi) if len(g) == size]
                params = SamplingParams(temperature=self.temperature, top_p=self.top_p,
                                        max_new_tokens=self.max_new_tokens * size, seed=self.seed * 1000 + i)
                for m, g in zip(which, self._generate([built[m][0][i] for m in which], params)):
                    gens[m, i] = g
        for m, g in enumerate(multi):
            _, perms, ref_first, cut = built[m]
            replies = [parse_multi(gens[m, i].text, len(g), self.prompt) for i in range(self.k)]
            for j, n in enumerate(g):
                positions = [perms[i].index(j) + 1 for i in range(self.k)]
                votes = [replies[i][p - 1] for i, p in enumerate(positions)]
                v = self._aggregate(votes, ref_first, [gens[m, i] for i in range(self.k)], cut, share=1 / len(g))
                v.extra.update(group_size=len(g), positions=positions)
                out[n] = v
        return out  # type: ignore[return-value]

    def _judge_single(self, samples: Sequence[Sample]) -> list[Verdict]:
        prompts, owners, orders, cuts = [], [], [], [False] * len(samples)
        for n, s in enumerate(samples):
            for ref_first in self.orders(s):
                text, cut = self._prompt(s, ref_first)
                prompts.append(text)
                owners.append(n)
                orders.append(ref_first)
                cuts[n] = cuts[n] or cut
        # Assessment i of every sample uses sampling seed (seed, i); the backend mixes in the prompt.
        gens: list[Generation | None] = [None] * len(prompts)
        for i in range(self.k):
            idx = [j for j in range(len(prompts)) if j % self.k == i]
            params = SamplingParams(temperature=self.temperature, top_p=self.top_p,
                                    max_new_tokens=self.max_new_tokens, seed=self.seed * 1000 + i)
            for j, g in zip(idx, self._generate([prompts[j] for j in idx], params)):
                gens[j] = g
        parse = PARSERS[self.prompt]
        out = []
        for n in range(len(samples)):
            mine = [j for j in range(len(prompts)) if owners[j] == n]
            votes = [parse(gens[j].text) for j in mine]
            out.append(self._aggregate(votes, [orders[j] for j in mine], [gens[j] for j in mine], cuts[n]))
        return out

    def _aggregate(self, votes: list[bool | None], orders: list[bool], gens: list[Generation],
                   truncated: bool, share: float = 1.0) -> Verdict:
        extra = dict(votes=votes, reference_first=orders, first_vote=votes[0], truncated_input=truncated,
                     replies=[g.text[:120] for g in gens])
        valid = [v for v in votes if v is not None]
        yes = sum(valid)
        kw = dict(**self._accounting(gens, share), extra=extra)
        if not valid:
            return Verdict.none(NoVerdict.INVALID_OUTPUT, f"no valid vote in {len(votes)}", **kw)
        if 2 * yes == len(valid):
            extra["agreement"] = 0.5
            return Verdict.none(NoVerdict.INVALID_OUTPUT, f"tie: {yes} True, {len(valid) - yes} False, "
                                f"{len(votes) - len(valid)} invalid", **kw)
        majority = 2 * yes > len(valid)
        extra["agreement"] = sum(v == majority for v in valid) / len(valid)
        return Verdict(correct=majority, score=yes / len(valid), extracted=str(majority), **kw)


def vote_report(verdicts: Sequence[Verdict], labels: Sequence[bool | None]) -> dict[str, Any]:
    """Agreement rate, flip rate and position-bias gap of `llm-vote` verdicts against labels.

    flip rate: share of samples (majority and first assessment both valid) where the
    majority differs from the first single assessment. Position-bias gap: accuracy of
    single assessments with the reference first minus with the candidate first.
    """
    agree, flips, flip_n = [], 0, 0
    pos = {True: [0, 0], False: [0, 0]}  # reference_first -> [correct, total]
    for v, label in zip(verdicts, labels):
        e = v.extra
        if "votes" not in e:
            continue
        if "agreement" in e:
            agree.append(e["agreement"])
        if v.correct is not None and e.get("first_vote") is not None:
            flip_n += 1
            flips += v.correct != e["first_vote"]
        if label is None:
            continue
        for vote, first in zip(e["votes"], e["reference_first"]):
            if vote is not None:
                pos[first][0] += vote == label
                pos[first][1] += 1
    acc = {k: (c / n if n else None) for k, (c, n) in pos.items()}
    gap = acc[True] - acc[False] if None not in acc.values() else None
    return {"agreement_rate": sum(agree) / len(agree) if agree else None,
            "flip_rate": flips / flip_n if flip_n else None,
            "accuracy_reference_first": acc[True], "accuracy_candidate_first": acc[False],
            "position_bias_gap": gap}
