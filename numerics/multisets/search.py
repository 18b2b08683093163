"""Re-export of the adversarial search and reference solvers, which live in :mod:`theory.multisets`
(numpy/scipy only) so that theory claims do not import ``numerics``."""

from theory.multisets._reference import emd_linprog, matching_bruteforce
from theory.multisets._search import (
    AGGS,
    DISTS,
    TABLE_D,
    TABLE_M,
    SearchResult,
    log_ratio_and_grad,
    ratio,
    search_sup,
    table_search,
)

__all__ = ["AGGS", "DISTS", "TABLE_D", "TABLE_M", "SearchResult", "emd_linprog",
           "log_ratio_and_grad", "matching_bruteforce", "ratio", "search_sup", "table_search"]
