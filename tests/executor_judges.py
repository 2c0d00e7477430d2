"""Judges for the executor tests, registered when this module is imported (a Ray worker imports
it too: the executor sends the modules of the run's plugin judges)."""
from __future__ import annotations

import os
import signal
from dataclasses import replace
from pathlib import Path

from judgesuite.judges import Judge, Verdict, register_judge
from judgesuite.judges.base import JudgeTags
from judgesuite.judges.encoder.judge import EncoderJudge

KILL_DIR_ENV = "JUDGESUITE_TEST_KILL_DIR"  # where the first actor to reach its second batch leaves a mark, then dies
_loads = [0]  # model loads in this process


@register_judge("test-kill-once-encoder", replace=True)
class KillOnceEncoder(EncoderJudge):
    """The shipped encoder; the first process to start a batch after judging 4 samples (so after
    its first part of 4 rows returned) while $JUDGESUITE_TEST_KILL_DIR has no mark in it leaves one
    and kills itself (SIGKILL, like a lost node). Each verdict's `extra` records the process and
    how many times that process loaded the model."""

    def _load(self):
        if self._loaded is None:
            _loads[0] += 1
        return super()._load()

    def _judge_batch(self, samples):
        mark = Path(os.environ.get(KILL_DIR_ENV, "")) / "killed"
        if getattr(self, "_judged", 0) >= 4 and os.environ.get(KILL_DIR_ENV) and not mark.exists():
            mark.write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        self._judged = getattr(self, "_judged", 0) + len(samples)
        return [replace(v, extra={**v.extra, "pid": os.getpid(), "loads": _loads[0]})
                for v in super()._judge_batch(samples)]


@register_judge("test-cannot-load", replace=True)
class CannotLoad(Judge):
    """A model judge whose weights are missing: `load()` raises."""

    tags = JudgeTags(cost_class="encoder")

    def load(self) -> None:
        raise OSError("weights.safetensors: no such file")

    def _judge_batch(self, samples):
        return [Verdict(True) for _ in samples]
