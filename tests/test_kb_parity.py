"""benchmarks/kb_parity.py's bookkeeping (its runs need a GPU and KernelBench's source)."""

from benchmark_scripts import load


def test_again_sets_earlier_results_aside_without_losing_them(tmp_path):
    parity = load("kb_parity")
    res = tmp_path / "results"
    res.mkdir()
    for name in ("ours_kernelbench.jsonl", "ours_kernelbench.log", "kernelbench.jsonl", "kernelbench_0.log",
                 "kernelbench_12.log"):
        (res / name).write_text(name)
    assert parity.set_aside(tmp_path, "kernelbench", None) == []
    moved = parity.set_aside(tmp_path, "kernelbench", "ours")
    assert len(moved) == 2 and not (res / "ours_kernelbench.jsonl").exists()
    assert (res / "kernelbench.jsonl").exists()  # KernelBench's side is kept
    assert parity._done(res / "ours_kernelbench.jsonl") == set()  # so the rerun judges every kernel again
    assert sorted(p.read_text() for p in res.iterdir() if p.name.startswith("ours_kernelbench.")) == [
        "ours_kernelbench.jsonl", "ours_kernelbench.log"]
    moved = parity.set_aside(tmp_path, "kernelbench", "both")
    assert {m.split(".")[0] for m in moved} == {"kernelbench", "kernelbench_0", "kernelbench_12"}
