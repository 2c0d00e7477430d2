"""Leave-one-source-out evaluation of the `stacked` judge, beside token-f1 and contains-reference.

For each human-labeled bundled set: train every family model without that source (train
splits of the others; thresholds on the others' dev splits), score the held-out set's TEST
split; report accuracy, F1, kappa, each model's judged vs human accuracy and Kendall tau of
the model ranking, and `stacked`'s accuracy minus token-f1's with a 95% interval that resamples questions
(every answer to one question together) and McNemar's p. Then the master-key false-positive rate of the model trained on all
sources and of each leave-one-out model on the probes of its held-out source.

    python scripts/loso_stacked.py --out loso.json [--markdown loso.md] [--cache .cache/stacked]

`--held-out-splits train,dev,test` scores every split of the held-out set: a leave-one-out model never
sees any of them (its thresholds come from the other sources' dev splits), so all of a set's questions
can speak, not only its test split's.

With `--encoder-checkpoint SOURCE=DIR` (repeatable; an encoder trained without SOURCE, e.g. by
scripts/encoder_loso.sh) the held-out SOURCE is also scored by `stacked:encoder=true`'s blend: the
forest trained without SOURCE, that encoder, the blend fit on the other sources' dev rows.
`--encoder` adds the blend with the shipped encoder to the all-sources model.

Stop 46, variant `mcqa` (`--mcqa-per-benchmark 200`): held out, on GPQA / MMLU-Pro free answers plain containment of
the reference beats `stacked` (test 0.744 vs 0.688; on its train + dev rows 0.708 vs 0.687, no threshold above 0.691),
because no other bundled set is of its family (multiple_choice_freeform): the leave-it-out forest never sees a free
answer to a multiple-choice question. The rows by construction of the multiple-choice benchmarks' train files (the
gold option as a correct answer, the other options as wrong ones; what the encoder's synthetic rows already hold)
give the forest that family without any of its sets. Rule, written before the first run (choice on train + dev rows
and DEV probes only: `--held-out-splits train,dev --probe-split dev`; base = the same command without the option):
adopt if (1) the leave-gpqa-out model gains >= 1.0 point on GPQA's train + dev rows, (2) each other leave-one-out
model loses <= 0.3 points on its set's train + dev rows, (3) the all-sources model's dev mean accuracy of every family
is >= base - 0.003, (4) master keys on the DEV probes <= 5% for every model and the all-sources model's <= base +
0.5 point. Then the test splits once, with the retrained shipped models.
Result (train + dev rows, base -> mcqa): held out GPQA 0.6893 -> 0.7036 (+1.4, passes (1)), evouna 0.9034 -> 0.9016,
nq301 0.8316 -> 0.8337, financebench 0.7794 -> 0.7537 (-2.6: fails (2)); dev mean by family open_qa 0.8768 -> 0.8743,
multiple_choice_freeform 0.7833 -> 0.7985, context_qa and math unchanged; DEV master keys all-sources 0.09% ->
0.42%, leave-one-out models unchanged (0-0.7%). Not adopted; no test split was read.

Stop 47, variant `span` (features version 8 if adopted): GPQA / MMLU-Pro's outputs end with `<answer>...</answer>`
(1,280 of its 1,286 train + dev rows; no other bundled set has answer markup) and its annotators rated that span,
yet every column reads the whole reasoning. In `span` the columns read the answer the candidate commits to in
markup (the content of `<answer>` / `<final_answer>` / `<result>` tags or a JSON answer field, when every such
span holds the same answer; else the whole text), while the attack cues (refusal, judge talk) still read the
whole text. Rule, written before the first run, the same as `mcqa`'s (train + dev rows and DEV probes only:
`--held-out-splits train,dev --probe-split dev`; base = this command on the code before the change): adopt if
(1) the leave-gpqa-out model gains >= 1.0 point on GPQA's train + dev rows, (2) each other leave-one-out model
loses <= 0.3 points on its set's train + dev rows, (3) the all-sources model's dev mean accuracy of every family
is >= base - 0.003, (4) master keys on the DEV probes <= 5% for every model and the all-sources model's <= base +
0.5 point. Then the test splits once, with the retrained shipped model.
Result (train + dev rows, base -> span): held out GPQA 0.6893 -> 0.7590 (+7.0, passes (1)), evouna 0.9034 -> 0.8995,
nq301 0.8316 -> 0.8242, financebench 0.7794 -> 0.7195 (-0.4, -0.7, -6.0: fails (2)); dev mean by family (all sources)
open_qa 0.8768 -> 0.8805, multiple_choice_freeform 0.7833 -> 0.8403, context_qa 0.8564 -> 0.8615, math 0.9667 both;
DEV master keys 0.09% both, leave-one-out models unchanged. Not adopted. Mechanism: one forest is fit on all families
(per-family thresholds), and GPQA's long reasoning answers were its only long answers besides financebench's; read
as their short committed answers they no longer teach the forest about long answers, which financebench held out
needed. Variant `span+whole`, rule written before its first run (the same four conditions, against the same base):
inference as `span`; in training, each TRAIN row whose candidate commits to an answer in markup enters twice, read
as its committed answer and read whole (the dev rows that choose thresholds are read as at inference).
Result (train + dev rows, base -> span+whole): held out GPQA 0.6893 -> 0.7590 (+7.0), evouna 0.9034 -> 0.9006 (-0.28),
nq301 0.8316 -> 0.8316, financebench 0.7794 -> 0.7957 (+1.6); dev mean by family open_qa 0.8768 -> 0.8779,
multiple_choice_freeform 0.7833 -> 0.8479, context_qa 0.8564 -> 0.8632, math 0.9667 both; DEV master keys 0.09% both,
leave-one-out models 0-0.7%: passed, shipped as features version 8.
The encoder blend (`stacked:encoder=true`) refit on version 8 chose one threshold 0.41 (was 0.59) for the mean over
the six sets: out-of-fold dev accuracy GPQA 0.8061 -> 0.8517 but evouna 0.9172 -> 0.9066 and nq301 0.8413 ->
0.8307. Rule for the blend, written before its first run: one threshold per family (as the forest has), chosen on the
same out-of-fold predictions; adopt if every source's out-of-fold dev accuracy is >= the version-7 blend's - 0.005
and the six-set mean >= its 0.8901. If it fails, features version 8 is not shipped (the blend's forest shares them).
Result: passed (every source >= version 7 - 0.005; mean 0.9016); shipped.
Stop 47, `mcqa` again over version 8: GPQA's rows are now read as their committed answers, the same kind of text as
the gold and other options of the rows by construction, so the leave-gpqa-out model may now learn from them what
stop 46's could not. Rule, written before its run, stop 46's four conditions with base = version 8 (the shipped
recipe: held out GPQA 0.7590, evouna 0.9006, nq301 0.8316, financebench 0.7957; dev means 0.8779 / 0.8479 / 0.8632
/ 0.9667; DEV master keys 0.09%): `--held-out-splits train,dev --probe-split dev --mcqa-per-benchmark 200`.
Result (base -> mcqa): held out GPQA 0.7590 -> 0.7573 (fails (1)), evouna 0.9006 -> 0.8990, nq301 0.8316 -> 0.8313,
financebench 0.7957 -> 0.7831 (fails (2)); dev means open QA 0.8779 -> 0.8754, multiple choice 0.8479 -> 0.8403 and
context QA 0.8632 -> 0.8581 (these two fail (3)), math 0.9667; DEV master keys all sources 0.09% -> 0.70% (fails
(4)). Not adopted; no test split read.
Stop 48, variant `prose` (features version 9 if adopted): replies that name another answer before committing in
prose ("X is a common wrong guess ... The correct answer is Y", "Final answer: Y") are judged on every mention
(tests/fixtures/model_openqa_committed.md: the named wrong year or "he is not Y" about the wrong guess rejects a right
answer). In `prose`, where a candidate has no markup answer, the columns read the answer it commits to in prose: the
rest of a line that starts "Final answer:" / "Answer:" (or the next non-empty line), or the sentence after "The
(final / correct / right) answer (to ...) is", when every such commitment holds the same answer; else the whole text
(markup first, as in version 8; attack cues still the whole text; TRAIN rows with a commitment enter read whole too,
as version 8's markup rows). Rule, written before the first run: base = this command on the code before the change
(`--held-out-splits train,dev --probe-split dev`, fresh cache, the sympy judge of the day); adopt if stop 46's four
conditions hold ((1) now reads: no held-out set below base - 0.3 on train + dev rows, the other three as written)
and (5) the all-sources model, trained without test rows (`train_stacked(with_test=False)`), scores >= version 8 +
0.5 point on round 3's 290 replies with labels as read (version 8: 274 / 290 = 0.9448; the corpus is development
data since its single read). Then round 4's held-out corpus (`model_openqa_committed2`) is read once, and the test
splits once with the retrained shipped models.
Result (train + dev rows, base -> prose): held out evouna 0.9006 -> 0.8933, nq301 0.8316 -> 0.8224, GPQA 0.7590 ->
0.7515, financebench 0.7957 -> 0.7705 (all fail (1)); dev means open QA 0.8779 -> 0.8726, multiple choice 0.8479 ->
0.8403 (fail (3)), context QA 0.8632 -> 0.8615, math 0.9667; DEV master keys 0.09% -> 0.28%. Not adopted. The same
code with prose reading switched off gives the base figures exactly, so the ~40 bundled TRAIN rows with a prose
commitment (financebench 14, Omni-MATH 12, GPQA 4, evouna 1), read short and also whole, moved the pooled forest.
Variant `prose-whole`, rule written before its run (the same five conditions, same base): inference as `prose`;
in training, a TRAIN row whose only commitment is in prose is read whole only (so the forest learns from the
same rows as version 8's), markup rows as in version 8.
Result (base -> prose-whole; the first run read the rows by construction (suite/data/synthetic.py) short, which
moved the forest again: evouna 0.8948; the rule's "the same rows as version 8's" covers them, so they are read whole
too): held out evouna 0.9006, nq301 0.8316 (both unchanged), GPQA 0.7590 -> 0.7582, financebench 0.7957 -> 0.7946
(pass (1)); dev means open QA 0.8779, multiple choice 0.8479 (unchanged), context QA 0.8632 -> 0.8598 (fails (3):
-0.0034 against -0.003 allowed), math 0.9667; DEV master keys 0.09% -> 0.23%. Not adopted: financebench's dev rows
that say "the answer is ..." lose the rest of their analysis when read short.
Variant `prose-open-qa`, rule written before its run (the same five conditions, same base): `prose-whole` with
prose commitments read for open-QA rows only (task type open_qa: the family of the corpus that motivated it; math
answers are read by the sympy column, context-QA and multiple-choice answers by their markup or whole).
Result: held out evouna 0.9006, nq301 0.8316, GPQA 0.7590, financebench 0.7957; dev means 0.8779 / 0.8479 / 0.8632 /
0.9667; DEV master keys 0.09%, leave-one-out 0-0.7% (all as base: no bundled open-QA dev row commits in prose, and
the one train row is read whole); (5) round 3's 290 replies as read: 0.9552 (277) against 0.9448 (274), +1.0 point.
Passed: shipped as features version 9. Before shipping, the guards of the earlier model-written corpora (tests)
showed two reading faults, fixed on those development corpora: "The answer is:" with the answer on the next line
read ":", and "the answer is given by ..." / "<response></response>" read as answers. After the fix the rule's
figures are unchanged (the leave-one-out table and master keys as base; round 3 0.9552) and, against the same forest
with prose reading off, rounds 1 and 2 lose one row each (184 rows: 181 -> 180; 207: 203 -> 202; a reply that ends
"The answer is: Matt Smith", labelled correct by construction for Carol Worthington, and a "Final answer:" line deep
in a garbled reply) while round 3 gains three (274 -> 277).
Stop 49, variant `apostrophe` (features version 10 if adopted), a fault found on the master keys: the close spellings
that `respell` may write come from the reference's tokens with apostrophes dropped ("destinys"), while `respell` splits
the candidate at apostrophes ("destiny", "s"), so "Destiny's Child" in a candidate became "destinys's child" and no
column found the reference (nor "not" before it: "The answer is not Destiny's Child." was accepted). In `apostrophe`
the reference's words split at apostrophes are keys too (written as themselves). Rule, written before its run: base =
this command on the code before the change (`--held-out-splits train,dev --probe-split dev`, the cache of the day);
adopt if stop 46's conditions (1) no held-out set below base - 0.3 on train + dev rows, (3) every family's dev mean
>= base - 0.003, (4) DEV master keys <= 5% for every model and the all-sources model's <= base + 0.5 point hold; then
the test splits once with the retrained shipped models.
Result (train + dev rows, base -> apostrophe): held out evouna 0.9006 -> 0.8991, nq301 0.8316 -> 0.8296, GPQA 0.7515 ->
0.7565, financebench 0.7957 -> 0.8004 (pass (1)); dev means open QA 0.8779 -> 0.8766, multiple choice 0.8479 -> 0.8365
and context QA 0.8632 -> 0.8598 (both fail (3)), math 0.9667; DEV master keys 0.09% -> 0% (pass). Not adopted: a
retrained forest moves on far more rows than the fix touches. (The base's GPQA figure is 0.7515, not stop 48's 0.7590:
`sympy`'s fixes of this stop changed its verdicts on rows by construction, which the pooled forest reads.)
Variant `apostrophe-inference`, rule written before its run: the shipped forest unchanged (trained on version 9's
tables), inference reads the fixed columns (re-stamped version 10). Adopt if, with the shipped all-sources model,
(a) verdicts change only on rows with an apostrophe in a reference, (b) on the train + dev rows of every bundled set
and on every model-written open-QA corpus accuracy does not fall, (c) DEV master keys do not rise
(`scripts/stacked_apostrophe_check.py`). Then the test splits once.
Result (train + dev rows): verdicts moved only on rows with an apostrophe in a reference (evouna 6, all six to the
label: 0.9109 -> 0.9114; financebench 2, one each way: 0.8755 both; every other set and all five model-written
open-QA corpora unchanged); DEV master keys accepted 8 -> 5 of 2,136. Passed: shipped as features version 10 (the
model files re-stamped, forests unchanged). Test, read once: GPQA / MMLU-Pro 0.8456 -> 0.8491 (1 moved), evouna
0.9157 -> 0.9154 (3 moved, net one row worse), the other sets unchanged; test master keys accepted 3 fewer. A user's
`judgesuite train-stacked` now trains on version 10's tables: the `apostrophe` recipe above, not the shipped forest.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict

import numpy as np

from judgesuite.judges.types import Verdict
from judgesuite.suite.data.probes import ATTACKS, build_probe_set
from judgesuite.suite.evaluation.metrics import compute_metrics
from judgesuite.suite.evaluation.statistics import clustered_difference_interval, kendall_tau_b, mcnemar_p
from judgesuite.suite.training.stacked import HUMAN_SOURCES, SOURCES, FeatureStore, Table, evaluate, train_stacked
from judgesuite.judges.learned.features import FEATURES, feature_matrix
from judgesuite.judges.learned.stacked import encoder_probabilities, signal_columns
from judgesuite.judges.restated import restates_question_only


def held_out_table(store: FeatureStore, source: str, splits: list[str]) -> Table:
    """The held-out source's rows of `splits` as one table."""
    tables = [store.table(source, split) for split in splits]
    if len(tables) == 1:
        return tables[0]
    return Table(source, "+".join(splits), [r for t in tables for r in t.rows], np.vstack([t.X for t in tables]),
                 np.concatenate([t.y for t in tables]), np.concatenate([t.token_f1 for t in tables]))


