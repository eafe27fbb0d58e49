"""benchmarks/starter_configs.py's configuration lists (the GPU screen of starter tunables)."""


import pytest
from benchmark_scripts import load

from autokernel.problem import Problem
from autokernel.starters import generate_starter

starter_configs = load("starter_configs")


def make_problem(forward: str, inputs: str) -> Problem:
    src = (f"import torch\nclass Model(torch.nn.Module):\n    {forward.replace(chr(10), chr(10) + '    ')}\n"
           f"def get_inputs():\n    return {inputs}\ndef get_init_inputs():\n    return []\n")
    return Problem.from_source(src, name="t")


def test_grid_measures_each_combination_of_the_starters_own_tunables_once():
    p = make_problem("def forward(self, x):\n    return torch.sum(x, dim=1)", "[torch.rand(3, 7, 5)]")
    st = generate_starter(p)
    grid = starter_configs.parse_grid(["RED_BLOCK_INNER=128,64", "RED_NUM_WARPS=4,8", "POOL_BLOCK=256"])
    out = starter_configs.configs(st, grid)
    assert st.tunables["RED_BLOCK_INNER"] == 128 and st.tunables["RED_NUM_WARPS"] == 4
    # the default once (its grid twin folded into it); POOL_BLOCK is not this starter's: ignored
    assert list(out) == ["default", "RED_BLOCK_INNER=128 RED_NUM_WARPS=8", "RED_BLOCK_INNER=64 RED_NUM_WARPS=4",
                         "RED_BLOCK_INNER=64 RED_NUM_WARPS=8"]
    assert out["RED_BLOCK_INNER=64 RED_NUM_WARPS=8"] == {"RED_BLOCK_INNER": 64, "RED_NUM_WARPS": 8}


def test_without_a_grid_the_tensor_core_variants_are_listed():
    p = make_problem("def forward(self, a, b):\n    return a @ b", "[torch.rand(5, 7), torch.rand(7, 3)]")
    out = starter_configs.configs(generate_starter(p))
    assert "default" in out and any(name.startswith("MM tf32x3s") for name in out)


def test_grids_separated_by_plus_measure_the_union_of_their_combinations():
    p = make_problem("def forward(self, x):\n    return torch.sum(x, dim=1)", "[torch.rand(3, 7, 5)]")
    grids = starter_configs.parse_grid(["RED_NUM_WARPS=8", "+", "RED_BLOCK_INNER=64", "RED_NUM_WARPS=4,8"])
    assert grids == [{"RED_NUM_WARPS": [8]}, {"RED_BLOCK_INNER": [64], "RED_NUM_WARPS": [4, 8]}]
    out = starter_configs.configs(generate_starter(p), grids)
    assert list(out) == ["default", "RED_NUM_WARPS=8", "RED_BLOCK_INNER=64 RED_NUM_WARPS=4",
                         "RED_BLOCK_INNER=64 RED_NUM_WARPS=8"]


def test_grid_items_need_a_name_and_values():
    assert starter_configs.parse_grid(["POOL_WINDOW=tile,loop"]) == [{"POOL_WINDOW": ["tile", "loop"]}]
    with pytest.raises(ValueError, match="NAME=v1,v2"):
        starter_configs.parse_grid(["RED_TILE"])
