"""`LLMProposer`: any OpenAI-compatible endpoint proposes ideas in plain language, then one full
``ModelNew`` file per idea and branch, with the harness's precise feedback in every prompt."""

from __future__ import annotations

import ast
import re
import time
from dataclasses import dataclass
from pathlib import Path

from autokernel import settings
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History
from autokernel.records import Candidate

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


def format_feedback(attempt: Attempt) -> str:
    """The harness's word on one attempt, precisely: verdict, reason, failed checks, timings, speedup."""
    v = attempt.verdict
    lines = [f"verdict: {v.verdict}", f"reason: {v.reason}"]
    for c in v.failed_checks():
        lines.append(f"failed check {c.name}: {c.reason}")
    if v.max_abs_error is not None:
        lines.append(f"max abs error {v.max_abs_error:.3g}, max rel error {v.max_rel_error:.3g}")
    if v.kernel:
        lines.append(
            f"kernel median {v.kernel.median_ms:.4g} ms (95% CI {v.kernel.ci95_low_ms:.4g}-"
            f"{v.kernel.ci95_high_ms:.4g})"
        )
    if v.eager:
        lines.append(f"pytorch eager median {v.eager.median_ms:.4g} ms")
    if v.speedup is not None:
        lines.append(f"speedup vs eager: {v.speedup:.3g}x")
    if v.own_kernel_launches:
        lines.append(
            "own kernel launches per call: "
            + ", ".join(f"{k} x{n}" for k, n in v.own_kernel_launches.items())
        )
    if v.log_tail and not v.is_correct:
        lines.append("candidate output (tail):\n" + "\n".join(v.log_tail.strip().splitlines()[-15:]))
    return "\n".join(lines)


class LLMProposer:
    """Two calls per idea batch: one for N ideas in plain language, then one ``ModelNew`` file per idea and branch."""

    name = "llm"

    def __init__(self, config: LLMConfig | None = None, *, client=None):
        self.config = (config or LLMConfig()).resolved()
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
        self.usage: dict[str, dict[str, int]] = {}
        self.stats = {
            "requests": 0,
            "retries": 0,
            "no_code": 0,
            "failed_requests": 0,
            "prompt_tokens": 0,
            "completion_tokens": 0,
        }
        self.events: list[str] = []  # what went wrong, for the run log

    # -- transport ------------------------------------------------------------------------------
    def _chat(self, user: str) -> tuple[str, dict[str, int]]:
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
            self.stats["requests"] += 1
            try:
                resp = self.client.chat.completions.create(
                    model=self.config.model,
                    messages=[{"role": "system", "content": self.system}, {"role": "user", "content": user}],
                    temperature=self.config.temperature,
                    max_tokens=self.config.max_tokens,
                )
            except retryable as exc:
                if attempt == self.config.max_retries:
                    raise
                self.stats["retries"] += 1
                self.events.append(f"retry {attempt + 1} after {type(exc).__name__} (waiting {delay:.3g} s)")
                time.sleep(delay)
                delay *= 2
                continue
            usage = {"prompt_tokens": 0, "completion_tokens": 0}
            if getattr(resp, "usage", None) is not None:
                usage = {
                    "prompt_tokens": int(resp.usage.prompt_tokens or 0),
                    "completion_tokens": int(resp.usage.completion_tokens or 0),
                }
            self.stats["prompt_tokens"] += usage["prompt_tokens"]
            self.stats["completion_tokens"] += usage["completion_tokens"]
            text = resp.choices[0].message.content if resp.choices else ""
            return text or "", usage
        raise RuntimeError("unreachable")

    def _ask(self, user: str) -> tuple[str | None, dict[str, int]]:
        """A reply, or None when the endpoint keeps failing (counted, logged, the search goes on)."""
        import openai

        try:
            return self._chat(user)
        except openai.OpenAIError as exc:
            self.stats["failed_requests"] += 1
            self.events.append(f"request failed: {type(exc).__name__}: {exc}")
            return None, {"prompt_tokens": 0, "completion_tokens": 0}

    # -- prompts --------------------------------------------------------------------------------
    def _context(self, problem: Problem, history: History) -> str:
        parts = [
            f"# Problem {problem.key} ({problem.name})",
            "Reference (KernelBench format):",
            f"```python\n{problem.source.strip()}\n```",
        ]
        best = history.seeds[0] if history.seeds else None
        if best is not None:
            parts += [
                "# Current best kernel (correct)",
                f"```python\n{best.candidate.source.strip()}\n```",
                "Harness feedback on it:",
                format_feedback(best),
            ]
        else:
            parts.append("# No correct kernel yet: write one from scratch (correctness first).")
        last = [a for a in history.attempts if a.candidate.round == history.round - 1 and a is not best]
        if last:
            parts.append("# Last round's candidates and the harness's feedback")
            for a in last[-6:]:
                parts.append(f"## idea: {a.candidate.idea or '(none)'}\n{format_feedback(a)}")
        tried = {}
        for a in history.attempts:
            if a.candidate.idea:
                sp = f", {a.verdict.speedup:.3g}x" if a.verdict.speedup is not None and a.is_correct else ""
                tried[a.candidate.idea] = f"{a.verdict.verdict}{sp}"
        if tried:
            parts.append("# Ideas already tried and how they did")
            parts.extend(f"- {idea}: {how}" for idea, how in list(tried.items())[-30:])
        return "\n\n".join(parts)

    def propose(self, problem: Problem, history: History, n_ideas: int, n_branches: int) -> list[Candidate]:
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
            "one line each, in plain language. No code yet. Do not repeat ideas already tried."
        )
        ideas = parse_ideas(text or "", n_ideas)
        if not ideas:
            if text is not None:
                self.events.append(f"{problem.key}: the ideas reply held no list")
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
                    "and launches its own @triton.jit (or CUDA) kernels that compute the output."
                )
                code = extract_code(reply or "")
                if code is None:
                    if reply is not None:
                        self.stats["no_code"] += 1
                        self.events.append(f"{problem.key}: no ModelNew code in the answer for idea {idea!r}")
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
        return out + made


def _starter_or_none(problem: Problem):
    try:
        from autokernel.starters import generate_starter

        starter = generate_starter(problem)
    except Exception:  # best-effort: no starter is fine for an LLM
        return None
    return starter if getattr(starter, "has_kernel", False) else None