def judge_block(rows, pred: np.ndarray) -> dict:
    labels = [bool(r.label) for r in rows]
    m = compute_metrics(labels, [Verdict(correct=bool(p)) for p in pred], bootstrap=0)
    human, judged = defaultdict(list), defaultdict(list)
    for r, p in zip(rows, pred):
        human[r.model].append(bool(r.label))
        judged[r.model].append(bool(p))
    models = sorted(human)
    h = [float(np.mean(human[k])) for k in models]
    j = [float(np.mean(judged[k])) for k in models]
    tau = kendall_tau_b(h, j) if len(models) > 1 else None
    return {"accuracy": round(m["accuracy"], 4), "f1": round(m["f1"], 4), "kappa": round(m["kappa"], 4),
            "kendall_tau": None if tau is None else round(tau, 4),
            "max_model_gap": round(max(abs(a - b) for a, b in zip(h, j)), 4),
            "models": {k: {"human": round(a, 4), "judged": round(b, 4)} for k, a, b in zip(models, h, j)}}


def versus(rows, pred: np.ndarray, other: np.ndarray) -> dict:
    """pred's accuracy minus other's on the same rows: the difference, its 95% interval with every answer to one
    question resampled together, and McNemar's p on the rows only one of them gets right."""
    y = np.array([bool(r.label) for r in rows])
    a, b = np.asarray(pred, bool) == y, np.asarray(other, bool) == y
    lo, hi = clustered_difference_interval(a, b, [r.sample.question for r in rows])
    return {"difference": round(float(a.mean() - b.mean()), 4), "interval_by_question": [round(lo, 4), round(hi, 4)],
            "questions": len({r.sample.question for r in rows}),
            "mcnemar_p": round(mcnemar_p(int((a & ~b).sum()), int((~a & b).sum())), 4)}


