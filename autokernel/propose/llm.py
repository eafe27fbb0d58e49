"""`LLMProposer`: any OpenAI-compatible endpoint proposes ideas in plain language, then one full
``ModelNew`` file per idea and branch, with the harness's precise feedback in every prompt."""

from __future__ import annotations

import ast
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from autokernel import settings
from autokernel.problem import Problem
from autokernel.propose.base import History
from autokernel.propose.feedback import brief_line, format_feedback, protocol_brief
from autokernel.propose.usage import Prices, Usage
from autokernel.records import Candidate

__all__ = ["LLMConfig", "LLMProposer", "endpoint_configured", "extract_code", "format_feedback", "parse_ideas"]

PROGRAM_FILE = "program_kb.md"
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)```", re.DOTALL)
_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+(.+?)\s*$")


@dataclass(frozen=True, kw_only=True)
class LLMConfig:
    """Endpoint and budget. Empty fields fall back to OPENAI_BASE_URL, OPENAI_API_KEY, AUTOKERNEL_KB_MODEL.

    Attributes:
        timeout_s: per request; a timeout is retried like a rate limit.
        max_retries: retries on 429, timeouts, connection errors and 5xx, with exponential backoff.
        backoff_s: first backoff; doubles each retry.
        temperature: sampling temperature (branches of one idea differ by the branch hint and sampling).
        max_tokens: completion cap per request.
        include_starter: in round 0, also propose the generated starter (when one exists).
        price_per_mtok_in, price_per_mtok_out: US dollars per million prompt / completion tokens (both or
            neither); without them a cost is stated as unknown, never estimated.
        feedback_best: correct kernels whose full feedback is in the prompt (the best's source too).
        feedback_failures: most recent failed attempts whose full feedback is in the prompt.
        feedback_chars: cap on the characters of feedback beyond the best kernel's (see `LLMProposer._context`).
    """

    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    timeout_s: float = 300.0
    max_retries: int = 5
    backoff_s: float = 2.0
    temperature: float = 0.7
    max_tokens: int = 8192
    include_starter: bool = True
    program_path: str | None = None
    price_per_mtok_in: float | None = None
    price_per_mtok_out: float | None = None
    feedback_best: int = 3
    feedback_failures: int = 4
    feedback_chars: int = 8000

    @property
    def prices(self) -> Prices:
        return Prices(in_per_mtok=self.price_per_mtok_in, out_per_mtok=self.price_per_mtok_out)

    def resolved(self) -> LLMConfig:
        from dataclasses import replace

        return replace(
            self,
            base_url=self.base_url or settings.get("OPENAI_BASE_URL"),
            model=self.model or settings.get("AUTOKERNEL_KB_MODEL"),
            api_key=self.api_key or settings.get("OPENAI_API_KEY") or "none",
        )


def endpoint_configured(base_url: str | None = None, model: str | None = None) -> bool:
    """True when an endpoint and a model are known (flags or environment): ``--proposer auto`` picks the LLM."""
    return bool(
        (base_url or settings.get("OPENAI_BASE_URL")) and (model or settings.get("AUTOKERNEL_KB_MODEL"))
    )


def extract_code(text: str) -> str | None:
    """The Python file in a reply: the fenced block that defines ``ModelNew`` (the longest if several),
    else the whole reply when it is itself a parseable file defining ModelNew; None when there is none."""
    blocks = [
        body for lang, body in _FENCE.findall(text or "") if lang.lower() in ("", "python", "py", "python3")
    ]
    defining = [b for b in blocks if re.search(r"^class\s+ModelNew\b", b, re.MULTILINE)]
    if defining:
        return max(defining, key=len).strip() + "\n"
    if text and re.search(r"^class\s+ModelNew\b", text, re.MULTILINE) and "```" not in text:
        try:
            ast.parse(text)
            return text.strip() + "\n"
        except SyntaxError:
            return None
    return None


