"""benchmarks/kb_files.py: KernelBench levels as repository files, read back by `kb.bridge` unchanged."""

import pytest
from benchmark_scripts import load

from kb.bridge import load_level


def test_levels_written_as_files_load_back_with_the_same_digests(kernelbench_dir, tmp_path):
    kb_files = load("kb_files")
    out = tmp_path / "kb"
    counts = kb_files.write_levels([1, 2], out, dataset=str(kernelbench_dir), config="github_main")
    assert counts[1] == len(list((out / "KernelBench" / "level1").glob("*.py"))) > 0
    for level in (1, 2):
        here = {p.key: p.digest for p in load_level(level, dataset=str(kernelbench_dir), config="github_main")}
        there = {p.key: p.digest for p in load_level(level, dataset=str(out))}  # the files, no datasets
        assert there == here
    kb_files.write_levels([1], out, dataset=str(kernelbench_dir), config="github_main")  # an earlier copy: again


def test_a_folder_that_is_not_a_copy_is_refused(tmp_path):
    kb_files = load("kb_files")
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit, match="not a KernelBench copy"):
        kb_files.write_levels([1], tmp_path, dataset="unused", config=None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
