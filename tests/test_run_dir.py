"""Where a run may write: a new or empty folder or its own run directory, never a foreign folder or repository;
every flag is checked before anything is written."""

from __future__ import annotations

import json
import subprocess

import pytest

from autokernel.ledger import TSV_COLUMNS, Ledger
from autokernel.ledger.folder import RunDirError, check_run_dir
from autokernel.problem import Problem
from autokernel.propose.base import Attempt
from autokernel.records import Candidate, Verdict
from kb.cli import main

SRC = (
    "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n"
    "def get_inputs():\n    return [torch.ones(4)]\ndef get_init_inputs():\n    return []\n"
)
RUN = ["run", "--device", "cpu", "--proposer", "tuner", "--no-progress"]


def _git(cwd, *args) -> str:
    res = subprocess.run(["git", "-c", "user.name=u", "-c", "user.email=u@example.com", "-c", "commit.gpgsign=false",
                          *args], cwd=cwd, capture_output=True, text=True, check=True)
    return res.stdout


def _snapshot(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _user_repo(tmp_path):
    repo = tmp_path / "project"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    (repo / "notes.md").write_text("mine\n")
    _git(repo, "add", "notes.md")
    _git(repo, "commit", "-q", "-m", "user's commit")
    (repo / "staged.py").write_text("print('work in progress')\n")
    _git(repo, "add", "staged.py")
    return repo


def test_run_refuses_a_users_git_repository_and_leaves_it_untouched(tmp_path, capsys):
    repo = _user_repo(tmp_path)
    head, before = _git(repo, "rev-parse", "HEAD"), _snapshot(repo)
    assert main([*RUN, "--out", str(repo)]) == 2
    assert "not an autokernel-kb run directory" in capsys.readouterr().err
    assert _git(repo, "rev-parse", "HEAD") == head
    assert _git(repo, "diff", "--cached", "--name-only").split() == ["staged.py"]  # still staged, not committed
    assert _snapshot(repo) == before


def test_run_refuses_a_folder_with_a_foreign_results_table(tmp_path, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "results.tsv").write_text("model\taccuracy\nresnet\t0.9\n")
    assert main([*RUN, "--out", str(folder)]) == 2
    assert "results.tsv" in capsys.readouterr().err
    assert (folder / "results.tsv").read_text() == "model\taccuracy\nresnet\t0.9\n"
    assert sorted(p.name for p in folder.iterdir()) == ["results.tsv"]


def test_the_ledger_itself_never_adopts_a_foreign_folder(tmp_path):
    repo = _user_repo(tmp_path)
    with pytest.raises(RunDirError):
        Ledger(repo, device="cpu", policy={})


def test_a_run_directory_with_a_repository_it_did_not_create_gets_no_commits(tmp_path):
    run = tmp_path / "run"
    Ledger(run, device="cpu", policy={}, use_git=False)  # our records, no repository
    _git(run, "init", "-q", "-b", "main")
    (run / "mine.txt").write_text("the user's\n")
    _git(run, "add", "mine.txt")
    _git(run, "commit", "-q", "-m", "user's commit")
    (run / "staged.txt").write_text("staged\n")
    _git(run, "add", "staged.txt")
    head = _git(run, "rev-parse", "HEAD")
    ledger = Ledger(run, device="cpu", policy={})
    problem = Problem.from_source(SRC, name="double")
    ledger.save_best(problem, Attempt(candidate=Candidate(source="class ModelNew: pass\n"),
                                      verdict=Verdict(verdict="correct", reason="", speedup=1.5)))
    ledger.write_summary("done\n")
    assert _git(run, "rev-parse", "HEAD") == head
    assert _git(run, "diff", "--cached", "--name-only").split() == ["staged.txt"]
    assert any("did not create" in n for n in ledger.notes)


def test_a_run_commits_only_its_own_files_into_its_own_repository(tmp_path):
    run = tmp_path / "run"
    ledger = Ledger(run, device="cpu", policy={})
    (run / "scratch.txt").write_text("someone staged this\n")
    _git(run, "add", "-f", "scratch.txt")
    ledger.save_best(Problem.from_source(SRC, name="double"),
                     Attempt(candidate=Candidate(source="class ModelNew: pass\n"),
                             verdict=Verdict(verdict="correct", reason="", speedup=1.5)))
    assert "scratch.txt" not in _git(run, "show", "--name-only", "--format=", "HEAD").split()
    assert _git(run, "diff", "--cached", "--name-only").split() == ["scratch.txt"]


def test_empty_new_and_own_folders_are_adopted(tmp_path):
    check_run_dir(tmp_path / "new")
    (tmp_path / "empty").mkdir()
    check_run_dir(tmp_path / "empty")
    own = tmp_path / "own"
    Ledger(own, device="cpu", policy={}, use_git=False)
    assert (own / "results.tsv").read_text().split("\n")[0].split("\t") == list(TSV_COLUMNS)
    check_run_dir(own)
    old = tmp_path / "old"  # a run directory of an earlier version: run.json and rows, no header check needed
    old.mkdir()
    (old / "run.json").write_text(json.dumps({"invocations": []}))
    check_run_dir(old)
    with pytest.raises(RunDirError, match="is a file"):
        (tmp_path / "f").write_text("x")
        check_run_dir(tmp_path / "f")


@pytest.mark.parametrize("flags, message", [
    (["--workers-per-device", "0"], "--workers-per-device must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--rounds", "-1"], "rounds must be >= 0"),
    (["--device", "gpu"], "give cpu, cuda or cuda:N"),
])
def test_bad_flags_fail_before_the_run_directory_exists(tmp_path, capsys, flags, message):
    out = tmp_path / "run"
    argv = [*RUN, "--out", str(out), *flags]
    if "--device" in flags:
        argv.remove("cpu")
        argv.remove("--device")
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_device_cuda_without_a_gpu_fails_before_the_run_directory_exists(tmp_path, capsys, monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    out = tmp_path / "run"
    argv = [a for a in RUN if a != "cpu"]
    argv[argv.index("--device") + 1:argv.index("--device") + 1] = ["cuda"]
    assert main([*argv, "--out", str(out)]) == 2
    assert "no CUDA GPU is visible" in capsys.readouterr().err
    assert not out.exists()
    assert main(["eval", "L1/19", "missing.py", "--device", "cuda"]) == 2
    assert "no CUDA GPU is visible" in capsys.readouterr().err
