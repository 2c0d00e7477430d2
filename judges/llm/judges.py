"""LLM judges: `llm-direct` and `llm-cot` (the seed's two prompts), `llm-vote` (majority voting).

All of them take the backend, the model and every sampling parameter as judge
parameters, so these are part of the verdict cache identity. So are `backend_options`
(URLs, context size...) and `threads` (a top-level parameter so that the command line
can set it): llama.cpp's results change with the thread count (measured).
Only `batch_size` is left out. The backend is loaded on first use and shared between
judges of the process.

Per verdict: `input_tokens` and `generated_tokens` are the prompt and generated tokens
actually processed, `tokens` their sum, `flops` = 2 x parameters x tokens; `extra`
holds `latency_s` and the raw `reply`.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.llm.backends import DEFAULT_BACKEND, DEFAULT_MODEL, Generation, SamplingParams, logprob_of
from judgesuite.judges.llm.prompts import PARSERS, join_references, parse_multi, render, render_multi
from judgesuite.judges.types import NoVerdict, Sample, Verdict

# SmolLM2-135M-Instruct, the default model; replaced by the loaded model's own count.


def llm_parameters(model: str) -> int:
    """Parameters of a judge model from its files (no loading); a named vLLM model's nominal size;
    0 where neither is known here (a remote endpoint)."""
    from judgesuite.judges.llm.backends.models import VLLM_CONFIGS, resolve
    from judgesuite.judges.model_size import model_parameters

    if model in VLLM_CONFIGS:
        return VLLM_CONFIGS[model].nominal_params
    try:
        return int(model_parameters(resolve(model)) or 0)
    except (FileNotFoundError, OSError, ValueError):
        return 0
_WORDS = ("true", "false")


def clip(text: str, limit: int) -> tuple[str, bool]:
    """Keep at most `limit` characters: the head and the tail (where final answers are)."""
    if len(text) <= limit:
        return text, False
    half = limit // 2
    return text[:half] + "\n[...]\n" + text[-half:], True


def p_true(gen: Generation, last: bool) -> float | None:
    """P(True) / (P(True) + P(False)) at the generated position of the verdict word.

    `last`: use the last True/False token (reasoning replies), else the first.
    None when the backend gave no log-probabilities or no such position exists.
    """
    if not gen.tokens or not gen.token_logprobs:
        return None
    positions = [i for i, t in enumerate(gen.tokens) if t.strip().strip('"*').lower() in _WORDS]
    if not positions:
        return None
    alts = gen.token_logprobs[positions[-1] if last else positions[0]]
    lt, lf = logprob_of(alts, ["true"]), logprob_of(alts, ["false"])
    if lt == lf == float("-inf"):
        return None
    m = max(lt, lf)
    return math.exp(lt - m) / (math.exp(lt - m) + math.exp(lf - m))


class _LLMJudge(Judge):
    """Shared machinery: lazy shared backend, prompt building, token and FLOP accounting."""

    tags = JudgeTags(cost_class="llm", identity_exclude=("batch_size",))
    prompt_kind = "direct"

    def _setup(self, backend: str, model: str, backend_options: dict | None, batch_size: int | None,
               max_field_chars: int, threads: int | None) -> None:
        self.backend = backend
        self.model = model
        self.threads = threads
        self.backend_options = dict(backend_options or {})
        self.batch_size = batch_size
        self.max_field_chars = max_field_chars
        self._backend = None

    def _get_backend(self):
        if self._backend is None:
            from judgesuite.judges.llm.backends import shared_backend

            options = dict(self.backend_options)
            if self.threads is not None and self.backend in ("llamacpp", "transformers"):
                options["threads"] = self.threads
            self._backend = shared_backend(self.backend, self.model, **options)
        return self._backend

    def identity(self) -> dict[str, Any]:
        """The base identity plus the digest of the local model file or folder a local backend loads
        (`files_sha256`; None for an HTTP endpoint or a hub id), so a replaced model file cannot
        serve the old one's cached verdicts."""
        ident = super().identity()
        ident["files_sha256"] = None
        if self.backend != "http":
            from judgesuite.judges.fingerprint import model_files_digest
            from judgesuite.judges.llm.backends.models import resolve

            try:
                ident["files_sha256"] = model_files_digest(resolve(self.model))
            except (FileNotFoundError, ImportError):  # a packaged model that is absent: reported when loading
                pass
        return ident

    def load(self) -> None:
        """Start the backend (loads a local model; an HTTP endpoint is only reached when judging)."""
        self._get_backend()

    def get_tags(self) -> JudgeTags:
        # a remote endpoint samples with its own seed handling: only greedy replies repeat
        return replace(self.tags, deterministic=self.backend != "http" or self.temperature == 0.0)

    def cost_model(self) -> CostModel:
        return CostModel("llm", llm_parameters(self.model))

    def _prompt(self, s: Sample, reference_first: bool = True) -> tuple[str, bool]:
        q, cut_q = clip(s.question, self.max_field_chars)
        c, cut_c = clip(s.candidate, self.max_field_chars)
        r, cut_r = clip(join_references(s.references), self.max_field_chars)
        return render(self.prompt_kind, q, r, c, reference_first), cut_q or cut_c or cut_r

    def _generate(self, prompts: list[str], params: SamplingParams) -> list[Generation]:
        backend = self._get_backend()
        step = self.batch_size or max(1, len(prompts))  # None: the whole batch (vLLM schedules it)
        out: list[Generation] = []
        for start in range(0, len(prompts), step):
            out.extend(backend.generate(prompts[start:start + step], params))
        return out

    def _accounting(self, gens: Sequence[Generation], share: float = 1.0) -> dict[str, Any]:
        """Token counts of `gens`; `share` < 1 charges a sample its part of prompts it shares."""
        n_in = round(share * sum(g.prompt_tokens for g in gens))
        n_out = round(share * sum(g.generated_tokens for g in gens))
        return {"input_tokens": n_in, "generated_tokens": n_out, "tokens": n_in + n_out,
                "flops": self.cost.flops(n_in + n_out)}

    def close(self) -> None:
        if self._backend is not None:
            from judgesuite.judges.llm.backends import release_backend

            release_backend(self._backend)
            self._backend = None


