"""Turning samples into encoder inputs, and the batched forward pass shared by training and judging.

Input formats:
- "qcr": `[CLS] question [SEP] candidate [SEP] reference [SEP]` (the tokenizer's own pair
  template); each part gets a token budget: the question keeps its head, the candidate
  its TAIL (models conclude at the end), the references their head;
- "cr": the same without the question (the paper's CR variant);
- "artefactory": the single string `<|question|>{q}<|candidate|>{c}<|reference|>{r}` of the
  released BERTJudge checkpoints, special tokens added, truncated from the LEFT.

Of several references the encoder sees one: the one whose words the candidate covers best
(`reference_text`; one forward per sample). The candidate is read respelled (`candidate_text`): its words
one edit from a reference word, or the same but for accents, written as the reference writes them
(judges/spelling.py), so a typo or a lost accent reads as the reference's spelling, and number words that a
reference writes in digits are written as those digits (judges/number_words.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judgesuite.judges.number_words import as_reference_digits
from judgesuite.judges.spelling import reference_words, respell
from judgesuite.judges.squad import normalize_answer
from judgesuite.judges.types import Sample

INPUT_FORMATS = ("qcr", "cr", "artefactory")
_SELECT_CHARS = 5_000  # the candidate's tail read when choosing the reference (the part the encoder sees)
_SELECT_REFS = 200  # distinct references considered (as the stacked judge's features): bounds the work on huge lists
_READ_REFS = 2_000  # references read to find them
_READ_REF_CHARS = 200_000  # characters of all references read to find them
# Characters kept per part before tokenizing, per token of budget: bounds the tokenizer's
# work on 100 kB candidates without changing what survives truncation.
_CHARS_PER_TOKEN = 12


def question_text(sample: Sample) -> str:
    if sample.choices:
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        options = "\n".join(f"{letters[i]}. {c}" for i, c in enumerate(sample.choices[:26]))
        return f"{sample.question}\n{options}"
    return sample.question


def reference_text(sample: Sample) -> str:
    """The reference whose words the candidate's tail covers best; ties go to the earlier one.

    Joining every reference made the encoder lenient with long alias lists (TriviaQA-style: eight
    forms of one answer per row took the shipped checkpoint from 77% to 98% "correct" on evouna-nq
    dev rows), and on the bundled open-QA dev splits one chosen reference was also more accurate
    than all of them joined or than any reference judged alone (docs/judges.md)."""
    refs = _distinct_references(sample)
    if len(refs) <= 1:
        return refs[0] if refs else ""
    cand = set(normalize_answer(candidate_text(sample, _SELECT_CHARS)).split())
    best, best_cover = refs[0], -1.0
    for ref in refs:
        words = normalize_answer(ref[:_SELECT_CHARS]).split()
        cover = sum(w in cand for w in words) / len(words) if words else -1.0
        if cover > best_cover:
            best, best_cover = ref, cover
    return best


def _distinct_references(sample: Sample) -> list[str]:
    """The first _SELECT_REFS references that differ once normalised (case, punctuation, articles): TriviaQA-style
    lists repeat one answer in many cases, and a cap on the raw list left later answers unread."""
    seen: dict[str, str] = {}
    room = _READ_REF_CHARS
    for r in sample.references[:_READ_REFS]:
        if len(seen) >= _SELECT_REFS or room <= 0:
            break
        if isinstance(r, str):
            seen.setdefault(normalize_answer(r[:_SELECT_CHARS]), r)
            room -= min(len(r), _SELECT_CHARS)
    return list(seen.values())


def candidate_text(sample: Sample, tail: int) -> str:
    """The candidate's last `tail` characters, respelled towards the references' words, number words that a
    reference writes in digits written as those digits ("twenty-five" for "25")."""
    refs = [r[:_SELECT_CHARS] for r in _distinct_references(sample)]
    return as_reference_digits(respell(sample.candidate[-tail:], reference_words(refs)), refs)


def artefactory_text(question: str, candidate: str, reference: str) -> str:
    """The BERTJudge input string of the artefactory checkpoints."""
    return f"<|question|>{question}<|candidate|>{candidate}<|reference|>{reference}"


@dataclass
class _Template:
    """Where a tokenizer puts its special tokens around a pair (learned from a probe pair)."""

    prefix: list[int]
    middle: list[int]
    suffix: list[int]
    types: tuple[int, int]  # token type of segment A and B (0, 0 when the model has none)
    inner_sep: list[int]  # between candidate and reference inside segment B


def _find(hay: list[int], needle: list[int], start: int = 0) -> int:
    for i in range(start, len(hay) - len(needle) + 1):
        if hay[i:i + len(needle)] == needle:
            return i
    raise ValueError("probe tokens not found")


def learn_template(tokenizer) -> _Template:
    a = tokenizer("alpha", add_special_tokens=False)["input_ids"]
    b = tokenizer("omega", add_special_tokens=False)["input_ids"]
    enc = tokenizer("alpha", "omega")
    full = list(enc["input_ids"])
    ia = _find(full, a)
    ib = _find(full, b, ia + len(a))
    tt = enc.get("token_type_ids")
    types = (tt[ia], tt[ib]) if tt is not None else (0, 0)
    sep = tokenizer.sep_token_id if tokenizer.sep_token_id is not None else tokenizer.eos_token_id
    return _Template(full[:ia], full[ia + len(a):ib], full[ib + len(b):], types,
                     [sep] if sep is not None else [])


class InputBuilder:
    """Builds token ids (and token types) for samples in one of INPUT_FORMATS."""

    def __init__(self, tokenizer, input_format: str = "qcr", max_length: int = 256) -> None:
        if input_format not in INPUT_FORMATS:
            raise ValueError(f"input_format must be one of {INPUT_FORMATS}, got {input_format!r}")
        self.tokenizer = tokenizer
        self.input_format = input_format
        self.max_length = max_length
        self.uses_token_types = "token_type_ids" in getattr(tokenizer, "model_input_names", ())
        if input_format != "artefactory":
            self.template = learn_template(tokenizer)

    def build(self, samples: Sequence[Sample]) -> list[tuple[list[int], list[int]]]:
        """(input_ids, token_type_ids) per sample, at most max_length tokens each."""
        if self.input_format == "artefactory":
            return self._build_artefactory(samples)
        return self._build_segments(samples)

    def _tok(self, texts: list[str]) -> list[list[int]]:
        return self.tokenizer(texts, add_special_tokens=False, verbose=False)["input_ids"]

    def _build_segments(self, samples: Sequence[Sample]) -> list[tuple[list[int], list[int]]]:
        t = self.template
        n_special = len(t.prefix) + len(t.middle) + len(t.suffix) + len(t.inner_sep)
        total = max(8, self.max_length - n_special)
        cut = total * _CHARS_PER_TOKEN
        with_q = self.input_format == "qcr"
        qs = self._tok([question_text(s)[:cut] for s in samples]) if with_q else [[] for _ in samples]
        cs = self._tok([candidate_text(s, cut) for s in samples])
        rs = self._tok([reference_text(s)[:cut] for s in samples])
        out = []
        for q, c, r in zip(qs, cs, rs):
            r_take = min(len(r), total // 4)
            q_take = min(len(q), total // 4)
            c_take = min(len(c), total - r_take - q_take)
            spare = total - r_take - q_take - c_take
            extra_q = min(len(q) - q_take, spare)
            q_take, spare = q_take + extra_q, spare - extra_q
            r_take += min(len(r) - r_take, spare)
            c_part = c[len(c) - c_take:] if c_take else []
            if with_q:
                a = q[:q_take]
                b = c_part + t.inner_sep + r[:r_take]
            else:
                a, b = c_part, r[:r_take]
            ids = t.prefix + a + t.middle + b + t.suffix
            n_a = len(t.prefix) + len(a) + len(t.middle)
            types = [t.types[0]] * n_a + [t.types[1]] * (len(ids) - n_a)
            out.append((ids, types))
        return out

    def _build_artefactory(self, samples: Sequence[Sample]) -> list[tuple[list[int], list[int]]]:
        cut = self.max_length * _CHARS_PER_TOKEN
        texts = [artefactory_text(question_text(s), candidate_text(s, cut), reference_text(s))[-cut:] for s in samples]
        tok = self.tokenizer
        side = tok.truncation_side
        tok.truncation_side = "left"
        try:
            enc = tok(texts, truncation=True, max_length=self.max_length)
        finally:
            tok.truncation_side = side
        types = enc.get("token_type_ids") or [[0] * len(ids) for ids in enc["input_ids"]]
        return list(zip(enc["input_ids"], types))


def length_sorted_batches(lengths: Sequence[int], batch_size: int, max_tokens: int | None = None) -> list[list[int]]:
    """Indices grouped into batches of similar length (longest first), to cut padding.

    A batch holds at most `batch_size` rows and, with `max_tokens`, at most that many padded
    tokens (rows x its longest row), so short rows travel in larger batches.
    """
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    if max_tokens is None:
        return [order[i:i + batch_size] for i in range(0, len(order), batch_size)]
    batches: list[list[int]] = []
    for i in order:
        if batches and len(batches[-1]) < batch_size and \
                lengths[batches[-1][0]] * (len(batches[-1]) + 1) <= max_tokens:
            batches[-1].append(i)
        else:
            batches.append([i])
    return batches


def pad_arrays(encoded: Sequence[tuple[list[int], list[int]]], pad_id: int, with_types: bool) -> dict:
    """Pad a batch to its longest row as int64 numpy arrays: input_ids, attention_mask (and token_type_ids)."""
    import numpy as np

    width = max(len(ids) for ids, _ in encoded)
    ids = np.full((len(encoded), width), pad_id, dtype=np.int64)
    mask = np.zeros((len(encoded), width), dtype=np.int64)
    types = np.zeros((len(encoded), width), dtype=np.int64)
    for row, (i, t) in enumerate(encoded):
        ids[row, :len(i)] = i
        mask[row, :len(i)] = 1
        types[row, :len(t)] = t
    batch = {"input_ids": ids, "attention_mask": mask}
    if with_types:
        batch["token_type_ids"] = types
    return batch


def collate(encoded: Sequence[tuple[list[int], list[int]]], pad_id: int, with_types: bool):
    """`pad_arrays` as torch tensors."""
    import torch

    return {k: torch.from_numpy(v) for k, v in pad_arrays(encoded, pad_id, with_types).items()}


def margin_logit(logits):
    """One logit per row: l1 - l0 for two-class heads, the logit itself for one-class heads."""
    return logits[:, 1] - logits[:, 0] if logits.shape[-1] == 2 else logits[:, 0]
