"""`regex+encoder`: the paper's hybrid (Table 4). The `regex` judge first; the encoder judges
only the rows where regex gives no verdict (no "Final answer:", a timeout, an error).

`Verdict.extra["path"]` says which judge decided ("regex" or "encoder"); tokens and FLOPs
are the encoder's, so regex-decided rows cost 0 model FLOPs. Under the runner both stages
go through the verdict cache (`StagedJudge`): after a run of `regex` and `encoder`, this
judge computes nothing.
"""
from __future__ import annotations

from collections.abc import Sequence

from judgesuite.judges.base import CostModel, StagedJudge
from judgesuite.judges.encoder.judge import EncoderJudge
from judgesuite.judges.registry import make_judge
from judgesuite.judges.types import Sample, Verdict


class RegexEncoderJudge(StagedJudge):
    """Regex "Final answer:" matching; the encoder judge where regex has no verdict."""

    version = "1"
    identity_exclude = ("batch_size", "threads", "workers")
    cost = CostModel("encoder", 0)

    def __init__(self, checkpoint: str | None = None, input_format: str | None = None,
                 max_length: int | None = None, threshold: float = 0.5, dtype: str | None = None,
                 rouge_threshold: float = 0.5, timeout: float = 5.0, batch_size: int = 16,
                 threads: int | None = None, workers: int | None = None) -> None:
        self._encoder = EncoderJudge(checkpoint=checkpoint, input_format=input_format,
                                     max_length=max_length, threshold=threshold, dtype=dtype,
                                     batch_size=batch_size, threads=threads)
        # The encoder resolves its defaults; record the resolved values in our identity.
        self.checkpoint = self._encoder.checkpoint
        self.input_format = self._encoder.input_format
        self.max_length = self._encoder.max_length
        self.threshold = self._encoder.threshold
        self.dtype = self._encoder.dtype
        self.rouge_threshold = rouge_threshold
        self.timeout = timeout
        self.batch_size = batch_size
        self.threads = threads
        self.workers = workers
        self._regex = make_judge("regex", rouge_threshold=rouge_threshold, timeout=timeout, workers=workers)

    def _judge_batch(self, samples: Sequence[Sample]) -> list[Verdict]:
        verdicts, seconds = self._stage(self._regex, samples)
        for v, s in zip(verdicts, seconds):
            v.extra = {**v.extra, "path": "regex", "input_tokens": 0, "generated_tokens": 0, "composite_seconds": s}
            v.tokens, v.flops = 0, 0.0
        todo = [i for i, v in enumerate(verdicts) if v.correct is None]
        for i, v, s in zip(todo, *self._stage(self._encoder, [samples[i] for i in todo])):
            v.extra = {**v.extra, "path": "encoder", "composite_seconds": seconds[i] + s,
                       "regex_reason": verdicts[i].reason.value if verdicts[i].reason else None}
            verdicts[i] = v
        if todo:
            self.cost = self._encoder.cost
        return verdicts

    def close(self) -> None:
        self._regex.close()
        self._encoder.close()
