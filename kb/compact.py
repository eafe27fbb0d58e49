"""Compact ledgers: what the published leaderboard pages read, one JSON Lines file per level, small enough for git.

A run directory holds every candidate, its verdict, caches and locks (tens of MB); the pages read a few fields of
each verdict. The full directories go to a Hub dataset (`kb.archive`); git keeps ``<board>/ledger/L<level>.jsonl``
and one kernel file per published row. Format (version 1)::

    line 1    {"compact_ledger": 1, "run": "L1", "run_json": {...}}
              run_json: the run's run.json, only what the page header reads (dataset, config, note, and per
              invocation its budget, devices, throughput, start and note; a bench invocation's mode,
              candidates and repeat)
    then      one verdict per line, in recorded order:
              {"origin": "search" | "rejudge", "protocol": "strict", "problem": "L1/19", "problem_name": ...,
               "candidate_digest": ..., "verdict": {...}, ...}
              search:  experiment, proposer, round, idea (an `autokernel-kb run` row)
              rejudge: candidates, preset, preferred (a re-judged verdict, `kb.bench_kb.verdict_records`; preferred: its record
                       stands for its problem whatever the others hold, ``--prefer``)
              source_path, code_digest: only where the candidate's source is kept (path relative to the ledger's
                       folder; code_digest: `code_digest` of the judged source)
              problem_digest, device, policy_digest: what keyed the verdict in its run directory (the problem
                       text's digest, the device kind, `autokernel.ledger.policy_digest` of the policy), on lines
                       `compact_run` writes, so a bench resuming from the ledger (``--compact-ledgers``) takes
                       only verdicts of its own problem text, device and policy

``protocol`` says which judge produced the verdict (`autokernel.evaluate.protocol`: the verdict's own record);
verdicts recorded before protocols existed are ``"strict"`` (fp32 truth). The verdict keeps: verdict, reason, quarantined, speedups, floor, kernel/eager/
compiled timing stats, device, the policy's tolerance and precisions, the environment's GPU, driver and versions,
the plausibility check's figures (the FMA floor), and its protocol where it records one.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import os
import re
import shutil
import tokenize
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from autokernel.records import Verdict

FORMAT = 1
STRICT = "strict"  # the protocol of every verdict recorded before protocols existed (`Verdict.protocol` == "")
_VERDICT_KEYS = ("verdict", "reason", "quarantined", "speedup", "speedup_vs_compile", "speedup_mean",
                 "speedup_vs_compile_mean", "floor_ms", "pct_of_floor", "kernel", "eager", "compiled", "device",
                 "policy", "environment", "protocol")  # fmt: skip
_IF_RECORDED = ("speedup_mean", "speedup_vs_compile_mean")  # KernelBench's statistic; absent from older lines
_FLOOR_FIGURES = ("flops", "bytes", "vector_tflops", "memory_gbps")  # what `kb.runs.fma_floor` reads (and, without
# the two rates, which older verdicts lack, the peak_used text they are parsed from)
_POLICY_KEYS = ("tolerance_preset", "atol", "rtol", "reference_precision", "baseline_precision", "baseline_rule")
# baseline_rule: the precision this problem's baselines ran in and why (strict decides it per problem)
_ENVIRONMENT_KEYS = ("gpu", "driver", "cuda_runtime", "torch", "triton", "sm_clock_max_mhz")
_SEARCH_KEYS = ("experiment", "proposer", "round", "idea")
_REJUDGE_KEYS = ("candidates", "preset")
RUN_KEYS = ("dataset", "config", "note")
_INVOCATION_KEYS = ("started", "level", "rounds", "ideas_per_round", "branches_per_idea", "stop_after_s",
                    "workers_per_device", "devices", "candidates_evaluated", "wall_s", "candidates_per_device_hour",
                    "note", "mode", "generations", "candidates", "protocol", "repeat", "repeat_within")  # fmt: skip
# mode ... repeat: an `autokernel-kb bench` invocation (judged, not searched), as the page header names it;
# repeat_within: the band its repeats kept to (`kb.runs.repeat_band`, which decides the kernels it left out)
_KEY = re.compile(r"^L(\d+)/(\d+)$")


class LedgerError(ValueError):
    """A compact ledger that cannot be read or does not match its kept kernels; the message says which."""


def candidate_digest(source: str) -> str:
    """The judge's digest of a candidate: sha256 of its text, 16 hex digits (`autokernel.records.Candidate`)."""
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def code_digest(source: str) -> str:
    """sha256 of the source's syntax tree: blind to comments and formatting, so a kept kernel whose comments
    were reworded still shows it is the code that was judged."""
    return hashlib.sha256(ast.dump(ast.parse(source)).encode()).hexdigest()