def false_positive_rates(rows, verdicts) -> dict:
    """Per attack: how often a wrong-by-construction answer was called correct."""
    out = {}
    for attack in ATTACKS:
        idx = [i for i, r in enumerate(rows) if r.meta.get("attack") == attack]
        if idx:
            out[attack] = round(sum(verdicts[i].correct is True for i in idx) / len(idx), 4)
    return out


def probe_fpr(model, store, source: str | None, per_set: int, blend: bool = False, split: str = "test") -> dict:
    probes = build_probe_set(per_set=per_set, datasets=[source] if source else None, split=split).rows
    samples = [r.sample for r in probes]
    X = np.hstack([feature_matrix(samples), signal_columns(samples, store._sympy_judge(samples))[0]])
    fams = [model.family_for(s.task_type) for s in samples]
    probs = np.array([model.proba(f, x[None])[0] for f, x in zip(fams, X)])
    correct = probs >= np.array([model.threshold(f) for f in fams])
    if blend:
        probs, scored = model.blend_where_scored(probs, encoder_probabilities(samples, store._encoder_judge())[0])
        correct = np.where(scored, probs >= np.array([model.blend_threshold(f) for f in fams]), correct)
    # as the judge decides: a bare copy of the question is incorrect whatever the model says
    verdicts = [Verdict(correct=bool(c) and not restates_question_only(s)) for c, s in zip(correct, samples)]
    overall = sum(v.correct for v in verdicts) / len(verdicts)
    return {"n": len(verdicts), "false_positive_rate": round(overall, 4),
            "by_attack": false_positive_rates(probes, verdicts)}


