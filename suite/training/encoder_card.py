"""The model card (README.md) that `train-encoder` writes beside a checkpoint."""
from __future__ import annotations

FORMAT_TEXT = {
    "qcr": "`[CLS] question [SEP] candidate [SEP] reference [SEP]` (the tokenizer's own pair template; "
           "question keeps its head, candidate its tail; of several references the one the candidate covers best)",
    "cr": "`[CLS] candidate [SEP] reference [SEP]` (candidate keeps its tail; of several references the one the "
          "candidate covers best)",
    "artefactory": "`<|question|>{q}<|candidate|>{c}<|reference|>{r}` (the released BERTJudge string, "
                   "truncated from the left)",
}


def backbone_label(backbone: str) -> str:
    """A portable name for the backbone (no local site-packages path in the card)."""
    from judgesuite.judges.encoder.backbones import label

    named = label(backbone)
    if named != backbone:
        return named
    if "checkpoints/" in backbone:
        return "judgesuite checkpoint " + backbone.rstrip("/").split("checkpoints/")[-1] + " (warm start)"
    return backbone


def model_card(s: dict) -> str:
    c = s["config"]
    fmt = c.get("input_format") or ("qcr" if c["with_question"] else "cr")
    th = s.get("threshold", {}).get("threshold", 0.5)
    dev_lines = "\n".join(
        f"| {name} | {m['n']} | {m['accuracy']:.3f} | {m['f1']:.3f} | {m['majority']:.3f} | "
        f"{m.get('says_correct', float('nan')):.3f} | {m.get('label_rate', float('nan')):.3f} |"
        for name, m in s["dev"].items())
    src_lines = "\n".join(f"| {k} | {v} |" for k, v in sorted(s["rows_by_source"].items()))
    kinds = s.get("rows_by_kind") or {}
    synth = (f"- Synthetic rows (suite/data/synthetic.py, docs/synthetic-encoder-data.md; train-split questions "
             f"only): {s.get('synthetic_rows', 0)}, by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
             ) if kinds else "- No synthetic rows"
    distill = (f"- Targets distilled: (1 - {c['teacher_weight']}) x label + {c['teacher_weight']} x the probability of the "
               f"teacher checkpoint `{backbone_label(c['teacher'])}`\n") if c.get("teacher") else ""
    return f"""---
library_name: transformers
pipeline_tag: text-classification
license: apache-2.0
---
# judgesuite encoder judge ({fmt.upper()}, backbone {backbone_label(c['backbone'])})

A BERT-as-a-Judge answer-correctness classifier: input {FORMAT_TEXT[fmt]}, at most {c['max_length']} tokens;
two logits, P(correct) = sigmoid(logit[1] - logit[0]), threshold {th} (chosen on dev: the best dev accuracy
averaged over the sets, each set weighing the same; recorded in `judgesuite_encoder.json`).
Load with `AutoModelForSequenceClassification`, or run as the `encoder` judge of judgesuite.

## Training
- Command: `{c['command'] or 'judgesuite train-encoder'}`
- Seed {c['seed']}; backbone {backbone_label(c['backbone'])}
- Data: {s['training_rows']} pairs ({s['label_true_fraction']:.1%} labelled correct): scorable rows of the TRAIN
  splits of the bundled judgesuite sets (balanced across models within a source) plus synthetic rows
{synth}
{distill}- Hyperparameters: BCE on the margin logit, lr {c['lr']}, {c['warmup_ratio']:.0%} linear warmup then linear decay,
  {c['epochs']} epoch(s), effective batch {c['batch_size']}, bf16 autocast {c['bf16']}, weights saved as {c['save_dtype']}
- {s['steps']} steps in {s['train_seconds']:.0f} s ({s['pairs_per_second']} pairs/s on this machine)

| source | training pairs |
|---|---|
{src_lines}

## Dev metrics (threshold {th}; at most {c['dev_limit']} dev rows per set)
| set | rows | accuracy | F1 (correct) | majority baseline | says correct | label rate |
|---|---|---|---|---|---|---|
{dev_lines}
"""
