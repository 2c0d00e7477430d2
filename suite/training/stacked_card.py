"""The `stacked` judge's model card (markdown): data, features, thresholds, dev and test figures, cost."""
from __future__ import annotations

import json
import os
import platform
from collections.abc import Sequence

from judgesuite.judges.learned.model import StackedModel
from judgesuite.suite.training.stacked import AUTO_SOURCES, HUMAN_SOURCES


def model_card(model: StackedModel, sources: Sequence[str]) -> str:
    """A markdown card: data, features, per-family thresholds and dev figures, test figures, cost."""
    m = model.meta
    blend = m.get("encoder_blend")
    key_weight = m["training_data"]["synthetic"].get("master_key_weight", 1.0)
    keys = f", their master-key forms {key_weight}x the others" if key_weight != 1.0 else ""
    extra = m["training_data"].get("extra_train")
    lines = [f"# stacked judge model ({'+ encoder blend' if blend else 'lexical features + sympy'})",
             "", f"- **Format**: `{m['format']}` (numpy arrays in .npz, loaded with allow_pickle=False)",
             f"- **Features** ({len(m['features'])}, version {m['features_version']}): "
             + ", ".join(f"`{f}`" for f in m["features"]),
             f"- **Libraries at training**: {json.dumps(m['library_versions'])}",
             f"- **Trees**: scikit-learn HistGradientBoostingClassifier {json.dumps(m['hgb_params'])}"
             + ("; the models' log-odds are averaged" if isinstance(m["hgb_params"], list) else "")
             + f"; sources weigh the same: {m['balance_sources']}",
             f"- **Training data** (scorable rows, train split): {json.dumps(m['training_data']['train_split'])}; "
             f"labels: human for {', '.join(s for s in sources if s in HUMAN_SOURCES)}; automatic / LLM for "
             f"{', '.join(s for s in sources if s in AUTO_SOURCES) or 'none'}"
             + (f"; rows whose candidate commits to an answer in markup enter once more, read whole: "
                f"{json.dumps(m['training_data']['read_whole_too'])}" if m["training_data"].get("read_whole_too") else ""),
             f"- **Rows by construction** (suite/data/synthetic.py, TRAIN questions of the sources above; "
             f"each family's rows weigh {m['training_data']['synthetic']['weight']} of a real source{keys}): "
             f"{json.dumps(m['training_data']['synthetic']['rows_by_family'])}",
             *([f"- **Other training tables** (`datasets/training/`; weight in real sources, by rows): "
                f"{json.dumps(extra)}; their dev rows in the threshold choice: "
                f"{json.dumps(m['training_data'].get('extra_dev', {}))}"] if extra else []),
             f"- **Dev split** (thresholds): {json.dumps(m['training_data']['dev_split'])}",
             f"- **Excluded sources**: {m['training_data']['excluded'] or 'none'}",
             f"- **Cost to train**: features {m['feature_seconds']} s (cached tables are reused), "
             f"whole training {m['train_seconds']} s on {platform.processor() or platform.machine()} "
             f"({os.cpu_count()} cores, shared)", "",
             "## Families (threshold chosen on dev: mean accuracy over the family's sources)", "",
             "| family | forest | sources | train rows | trees | threshold | dev mean accuracy |",
             "|---|---|---|---|---|---|---|"]
    for fam, f in m["families"].items():
        lines.append(f"| {fam} | {f['forest']} | {', '.join(f['sources'])} | {f['train_rows']} | {f['trees']} | "
                     f"{f['threshold']:.2f} | {f['dev_mean_accuracy']:.4f} |")
    if blend:
        lines += ["", "## Encoder blend (`stacked:encoder=true`)", "",
                  f"P = sigmoid({blend['intercept']:.4f} + {blend['coef_forest']:.4f} logit(P_forest) + "
                  f"{blend['coef_encoder']:.4f} logit(P_encoder)), probabilities clipped to [{blend['clip']}, "
                  f"1 - {blend['clip']}]; encoder checkpoint: {blend['checkpoint'] or 'the shipped default'} (fp32). "
                  f"Fit on the dev rows {json.dumps(blend['dev_rows'])} (logistic regression, sources weigh the "
                  f"same); thresholds by family {json.dumps(blend.get('thresholds', {}))} (**{blend['threshold']:.2f}** "
                  f"for the others), chosen on 5-fold out-of-fold predictions (grouped "
                  f"by question): dev accuracy {json.dumps(blend['dev_out_of_fold_accuracy'])}, mean "
                  f"{blend['dev_out_of_fold_mean_accuracy']:.4f}."]
    extra = " stacked+encoder |" if blend else ""
    lines += ["", "## Test split (in-source; see docs/stacked-judge.md for leave-one-source-out)", "",
              f"| set | rows | family | stacked |{extra} token-f1 (0.02) | contains-reference |",
              "|---|---|---|---|---|---|" + ("---|" if blend else "")]
    for src, t in m.get("test", {}).items():
        both = f" {t['stacked+encoder']:.4f} |" if "stacked+encoder" in t else ""
        lines.append(f"| {src} | {t['n']} | {t['family_model']} | {t['stacked']:.4f} |{both} {t['token-f1']:.4f} | "
                     f"{t['contains-reference']:.4f} |")
    held = m.get("held_out") or {}
    if held.get("sets"):
        lines += ["", f"## Held out ({held['measured']}): {held['protocol']}", "",
                  "| set | rows | stacked accuracy | stacked kappa | token-f1 accuracy | token-f1 kappa |",
                  "|---|---|---|---|---|---|"]
        lines += [f"| {name} | {f['rows']} | {f['accuracy']:.4f} | {f['kappa']:.4f} | {f['baseline']['accuracy']:.4f} | "
                  f"{f['baseline']['kappa']:.4f} |" for name, f in held["sets"].items()]
    lines += ["", f"Retrain: `judgesuite train-stacked {'--encoder ' if blend else ''}--out DIR` (needs "
              "`pip install 'judgesuite[learned]'`).", ""]
    return "\n".join(lines)