class LLMDirectJudge(_LLMJudge):
    """The seed's direct prompt: reply "Final answer: True/False" (or bare True/False); score = P(True)."""

    prompt_kind = "direct"

    def __init__(self, backend: str = DEFAULT_BACKEND, model: str = DEFAULT_MODEL, temperature: float = 0.0,
                 top_p: float = 1.0, max_new_tokens: int = 8, seed: int = 0, top_logprobs: int = 10,
                 max_field_chars: int = 6000, threads: int | None = None, backend_options: dict | None = None,
                 batch_size: int | None = None) -> None:
        self._setup(backend, model, backend_options, batch_size, max_field_chars, threads)
        self.temperature = temperature
        self.top_p = top_p
        self.max_new_tokens = max_new_tokens
        self.seed = seed
        self.top_logprobs = top_logprobs

    def sampling(self) -> SamplingParams:
        return SamplingParams(temperature=self.temperature, top_p=self.top_p, max_new_tokens=self.max_new_tokens,
                              seed=self.seed, top_logprobs=self.top_logprobs)

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        built = [self._prompt(s) for s in samples]
        gens = self._generate([p for p, _ in built], self.sampling())
        return [self._verdict(g, cut) for g, (_, cut) in zip(gens, built)]

    def _verdict(self, gen: Generation, truncated: bool) -> Verdict:
        parse = PARSERS[self.prompt_kind]
        kw = self._accounting([gen])
        extra = dict(reply=gen.text[:500], finish_reason=gen.finish_reason, truncated_input=truncated,
                     latency_s=round(gen.latency_s, 4))
        decided = parse(gen.text)
        if decided is None:
            why = "token budget exhausted" if gen.finish_reason == "length" else "reply is not True/False"
            return Verdict.none(NoVerdict.INVALID_OUTPUT, f"{why}: {gen.text[:200]!r}", extra=extra, **kw)
        score = p_true(gen, last=self.prompt_kind == "cot")
        return Verdict(correct=decided, score=score, extracted=str(decided), extra=extra, **kw)


class LLMCoTJudge(LLMDirectJudge):
    """The seed's reasoning prompt: free reasoning, concluded by "Final answer: True/False", within a token budget."""

    prompt_kind = "cot"

    def __init__(self, backend: str = DEFAULT_BACKEND, model: str = DEFAULT_MODEL, temperature: float = 0.0,
                 top_p: float = 1.0, max_new_tokens: int = 256, seed: int = 0, top_logprobs: int = 10,
                 max_field_chars: int = 6000, threads: int | None = None, backend_options: dict | None = None,
                 batch_size: int | None = None) -> None:
        super().__init__(backend, model, temperature, top_p, max_new_tokens, seed, top_logprobs,
                         max_field_chars, threads, backend_options, batch_size)


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
