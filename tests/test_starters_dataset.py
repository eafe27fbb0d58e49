"""Starters of real KernelBench problems, shrunk for CPU, match their references and launch kernels."""

import os

os.environ.setdefault("TRITON_INTERPRET", "1")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from autokernel.problem import Problem  # noqa: E402
from autokernel.starters import generate_starter  # noqa: E402
from autokernel.starters.check import check_starter  # noqa: E402
from autokernel.starters.shrink import tiny_problem  # noqa: E402

DATASET = Path("/work/shared/kernelbench")
# one or two per family: matmul, elementwise, softmax, norms, reductions, pooling, conv, scans, losses,
# and level-2 epilogue fusions after conv / gemm
REPRESENTATIVE = [
    (1, 1), (1, 26), (1, 24), (1, 33), (1, 40), (1, 51), (1, 44), (1, 63), (1, 89), (1, 95),
    (2, 1), (2, 12), (2, 18), (2, 33),
]  # fmt: skip
CPU_TUNABLES = {
    "BLOCK_SIZE": 4096,
    "RED_TILE": 4096,
    "SMX_TILE": 4096,
    "NORM_BLOCK": 4096,
    "POOL_BLOCK": 1024,
}


@pytest.fixture(scope="module")
def problems():
    if not DATASET.exists():
        pytest.skip("local KernelBench copy not available")
    import datasets

    ds = datasets.load_dataset(str(DATASET))
    out = {}
    for level in (1, 2):
        for r in ds[f"level_{level}"]:
            if (level, r["problem_id"]) in REPRESENTATIVE:
                out[(level, r["problem_id"])] = Problem.from_source(
                    r["code"], name=r["name"], level=level, problem_id=r["problem_id"]
                )
    return out


@pytest.mark.parametrize("key", REPRESENTATIVE, ids=[f"L{lv}-{i}" for lv, i in REPRESENTATIVE])
def test_representative_problem(problems, key):
    p = tiny_problem(problems[key], 20_000)
    st = generate_starter(p)
    st = generate_starter(p, {k: v for k, v in CPU_TUNABLES.items() if k in st.tunables})
    res = check_starter(p, st)
    assert res.ok, (res, st.covered, st.fallbacks)
    assert res.launches > 0