def reword_comments(source: str, rewrite: Callable[[str], str]) -> str:
    """``source`` with ``rewrite`` applied to its comments only (strings, docstrings and code untouched)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    lines = source.splitlines(keepends=True)
    for tok in reversed(tokens):  # from the end, so earlier offsets stay valid
        if tok.type != tokenize.COMMENT:
            continue
        row, start = tok.start
        _, end = tok.end
        line = lines[row - 1]
        lines[row - 1] = line[:start] + rewrite(tok.string) + line[end:]
    out = "".join(lines)
    if code_digest(out) != code_digest(source):  # a rewrite that made a comment into code
        raise LedgerError("rewording comments changed the code")
    return out


@dataclass
class Ledger:
    """One level's compact ledger: the run's header and its verdict lines."""

    run: str
    run_json: dict[str, Any] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)

    def search_rows(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r.get("origin") == "search"]

    def rejudge_rows(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r.get("origin") == "rejudge"]

    def header(self) -> dict[str, Any]:
        return {"compact_ledger": FORMAT, "run": self.run, "run_json": self.run_json}


def is_ledger(path: str | Path) -> bool:
    """A compact ledger file (rather than a run directory)."""
    return Path(path).suffix == ".jsonl" and Path(path).is_file()


def read_ledger(path: str | Path) -> Ledger:
    path = Path(path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or lines[0].get("compact_ledger") != FORMAT:
        raise LedgerError(f"{path}: not a compact ledger (version {FORMAT}): its first line must be the header")
    head = lines[0]
    return Ledger(run=str(head.get("run", path.stem)), run_json=dict(head.get("run_json") or {}), rows=lines[1:])


def write_ledger(path: str | Path, ledger: Ledger) -> Path:
    """Write ``ledger`` whole, then rename it over ``path``: a kill mid-write never leaves half a ledger."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [ledger.header(), *ledger.rows]
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in lines),
                   encoding="utf-8")
    tmp.replace(path)
    return path


def compact_verdict(verdict: dict[str, Any]) -> dict[str, Any]:
    """The fields of a verdict that the pages read (see the module docstring)."""
    out = {k: verdict.get(k) for k in _VERDICT_KEYS if k in verdict and not (k in _IF_RECORDED and verdict[k] is None)}
    for key, keep in (("policy", _POLICY_KEYS), ("environment", _ENVIRONMENT_KEYS)):
        if isinstance(out.get(key), dict):
            out[key] = {k: out[key][k] for k in keep if k in out[key]}
    for check in verdict.get("checks") or []:
        if check.get("name") == "plausibility":
            fig = check.get("figures") or {}
            kept = {k: fig[k] for k in _FLOOR_FIGURES if k in fig}
            if "peak_used" in fig and (fig.get("vector_tflops") is None or fig.get("memory_gbps") is None):
                kept["peak_used"] = fig["peak_used"]
            out["checks"] = [{"name": "plausibility", "figures": kept}]
    return out


def compact_run_json(data: dict[str, Any]) -> dict[str, Any]:
    """The run.json fields the page header reads (`kb.runs._run_info`)."""
    out = {k: data[k] for k in RUN_KEYS if k in data}
    out["invocations"] = [{k: inv[k] for k in _INVOCATION_KEYS if k in inv} for inv in data.get("invocations", [])]
    return out


def compact_run(run_dir: str | Path, *, name: str | None = None) -> Ledger:
    """A run directory's rows (KernelBench problems only) as a compact ledger, each line of its verdict's
    protocol (`protocol_of`)."""
    from autokernel.ledger import policy_digest, read_rows, standing_rows

    root = Path(run_dir)
    try:
        run_json = json.loads((root / "run.json").read_text())
    except (OSError, ValueError):
        run_json = {}
    ledger = Ledger(run=name or root.name, run_json=compact_run_json(run_json))
    for row in standing_rows(read_rows(root / "results.jsonl")[0]):  # a close call judged again: its second only
        if not _KEY.match(str(row.get("problem", ""))):
            continue
        line = {"origin": "search", "protocol": protocol_of(row["verdict"]), "problem": row["problem"],
                "problem_name": row.get("problem_name", ""), "candidate_digest": row.get("candidate_digest", "")}
        line |= {k: row.get(k) for k in _SEARCH_KEYS}
        if "policy" in row:  # what keyed the verdict (every `autokernel.ledger.Ledger` row records it)
            line |= {"problem_digest": row.get("problem_digest", ""), "device": row.get("device", ""),
                     "policy_digest": policy_digest(row["policy"])}
        line["verdict"] = compact_verdict(row["verdict"])
        ledger.rows.append(line)
    return ledger


def restored_verdict(line: dict[str, Any]) -> Verdict:
    """The `Verdict` of a compact line, for a run directory that resumes from the ledger: the fields the pages
    read, as judged; what compacting dropped (other checks, errors, stage times, logs) is left at its default."""
    from autokernel.records import Verdict

    data = dict(line["verdict"])
    # compacting keeps the plausibility check's figures only; it fails exactly when the judge quarantines
    data["checks"] = [{"passed": not data.get("quarantined"), **c} for c in data.get("checks") or []]
    data |= {"problem": line.get("problem", ""), "problem_digest": line.get("problem_digest", ""),
             "candidate_digest": line.get("candidate_digest", "")}
    return Verdict.from_dict(data)