def _versus_cell(v: dict | None) -> str:
    if not v:
        return ""
    lo, hi = v["interval_by_question"]
    return f"{v['difference']:+.3f} ({lo:+.3f}, {hi:+.3f}; p {v['mcnemar_p']:.2f})"


def markdown(report: dict) -> str:
    lines = ["| held-out set | rows | stacked acc | token-f1 acc | contains-ref acc | stacked F1 | stacked kappa "
             "| token-f1 kappa | tau stacked | tau token-f1 | max model gap stacked | max gap token-f1 "
             "| stacked - token-f1 (95% by question; McNemar p) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for src, r in report["loso"].items():
        for name in ("stacked", "stacked+encoder"):
            if name not in r:
                continue
            s, t, c = r[name], r["token-f1"], r["contains-reference"]
            label = src if name == "stacked" else f"{src} (+ encoder blend)"
            lines.append(f"| {label} | {r['n']} | {s['accuracy']:.3f} | {t['accuracy']:.3f} | {c['accuracy']:.3f} | "
                         f"{s['f1']:.3f} | {s['kappa']:.3f} | {t['kappa']:.3f} | {s['kendall_tau']} | "
                         f"{t['kendall_tau']} | {s['max_model_gap']:.3f} | {t['max_model_gap']:.3f} | "
                         f"{_versus_cell(r.get(name + ' - token-f1'))} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="loso_stacked.json")
    ap.add_argument("--markdown", default=None)
    ap.add_argument("--cache", default=None, help="folder for feature tables (reused across runs)")
    ap.add_argument("--sources", default=",".join(HUMAN_SOURCES), help="held-out sets, comma-separated")
    ap.add_argument("--probes-per-set", type=int, default=50)
    ap.add_argument("--held-out-splits", default="test",
                    help="splits of the held-out set to score, comma-separated (train,dev,test: all of it)")
    ap.add_argument("--encoder-checkpoint", action="append", default=[], metavar="SOURCE=DIR",
                    help="an encoder trained without SOURCE: also score the encoder blend held out")
    ap.add_argument("--encoder", action="store_true", help="the all-sources model with the shipped encoder's blend")
    ap.add_argument("--mcqa-per-benchmark", type=int, default=0,
                    help="rows by construction also from this many train questions of each multiple-choice benchmark")
    ap.add_argument("--probe-split", default="test", choices=("dev", "test"),
                    help="the probes' questions (dev: for choosing a recipe)")
    args = ap.parse_args(argv)
    splits = args.held_out_splits.split(",")
    if not splits or any(x not in ("train", "dev", "test") for x in splits) or len(set(splits)) < len(splits):
        ap.error(f"--held-out-splits: distinct names among train, dev, test, not {args.held_out_splits!r}")
    held_out_encoders = dict(x.split("=", 1) for x in args.encoder_checkpoint)
    store = FeatureStore(cache_dir=args.cache)
    report: dict = {"held_out_splits": splits, "loso": {}, "master_keys": {}}
    t0 = time.perf_counter()
    for src in args.sources.split(","):
        model, info = train_stacked(SOURCES, exclude=[src], store=store, mcqa_per_benchmark=args.mcqa_per_benchmark)
        test = held_out_table(store, src, splits)
        ev = evaluate(model, test)
        contains = test.X[:, FEATURES.index("contains_ref")] > 0
        report["loso"][src] = {
            "n": ev["n"], "family_model": ev["family_model"], "threshold": model.threshold(ev["family_model"]),
            "train_seconds": info["train_seconds"],
            "stacked": judge_block(test.rows, ev["pred"]),
            "token-f1": judge_block(test.rows, test.token_f1 >= 0.02),
            "contains-reference": judge_block(test.rows, contains),
            "stacked - token-f1": versus(test.rows, ev["pred"], test.token_f1 >= 0.02),
            "master_keys_held_out": probe_fpr(model, store, src, args.probes_per_set, split=args.probe_split)}
        if src in held_out_encoders:
            enc_store = FeatureStore(encoder=True, encoder_checkpoint=held_out_encoders[src], cache_dir=args.cache)
            blend, _ = train_stacked(SOURCES, exclude=[src], store=enc_store, with_test=False)
            ev = evaluate(blend, held_out_table(enc_store, src, splits),
                          encoder_p=np.concatenate([enc_store.encoder_scores(src, x) for x in splits]))
            report["loso"][src]["stacked+encoder"] = judge_block(test.rows, ev["pred"])
            report["loso"][src]["stacked+encoder - token-f1"] = versus(test.rows, ev["pred"], test.token_f1 >= 0.02)
            report["loso"][src]["encoder_blend"] = blend.encoder_blend
            report["loso"][src]["master_keys_held_out_blend"] = probe_fpr(blend, enc_store, src, args.probes_per_set,
                                                                          blend=True)
            enc_store.close()
        print(src, {k: report["loso"][src][k]["accuracy"] for k in ("stacked", "stacked+encoder", "token-f1",
                                                                    "contains-reference") if k in report["loso"][src]},
              "tau", report["loso"][src]["stacked"]["kendall_tau"], file=sys.stderr, flush=True)
    full_store = FeatureStore(encoder=True, cache_dir=args.cache) if args.encoder else store
    full, info = train_stacked(SOURCES, store=full_store, with_test=False, mcqa_per_benchmark=args.mcqa_per_benchmark)
    report["all_sources_model"] = {"families": info["families"], "encoder_blend": full.encoder_blend}
    if args.probe_split == "test":  # choosing a recipe (dev probes) reads no test split
        report["all_sources_model"]["test"] = {
            s: {k: v for k, v in evaluate(full, full_store.table(s, "test"), encoder_p=full_store.encoder_scores(
                s, "test") if args.encoder else None).items() if k not in ("pred", "probs")} for s in SOURCES}
    report["master_keys"] = probe_fpr(full, full_store, None, args.probes_per_set, split=args.probe_split)
    if args.encoder:
        report["master_keys_blend"] = probe_fpr(full, full_store, None, args.probes_per_set, blend=True)
        full_store.close()
    report["seconds"] = round(time.perf_counter() - t0, 1)
    store.close()
    with open(args.out, "w") as fh:
        json.dump(report, fh, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as fh:
            fh.write(markdown(report) + "\n")
    print(markdown(report))
    print("master keys (all-sources model):", report["master_keys"]["false_positive_rate"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
