"""Judges: the `Judge` contract, its registry and the built-in judge families.

Importing this package is cheap: judge modules load on first use by name.
"""
from judgesuite.judges.base import CostModel, Judge, JudgeTags
from judgesuite.judges.composite import CompositeJudge, Read, StagedJudge
from judgesuite.judges.conformance import ConformanceError, check_judge
from judgesuite.judges.registry import (ENTRY_POINT_GROUP, JUDGES, Registry, RegistryError, get_judge_class,
                       list_judges, make_judge, register_judge)
from judgesuite.judges.types import TASK_TYPES, NoVerdict, Sample, Verdict

__all__ = [
    "CompositeJudge", "CostModel", "ConformanceError", "JudgeTags", "Read", "StagedJudge", "ENTRY_POINT_GROUP", "JUDGES", "Judge", "NoVerdict", "Registry",
    "RegistryError", "Sample", "TASK_TYPES", "Verdict", "check_judge", "get_judge_class",
    "list_judges", "make_judge", "register_judge",
]
