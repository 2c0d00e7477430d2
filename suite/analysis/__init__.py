"""Meta-evaluation analyses computed from stored verdicts (no re-judging).

choice ("Which judge?": kappa ranks per task family), provenance (label source per set),
ranking (distortion, Kendall tau, Borda), correction (human-agreement), calibration
(threshold curves, ECE), passk (unbiased pass@k), significance (McNemar), disagreements
(rows for the browser), summary (everything for one results document). The statistics
themselves live in suite/evaluation/statistics.py.
"""
from judgesuite.suite.analysis.calibration import calibration, threshold_curve
from judgesuite.suite.analysis.choice import rank_judges
from judgesuite.suite.analysis.correction import human_accuracy
from judgesuite.suite.analysis.passk import pass_at_k, pass_at_k_by_model
from judgesuite.suite.analysis.provenance import label_kind, set_description
from judgesuite.suite.analysis.ranking import average_ranks, borda, kendall_tau_b, ranking_distortion
from judgesuite.suite.analysis.significance import pairwise
from judgesuite.suite.analysis.summary import analyze

__all__ = ["analyze", "average_ranks", "borda", "calibration", "human_accuracy",
           "kendall_tau_b", "label_kind", "pairwise", "pass_at_k",
           "pass_at_k_by_model", "rank_judges", "ranking_distortion", "set_description", "threshold_curve"]
