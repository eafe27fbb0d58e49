"""program_kb.md, the LLM proposer's system prompt, ships inside the package; a missing copy is an error, never a
silent two-line prompt."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from autokernel.propose import llm

REPO = Path(__file__).resolve().parents[1]


def test_the_packaged_playbook_is_the_repository_copy(tmp_path, monkeypatch):
    text = (REPO / "program_kb.md").read_text(encoding="utf-8")
    assert llm.packaged_program() == text and "ModelNew" in text and len(text) > 2000
    monkeypatch.chdir(tmp_path)  # no program_kb.md here: the packaged one
    assert llm.load_program() == text
    (tmp_path / "program_kb.md").write_text("my own playbook")
    assert llm.load_program() == "my own playbook"
    assert llm.load_program(str(tmp_path / "program_kb.md")) == "my own playbook"
    with pytest.raises(ValueError, match="does not exist"):
        llm.load_program(str(tmp_path / "nowhere.md"))


def test_a_missing_playbook_fails_loudly(tmp_path, monkeypatch):
    import importlib.resources

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(importlib.resources, "files", lambda package: tmp_path / "site-packages" / package)
    with pytest.raises(llm.ProgramMissingError, match="program_kb.md is missing from the installed package"):
        llm.load_program()
    with pytest.raises(llm.ProgramMissingError):
        llm.LLMProposer(client=object())


@pytest.mark.slow
def test_a_built_wheel_carries_the_text_not_a_link(tmp_path):
    """Builds the wheel from a copy of the sources (the build writes build/ next to pyproject.toml)."""
    pytest.importorskip("setuptools")
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "program_kb.md"):
        shutil.copy(REPO / name, src / name)
    for package in ("autokernel", "kb", "export"):
        shutil.copytree(REPO / package, src / package, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    assert (src / "autokernel" / "propose" / "program_kb.md").is_symlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path / "whl")], check=True, cwd=tmp_path, timeout=300)  # fmt: skip
    (wheel,) = (tmp_path / "whl").glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        info = z.getinfo("autokernel/propose/program_kb.md")
        assert (info.external_attr >> 16) & 0o170000 == 0o100000  # a regular file, not a symlink entry
        assert z.read(info) == (REPO / "program_kb.md").read_bytes()
        assert "autokernel-kb = kb.cli:main" in z.read(next(n for n in z.namelist() if n.endswith("entry_points.txt"))).decode()
