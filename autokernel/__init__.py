"""autokernel-kb: measured, trustworthy, automatic GPU-kernel search.

Pipeline: problems -> proposers -> evaluation -> ledger -> scores -> export.
Importing this package is cheap and has no side effects (no torch, no triton).
"""

__version__ = "0.1.0"