def split_levels(ledger: Ledger) -> dict[int, Ledger]:
    """A compact ledger of several levels (a bench run directory judges whole levels into one) as one ledger per
    level: its rows, and the run's invocations that judged that level (``level`` "1" or "1,2"; those that name
    none are kept in every level's)."""
    out: dict[int, Ledger] = {}
    for row in ledger.rows:
        if (level := level_of(row)) is not None:
            out.setdefault(level, Ledger(run=f"L{level}")).rows.append(row)
    for level, part in out.items():
        part.run_json = {**ledger.run_json, "invocations": [
            inv for inv in ledger.run_json.get("invocations", [])
            if inv.get("level") in (None, "") or str(level) in str(inv["level"]).replace(" ", "").split(",")]}
    return out


def rejudged_line(record: dict[str, Any], *, preferred: bool) -> dict[str, Any]:
    """A re-judged verdict record (flat: the verdict's fields beside name, candidates, preset; see
    `kb.bench_kb.verdict_records`)."""
    line = {"origin": "rejudge", "protocol": protocol_of(record), "problem": record.get("problem", ""),
            "problem_name": record.get("name", ""), "candidate_digest": record.get("candidate_digest", "")}
    line |= {k: record[k] for k in _REJUDGE_KEYS if k in record}
    line["preferred"] = preferred
    line["verdict"] = compact_verdict(record)
    return line


def protocol_of(verdict: dict[str, Any]) -> str:
    """The protocol that judged ``verdict``: its own record, or ``strict`` for verdicts made before protocols."""
    return str(verdict.get("protocol") or STRICT)


def level_of(line: dict[str, Any]) -> int | None:
    m = _KEY.match(str(line.get("problem", "")))
    return int(m.group(1)) if m else None


def keep_kernel(ledger_path: Path, ledger: Ledger, problem: str, digest: str, judged: Path | str, dest: Path,
                *, code: str | None = None) -> Path:
    """Copy the judged source of ``problem``'s candidate ``digest`` to ``dest`` (unless it is that file) and record
    it on every line of that problem and candidate: ``source_path`` (relative to the ledger's folder) and
    ``code_digest``. ``judged`` must be the judged text (its candidate digest is ``digest``), or, given ``code``
    (the code digest recorded when it was judged), a copy whose comments were reworded since."""
    text = Path(judged).read_text()
    if code is None:
        if candidate_digest(text) != digest:
            raise LedgerError(f"{judged}: not the judged text of candidate {digest}")
        code = code_digest(text)
    elif code_digest(text) != code:
        raise LedgerError(f"{judged}: its code is not candidate {digest}'s as judged")
    if Path(judged).resolve() != dest.resolve():
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(judged, dest)
    rel = Path(os.path.relpath(dest.resolve(), ledger_path.parent.resolve())).as_posix()
    hits = 0
    for line in ledger.rows:
        if line.get("problem") == problem and line.get("candidate_digest") == digest:
            line["source_path"], line["code_digest"] = rel, code
            hits += 1
    if not hits:
        raise LedgerError(f"{judged}: no verdict of {problem} in {ledger_path} judged candidate {digest}")
    return dest


@dataclass(frozen=True)
class KeptKernel:
    path: Path  # as the ledger's folder joined with source_path, normalised
    problem: str
    candidate_digest: str
    code_digest: str


def kept_kernels(ledger_paths: Iterable[str | Path], *, verify: bool = True) -> list[KeptKernel]:
    """Every kept kernel the ledgers name (one entry per file and candidate), each checked (``verify``, about
    30 ms a file): the file's code digest must equal the one recorded when it was judged (only comments may
    differ)."""
    seen: dict[tuple[Path, str], KeptKernel] = {}
    for lp in ledger_paths:
        lp = Path(lp)
        for line in read_ledger(lp).rows:
            if not line.get("source_path"):
                continue
            path = Path(os.path.normpath(lp.parent / line["source_path"]))
            kept = KeptKernel(path, line["problem"], line["candidate_digest"], line.get("code_digest", ""))
            if (path, kept.candidate_digest) in seen:
                continue
            if not path.is_file():
                raise LedgerError(f"{lp}: {line['problem']} names {path}, which does not exist")
            found = code_digest(path.read_text()) if verify else kept.code_digest
            if found != kept.code_digest:
                raise LedgerError(f"{path}: its code is not the judged candidate {kept.candidate_digest}'s "
                                  f"(code digest {found[:12]}, recorded {kept.code_digest[:12]})")
            seen[(path, kept.candidate_digest)] = kept
    return list(seen.values())
