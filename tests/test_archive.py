"""kb.archive against the loopback fake Hub: run directories pushed to a dataset repository and pulled back."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fakehub import FakeHub  # noqa: E402

from kb.archive import ArchiveError, ArchivePlan, plan_push, pull_runs, push_runs  # noqa: E402
from kb.cli import main as cli  # noqa: E402

KEPT = {"results.jsonl": b'{"experiment": 1}\n', "run.json": b"{}\n", "candidates/L1_19/ab.py": b"# kernel\n",
        "cache/baselines.json": b"{}\n", "cache/ceilings/h200.json": b"{}\n"}  # fmt: skip
SCRATCH = {"cache/baselines.lock": b"", "results.tmp": b"x", ".git/HEAD": b"ref", "candidates/__pycache__/a.pyc": b""}


def _run(root: Path, name: str = "h200-day") -> Path:
    for rel, data in {**KEPT, **SCRATCH}.items():
        (root / name / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / name / rel).write_bytes(data)
    return root / name


@pytest.fixture
def hub():
    server = FakeHub(token="hf_test").start()
    yield server
    server.stop()


def test_a_push_plan_leaves_out_locks_and_scratch(tmp_path):
    plan = plan_push([_run(tmp_path)], "acme/runs")
    assert sorted(f.path_in_repo for f in plan.files) == sorted(f"h200-day/{p}" for p in KEPT)
    assert sorted(Path(s).relative_to(tmp_path / "h200-day").as_posix() for s in plan.skipped) == sorted(SCRATCH)
    assert plan.size_bytes == sum(len(b) for b in KEPT.values()) and "5 files" in plan.describe()
    with pytest.raises(ArchiveError, match="share the folder"):
        plan_push([tmp_path / "h200-day", _run(tmp_path / "other")], "acme/runs")


def test_dry_run_touches_nothing(tmp_path, hub):
    plan = push_runs([_run(tmp_path)], "acme/runs", endpoint=hub.url, token="hf_test", dry_run=True)
    assert isinstance(plan, ArchivePlan) and hub.requests == [] and not hub.repos


def test_push_then_pull_gives_back_the_run_directories(tmp_path, hub):
    first, second = _run(tmp_path / "a", "day-1"), _run(tmp_path / "b", "day-2")
    done = push_runs([first], "acme/runs", endpoint=hub.url, token="hf_test")
    assert hub.repos["acme/runs"].repo_type == "dataset" and "datasets/acme/runs" in done.repo_url
    push_runs([second], "acme/runs", endpoint=hub.url, token="hf_test")  # a later run joins the earlier one
    files = hub.files("acme/runs", "main")
    assert {p for p in files if p != ".gitattributes"} == {f"{d}/{p}" for d in ("day-1", "day-2") for p in KEPT}

    out = pull_runs("acme/runs", tmp_path / "pulled", endpoint=hub.url, token="hf_test")
    for d in ("day-1", "day-2"):
        for rel, data in KEPT.items():
            assert (out / d / rel).read_bytes() == data
        assert not (out / d / "cache" / "baselines.lock").exists()
    only = pull_runs("acme/runs", tmp_path / "one", runs=["day-2"], endpoint=hub.url, token="hf_test")
    assert (only / "day-2" / "run.json").is_file() and not (only / "day-1").exists()


def test_push_without_a_valid_token_says_how_to_log_in(tmp_path, hub, monkeypatch):
    run = _run(tmp_path)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "empty-home"))  # no stored token
    with pytest.raises(ArchiveError, match="not logged in"):
        push_runs([run], "acme/runs", endpoint=hub.url)
    with pytest.raises(ArchiveError, match="401"):
        push_runs([run], "acme/runs", endpoint=hub.url, token="hf_wrong")
    with pytest.raises(ArchiveError, match="not found"):
        pull_runs("acme/missing", tmp_path / "x", endpoint=hub.url, token="hf_test")


def test_command_line_push_and_pull(tmp_path, hub, monkeypatch, capsys):
    monkeypatch.setenv("HF_TOKEN", "hf_test")
    run = _run(tmp_path)
    assert cli(["archive", "push", str(run), "--repo", "acme/runs", "--endpoint", hub.url, "--dry-run"]) == 0
    assert "5 files" in capsys.readouterr().out and not hub.repos
    assert cli(["archive", "push", str(run), "--repo", "acme/runs", "--endpoint", hub.url]) == 0
    assert "pushed:" in capsys.readouterr().out
    assert cli(["archive", "pull", "--repo", "acme/runs", "--into", str(tmp_path / "back"), "--endpoint", hub.url]) == 0
    assert (tmp_path / "back" / "h200-day" / "results.jsonl").read_bytes() == KEPT["results.jsonl"]
    assert cli(["archive", "pull", "--repo", "acme/none", "--into", str(tmp_path / "x"), "--endpoint", hub.url]) == 2
    assert "not found" in capsys.readouterr().err
