"""Compiled Triton kernels shared between a backend's candidate processes, given only by processes that ran our code.

Each candidate process compiles into a Triton cache in its own scratch folder, so a kernel many processes run is
compiled again in each: a round's control (the problem's best kernel, screened again beside every round's variants),
a screened variant judged in full, the kernels a move left as they were, inductor's 258 kernels in each CUDA-graph
variant of L3/34. On the H200 search panel the controls' first calls alone took a quarter of the first-call
seconds its screens recorded (2 129 of 8 345 s, compiles included, over 3 819 screen rows), and a compile is
stopped whenever a neighbour times.

A backend on a GPU keeps one folder for its lifetime (`make_folder`); every candidate process reads it before
compiling (`candidate_env`: Triton's ``TRITON_CACHE_MANAGER`` set to `_triton_cache.ReadThroughCache`), and the judge
side copies a process's compiles into it after the process ended (`harvest`), but only from a process that loaded
nothing except this package's own code (`records.Candidate.own_code`: the generated starter and its tunable
variants, inductor's captured code, CUDA-graph wraps of either). Any other candidate could leave a crafted binary
under the key of an honest kernel and make that kernel fail or slow down in every later process. Candidate
processes cannot write the folder (Landlock lets them write beneath their scratch folder only; where Landlock is
not applied, the verdict says so, and a candidate could write this folder as it could any of the run's files);
reading it gives them nothing they could not compile themselves. Triton's key covers the kernel's source and the
globals it reads, its specialisation, launch options, target and compiler versions, so a kernel found is the kernel
that would have been compiled: sharing changes how long a first call takes, never what runs.

The folder shares ``triton.autotune``'s choices too (``TRITON_CACHE_AUTOTUNING``: each autotuner keeps its configs'
timings in the cache, keyed by the kernel, its configs and the tuning key). Inductor's code for L3/34 autotunes 258
kernels over two configs each at its first call, every process again: a minute of benchmark launches in each screen
and verdict of a kernel that was already timed. A shared choice is the first process's pick among the kernel's own
configs, one that any process autotuning alone could have made (a reduction's configs may differ in summation order,
within rounding, as they did between processes before); the judge checks whichever runs. The choices alone outlive
the backend: a search keeps them in its run directory (`keep_choices`, one folder per GPU model) and a resumed run
starts from them (`restore_choices`), so a device call that resumes it does not benchmark them again.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

ENV = "AUTOKERNEL_SHARED_KERNELS"  # the folder, as the candidate's cache manager reads it
MANAGER = "autokernel.evaluate._triton_cache:ReadThroughCache"
CACHE_SUBDIR = "triton_cache"  # a candidate's own Triton cache, beneath its scratch (`sandbox.candidate_env`)
_GROUP = "__grp__"  # Triton's name prefix for the index of one compile's files
_INCOMING = ".incoming-"
CHOICES_DIR = "autotune"  # a run directory's kept autotuner choices, one folder per GPU model (`choices_folder`)
_AUTOTUNE = ".autotune.json"  # `triton.autotune`'s record of its configs' timings (``check_disk_cache``)


def make_folder() -> str:
    """A fresh folder for one backend's shared kernels (removed by `remove_folder` when the backend closes)."""
    return tempfile.mkdtemp(prefix="akb_kernels_")


def remove_folder(folder: str | None) -> None:
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def candidate_env(folder: str | None, device: str) -> dict[str, str]:
    """What a candidate process's environment adds to read ``folder`` (nothing off a GPU: the Triton interpreter
    compiles nothing)."""
    if not folder or not device.startswith("cuda"):
        return {}
    return {"TRITON_CACHE_MANAGER": MANAGER, ENV: folder, "TRITON_CACHE_AUTOTUNING": "1"}


def complete(entry: Path) -> bool:
    """Whether a cache entry (one key's folder) is whole: each compile index (``__grp__*``) names files all present
    beside it, and a folder without one holds only a built launcher (``*.so``, Triton's driver stubs) or an
    autotuner's timings (``*.autotune.json`` that reads as its record). A process killed mid-compile leaves IR files
    and no index: such an entry is never shared."""
    files = [f for f in entry.iterdir() if f.is_file() and f.name != "lock"]
    groups = [f for f in files if f.name.startswith(_GROUP)]
    if not groups:
        return bool(files) and all(f.suffix == ".so" or _autotune_record(f) for f in files)
    for group in groups:
        try:
            children = json.loads(group.read_text()).get("child_paths")
        except (OSError, ValueError):
            return False
        if not isinstance(children, dict) or not all((entry / name).is_file() for name in children):
            return False
    return True


