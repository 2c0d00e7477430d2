"""Meta-evaluation analyses computed from stored verdicts (no re-judging).

ranking (distortion, Kendall tau, Borda), correction (human-agreement), calibration
(threshold curves, ECE), passk (unbiased pass@k), significance (McNemar), summary
(everything for one results document).
"""
from judgesuite.suite.analysis.calibration import calibration, threshold_curve
from judgesuite.suite.analysis.correction import human_accuracy
from judgesuite.suite.analysis.passk import pass_at_k, pass_at_k_by_model
from judgesuite.suite.analysis.ranking import average_ranks, borda, kendall_tau_b, ranking_distortion
from judgesuite.suite.analysis.records import Record, load_records, load_results
from judgesuite.suite.analysis.significance import mcnemar_p, pairwise
from judgesuite.suite.analysis.summary import analyze

__all__ = ["Record", "analyze", "average_ranks", "borda", "calibration", "human_accuracy",
           "kendall_tau_b", "load_records", "load_results", "mcnemar_p", "pairwise", "pass_at_k",
           "pass_at_k_by_model", "ranking_distortion", "threshold_curve"]
