"""`regex+encoder`: the paper's hybrid (Table 4). The `regex` judge first; the encoder judges
only the rows where regex gives no verdict (no "Final answer:", a timeout, an error).

`Verdict.stage` says which judge decided ("regex" or "encoder"); tokens and FLOPs
are the encoder's, so regex-decided rows cost 0 model FLOPs. Under the runner both stages
go through the verdict cache (`StagedJudge`): after a run of `regex` and `encoder`, this
judge computes nothing.
"""
from __future__ import annotations

from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.composite import StagedJudge
from judgesuite.judges.encoder.judge import EncoderJudge
from judgesuite.judges.registry import make_judge
from judgesuite.judges.types import Verdict


class RegexEncoderJudge(StagedJudge):
    """Regex "Final answer:" matching; the encoder judge where regex has no verdict."""

    tags = JudgeTags(version="2", cost_class="encoder", identity_exclude=("batch_size", "threads", "workers"))

    def __init__(self, checkpoint: str | None = None, input_format: str | None = None,
                 max_length: int | None = None, threshold: float | None = None, dtype: str | None = None,
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

    def stages(self) -> tuple[Judge, Judge]:
        return self._regex, self._encoder

    def escalate(self, first: Verdict) -> bool:
        return first.correct is None

    def decide(self, first: Verdict, second: Verdict | None) -> Verdict:
        if second is None:
            first.stage = "regex"
            return first
        second.stage = "encoder"
        second.extra = {**second.extra, "regex_reason": first.reason.value if first.reason else None}
        return second

    def cost_model(self) -> CostModel:
        return self._encoder.cost_model()

    def close(self) -> None:
        self._regex.close()
        self._encoder.close()
