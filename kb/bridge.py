"""KernelBench -> `Problem`s: the dataset (Hub or local copy), problem files, and references like ``L1/19``.

    >>> from kb.bridge import resolve_problems
    >>> [p.key for p in resolve_problems(["L1/19"], dataset="../shared/kernelbench")]  # doctest: +SKIP
    ['L1/19']
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

from autokernel import settings
from autokernel.problem import Problem, ProblemError

HUB_DATASET = "ScalingIntelligence/KernelBench"
LEVELS = (1, 2, 3, 4)
_REF = re.compile(r"^(?:L|level[_ ]?)?(\d)[/:_-](\d[\d,\s-]*)$", re.IGNORECASE)


_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


def dataset_label(dataset: str) -> str:
    """How a page names where the problems came from: a Hub id as it is, a local folder as a local copy (its path on
    the machine that ran says nothing to a reader; the ledger's problem digests say which texts were judged)."""
    if not dataset or _HUB_ID.match(dataset):
        return dataset
    return f"a local KernelBench copy, {Path(dataset).name}"


def dataset_location(dataset: str | None = None, config: str | None = None) -> tuple[str, str | None]:
    """The dataset and config to use: explicit arguments, then the environment, then the Hub."""
    return (dataset or settings.get("AUTOKERNEL_KB_DATASET", HUB_DATASET),
            config or settings.get("AUTOKERNEL_KB_DATASET_CONFIG"))


@functools.cache
def _load_split(dataset: str, config: str | None, level: int):
    import datasets

    split = f"level_{level}"
    try:
        return datasets.load_dataset(dataset, config, split=split)
    except Exception as exc:  # datasets raises many types (network, missing config, missing split)
        where = "a local folder" if Path(dataset).exists() else "the Hugging Face Hub"
        raise ProblemError(
            f"could not load KernelBench {split} from {where} ({dataset!r}, config {config or 'default'}): "
            f"{type(exc).__name__}: {exc}. Offline? Pass --dataset /path/to/a/local/copy or set AUTOKERNEL_KB_DATASET."
        ) from exc


_FILE = re.compile(r"^(\d+)_.+\.py$")


def repo_layout_dir(dataset: str, level: int) -> Path | None:
    """The ``level{N}`` folder of a KernelBench repository checkout (``KernelBench/level1/19_ReLU.py``) when
    ``dataset`` is one (the folder itself or the checkout's root), else None: a clone of the repository is a local
    copy as good as the Hub dataset, and needs no ``datasets``."""
    root = Path(dataset)
    for base in (root, root / "KernelBench"):
        folder = base / f"level{level}"
        if folder.is_dir() and any(_FILE.match(f.name) for f in folder.iterdir()):
            return folder
    return None


def _read_layout(folder: Path, level: int) -> list[dict]:
    rows = []
    for f in folder.iterdir():
        m = _FILE.match(f.name)
        if m and f.is_file():
            rows.append({"code": f.read_text(encoding="utf-8"), "name": f.stem, "level": level,
                         "problem_id": int(m.group(1))})
    ids = [r["problem_id"] for r in rows]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ProblemError(f"{folder}: problem id(s) {dupes} named by more than one file")
    return rows


def load_level(level: int, *, dataset: str | None = None, config: str | None = None) -> list[Problem]:
    """All problems of a level, sorted by problem id: from the Hub dataset, a local copy of it (``datasets``
    folder), or a KernelBench repository checkout (``level1/``, ``level2/`` ... of problem files)."""
    if level not in LEVELS:
        raise ProblemError(f"KernelBench has levels 1-4, not {level}")
    ds, cfg = dataset_location(dataset, config)
    folder = repo_layout_dir(ds, level)
    rows = _read_layout(folder, level) if folder is not None else _load_split(ds, cfg, level)
    if folder is not None:
        cfg = cfg or "files"
    origin = f"kernelbench:{ds}@{cfg or 'default'}"
    problems = [Problem.from_source(r["code"], name=r["name"], level=int(r["level"]), problem_id=int(r["problem_id"]),
                                    origin=origin) for r in rows]
    return sorted(problems, key=lambda p: p.problem_id)


def parse_ids(spec: str) -> list[int]:
    """``"1-10,19"`` -> [1, ..., 10, 19]."""
    ids: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*-\s*(\d+)", part)
        try:
            ids.extend(range(int(m.group(1)), int(m.group(2)) + 1) if m else [int(part)])
        except ValueError as exc:
            raise ProblemError(f"bad problem id list {spec!r}: use numbers and ranges like 1-10,19") from exc
    return ids


def select(level: int, ids: Iterable[int] | None = None, **kw) -> list[Problem]:
    problems = load_level(level, **kw)
    if ids is None:
        return problems
    by_id = {p.problem_id: p for p in problems}
    wanted = list(ids)
    missing = [i for i in wanted if i not in by_id]
    if missing:
        raise ProblemError(f"level {level} has no problem ids {missing}; it has 1..{max(by_id)}")
    return [by_id[i] for i in wanted]


def resolve_problems(refs: Iterable[str], *, dataset: str | None = None, config: str | None = None) -> list[Problem]:
    """Problem references -> problems. A reference is ``L1/19`` (also ``level1/19``, ``1/19``; ids as in
    `parse_ids`: ``L1/1-10,19``), a KernelBench-format ``.py`` file, or a folder of them."""
    out: list[Problem] = []
    for ref in refs:
        m = _REF.match(ref.strip())
        path = Path(ref)
        if m and not path.exists():
            out.extend(select(int(m.group(1)), parse_ids(m.group(2)), dataset=dataset, config=config))
        elif path.is_dir():
            files = sorted(path.glob("*.py"))
            if not files:
                raise ProblemError(f"{path} holds no .py problem files")
            out.extend(Problem.from_file(f) for f in files)
        elif path.suffix == ".py":
            out.append(Problem.from_file(path))
        else:
            raise ProblemError(f"{ref!r} is neither a problem reference like L1/19 nor a .py problem file or folder")
    return out
