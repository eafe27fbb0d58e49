"""The run directory: every evaluated candidate, crash-safe, resumable, with the best kernels in git.

from autokernel.ledger import Ledger
"""

from autokernel.ledger.ledger import TSV_COLUMNS, Ledger, cache_key, eval_policy, read_rows, slug

__all__ = ["TSV_COLUMNS", "Ledger", "cache_key", "eval_policy", "read_rows", "slug"]