def parse_ideas(text: str, limit: int) -> list[str]:
    """Numbered or bulleted lines of a reply, in order, without duplicates."""
    ideas = []
    for line in (text or "").splitlines():
        m = _LIST_ITEM.match(line)
        if m:
            idea = m.group(1).strip().strip("*").strip()
            if idea and idea not in ideas:
                ideas.append(idea)
    return ideas[:limit]


class ProgramMissingError(RuntimeError):
    """The agent playbook is not where the package says it is: a broken install, not a reason to prompt without it."""


def load_program(path: str | None = None) -> str:
    """The system prompt: ``path`` when given; else ``program_kb.md`` in the working directory (a user's own
    edit of the playbook); else the copy shipped inside the package (package data, ``importlib.resources``).
    A missing playbook raises: a proposer prompted without it writes kernels the judge rejects."""
    if path:
        if not Path(path).is_file():
            raise ValueError(f"program file {path} does not exist")
        return Path(path).read_text(encoding="utf-8")
    local = Path.cwd() / PROGRAM_FILE
    if local.is_file():
        return local.read_text(encoding="utf-8")
    return packaged_program()


def packaged_program() -> str:
    """The ``program_kb.md`` shipped in ``autokernel.propose`` (a link to the repository's copy in a checkout)."""
    from importlib.resources import files

    resource = files("autokernel.propose").joinpath(PROGRAM_FILE)
    try:
        text = resource.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProgramMissingError(
            f"{PROGRAM_FILE} is missing from the installed package ({resource}): reinstall autokernel-kb, "
            f"or pass the playbook's path explicitly (LLMConfig(program_path=...))"
        ) from exc
    if not text.strip():
        raise ProgramMissingError(f"{PROGRAM_FILE} in the installed package ({resource}) is empty")
    return text


