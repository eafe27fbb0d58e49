"""Full run directories to and from a Hugging Face dataset repository.

Git keeps what the leaderboard pages read (compact ledgers, one kernel per published row: `kb.compact`); every
candidate, verdict, cache and log of a run lives in a dataset repository instead, one folder per pushed directory::

    push_runs(["leaderboards/runs/h200-2026-11-29"], "org/runs-nvidia-h200")   # -> h200-2026-11-29/... in the repo
    pull_runs("org/runs-nvidia-h200", "leaderboards/runs")                      # the folders back, as pushed

From a shell: ``autokernel-kb archive push RUN_DIR... --repo ORG/NAME [--dry-run]`` and
``autokernel-kb archive pull --repo ORG/NAME --into DIR [--run NAME]``.

Lock files, temporary files, a run's own git repository and bytecode are left out (`SKIPPED`): they are machine
state, not results. ``huggingface_hub`` reads ``HF_ENDPOINT`` when first imported; pass ``endpoint`` to reach
another Hub from a process that already imported it.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

SKIPPED_NAMES = ("*.lock", "*.tmp", "*.pyc", "*.swp")  # file names never uploaded
SKIPPED_PARTS = (".git", "__pycache__", ".pytest_cache", ".cache")  # folders never uploaded (anywhere in a path)


class ArchiveError(RuntimeError):
    """A push or pull that cannot be done; the message says what to fix."""


@dataclass(frozen=True, kw_only=True)
class ArchivedFile:
    local: Path
    path_in_repo: str
    size_bytes: int


@dataclass(frozen=True, kw_only=True)
class ArchivePlan:
    """What a push would send: every kept file of the run directories, and what it leaves out."""

    repo_id: str
    files: tuple[ArchivedFile, ...]
    skipped: tuple[str, ...]  # local paths left out

    @property
    def size_bytes(self) -> int:
        return sum(f.size_bytes for f in self.files)

    def describe(self) -> str:
        folders = sorted({f.path_in_repo.split("/", 1)[0] for f in self.files})
        return "\n".join([
            f"dataset {self.repo_id}: {len(self.files)} files, {self.size_bytes / 1e6:.1f} MB "
            f"under {', '.join(folders) or 'nothing'}; {len(self.skipped)} left out (locks, scratch)",
            *(f"  skip {s}" for s in self.skipped[:20]),
            *([f"  ... and {len(self.skipped) - 20} more"] if len(self.skipped) > 20 else []),
        ])  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class PushResult:
    repo_url: str
    commit_url: str
    plan: ArchivePlan


def skipped(relative: str) -> bool:
    """Is the file at ``relative`` (a path inside a run directory) machine state rather than a result?"""
    parts = relative.split("/")
    return any(p in SKIPPED_PARTS for p in parts[:-1]) or any(fnmatch.fnmatch(parts[-1], n) for n in SKIPPED_NAMES)


def plan_push(run_dirs: Iterable[str | Path], repo_id: str) -> ArchivePlan:
    """The files a push of ``run_dirs`` sends (no network): each directory becomes a folder of its own name."""
    files: list[ArchivedFile] = []
    left_out: list[str] = []
    names: dict[str, Path] = {}
    for d in map(Path, run_dirs):
        if not d.is_dir():
            raise ArchiveError(f"{d}: not a directory")
        if d.resolve().name in names:
            raise ArchiveError(f"{d} and {names[d.resolve().name]} would share the folder {d.resolve().name!r}")
        names[d.resolve().name] = d
        for path in sorted(p for p in d.rglob("*") if p.is_file()):
            rel = path.relative_to(d).as_posix()
            if skipped(rel):
                left_out.append(str(path))
                continue
            files.append(ArchivedFile(local=path, path_in_repo=f"{d.resolve().name}/{rel}", size_bytes=path.stat().st_size))
    if not files:
        raise ArchiveError("nothing to push: the run directories hold no files")
    return ArchivePlan(repo_id=repo_id, files=tuple(files), skipped=tuple(left_out))


def push_runs(
    run_dirs: Sequence[str | Path],
    repo_id: str,
    *,
    token: str | None = None,
    endpoint: str | None = None,
    dry_run: bool = False,
    private: bool = False,
    message: str | None = None,
) -> PushResult | ArchivePlan:
    """Upload ``run_dirs`` to the dataset ``repo_id`` (created if missing) in one commit; files already there under
    other names stay. ``dry_run``: return the plan, touching nothing."""
    plan = plan_push(run_dirs, repo_id)
    if dry_run:
        return plan
    import huggingface_hub
    from huggingface_hub import CommitOperationAdd, HfApi
    from huggingface_hub.errors import HfHubHTTPError

    token = token or huggingface_hub.get_token()
    if not token:
        raise ArchiveError("not logged in to the Hugging Face Hub: run `hf auth login` or set HF_TOKEN to a token "
                           "with write access")  # fmt: skip
    api = HfApi(endpoint=endpoint, token=token)
    folders = sorted({f.path_in_repo.split("/", 1)[0] for f in plan.files})
    try:
        repo_url = str(api.create_repo(repo_id, repo_type="dataset", exist_ok=True, private=private))
        commit = api.create_commit(
            repo_id=repo_id,
            repo_type="dataset",
            operations=[CommitOperationAdd(path_in_repo=f.path_in_repo, path_or_fileobj=f.local) for f in plan.files],
            commit_message=message or f"Run directories: {', '.join(folders)} ({len(plan.files)} files)",
        )
    except HfHubHTTPError as exc:
        raise _explain(exc, repo_id) from exc
    return PushResult(repo_url=repo_url, commit_url=commit.commit_url, plan=plan)


def pull_runs(
    repo_id: str,
    into: str | Path,
    *,
    runs: Sequence[str] = (),
    revision: str | None = None,
    token: str | None = None,
    endpoint: str | None = None,
) -> Path:
    """Download the dataset ``repo_id`` (only the folders ``runs``, if given) into ``into``: ``into/<run>/...``."""
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import HfHubHTTPError

    try:
        snapshot_download(repo_id, repo_type="dataset", revision=revision, local_dir=str(into), token=token,
                          endpoint=endpoint, allow_patterns=[f"{r.strip('/')}/**" for r in runs] or None)  # fmt: skip
    except HfHubHTTPError as exc:
        raise _explain(exc, repo_id) from exc
    return Path(into)


def _explain(exc, repo_id: str) -> ArchiveError:
    status = exc.response.status_code if getattr(exc, "response", None) is not None else None
    if status == 401:
        return ArchiveError(f"the Hub rejected the token (401) for dataset {repo_id}: run `hf auth login` or set "
                            f"HF_TOKEN to a valid token ({exc})")  # fmt: skip
    if status == 403:
        return ArchiveError(f"no write access to dataset {repo_id} (403): ask its owners, or push to a namespace "
                            f"you own ({exc})")  # fmt: skip
    if status == 404:
        return ArchiveError(f"dataset {repo_id} not found (404): check the name, or log in if it is private ({exc})")
    return ArchiveError(f"Hub error for dataset {repo_id}: {exc}")
