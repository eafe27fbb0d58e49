"""`ScreenLog`: screen.jsonl, the run directory's record of screened variants (never of verdicts).

Rows are appended and fsynced like results.jsonl, but nothing reads them as results: a screen ranks variants for
the judge, and only the judge's verdicts (results.jsonl) count as scores, seeds or leaderboard entries. The log
lets a resumed run answer a variant it has screened instead of screening it again, replay the rounds that judged
nothing (for the stop rules), and lets a reader count what was screened. Three kinds of rows:

- ``variant``: one screened variant: digest, problem, round, ok, reason, median_ms, compile_s, idea, parent;
- ``control``: the problem's best kernel screened beside a round's variants (the time they must beat);
- ``round``: what a round did: variants screened and answered from the log, the control's time, how many beat
  it, which went to the judge (``judged``; ``queued``: those the round had not judged itself, with what a
  candidate row names, their sources saved in ``candidates/``), and the screen job's wall seconds (``screen_s``,
  from submission).
"""

from __future__ import annotations

import json
import math
import threading
import time
from pathlib import Path
from typing import Any

from autokernel.ledger.ledger import cache_key, read_rows
from autokernel.problem import Problem

SCREENS = "screen.jsonl"


def _append(path: Path, row: dict) -> None:
    import os

    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(row, default=str) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


class ScreenLog:
    """screen.jsonl of the run directory ``root``, for verdicts measured on ``device`` under ``policy`` (rows of
    another device or policy are kept but not answered from)."""

    def __init__(self, root: str | Path, *, device: str, policy: dict[str, Any]):
        self.path = Path(root) / SCREENS
        self.device = device
        self.policy = policy
        self._lock = threading.Lock()
        self._variants: dict[str, dict] = {}  # key -> latest variant row
        self._controls: dict[tuple[str, int], dict] = {}  # (key, round) -> control row
        self._rounds: dict[tuple[str, int], dict] = {}  # (problem digest, round) -> round row
        rows, _torn = read_rows(self.path)  # a row torn by a kill is screened again
        for row in rows:
            self._index(row)

    def _key(self, problem_digest: str, candidate_digest: str) -> str:
        return cache_key(problem_digest, candidate_digest, self.device, {"screen": self.policy})

    def _index(self, row: dict) -> None:
        kind = row.get("kind")
        if kind == "round":
            if row.get("key") == self._key(row.get("problem_digest", ""), ""):
                self._rounds[(row["problem_digest"], int(row["round"]))] = row
        elif kind == "variant":
            self._variants[row["key"]] = row
        elif kind == "control":
            self._controls[(row["key"], int(row["round"]))] = row

    # -- reading ----------------------------------------------------------------------------------
    def lookup(self, problem: Problem, digest: str):
        """The recorded `ScreenResult` of variant ``digest`` on this problem, device and policy, or None."""
        row = self._variants.get(self._key(problem.digest, digest))
        return _result(row) if row else None

    def control(self, problem: Problem, digest: str, rnd: int):
        """The control ``digest`` (the best kernel) as screened in round ``rnd``, or None."""
        row = self._controls.get((self._key(problem.digest, digest), rnd))
        return _result(row) if row else None

    def screened(self, problem: Problem) -> set[str]:
        """Digests of every variant screened for this problem under this device and policy."""
        with self._lock:
            rows = list(self._variants.values())
        return {r["candidate_digest"] for r in rows
                if r.get("problem_digest") == problem.digest and r["key"] == self._key(problem.digest,
                                                                                        r["candidate_digest"])}

    def ratios(self, problem: Problem) -> list[tuple[str, float]]:
        """(idea, screened time / the round's control time, parent digest) of this problem's screened variants in
        rounds that had a timed control (`History.screen_ratios`; inf for a variant that failed the screen), in
        recorded order. A variant of the tuner's line in a round that screened the line's best too is measured
        against that (`search.loop._screen_round`)."""
        with self._lock:
            rows = list(self._variants.values())
            rounds = {rnd: row for (digest, rnd), row in self._rounds.items() if digest == problem.digest}
        out = []
        for r in rows:
            rnd = rounds.get(int(r.get("round") or 0), {})
            bar = ratio_bar(r.get("parent"), rnd.get("control_ms"), rnd.get("line_ms"), rnd.get("line_seeds") or ())
            mine = r.get("problem_digest") == problem.digest and r["key"] == self._key(problem.digest,
                                                                                        r["candidate_digest"])
            if not mine or not isinstance(bar, (int, float)) or bar <= 0:
                continue
            ms = r.get("median_ms")
            ok = r.get("ok") and isinstance(ms, (int, float)) and ms > 0
            out.append((str(r.get("idea") or ""), ms / bar if ok else math.inf, r.get("parent")))
        return out

    def rounds(self, problem: Problem) -> dict[int, dict]:
        """Round number -> the round row recorded for this problem (rounds that screened)."""
        return {rnd: row for (digest, rnd), row in self._rounds.items() if digest == problem.digest}

    def queued(self, problem: Problem) -> list[dict]:
        """The candidates this problem's screen rounds sent to the judge and recorded as queued (``queued``: digest,
        round, backend, proposer, branch, parent, idea), in round order: a resumed run judges those that have no
        verdict yet (its previous invocation stopped or was cut off before judging them)."""
        with self._lock:
            rows = [row for (digest, _), row in sorted(self._rounds.items(), key=lambda kv: kv[0][1])
                    if digest == problem.digest]
        return [{**q, "round": int(row["round"])} for row in rows for q in row.get("queued") or []
                if isinstance(q, dict) and q.get("candidate_digest")]

    def count(self) -> int:
        """Variants screened in this run directory (all problems, this device and policy)."""
        return len(self._variants)

    # -- recording --------------------------------------------------------------------------------
    def record(self, problem: Problem, rnd: int, result, *, candidate=None, control: bool = False) -> None:
        """Append one screened variant (or the round's control) and its `ScreenResult`."""
        row = {"kind": "control" if control else "variant", "key": self._key(problem.digest, result.digest),
               "problem": problem.key, "problem_digest": problem.digest, "candidate_digest": result.digest,
               "round": rnd, **{k: v for k, v in result.to_dict().items() if k != "digest"},
               "idea": getattr(candidate, "idea", ""), "parent": getattr(candidate, "parent", None),
               "device": self.device, "recorded_at": time.time()}
        with self._lock:
            _append(self.path, row)
            self._index(row)

    def record_round(self, problem: Problem, rnd: int, **figures) -> None:
        """Append what round ``rnd`` of this problem did (``figures``: screened, reused, control_ms, beat_best,
        judged ...)."""
        row = {"kind": "round", "key": self._key(problem.digest, ""), "problem": problem.key,
               "problem_digest": problem.digest, "round": rnd, **figures, "device": self.device,
               "recorded_at": time.time()}
        with self._lock:
            _append(self.path, row)
            self._index(row)


