"""``extract``: a profile's top operations as KernelBench-format problem files, ready for ``starter``, ``eval`` and
``run``.

Each file is one operation with the model's real shapes, dtypes, layouts and parameters, or a fused chain: a
call and the pointwise epilogue the trace shows right after it (``emit.chain``). Operations whose problem text
is the same (the same shapes in another layer) are written once, and the file's docstring names every place in
the model it came from and the share of the forward they take.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from autokernel.profile.emit import EmitError, chain, emit
from autokernel.profile.profile import OpRow, Profile


@dataclass(frozen=True, kw_only=True)
class Extracted:
    """One written problem file."""

    path: Path
    ops: tuple[str, ...]  # the calls it runs, e.g. ("F.linear", "F.relu")
    origins: tuple[str, ...]  # modules of the model it came from
    share_pct: float  # of the eager forward, all its calls together (anchor and epilogue)
    amdahl: float | None  # the anchor operation's Amdahl bound


def _file_name(rank: int, ops: list[str], row: OpRow) -> str:
    first = row.calls and row.shapes.split(" ")[0] or ""
    stem = "_".join(re.sub(r"[^A-Za-z0-9]+", "", o.split(".")[-1]) for o in ops[:4]) or "op"
    shape = re.sub(r"[^0-9]+", "x", first).strip("x")
    return f"{rank:02d}_{stem}_{shape}.py"[:120]


def candidates(profile: Profile):
    """(row, members) for every operation worth a kernel, best first: rows that compute (no views or
    factories), each with its chain from the first call; rows whose calls are all some chain's epilogue are
    left to that chain."""
    trace = profile.trace
    consumers = trace.consumers()
    epilogues = {m for c in trace.calls if c.kind in ("heavy", "other") for m in chain(trace, c.index, consumers)[1:]}
    for row in profile.ranked():
        if row.kind in ("view", "factory") or set(row.calls) <= epilogues:
            continue
        yield row, chain(trace, row.representative, consumers)


def extract(profile: Profile, out_dir: str | Path, *, top: int = 5) -> tuple[list[Extracted], list[str]]:
    """Write up to ``top`` problems into ``out_dir`` (created); returns them and the reasons for skipped ones."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    trace = profile.trace
    by_call = {i: row for row in profile.rows for i in row.calls}
    written: dict[str, int] = {}  # body -> position in results
    results: list[Extracted] = []
    skipped: list[str] = []
    covered: set[int] = set()  # calls inside chains already written (every layer's copy of them)
    consumers = trace.consumers()
    for row, members in candidates(profile):
        if len(results) >= top:
            break
        if set(row.calls) <= covered:
            continue
        for k, m in enumerate(members[1:], start=1):
            if m in covered:  # an epilogue call some problem already stands for: the chain stops before it (two
                members = members[:k]  # problems claiming one call, verify found the later one's calls taken)
                break
        try:
            emitted = emit(trace, members)
        except EmitError as exc:
            if len(members) > 1:
                try:
                    members = members[:1]
                    emitted = emit(trace, members)
                except EmitError as exc2:
                    skipped.append(f"{row.op} {row.shapes}: {exc2}")
                    continue
            else:
                skipped.append(f"{row.op} {row.shapes}: {exc}")
                continue
        if emitted.body in written:
            continue
        for i in row.calls:
            covered.update(chain(trace, i, consumers)[: len(members)])
        ops = [by_call[m].op for m in members]
        # every call of the model this problem stands for: the anchor's group, and its epilogue's calls
        share_ms = row.time_ms + sum(by_call[m].time_ms / len(by_call[m].calls) * len(row.calls)
                                     for m in members[1:])
        share = share_ms / profile.total_ms * 100 if profile.total_ms > 0 else 0.0
        amdahl = row.amdahl(profile.total_ms)
        origins = tuple(m or "<forward>" for m in row.modules)
        path = out / _file_name(len(results) + 1, ops, row)
        header = _header(profile, row, ops, origins, share, amdahl)
        path.write_text(header + "\n" + emitted.body, encoding="utf-8")
        written[emitted.body] = len(results)
        results.append(Extracted(path=path, ops=tuple(ops), origins=origins, share_pct=share, amdahl=amdahl))
    return results, skipped


def _header(profile: Profile, row: OpRow, ops: list[str], origins, share: float, amdahl) -> str:
    chain_text = " -> ".join(ops) + (" (the call and its epilogue, fused)" if len(ops) > 1 else "")
    where = ", ".join(origins[:8]) + (f" and {len(origins) - 8} more" if len(origins) > 8 else "")
    floor = (f"; Amdahl bound {amdahl:.3f}x if the first call ran at its floor ({profile.gpu_name})"
             if amdahl is not None else "")
    return (
        f'"""Extracted from {profile.model}: {chain_text}.\n\n'
        f"Shapes {row.shapes}; {len(row.calls)} call(s) per forward, in {where}.\n"
        f"{share:.2f}% of the forward ({profile.total_ms:.4g} ms, {profile.time_label}, {profile.device})"
        f"{floor}.\n"
        f'Written by `autokernel-kb profile --extract`; `autokernel-kb verify` swaps its kernel back into the model.\n"""\n'
    )
