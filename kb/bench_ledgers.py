"""A bench's verdicts as compact ledgers (`kb.compact`) that git can keep, and a bench resumed from them.

A bench folder (`kb.bench_kb`) holds every candidate, cache and run directory: tens of MB, kept out of git. The GPU
machines that judge it start bare, so its verdicts would be lost with the folder. With ``--compact-ledgers DIR``
a bench first records into its run directories every verdict DIR holds for one of its jobs under the same key
(problem text, candidate, device kind and policy: `autokernel.ledger.cache_key`'s parts), so that candidate is not
judged again, and at the end merges its run directories' verdicts back into DIR. The layout is the one
``benchmarks/leaderboard_pages.py publish`` writes under ``ledger/``::

    DIR/<protocol>/L<level>.jsonl            repeat 1's verdicts of that level
    DIR/<protocol>/L<level>.repeat<r>.jsonl  repeat r's (r >= 2)

Writing back replaces a line of the same problem, candidate and key and appends new ones; every other line stays
(another level, shard or policy judged into the same DIR another day).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autokernel.evaluate.protocol import PROTOCOL_NAMES
from kb.compact import (
    RUN_KEYS,
    Ledger,
    compact_run,
    compact_run_json,
    read_ledger,
    restored_verdict,
    split_levels,
    write_ledger,
)

if TYPE_CHECKING:
    from autokernel.ledger import Ledger as RunLedger

LEDGER_NAME = re.compile(r"^L([0-9]+)(?:\.repeat([0-9]+))?\.jsonl(\.tmp)?$")  # .tmp: a write a kill cut short
_CLOSING = ("devices", "candidates_evaluated", "wall_s", "candidates_per_device_hour")  # set when it ends


@dataclass
class Restored:
    """What `restore` found for one protocol and repeat."""

    recorded: int = 0  # verdicts recorded into the run directory from the ledgers
    foreign: int = 0  # lines of a job left unrecorded under another problem text, device or policy: judged again


def check_ledger_dir(root: str | Path) -> None:
    """ValueError unless ``root`` is missing, empty or holds only compact ledgers in the bench's layout: the
    bench writes its own ledger files, never into a folder it did not make."""
    path = Path(root)
    if path.exists() and not path.is_dir():
        raise ValueError(f"--compact-ledgers {root}: not a folder")
    for entry in sorted(path.iterdir()) if path.is_dir() else []:
        if not (entry.is_dir() and entry.name in PROTOCOL_NAMES):
            raise _foreign(root, entry)
        for f in sorted(entry.iterdir()):
            if not (f.is_file() and LEDGER_NAME.match(f.name)):
                raise _foreign(root, f)
            if not f.name.endswith(".tmp"):
                try:
                    read_ledger(f)
                except ValueError as exc:  # LedgerError, or a line that is not JSON
                    raise _foreign(root, f, f" ({exc})") from None


def _foreign(root: str | Path, found: Path, why: str = "") -> ValueError:
    return ValueError(f"--compact-ledgers {root}: {found} is not a compact ledger of a bench{why} "
                      f"(<protocol>/L<level>.jsonl or L<level>.repeat<r>.jsonl); the bench writes only into a new "
                      f"or empty folder, or one an earlier --compact-ledgers wrote: give another folder, or move "
                      f"what is not a ledger out of it")


def ledger_path(root: str | Path, protocol: str, repeat: int, level: int) -> Path:
    return Path(root) / protocol / (f"L{level}.jsonl" if repeat == 1 else f"L{level}.repeat{repeat}.jsonl")


def ledger_files(root: str | Path, protocol: str, repeat: int) -> list[Path]:
    """The ledgers under ``root`` of ``protocol``'s repeat ``repeat``, every level."""
    folder = Path(root) / protocol
    found = []
    for f in sorted(folder.glob("L*.jsonl")) if folder.is_dir() else []:
        m = LEDGER_NAME.match(f.name)
        if m and int(m.group(2) or 1) == repeat:
            found.append(f)
    return found