def _autotune_record(path: Path) -> bool:
    """Whether ``path`` is a whole autotuner record: Triton writes it as JSON with its configs' timings."""
    if not path.name.endswith(_AUTOTUNE):
        return False
    try:
        return isinstance(json.loads(path.read_text()).get("configs_timings"), list)
    except (OSError, ValueError, AttributeError):
        return False


def choices_only(entry: Path) -> bool:
    """Whether a cache entry holds autotuners' records alone (`triton.autotune`'s configs' timings), no compile."""
    files = [f for f in entry.iterdir() if f.is_file() and f.name != "lock"]
    return bool(files) and all(_autotune_record(f) for f in files)


def harvest(private: str | Path, folder: str | Path, *, only: Callable[[Path], bool] | None = None) -> int:
    """Copy the whole entries of a candidate's own cache ``private`` that ``folder`` lacks (those ``only`` accepts,
    where given); returns how many.

    Each entry lands whole or not at all (copied beside, then renamed into place), so a process reading the folder
    never sees half of one; two judges harvesting the same entry at once keep the first. The caller vouches that
    the process that wrote ``private`` ran only our own code."""
    private, folder = Path(private), Path(folder)
    if not private.is_dir() or not folder.is_dir():
        return 0
    added = 0
    for entry in sorted(p for p in private.iterdir() if p.is_dir() and not p.name.startswith(_INCOMING)):
        dest = folder / entry.name
        if dest.exists() or not complete(entry) or (only is not None and not only(entry)):
            continue
        incoming = folder / f"{_INCOMING}{uuid.uuid4().hex}"
        try:
            shutil.copytree(entry, incoming, ignore=shutil.ignore_patterns("tmp.*", "lock"))
            os.rename(incoming, dest)
            added += 1
        except OSError:  # another judge renamed the same entry in first, or the disk is full: it stays unshared
            shutil.rmtree(incoming, ignore_errors=True)
    return added


def harvest_quietly(scratch: str, folder: str | None) -> int:
    """`harvest` of a finished candidate's scratch folder; sharing is a saving, so a failure costs only the saving."""
    if not folder:
        return 0
    with contextlib.suppress(OSError):
        return harvest(Path(scratch) / CACHE_SUBDIR, folder)
    return 0


def keep_choices(folder: str | Path, keep: str | Path) -> int:
    """Copy the autotuners' choices in a backend's ``folder`` into ``keep``, a run's own folder that outlives the
    backend (created here); returns how many. The compiles stay behind: a choice is a few hundred bytes, a compile
    a few hundred kilobytes, and the choices are what a resumed run's first process would pay most for again (on
    L3/34, inductor's 258 autotuned kernels benchmarked their two configs for a minute, their compiles took 31 s)."""
    keep = Path(keep)
    keep.mkdir(parents=True, exist_ok=True)
    return harvest(folder, keep, only=choices_only)


def restore_choices(keep: str | Path | None, folder: str | Path) -> int:
    """Copy the choices kept in ``keep`` (`keep_choices`) into a new backend's ``folder``; returns how many (none
    when ``keep`` is missing). A kept choice is read like a harvested one: the run directory's own processes, ones
    that ran only our code, wrote it, and Triton's key for it names the kernel, its configs, the compiler versions
    and the target; the folder is per GPU model (`choices_folder`), the target naming only the architecture."""
    if keep is None or not Path(keep).is_dir():
        return 0
    return harvest(keep, folder, only=choices_only)


def choices_folder(run_dir: str | Path, gpus: list[str]) -> Path | None:
    """Where a run directory keeps the autotuners' choices made on ``gpus`` (the local devices' models): one folder
    per model, none for a mix of models or no GPU."""
    models = sorted(set(gpus))
    if len(models) != 1:
        return None
    return Path(run_dir) / CHOICES_DIR / re.sub(r"[^A-Za-z0-9._-]+", "_", models[0]).strip("_")
