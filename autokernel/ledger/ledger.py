"""`Ledger`: results.tsv / results.jsonl (append + fsync per row), candidate sources, per-problem best
kernels committed to a git repository inside the run directory.

Layout::

    results.tsv                      one row per evaluated candidate (human/spreadsheet view)
    results.jsonl                    the same rows with full Verdict dicts (pandas.read_json(lines=True))
    screen.jsonl                     screened variants, never verdicts (`autokernel.ledger.screens`)
    candidates/<slug>/<digest>.py    every candidate's source
    problems/<slug>/{problem.py, best.py, best.json, search.json, usage.json}
    summary.txt                      the closing summary
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from autokernel.ledger.folder import FIRST_COMMIT, GIT_EMAIL, GIT_NAME, check_run_dir, own_repository
from autokernel.ledger.packed import PackedSources
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, rank_key, recorded_rank
from autokernel.propose.usage import Usage
from autokernel.records import Candidate, Verdict

# file names inside a run directory (run.json: `run_info`)
RESULTS = "results.jsonl"
RESULTS_TSV = "results.tsv"
SUMMARY = "summary.txt"
SEARCH_STATE = "search.json"  # per problem: why its search stopped, per policy (a resume skips a final stop)
USAGE = "usage.json"  # per problem: the proposer endpoint's requests, tokens, latency and cost, all invocations

TSV_COLUMNS = (
    "experiment",
    "tag",
    "kernel_type",
    "throughput_gbps",
    "latency_ms",
    "pct_peak",
    "speedup_vs_pytorch",
    "correctness",
    "peak_vram_mb",
    "description",
    "round",
    "branch",
    "parent",
    "verdict",
    "reason",
    "proposer",
    "tokens",
    "problem",
    "candidate_digest",
)


def slug(problem: Problem) -> str:
    """A file-system name for a problem: ``L1_19_ReLU`` or the sanitised name."""
    base = (
        f"L{problem.level}_{problem.problem_id}_{problem.name}"
        if problem.problem_id is not None
        else problem.name
    )
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", base).strip("_") or problem.digest


def tsv_cells(row: dict[str, Any], judged: int = 1) -> dict[str, Any]:
    """The results.tsv cells of a results.jsonl row (its ``judged``-th verdict for that candidate): the tsv is a
    view of the jsonl, so a tsv that lost rows to a kill between the two writes is rebuilt from it."""
    v = row.get("verdict") or {}
    tokens = row.get("tokens") or {}
    folder = Path(str(row.get("source_path", ""))).parent.name or str(row.get("problem", ""))
    tag = f"{folder}/r{row.get('round', 0)}b{row.get('branch', 0)}/{str(row.get('candidate_digest', ''))[:8]}"
    return {
        "experiment": row.get("experiment"),
        "tag": tag if judged <= 1 else f"{tag}~{judged}",
        "kernel_type": v.get("backend") or row.get("backend"),
        "throughput_gbps": None,
        "latency_ms": (v.get("kernel") or {}).get("median_ms"),
        "pct_peak": None,
        "speedup_vs_pytorch": v.get("speedup"),
        "correctness": "PASS" if v.get("verdict") == "correct" else "FAIL",
        "peak_vram_mb": v.get("peak_memory_mb"),
        "description": row.get("idea", ""),
        "round": row.get("round"),
        "branch": row.get("branch"),
        "parent": row.get("parent"),
        "verdict": v.get("verdict"),
        "reason": v.get("reason", ""),
        "proposer": row.get("proposer"),
        "tokens": sum(tokens.values()) if tokens else None,
        "problem": row.get("problem"),
        "candidate_digest": row.get("candidate_digest"),
    }


def cache_key(problem_digest: str, candidate_digest: str, device: str, policy: dict[str, Any]) -> str:
    """sha256 of what decides a verdict: problem text, candidate text, device kind, evaluation policy."""
    blob = json.dumps([problem_digest, candidate_digest, device, policy], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def policy_digest(policy: dict[str, Any]) -> str:
    """sha256 of an evaluation policy, serialised as `cache_key` serialises it: a compact ledger line names the
    policy it was judged under by this, so a resume can tell it is the policy that keys its ledger."""
    return hashlib.sha256(json.dumps(policy, sort_keys=True, default=str).encode()).hexdigest()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return re.sub(r"[\t\r\n]+", " ", str(value))


def _locked(method):
    """Run a Ledger method under the ledger's lock (rows, files and git commits stay in order)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper


def read_rows(path: Path) -> tuple[list[dict[str, Any]], list[int]]:
    """The rows of a results.jsonl in file order, and the numbers of lines torn by a crash (skipped)."""
    if not path.is_file():
        return [], []
    rows, torn = [], []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            torn.append(i + 1)
    return rows, torn


def standing_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` less those a later ``recheck`` row of the same candidate supersedes (same ``cache_key``): a close
    call judged again stands by its second verdict (`SearchConfig.recheck`), so a score, a table or the move prior
    never reads the first, picked for its luck. Other rows, a re-judge's included, are kept."""
    last_recheck = {r.get("cache_key"): i for i, r in enumerate(rows) if r.get("recheck")}
    return [r for i, r in enumerate(rows) if last_recheck.get(r.get("cache_key"), i) <= i]


def row_protocol(row: dict[str, Any]) -> str:
    """The protocol a results row was judged under: its verdict's, else its policy's (`LEGACY_PROTOCOL` for rows
    recorded before protocols had names)."""
    from autokernel.evaluate.protocol import LEGACY_PROTOCOL

    return str((row.get("verdict") or {}).get("protocol") or (row.get("policy") or {}).get("protocol")
               or LEGACY_PROTOCOL)


def kept_source(root: Path, rel: str, digest: str, *, packed: PackedSources, best: Path | None = None) -> str | None:
    """A candidate's source as a run directory keeps it: its file at ``rel`` (relative to ``root``), else its packed
    edits (`autokernel.ledger.packed`), else ``best`` (its problem's best.py) where that is candidate ``digest``; None
    if none has it."""
    try:
        return (root / rel).read_text(encoding="utf-8")
    except OSError:
        source = packed.read(rel)
    if source is not None or best is None:
        return source
    try:
        source = best.read_text(encoding="utf-8")
    except OSError:
        return None
    return source if Candidate(source=source).digest == digest else None


def _fsync_append(path: Path, line: str) -> None:
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())


def _recorded_best_key(path: Path, problem: Problem) -> tuple[float, float]:
    """`rank_key` of the best.json already written for this problem (the lowest key when there is none)."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return (float("-inf"), float("-inf"))
    if not isinstance(old, dict) or old.get("verdict") != "correct" or old.get("problem_digest") != problem.digest:
        return (float("-inf"), float("-inf"))
    return recorded_rank(old)


class Ledger:
    """One run directory. Rerunning into the same directory (or ``--resume``) reloads what was evaluated.

    Args:
        root: the run directory (created).
        device: device kind the verdicts were measured on ("cpu", "cuda"); part of the cache key.
        policy: the evaluation policy (tolerance, trials ...); part of the cache key.
        use_git: commit best-kernel updates in a git repository in ``root`` (skipped with a note when git is missing).
        rejudge: verdicts (e.g. ``runtime_error``) whose earlier rows are not reused: those candidates are
            judged again, once per invocation, and the new row replaces the old (after a harness fix).
    """

    def __init__(self, root: str | Path, *, device: str, policy: dict[str, Any], use_git: bool = True,
                 rejudge: frozenset[str] | set[str] = frozenset()):  # fmt: skip
        self.root = Path(root)
        check_run_dir(self.root)  # never rows under a foreign header, never commits into a foreign repository
        self.rejudge = frozenset(rejudge)
        self._recorded_now: set[str] = set()  # keys judged by this invocation: never judged twice in it
        self.root.mkdir(parents=True, exist_ok=True)
        self.device = device
        self.policy = policy
        self.tsv = self.root / RESULTS_TSV
        self.jsonl = self.root / RESULTS
        self.notes: list[str] = []
        self._rows: dict[str, dict[str, Any]] = {}
        self._times: dict[str, int] = {}  # cache key -> rows recorded for it (more than one after a rejudge)
        self._experiments = 0
        self._lock = threading.RLock()  # problems may be searched concurrently
        self._load()
        self.packed = PackedSources(self.root)  # sources a thin copy keeps as edits of a sibling
        if not self.tsv.exists():
            _fsync_append(self.tsv, "\t".join(TSV_COLUMNS) + "\n")
        self.git = use_git and self._init_git()

    # -- loading ----------------------------------------------------------------------------------
    def _load(self) -> None:
        rows, torn = read_rows(self.jsonl)
        for row in rows:
            self._rows[row["cache_key"]] = row  # a later row for the same key (judged again) wins
            self._times[row["cache_key"]] = self._times.get(row["cache_key"], 0) + 1
            self._experiments = max(self._experiments, int(row.get("experiment", 0)))
        # a row torn by a crash can only be the last one; it is evaluated again
        self.notes += [f"results.jsonl line {n} is incomplete (interrupted write); ignored" for n in torn]
        if torn:  # rewrite without the torn row so later appends stay parseable
            tmp = self.jsonl.with_suffix(".tmp")
            tmp.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
            tmp.replace(self.jsonl)
        # results.tsv is written after results.jsonl: a kill between the two leaves it a row short; rebuilt (as it
        # is where a thinned run directory, `autokernel.search.thin`, left it out)
        missing = not self.tsv.exists()
        if rows and (missing or len(self.tsv.read_text(encoding="utf-8").splitlines()) - 1 < len(rows)):
            seen: dict[str, int] = {}
            lines = ["\t".join(TSV_COLUMNS)]
            for r in rows:
                seen[r["cache_key"]] = seen.get(r["cache_key"], 0) + 1
                cells = tsv_cells(r, seen[r["cache_key"]])
                lines.append("\t".join(_cell(cells[c]) for c in TSV_COLUMNS))
            tmp = self.tsv.with_suffix(".tmp")
            tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
            tmp.replace(self.tsv)
            if not missing:
                self.notes.append("results.tsv lacked rows of results.jsonl (interrupted write); rebuilt from it")

    @property
    def count(self) -> int:
        return len(self._rows)

    def rows(self) -> list[dict[str, Any]]:
        """Every recorded row (the latest per candidate), in recording order."""
        with self._lock:
            return list(self._rows.values())

    @property
    def protocol(self) -> str:
        """The judging protocol of this ledger's policy (policies recorded before protocols existed: strict)."""
        from autokernel.evaluate.protocol import LEGACY_PROTOCOL

        return str(self.policy.get("protocol") or LEGACY_PROTOCOL)

    def key(self, problem: Problem, candidate: Candidate) -> str:
        return cache_key(problem.digest, candidate.digest, self.device, self.policy)

    def lookup(self, problem: Problem, candidate: Candidate) -> Attempt | None:
        """The recorded attempt for this exact candidate on this problem, device and policy, if any."""
        key = self.key(problem, candidate)
        row = self._rows.get(key)
        if row is None:
            return None
        if row["verdict"].get("verdict") in self.rejudge and key not in self._recorded_now:
            return None
        return Attempt(candidate=candidate, verdict=Verdict.from_dict(row["verdict"]), tokens=row.get("tokens") or {},
                       cost_usd=row.get("cost_usd"))

    def attempts(self, problem: Problem, *, unsourced: list[dict[str, Any]] | None = None) -> list[Attempt]:
        """Every candidate recorded for this problem under this device and policy (its latest verdict), in
        recording order: what a resumed search starts from. A row whose source file is gone is left out: noted,
        or, with ``unsourced``, appended to it (a thinned run directory keeps only the sources a search can
        build on, `autokernel.search.thin`; its other rows still count and are never judged again)."""
        out = []
        for row in self._own_rows(problem):
            source = self._source_of(problem, row)
            if source is None:
                if unsourced is not None:
                    unsourced.append(row)
                else:
                    self.notes.append(f"{problem.key}: the source of candidate {row.get('candidate_digest')} is "
                                      f"missing from the run directory; left out of the resumed search")
                continue
            cand = Candidate(source=source, backend=row.get("backend") or "auto", proposer=row.get("proposer") or "",
                             round=int(row.get("round") or 0), branch=int(row.get("branch") or 0),
                             parent=row.get("parent"), idea=row.get("idea") or "")
            out.append(Attempt(candidate=cand, verdict=Verdict.from_dict(row["verdict"]),
                               tokens=row.get("tokens") or {}, cost_usd=row.get("cost_usd")))
        return out

    def _source_of(self, problem: Problem, row: dict[str, Any]) -> str | None:
        """A recorded candidate's source: its own file or its packed edits, else the problem's best.py where that is
        this candidate (a thin copy keeps the best kernel once, `autokernel.search.thin`); None if none has it."""
        digest = str(row.get("candidate_digest") or "")
        rel = row.get("source_path") or self.source_path(problem, digest).relative_to(self.root).as_posix()
        return kept_source(self.root, rel, digest, packed=self.packed,
                           best=self.root / "problems" / slug(problem) / "best.py")

    def rechecked(self, problem: Problem) -> set[str]:
        """The candidates of ``problem`` whose standing verdict is a later reading (a close call judged again)."""
        return {str(r["candidate_digest"]) for r in self._own_rows(problem) if r.get("recheck")}

    def readings(self, problem: Problem) -> dict[str, int]:
        """How many verdicts each candidate of ``problem`` has under this ledger's device and policy (more than one
        where it was judged again)."""
        with self._lock:
            return {str(r["candidate_digest"]): self._times.get(r["cache_key"], 1) for r in self._own_rows(problem)}

    def _own_rows(self, problem: Problem) -> list[dict[str, Any]]:
        """The latest row of each candidate of ``problem`` judged under this ledger's device and policy (rows of
        another are not this search's history), in recording order."""
        with self._lock:
            rows = [r for r in self._rows.values() if r.get("problem_digest") == problem.digest]
        return [r for r in rows
                if r["cache_key"] == cache_key(problem.digest, r["candidate_digest"], self.device, self.policy)]

    def best_digest(self, problem: Problem) -> str | None:
        """The candidate digest of the problem's best.json (None without one for this version of the problem)."""
        try:
            data = json.loads((self.root / "problems" / slug(problem) / "best.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("problem_digest") != problem.digest:
            return None
        return data.get("candidate_digest") or None

    def _policy_id(self) -> str:
        return hashlib.sha256(json.dumps([self.device, self.policy], sort_keys=True, default=str).encode()
                              ).hexdigest()[:16]

    def final_stop(self, problem: Problem, proposer: str, history: str) -> str:
        """The reason an earlier invocation's ``proposer`` gave up on this problem for good under this policy (it
        had no new ideas) with the same ``history`` (e.g. candidates and correct ones: a re-judged candidate that
        is now correct reopens it), or ""."""
        try:
            state = json.loads((self.root / "problems" / slug(problem) / SEARCH_STATE).read_text(encoding="utf-8"))
            entry = state[self._policy_id()]
        except (OSError, ValueError, KeyError, TypeError):
            return ""
        if (entry.get("problem_digest"), entry.get("proposer"), entry.get("history")) != (problem.digest, proposer,
                                                                                          history):
            return ""
        return str(entry.get("final") or "")

    @_locked
    def save_stop(self, problem: Problem, proposer: str, reason: str, *, final: bool, history: str = "") -> None:
        """Record why the search of this problem stopped (``final``: for good, a resume with the same ``history``
        does not ask again)."""
        path = self.save_problem(problem) / SEARCH_STATE
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
            state = state if isinstance(state, dict) else {}
        except (OSError, ValueError):
            state = {}
        state[self._policy_id()] = {"problem_digest": problem.digest, "proposer": proposer, "stop_reason": reason,
                                    "final": reason if final else "", "history": history}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    def usage(self, problem: Problem) -> Usage | None:
        """The proposer endpoint's usage recorded for ``problem`` over every invocation (None: no request)."""
        path = self.root / "problems" / slug(problem) / USAGE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return Usage.from_dict(data) if isinstance(data, dict) else None

    @_locked
    def add_usage(self, problem: Problem, spent: Usage) -> Usage:
        """Add ``spent`` to the problem's usage.json (written whole, then renamed); returns the new total."""
        total = self.usage(problem) or Usage()
        total.add(spent)
        path = self.save_problem(problem) / USAGE
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(total.to_dict(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)
        return total

    # -- recording --------------------------------------------------------------------------------
    def source_path(self, problem: Problem, digest: str) -> Path:
        """Where candidate ``digest``'s source is kept (``candidates/<slug>/<digest>.py``)."""
        return self.root / "candidates" / slug(problem) / f"{digest}.py"

    def stored_source(self, problem: Problem, digest: str, source_path: str | None = None) -> str | None:
        """Candidate ``digest``'s source as kept in the run directory (at ``source_path``, relative to it, else where
        `source_path` puts it): its file, else its packed edits (`autokernel.ledger.packed`); None if neither."""
        rel = source_path or self.source_path(problem, digest).relative_to(self.root).as_posix()
        return kept_source(self.root, rel, digest, packed=self.packed)

    def save_source(self, problem: Problem, candidate: Candidate) -> Path:
        """Write a candidate's source where its row will name it (kept if there): also before its verdict, for a
        screened variant waiting for the judge (`autokernel.search.loop`), so a run cut before judging it
        judges it on resume."""
        path = self.source_path(problem, candidate.digest)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            tmp = path.with_suffix(".tmp")
            tmp.write_text(candidate.source, encoding="utf-8")
            tmp.replace(path)
        return path

    @_locked
    def record(self, problem: Problem, attempt: Attempt, *, recheck: bool = False) -> dict[str, Any]:
        """Save the source, then append the row to results.jsonl and results.tsv (flushed and fsynced).
        ``recheck``: a second verdict of a candidate the search judged again (a close call, marked in the row); as
        any later row of a candidate, it is the one lookups and resumes read."""
        cand, v = attempt.candidate, attempt.verdict
        src_path = self.save_source(problem, cand)
        self._experiments += 1
        key = self.key(problem, cand)
        self._times[key] = self._times.get(key, 0) + 1
        tokens = dict(attempt.tokens)
        row = {
            "experiment": self._experiments,
            "cache_key": key,
            "problem": problem.key,
            "problem_name": problem.name,
            "problem_digest": problem.digest,
            "candidate_digest": cand.digest,
            "source_path": str(src_path.relative_to(self.root)),
            "backend": cand.backend,
            "proposer": cand.proposer,
            "round": cand.round,
            "branch": cand.branch,
            "parent": cand.parent,
            "idea": cand.idea,
            "tokens": tokens,
            **({"cost_usd": round(attempt.cost_usd, 6)} if attempt.cost_usd is not None else {}),
            "device": self.device,
            "policy": self.policy,
            "recorded_at": time.time(),
            **({"recheck": True} if recheck else {}),
            "verdict": v.to_dict(),
        }
        _fsync_append(self.jsonl, json.dumps(row, default=str) + "\n")
        cells = tsv_cells(row, self._times[key])
        _fsync_append(self.tsv, "\t".join(_cell(cells[c]) for c in TSV_COLUMNS) + "\n")
        self._rows[row["cache_key"]] = row
        self._recorded_now.add(row["cache_key"])
        return row

    @_locked
    def save_problem(self, problem: Problem) -> Path:
        d = self.root / "problems" / slug(problem)
        d.mkdir(parents=True, exist_ok=True)
        path = d / "problem.py"
        if not path.exists() or path.read_text(encoding="utf-8") != problem.source:
            path.write_text(problem.source, encoding="utf-8")
        return d

    @_locked
    def save_best(self, problem: Problem, attempt: Attempt, *, supersede: bool = False) -> None:
        """Write best.py / best.json for the problem and commit them with the idea as the message. ``supersede``:
        written even where the recorded best ranks higher (its verdict was a close call's first reading, and the
        second, judged since, stands: `autokernel.search.loop`)."""
        d = self.save_problem(problem)
        best_py = d / "best.py"
        same = best_py.exists() and best_py.read_text(encoding="utf-8") == attempt.candidate.source
        if not supersede and same:
            return  # a resumed run re-finding the same best: nothing new to commit
        if not supersede and _recorded_best_key(d / "best.json", problem) >= rank_key(attempt):
            return  # an earlier invocation found better (a resumed run replays its rounds from the starter)
        if not same:
            self._keep_displaced_best(problem, best_py)
            best_py.write_text(attempt.candidate.source, encoding="utf-8")
        data = {
            **attempt.verdict.to_dict(),
            "quarantined": False,
            "problem_name": problem.name,
            "idea": attempt.candidate.idea,
            "round": attempt.candidate.round,
            "proposer": attempt.candidate.proposer,
        }
        (d / "best.json").write_text(json.dumps(data, indent=1, default=str) + "\n", encoding="utf-8")
        if self.git:
            sp = f"{attempt.verdict.speedup:.3g}x" if attempt.verdict.speedup is not None else "correct"
            msg = f"{problem.key}: {attempt.candidate.idea or 'new best'} ({sp}, round {attempt.candidate.round})"
            rel = str(d.relative_to(self.root))
            self._git("add", "--", rel)
            self._git("commit", "-q", "--allow-empty", "-m", msg, "--", rel)

    def _keep_displaced_best(self, problem: Problem, best_py: Path) -> None:
        """Before best.py is replaced: where it is the only copy of its candidate's source (a thin copy keeps the
        best once, there), write it to the candidate's own file, so the displaced kernel stays in the run directory
        (``search_panel.py confirm`` judges a problem's round-0 best beside its new best)."""
        try:
            source = best_py.read_text(encoding="utf-8")
        except OSError:
            return
        digest = Candidate(source=source).digest
        if digest == self.best_digest(problem) and self.stored_source(problem, digest) is None:
            path = self.source_path(problem, digest)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(source, encoding="utf-8")

    @_locked
    def write_summary(self, text: str) -> Path:
        path = self.root / SUMMARY
        path.write_text(text, encoding="utf-8")
        if self.git:
            self._git("add", "--", SUMMARY)
            self._git("commit", "-q", "-m", "run summary", "--", SUMMARY)
        return path

    # -- git --------------------------------------------------------------------------------------
    def _git(self, *args: str) -> bool:
        cmd = [
            "git",
            "-c",
            f"user.name={GIT_NAME}",
            "-c",
            f"user.email={GIT_EMAIL}",
            "-c",
            "commit.gpgsign=false",
            *args,
        ]
        res = subprocess.run(cmd, cwd=self.root, capture_output=True, text=True)
        if res.returncode != 0:
            self.notes.append(f"git {args[0]} failed: {res.stderr.strip()[:200]}")
        return res.returncode == 0

    def _init_git(self) -> bool:
        """Commit into the run directory's own repository, created here; never into one a run did not create."""
        own = own_repository(self.root)
        if own is not None:
            if not own:
                self.notes.append("the run directory holds a git repository autokernel-kb did not create: best "
                                  "kernels are not committed")
            return own
        try:
            ok = self._git("init", "-q")
        except FileNotFoundError:
            self.notes.append("git not found: best-kernel history is not versioned")
            return False
        if ok:
            ignored = ("candidates/", "results.*", "screen.jsonl", "autotune/", "*.tmp")  # autotune: kept choices
            (self.root / ".gitignore").write_text("".join(f"{p}\n" for p in ignored), encoding="utf-8")
            self._git("add", ".gitignore")
            self._git("commit", "-q", "-m", FIRST_COMMIT, "--", ".gitignore")
        return ok
