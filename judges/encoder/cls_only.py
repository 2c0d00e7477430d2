"""Skip the last-layer work a BERT sequence classifier throws away.

`BertForSequenceClassification` reads only the [CLS] position of the last layer (pooler, then
classifier). So in that layer the attention output projection and the feed-forward block run for
[CLS] alone, while its keys and values still see every token: about 9/12 of one layer's matmul
FLOPs per token, 12% of a 6-layer model, same logits up to float rounding (tests compare both).
Other architectures run their full forward.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


def _last_attention_output(model):
    """The last layer's attention output block, where [CLS] can be split off; None if not BERT."""
    if type(model).__name__ != "BertForSequenceClassification":
        return None
    bert = getattr(model, "bert", None)
    if bert is None or getattr(bert, "pooler", None) is None or getattr(model.config, "is_decoder", False):
        return None
    try:
        return bert.encoder.layer[-1].attention.output
    except (AttributeError, IndexError):
        return None


def _first_position(module, args):
    # BertSelfOutput(hidden_states, input_tensor): keep [CLS] of both; idempotent when
    # two callers of a shared model hook it at once
    return (args[0][:, :1], args[1][:, :1], *args[2:])


@contextmanager
def cls_only(model) -> Iterator[bool]:
    """While active, `model(...)` computes its last layer for [CLS] only (yields whether it applies)."""
    target = _last_attention_output(model)
    if target is None:
        yield False
        return
    handle = target.register_forward_pre_hook(_first_position)
    try:
        yield True
    finally:
        handle.remove()
