"""What a proposer's endpoint cost for one problem: requests, failures, latency, tokens and, where prices were
given, US dollars. A cost is never estimated from a guessed price: without both prices it is stated as unknown."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Prices:
    """US dollars per million prompt (``in_per_mtok``) and completion (``out_per_mtok``) tokens; both or neither
    (a cost from one of the two would understate the bill)."""

    in_per_mtok: float | None = None
    out_per_mtok: float | None = None

    def __post_init__(self) -> None:
        given = [p for p in (self.in_per_mtok, self.out_per_mtok) if p is not None]
        if len(given) == 1:
            raise ValueError("give both prices (--price-per-mtok-in and --price-per-mtok-out), or neither")
        if any(p < 0 for p in given):
            raise ValueError("prices per million tokens must be 0 or more (US dollars)")

    @property
    def known(self) -> bool:
        return self.in_per_mtok is not None and self.out_per_mtok is not None

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        """US dollars for these tokens, or None when the prices are unknown."""
        if not self.known:
            return None
        return (prompt_tokens * self.in_per_mtok + completion_tokens * self.out_per_mtok) / 1e6

    def describe(self) -> str:
        if not self.known:
            return "no prices given (--price-per-mtok-in / --price-per-mtok-out)"
        return f"${self.in_per_mtok:g} / ${self.out_per_mtok:g} per million prompt / completion tokens"


@dataclass(kw_only=True)
class Usage:
    """One problem's endpoint usage, summed over requests (and over invocations, in the run directory).

    Attributes:
        requests: HTTP requests made, retries included.
        retries: requests that failed and were tried again (429, timeout, connection error, 5xx).
        failed_requests: requests given up on after the last retry (the search went on without their answer).
        latency_s: seconds spent waiting for the endpoint, over every request (backoff sleeps not included).
        cost_usd: US dollars of the requests made with known prices.
        unpriced_requests: answered requests made without prices: their cost is not stated.
    """

    requests: int = 0
    retries: int = 0
    failed_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0
    cost_usd: float = 0.0
    unpriced_requests: int = 0

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @property
    def answered(self) -> int:
        """Requests the endpoint answered (the ones that spent tokens)."""
        return self.requests - self.retries - self.failed_requests

    @property
    def cost_known(self) -> bool:
        """Whether ``cost_usd`` is the whole cost (every answered request was priced)."""
        return self.unpriced_requests == 0

    def add(self, other: Usage) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "latency_s": round(self.latency_s, 3), "cost_usd": round(self.cost_usd, 6)}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Usage:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (data or {}).items() if k in names})

    def cost_text(self) -> str:
        """``$0.0123``; ``unknown`` without prices; ``>= $0.01 (3 requests unpriced)`` when only some were priced."""
        if self.cost_known:
            return f"${self.cost_usd:.4g}"
        if self.unpriced_requests < self.answered:
            return f">= ${self.cost_usd:.4g} ({self.unpriced_requests} requests unpriced)"
        return "unknown"