def ratio_bar(parent, control_ms, line_ms=None, line_seeds=()):
    """The screen time a variant is measured against for the tuner's dead settings (`History.screen_ratios`): its
    round's best kernel's, or, for a variant of the tuner's line in a round that timed both, the line's best (how
    near a line behind a foreign seed came is the line's business)."""
    return line_ms if control_ms and line_ms and parent in line_seeds else control_ms


def sum_stages(results) -> dict[str, float]:
    """Stage seconds summed over results that carry ``stages_s`` (screen rows, `ScreenResult`s, verdicts; those
    without stages add nothing), rounded once at the end."""
    total: dict[str, float] = {}
    for r in results:
        stages = r.get("stages_s") if isinstance(r, dict) else r.stages_s
        for k, v in (stages or {}).items():
            if isinstance(v, (int, float)):
                total[k] = total.get(k, 0.0) + float(v)
    return {k: round(v, 3) for k, v in total.items()}


def screen_rows(root: str | Path) -> list[dict]:
    """Every row of the run directory's screen.jsonl, in file order (torn lines skipped): the move prior reads
    the screened variants and their rounds' controls (`autokernel.propose.prior.MovePrior.from_rows`)."""
    return read_rows(Path(root) / SCREENS)[0]


def _result(row: dict):
    from autokernel.evaluate.screen import ScreenResult

    return ScreenResult.from_dict({**row, "digest": row["candidate_digest"]})
