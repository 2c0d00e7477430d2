"""Meta-evaluation analyses computed from stored verdicts (no re-judging).

ranking (distortion, Kendall tau, Borda), correction (human-agreement), calibration
(threshold curves, ECE), passk (unbiased pass@k), significance (McNemar), summary
(everything for one results document).
"""
from .calibration import calibration, threshold_curve
from .correction import human_accuracy
from .passk import pass_at_k, pass_at_k_by_model
from .ranking import average_ranks, borda, kendall_tau_b, ranking_distortion
from .records import Record, load_records, load_results
from .significance import mcnemar_p, pairwise
from .summary import analyze

__all__ = ["Record", "analyze", "average_ranks", "borda", "calibration", "human_accuracy",
           "kendall_tau_b", "load_records", "load_results", "mcnemar_p", "pairwise", "pass_at_k",
           "pass_at_k_by_model", "ranking_distortion", "threshold_curve"]
