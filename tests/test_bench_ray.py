"""`autokernel-kb bench --backend ray` on a real local Ray cluster of its own (the judges of test_ray_backend.py's
shared backend hold that cluster's CPUs): the level-scale driver records what the local pool records."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory):
    if not sys.platform.startswith("linux"):
        pytest.skip("candidate confinement is Linux-only")
    ray = pytest.importorskip("ray")
    scratch = str(tmp_path_factory.mktemp("ray_scratch"))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"TMPDIR": scratch}})  # fmt: skip
    try:
        yield ray
    finally:
        ray.shutdown()


def test_bench_through_ray_records_what_the_local_pool_records(tmp_path, ray_cluster, capsys):
    """The level-scale driver takes the same --backend: the same pairs judged by Ray judges and by the local pool
    give the same verdicts, and bench.json says which backend judged."""
    from kb.bench_kb import verdict_records
    from kb.cli import main

    problem = str(FIXTURES / "problems" / "relu.py")
    specs = [str(FIXTURES / "honest" / "relu_constexpr.py"), str(FIXTURES / "rogues" / "basic_wrong_values.py"),
             "wrap"]
    common = ["bench", "--problems", problem, "--candidates", *specs, "--protocol", "strict", "--device", "cpu",
              "--no-timing", "--trials", "2", "--no-progress"]
    verdicts = {}
    for backend in ("local", "ray"):
        extra = ["--backend", "ray", "--ray-workers", "2"] if backend == "ray" else []
        assert main([*common, *extra, "--out", str(tmp_path / backend)]) == 0, capsys.readouterr()
        verdicts[backend] = {r["candidates"]: r["verdict"] for r in verdict_records(tmp_path / backend / "strict")}
    assert verdicts["ray"] == verdicts["local"]
    assert len(verdicts["local"]) == 3 and {"correct", "rejected"} < set(verdicts["local"].values())
    info = json.loads((tmp_path / "ray" / "bench.json").read_text())["invocations"][-1]
    run = json.loads((tmp_path / "ray" / "strict" / "run.json").read_text())["invocations"][-1]
    assert run["backend"] == "ray" and run["ray_workers"] == 2
    assert info["outcomes"][0]["judged"] == 3 and all("cpu-judge" in d for d in info["outcomes"][0]["devices"])
    assert ray_cluster.is_initialized()  # a cluster the bench joined stays up
    capsys.readouterr()
    assert main([*common, "--ray-address", "auto", "--out", str(tmp_path / "flags")]) == 2
    assert "--ray-address and --ray-workers need --backend ray" in capsys.readouterr().err
