"""Upload an exported folder to a Hub kernel repository (huggingface_hub >= 2.3 for ``repo_type="kernel"``).

Flow: create the kernel repo, create branch ``v<N>``, upload ``build/**`` to ``v<N>`` (replacing the
variants being uploaded), then the card and provenance to ``main``. With ``create_pr`` nothing is
created; both commits are opened as pull requests (no write access needed, but the repository and
its ``v<N>`` branch must exist).

``huggingface_hub`` reads ``HF_ENDPOINT`` when first imported; pass ``endpoint`` to target another Hub
from a process that already imported it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .source import ExportError

KERNEL_ACCESS_URL = "https://huggingface.co/settings/account"
_MIN_HUB = (2, 3)


@dataclass(frozen=True, kw_only=True)
class PlannedFile:
    revision: str
    path_in_repo: str
    size_bytes: int


@dataclass(frozen=True, kw_only=True)
class UploadPlan:
    repo_id: str
    version: int
    variants: tuple[str, ...]
    files: tuple[PlannedFile, ...]
    delete_patterns: tuple[str, ...]
    create_pr: bool

    def describe(self) -> str:
        lines = [
            f"repository: {self.repo_id} (type kernel)",
            f"branch v{self.version}: build/ variants {', '.join(self.variants)}; replaces "
            + ", ".join(self.delete_patterns),
        ]
        if self.create_pr:
            lines.append("as pull requests (create_pr): the repository and branch must already exist")
        for f in self.files:
            lines.append(f"  {f.revision:>5}  {f.path_in_repo}  ({f.size_bytes} bytes)")
        return "\n".join(lines)


@dataclass(frozen=True, kw_only=True)
class UploadResult:
    repo_url: str
    build_commit: str  # commit URL on v<N>, or the PR URL
    card_commit: str
    pr_urls: tuple[str, ...] = field(default=())


def plan_upload(out_dir: Path, *, repo_id: str, version: int, create_pr: bool = False) -> UploadPlan:
    """What an upload of ``out_dir`` would send (no network)."""
    variants = tuple(sorted(p.name for p in (out_dir / "build").iterdir() if p.is_dir()))
    if not variants:
        raise ExportError(f"{out_dir}/build has no variants to upload")
    files = [
        PlannedFile(
            revision=f"v{version}",
            path_in_repo=p.relative_to(out_dir).as_posix(),
            size_bytes=p.stat().st_size,
        )
        for p in sorted((out_dir / "build").rglob("*"))
        if p.is_file() and not _bytecode(p)
    ]
    files += [
        PlannedFile(
            revision="main", path_in_repo=p.relative_to(out_dir).as_posix(), size_bytes=p.stat().st_size
        )
        for p in sorted([out_dir / "README.md", *(out_dir / "provenance").rglob("*")])
        if p.is_file() and not _bytecode(p)
    ]
    return UploadPlan(
        repo_id=repo_id,
        version=version,
        variants=variants,
        files=tuple(files),
        delete_patterns=tuple(f"build/{v}/**" for v in variants),
        create_pr=create_pr,
    )


def upload(
    out_dir: Path,
    *,
    repo_id: str,
    version: int,
    create_pr: bool = False,
    private: bool = False,
    endpoint: str | None = None,
    token: str | None = None,
) -> UploadResult:
    """Upload ``out_dir`` (written by the exporter); raises ExportError with guidance on auth problems."""
    import huggingface_hub
    from huggingface_hub import HfApi
    from huggingface_hub.errors import HfHubHTTPError

    _check_hub_version(huggingface_hub.__version__)
    plan = plan_upload(out_dir, repo_id=repo_id, version=version, create_pr=create_pr)
    token = token or huggingface_hub.get_token()
    if not token:
        raise ExportError(
            "not logged in to the Hugging Face Hub: run `hf auth login` or set the HF_TOKEN environment "
            "variable to a token with write access"
        )
    api = HfApi(endpoint=endpoint, token=token)
    branch = f"v{version}"
    try:
        if create_pr:
            refs = api.list_repo_refs(repo_id, repo_type="kernel")
            if branch not in {b.name for b in refs.branches}:
                raise ExportError(
                    f"{repo_id} has no branch {branch}; a pull request needs it. Ask a maintainer to create it "
                    f"(`hf repos branch create {repo_id} {branch} --repo-type kernel`) or upload without --create-pr"
                )
            repo_url = f"{api.endpoint}/kernels/{repo_id}"
        else:
            repo_url = str(api.create_repo(repo_id, repo_type="kernel", exist_ok=True, private=private))
            api.create_branch(repo_id, branch=branch, repo_type="kernel", exist_ok=True)
        # create_commit, not upload_folder: upload_folder opens pull requests only against main, and the
        # build must land on v<N>. Stale files of the uploaded variants are deleted in the same commit.
        build = api.create_commit(
            repo_id=repo_id,
            repo_type="kernel",
            revision=branch,
            operations=_operations(
                api,
                out_dir,
                repo_id,
                branch,
                [f.path_in_repo for f in plan.files if f.revision == branch],
                plan.variants,
            ),
            commit_message=f"Upload {', '.join(plan.variants)} for {branch}",
            create_pr=create_pr,
        )
        card = api.create_commit(
            repo_id=repo_id,
            repo_type="kernel",
            revision="main",
            operations=_operations(
                api,
                out_dir,
                repo_id,
                "main",
                [f.path_in_repo for f in plan.files if f.revision == "main"],
                (),
            ),
            commit_message=f"Card and provenance for {branch}",
            create_pr=create_pr,
        )
    except HfHubHTTPError as exc:
        raise _explain(exc, repo_id) from exc
    prs = tuple(str(c.pr_url) for c in (build, card) if getattr(c, "pr_url", None))
    return UploadResult(
        repo_url=repo_url, build_commit=build.commit_url, card_commit=card.commit_url, pr_urls=prs
    )


def _operations(api, out_dir: Path, repo_id: str, revision: str, paths: list[str], variants: tuple[str, ...]):
    """Add every planned file; delete files of the replaced variants that the upload no longer has."""
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete
    from huggingface_hub.errors import EntryNotFoundError
    from huggingface_hub.hf_api import RepoFile

    ops: list = [CommitOperationAdd(path_in_repo=p, path_or_fileobj=out_dir / p) for p in paths]
    if not variants:
        return ops
    try:
        remote = [
            f.path
            for f in api.list_repo_tree(
                repo_id, repo_type="kernel", revision=revision, path_in_repo="build", recursive=True
            )
            if isinstance(f, RepoFile)
        ]
    except EntryNotFoundError:  # nothing under build/ yet
        return ops
    keep = set(paths)
    prefixes = tuple(f"build/{v}/" for v in variants)
    ops += [CommitOperationDelete(path_in_repo=p) for p in remote if p.startswith(prefixes) and p not in keep]
    return ops


def _explain(exc, repo_id: str) -> ExportError:
    status = exc.response.status_code if exc.response is not None else None
    org = repo_id.split("/")[0]
    if status == 401:
        return ExportError(
            f"the Hub rejected the token (401) for {repo_id}: run `hf auth login` or set HF_TOKEN to a valid "
            f"token with write access ({exc})"
        )
    if status == 403:
        return ExportError(
            f"no permission to write kernel repository {repo_id} (403). Creating kernel repositories needs "
            f"kernel-creation access: request it at {KERNEL_ACCESS_URL} (huggingface/kernels#592), and make "
            f"sure the token can write to {org!r}. Without write access, an existing repository accepts "
            f"--create-pr. Server said: {exc}"
        )
    return ExportError(f"upload to {repo_id} failed: {exc}")


def _check_hub_version(version: str) -> None:
    parts = tuple(int(p) for p in version.split(".")[:2] if p.isdigit())
    if parts < _MIN_HUB:
        raise ExportError(
            f"huggingface_hub {version} cannot upload kernel repositories; install huggingface_hub>=2.3"
        )


def _bytecode(path: Path) -> bool:
    return path.suffix == ".pyc" or "__pycache__" in path.parts