def restore(ledger: RunLedger, jobs: Sequence, files: Iterable[Path], *,
            rejudge: frozenset[str] = frozenset()) -> Restored:
    """Record into ``ledger`` (a run directory's `autokernel.ledger.Ledger`) the verdict ``files`` hold for each
    of ``jobs`` (`kb.bench_kb.Job`) under the ledger's key, unless the run directory has one or it is of a kind
    judged again (``rejudge``); the candidate's source comes from the job, the invocations that judged them go
    into run.json. Lines of a job under another key are counted, not recorded."""
    from autokernel.ledger import policy_digest

    jobs_by = {(j.problem.key, j.candidate.digest): j for j in reversed(jobs)}  # the first job of a candidate
    have = {row["cache_key"] for row in ledger.rows()}
    policy = policy_digest(ledger.policy)
    found: dict[str, tuple[dict, Any]] = {}  # cache key -> (line, job); a later line wins, as in a run directory
    headers: dict[str, dict] = {}  # cache key -> the run_json of the ledger its line is in
    other: dict[str, int] = {}  # cache key -> lines of that job under another key
    for f in files:
        part = read_ledger(f)
        for line in part.rows:
            job = jobs_by.get((line.get("problem"), line.get("candidate_digest")))
            if job is None:
                continue
            key = ledger.key(job.problem, job.candidate)
            if (line.get("problem_digest"), line.get("device"), line.get("policy_digest")) != (
                    job.problem.digest, ledger.device, policy):
                other[key] = other.get(key, 0) + 1
            elif key not in have:
                found[key], headers[key] = (line, job), part.run_json
    recorded = [key for key, (line, _) in found.items() if line["verdict"].get("verdict") not in rejudge]
    for key in recorded:
        line, job = found[key]
        _record(ledger, job, line)
    _restore_invocations(ledger.root, [headers[k] for k in recorded])
    return Restored(recorded=len(recorded),
                    foreign=sum(n for key, n in other.items() if key not in have and key not in found))


def _record(ledger: RunLedger, job, line: dict) -> None:
    from autokernel.propose.base import Attempt

    attempt = Attempt(candidate=job.candidate, verdict=restored_verdict(line))
    ledger.record(job.problem, attempt)
    if attempt.is_correct:
        ledger.save_best(job.problem, attempt)  # as the judging loop does: best.py for `run:` candidates


def _restore_invocations(run_dir: Path, headers: list[dict]) -> None:
    """The invocations of the ledgers' headers that run.json lacks, before its own, and the run's dataset, config
    and note where run.json has none (a call that only restores judges nothing and records no dataset): the page
    header then names every invocation that judged its verdicts, and the data they were judged on."""
    from autokernel.ledger.run_info import update_run_info

    wanted = _merge([], (inv for h in headers for inv in h.get("invocations", [])), _invocation_id)
    run_keys = {k: h[k] for h in reversed(headers) for k in RUN_KEYS if h.get(k)}  # the first header's wins
    if not wanted and not run_keys:
        return

    def update(info: dict) -> None:
        have = {_invocation_id(inv) for inv in compact_run_json(info)["invocations"]}
        info["invocations"] = [inv for inv in wanted if _invocation_id(inv) not in have] + info["invocations"]
        for key, value in run_keys.items():
            if not info.get(key):
                info[key] = value

    update_run_info(run_dir, update, create=True)


def write_back(root: str | Path, runs: Iterable[tuple[str, int, Path]]) -> list[Path]:
    """Merge the verdicts of ``runs`` ((protocol, repeat, run directory)) into the ledgers under ``root`` (one
    per protocol, repeat and level); returns the ledgers written."""
    from autokernel.ledger import RESULTS

    written = []
    for protocol, repeat, run_dir in runs:
        if not (Path(run_dir) / RESULTS).is_file():
            continue
        for level, part in sorted(split_levels(compact_run(run_dir)).items()):
            path = ledger_path(root, protocol, repeat, level)
            old = read_ledger(path) if path.is_file() else Ledger(run=part.run)
            written.append(write_ledger(path, merge(old, part)))
    return written


def merge(old: Ledger, new: Ledger) -> Ledger:
    """``old`` with ``new``'s lines: a line of the same problem, candidate and key is replaced in place (by the
    latest of ``new``, as a run directory's latest row stands), the others appended; old lines ``new`` does not
    hold stay. Invocations likewise (one that has ended replaces its record from before it ended)."""
    run_json = {**old.run_json, **{k: v for k, v in new.run_json.items() if k != "invocations"}}
    run_json["invocations"] = _merge(old.run_json.get("invocations", []), new.run_json.get("invocations", []),
                                     _invocation_id)
    return Ledger(run=new.run, run_json=run_json, rows=_merge(old.rows, new.rows, _line_id))


def _merge(old: Iterable[dict], new: Iterable[dict], ident: Callable[[dict], Hashable]) -> list[dict]:
    """``old`` in its order, each item ``new`` also holds replaced by ``new``'s latest, then ``new``'s others."""
    latest = {}
    for item in new:
        latest[ident(item)] = item
    out, placed = [], set()
    for item in old:
        key = ident(item)
        if key not in latest:
            out.append(item)
        elif key not in placed:
            out.append(latest[key])
            placed.add(key)
    return out + [item for key, item in latest.items() if key not in placed]


def _line_id(line: dict) -> tuple:
    return tuple(line.get(k) for k in ("problem", "candidate_digest", "problem_digest", "device", "policy_digest"))


def _invocation_id(inv: dict) -> str:
    return json.dumps({k: v for k, v in inv.items() if k not in _CLOSING}, sort_keys=True, default=str)
