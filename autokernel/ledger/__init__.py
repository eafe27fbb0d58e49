"""The run directory: every evaluated candidate, crash-safe, resumable, with the best kernels in git.

from autokernel.ledger import Ledger
"""

from autokernel.ledger.ledger import (
    RESULTS,
    SUMMARY,
    TSV_COLUMNS,
    Ledger,
    cache_key,
    policy_digest,
    read_rows,
    slug,
    standing_rows,
)
from autokernel.ledger.run_info import RUN_INFO

__all__ = ["RESULTS", "RUN_INFO", "SUMMARY", "TSV_COLUMNS", "Ledger", "cache_key", "policy_digest", "read_rows",
           "slug", "standing_rows"]
