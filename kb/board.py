"""One GPU's scores under both protocols, side by side: the page a reader compares us with the field on.

KernelBench's protocol leads (what the field reports); the strict one stands beside it, with the same kernels.
Each protocol keeps its own full page (`kb.leaderboard`); this index reads their ``score.json`` and
``problems.csv`` and writes::

    README.md      per level, one table: every metric under each protocol (kernelbench first), labelled
    problems.csv   every row of every protocol's problems.csv, with a ``protocol`` column (kernelbench first)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from autokernel.evaluate.protocol import PROTOCOL_NAMES, describe
from kb.scorer import ScoreInputError, level_label, speedup_text


def protocol_order(protocols) -> list[str]:
    """KernelBench's protocol first, then the others in `PROTOCOL_NAMES` order."""
    return sorted(protocols, key=lambda p: (p != "kernelbench", PROTOCOL_NAMES.index(p) if p in PROTOCOL_NAMES else 99))


def write_index(pages: Mapping[str, str | Path], folder: str | Path, *, title: str = "", archive: str = "",
                notes: Sequence[str] = ()) -> list[Path]:
    """The side-by-side index of protocol pages. ``pages``: protocol -> the folder of its `kb.leaderboard` page
    (holding score.json and problems.csv); ``archive``: a line on where the full run directories are
    (`kb.leaderboard.archive_line`); ``notes``: paragraphs a reader needs before the tables (which kernels
    differ between the protocols). Returns the files written."""
    import pandas as pd

    folder = Path(folder)
    order = protocol_order(pages)
    scores, tables = {}, []
    for p in order:
        page = Path(pages[p])
        try:
            scores[p] = json.loads((page / "score.json").read_text())
            table = pd.read_csv(page / "problems.csv")
        except (OSError, ValueError) as exc:
            raise ScoreInputError(f"{page}: no readable score.json / problems.csv for protocol {p} ({exc})") from exc
        table.insert(2, "protocol", p)
        if "kernel_link" in table:  # relative to the protocol's page: rebased onto the index's folder
            table["kernel_link"] = [_rebase(link, page, folder) for link in table["kernel_link"]]
        tables.append(table)
    folder.mkdir(parents=True, exist_ok=True)
    combined = pd.concat(tables, ignore_index=True)
    combined["_order"] = combined["protocol"].map(order.index)
    combined = combined.sort_values(["level", "problem_id", "_order"]).drop(columns="_order")
    csv = folder / "problems.csv"
    combined.to_csv(csv, index=False)
    readme = folder / "README.md"
    readme.write_text(_markdown(scores, {p: Path(pages[p]) for p in order}, folder, title=title,
                                extra=[x for x in (archive, *notes) if x]))
    return [readme, csv]


def _rebase(link, page: Path, folder: Path):
    """A link relative to ``page`` as seen from ``folder`` (empty cells and URLs as they are)."""
    if not isinstance(link, str) or not link or "://" in link:
        return link
    return Path(os.path.relpath((page / link).resolve(), folder.resolve())).as_posix()


def _markdown(scores: Mapping[str, dict], pages: Mapping[str, Path], folder: Path, *, title: str,
              extra: Sequence[str] = ()) -> str:
    order = list(scores)
    env = scores[order[0]]["environment"]
    gpu = env.get("gpu", "")
    lines = [f"# {title or f'KernelBench results on {gpu}'}", "",
             "The same kernels, judged under two protocols. **kernelbench** is KernelBench's own (what the field "
             "reports; our anti-cheat checks may only reject more, and each such rejection names its check); "
             "**strict** is ours. Each column links its full page (environment, shortfalls, plots).", ""]
    for p in order:
        link = Path(os.path.relpath(pages[p] / "README.md", folder)).as_posix()
        lines.append(f"- [{p}]({link}): {describe(p)}")
    lines += ["", f"GPU {gpu}; driver {env.get('driver', '')}; torch {env.get('torch', '')}; triton "
                  f"{env.get('triton', '')}; dataset {env.get('dataset', '')} ({env.get('config', '')}); tolerance "
                  f"{env.get('tolerance_preset', '')}. Per-problem rows of both: [problems.csv](problems.csv).", ""]
    for paragraph in extra:
        lines += [paragraph, ""]
    levels = sorted({int(lv) for s in scores.values() for lv in s["levels"]})
    for level in levels:
        per = {p: scores[p]["levels"].get(str(level)) for p in order}
        lines += [f"## {level_label(level)}", "", "| metric | " + " | ".join(order) + " |",
                  "|---|" + "---:|" * len(order)]
        for label, get in _METRICS:
            lines.append(f"| {label} | " + " | ".join(get(per[p]) if per[p] else "–" for p in order) + " |")
        lines.append("")
    lines += ["fast_p: correct **and** faster than p× (strict `>`) over all problems of the level, a problem "
              "without a result counted as failed (KernelBench's definition). Geomeans: over correct kernels; over "
              "all problems with failures counted as 1×. Faster / tie / slower: correct kernels against the baseline, "
              "a speedup within that problem's measured repeat spread of 1× counted as a tie; one beyond the "
              "bench's `--repeat-within` band, judged once, decided by its speedup; \"+N unmeasured\": inside that band "
              "with no repeat spread yet (its repeats not yet judged), counted apart, neither win nor tie.", ""]
    return "\n".join(lines)


def _fast(key: str, p: str):
    return lambda s: f"{s[key][p]:.2f}"


def _outcome(key: str):
    def text(s: dict[str, Any]) -> str:
        c = s.get(key) or {}
        unmeasured = c.get("faster_spread_unmeasured", 0) + c.get("slower_spread_unmeasured", 0)
        base = f"{c.get('faster', 0)} / {c.get('tie', 0)} / {c.get('slower', 0)}"
        return base + (f" (+{unmeasured} unmeasured)" if unmeasured else "")
    return text


def _timed(text):
    """torch.compile's figures only where it was timed (not on CPU)."""
    return lambda s: text(s) if s.get("timed_vs_compile") else "not timed"


_METRICS = (
    ("correct", lambda s: f"{s['correct']}/{s['total_problems']}"),
    *((f"fast_{p} vs eager", _fast("fast_p", p)) for p in ("1.0", "1.5", "2.0")),
    *((f"fast_{p} vs torch.compile", _fast("fast_p_vs_compile", p)) for p in ("1.0", "1.5", "2.0")),
    ("geomean vs eager, correct kernels", lambda s: f"{speedup_text(s['geomean_speedup'])}×"),
    ("geomean vs eager, failures as 1×", lambda s: f"{speedup_text(s.get('geomean_speedup_failures_as_1x', 0))}×"),
    ("geomean vs compile, correct kernels", _timed(lambda s: f"{speedup_text(s['geomean_speedup_vs_compile'])}×")),
    ("geomean vs compile, failures as 1×",
     _timed(lambda s: f"{speedup_text(s.get('geomean_speedup_vs_compile_failures_as_1x', 0))}×")),
    ("faster / tie / slower vs eager", _outcome("vs_eager")),
    ("faster / tie / slower vs compile", _timed(_outcome("vs_compile"))),
    ("median % of floor", lambda s: "–" if s.get("median_pct_of_floor") is None else f"{s['median_pct_of_floor']:.1f}%"),
)