class LLMProposer:
    """Two calls per idea batch: one for N ideas in plain language, then one ``ModelNew`` file per idea and branch.

    Usage is kept per problem (`take_usage`: requests, retries, failures, latency, tokens, cost) and per candidate
    (``usage``: the tokens of the request that wrote it plus its share of the ideas request; ``costs``: their US
    dollars when prices are known), so the run directory can state what each problem cost."""

    name = "llm"

    def __init__(self, config: LLMConfig | None = None, *, client=None):
        self.config = (config or LLMConfig()).resolved()
        self.prices = self.config.prices  # checks that both prices or neither were given
        if client is None:
            if not self.config.base_url:
                raise ValueError("the LLM proposer needs an endpoint: pass --base-url or set OPENAI_BASE_URL")
            if not self.config.model:
                raise ValueError("the LLM proposer needs a model: pass --model or set AUTOKERNEL_KB_MODEL")
            from openai import OpenAI

            client = OpenAI(
                base_url=self.config.base_url,
                api_key=self.config.api_key,
                timeout=self.config.timeout_s,
                max_retries=0,
            )
        self.client = client
        self.system = load_program(self.config.program_path)
        self.usage: dict[str, dict[str, int]] = {}  # candidate digest -> its tokens
        self.costs: dict[str, float] = {}  # candidate digest -> its US dollars (prices known only)
        self.stats = {
            "requests": 0,
            "retries": 0,
            "no_code": 0,
            "failed_requests": 0,
            "prompt_tokens": 0,
            "completion_tokens": 0,
        }
        self.events: list[str] = []  # what went wrong, for the run log
        self._pending: dict[str, Usage] = {}  # problem key -> usage not yet taken by the search
        self._lock = threading.Lock()  # problems are proposed for from several threads

    # -- accounting -----------------------------------------------------------------------------
    def _count(self, key: str, **figures) -> None:
        with self._lock:
            usage = self._pending.setdefault(key, Usage())
            for name, value in figures.items():
                setattr(usage, name, getattr(usage, name) + value)
                if name in self.stats:
                    self.stats[name] += value

    def take_usage(self, problem_key: str) -> Usage:
        """The endpoint usage for ``problem_key`` since the last call (the search persists it per problem)."""
        with self._lock:
            return self._pending.pop(problem_key, Usage())

    # -- transport ------------------------------------------------------------------------------
    def _chat(self, user: str, key: str = "") -> tuple[str, dict[str, int]]:
        import openai

        # 429, timeouts, connection resets and every 5xx (InternalServerError covers status >= 500)
        retryable = (
            openai.RateLimitError,
            openai.APITimeoutError,
            openai.APIConnectionError,
            openai.InternalServerError,
        )
        delay = self.config.backoff_s
        for attempt in range(self.config.max_retries + 1):
            started = time.monotonic()
            try:
                resp = self.client.chat.completions.create(
                    model=self.config.model,
                    messages=[{"role": "system", "content": self.system}, {"role": "user", "content": user}],
                    temperature=self.config.temperature,
                    max_tokens=self.config.max_tokens,
                )
            except retryable as exc:
                self._count(key, requests=1, latency_s=time.monotonic() - started)
                if attempt == self.config.max_retries:
                    raise
                self._count(key, retries=1)
                self.events.append(f"{key}: retry {attempt + 1} after {type(exc).__name__} (waiting {delay:.3g} s)")
                time.sleep(delay)
                delay *= 2
                continue
            except openai.OpenAIError:
                self._count(key, requests=1, latency_s=time.monotonic() - started)
                raise
            usage = {"prompt_tokens": 0, "completion_tokens": 0}
            if getattr(resp, "usage", None) is not None:
                usage = {
                    "prompt_tokens": int(resp.usage.prompt_tokens or 0),
                    "completion_tokens": int(resp.usage.completion_tokens or 0),
                }
            cost = self.prices.cost(usage["prompt_tokens"], usage["completion_tokens"])
            self._count(key, requests=1, latency_s=time.monotonic() - started, cost_usd=cost or 0.0,
                        unpriced_requests=int(cost is None), **usage)
            text = resp.choices[0].message.content if resp.choices else ""
            return text or "", usage
        raise RuntimeError("unreachable")

    def _ask(self, user: str, key: str = "") -> tuple[str | None, dict[str, int]]:
        """A reply, or None when the endpoint keeps failing (counted, logged, the search goes on)."""
        import openai

        try:
            return self._chat(user, key)
        except openai.OpenAIError as exc:
            self._count(key, failed_requests=1)
            self.events.append(f"{key}: request failed: {type(exc).__name__}: {exc}")
            return None, {"prompt_tokens": 0, "completion_tokens": 0}

    # -- prompts --------------------------------------------------------------------------------
    def _context(self, problem: Problem, history: History) -> str:
        """What every request of a round starts with: the protocol, the reference, the best kernel with its full
        feedback, then bounded feedback on the rest.

        Bounded because each round sends this text in 1 + ideas x branches requests, and a search runs 50-300
        rounds: replaying the whole history would grow every prompt with the round number (total tokens growing
        with its square) and overflow the model's context long before round 300, while the signal is in a few
        attempts. So beyond the best kernel (source and feedback), the prompt holds the full feedback of the next
        ``feedback_best`` - 1 correct kernels (what else works, and its figures) and of the ``feedback_failures``
        most recent failures (the errors to fix or not to repeat), within ``feedback_chars`` characters; every
        other attempt is one line in the list of ideas tried (its verdict and speedups), the last 30 of them."""
        cfg = self.config
        judged = next((a.verdict for a in reversed(history.attempts) if a.verdict.policy), None)
        parts = [
            "# How kernels are judged",
            protocol_brief(history.protocol, history.tolerance, judged),
            f"# Problem {problem.key} ({problem.name})",
            "Reference (KernelBench format):",
            f"```python\n{problem.source.strip()}\n```",
        ]
        best = history.seeds[0] if history.seeds else None
        if best is not None:
            parts += [
                "# Current best kernel (correct)",
                f"```python\n{best.candidate.source.strip()}\n```",
                f"Idea: {best.candidate.idea or '(none)'}",
                "Harness feedback on it:",
                format_feedback(best),
            ]
        else:
            parts.append("# No correct kernel yet: write one from scratch (correctness first).")
        others = [a for a in history.seeds[1:cfg.feedback_best] if a is not best]
        failures = [a for a in history.attempts if not a.is_correct][-cfg.feedback_failures:][::-1]
        budget, left_out = cfg.feedback_chars, 0
        sections: list[tuple[str, list[str]]] = [("# Other correct kernels (feedback only)", []),
                                                 ("# Most recent failures, newest first", [])]
        for (_, entries), group in zip(sections, (others, failures)):
            for a in group:
                text = f"## round {a.candidate.round}, idea: {a.candidate.idea or '(none)'}\n{format_feedback(a)}"
                if len(text) > budget:
                    left_out += 1
                    continue
                budget -= len(text)
                entries.append(text)
        for title, entries in sections:
            if entries:
                parts += [title, *entries]
        if left_out:
            parts.append(f"({left_out} more attempts left out to keep this prompt short)")
        tried: dict[str, str] = {}
        for a in history.attempts:
            if a.candidate.idea:
                tried[a.candidate.idea] = brief_line(a)
        if tried:
            parts.append("# Ideas already tried and how they did (latest 30)\n"
                         + "\n".join(f"- {idea}: {how}" for idea, how in list(tried.items())[-30:]))
        return "\n\n".join(parts)

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
        key = problem.key
        context = self._context(problem, history)
        out: list[Candidate] = []
        seen = set(history.digests)
        if not history.attempts and self.config.include_starter:
            starter = _starter_or_none(problem)
            if starter is not None:
                out.append(
                    Candidate(
                        source=starter.source,
                        proposer="tuner",
                        round=history.round,
                        idea="generated starter (" + "; ".join(starter.covered) + ")",
                    )
                )
                seen.add(out[0].digest)
        text, idea_usage = self._ask(
            context
            + f"\n\nPropose {n_ideas} distinct optimisation ideas for the next step, as a numbered list, "
            "one line each, in plain language. No code yet. Do not repeat ideas already tried.",
            key,
        )
        ideas = parse_ideas(text or "", n_ideas)
        if not ideas:
            if text is not None:
                self.events.append(f"{key}: the ideas reply held no list")
            return out
        parent = history.seeds[0].candidate.digest if history.seeds else None
        made: list[Candidate] = []
        for idea in ideas:
            for branch in range(n_branches):
                hint = (
                    (
                        f" This is variant {branch + 1} of {n_branches}: choose different parameter values or "
                        "structure than the other variants."
                    )
                    if n_branches > 1
                    else ""
                )
                reply, usage = self._ask(
                    context
                    + f"\n\nImplement this idea: {idea}.{hint}\nReply with one complete Python file in a "
                    "```python fence that defines class ModelNew with the same constructor arguments as Model, "
                    "and launches its own @triton.jit (or CUDA) kernels that compute the output.",
                    key,
                )
                code = extract_code(reply or "")
                if code is None:
                    if reply is not None:
                        self.stats["no_code"] += 1
                        self.events.append(f"{key}: no ModelNew code in the answer for idea {idea!r}")
                    continue
                cand = Candidate(
                    source=code,
                    proposer=self.name,
                    round=history.round,
                    branch=branch,
                    parent=parent,
                    idea=idea,
                )
                if cand.digest in seen:
                    continue
                seen.add(cand.digest)
                self.usage[cand.digest] = usage
                made.append(cand)
        if made:  # the ideas call is shared by the candidates it led to
            share_p = idea_usage["prompt_tokens"] // len(made)
            share_c = idea_usage["completion_tokens"] // len(made)
            for c in made:
                u = self.usage[c.digest]
                u["prompt_tokens"] += share_p
                u["completion_tokens"] += share_c
                cost = self.prices.cost(u["prompt_tokens"], u["completion_tokens"])
                if cost is not None:
                    self.costs[c.digest] = cost
        return out + made


def _starter_or_none(problem: Problem):
    try:
        from autokernel.starters import generate_starter

        starter = generate_starter(problem)
    except Exception:  # best-effort: no starter is fine for an LLM
        return None
    return starter if getattr(starter, "has_kernel", False) else None
