"""kb.bridge's problem references: single ids, id lists and ranges, files."""

import pytest

from autokernel.problem import ProblemError
from kb import bridge


@pytest.mark.parametrize(
    "ref, level, ids",
    [("L1/19", 1, [19]), ("level2/7", 2, [7]), ("1/19", 1, [19]), ("1-19", 1, [19]), ("L1/1-3", 1, [1, 2, 3]),
     ("L2/1-3,19", 2, [1, 2, 3, 19])],
)
def test_references_name_a_level_and_its_ids(monkeypatch, ref, level, ids):
    seen = []
    monkeypatch.setattr(bridge, "select", lambda lv, wanted, **kw: seen.append((lv, list(wanted))) or [])
    bridge.resolve_problems([ref])
    assert seen == [(level, ids)]


def test_a_reference_that_is_neither_says_what_it_takes():
    with pytest.raises(ProblemError, match="like L1/19"):
        bridge.resolve_problems(["L1/x"])


def _problem_file(name: str) -> str:
    return (f"import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x  # {name}\n"
            "def get_inputs():\n    return [torch.rand(2)]\ndef get_init_inputs():\n    return []\n")


def test_a_kernelbench_repository_checkout_is_a_local_copy(tmp_path):
    for level, names in {1: ["1_Square", "10_ReLU", "2_Sum"], 2: ["1_Conv_ReLU"]}.items():
        folder = tmp_path / "KernelBench" / f"level{level}"
        folder.mkdir(parents=True)
        for name in names:
            (folder / f"{name}.py").write_text(_problem_file(name))
        (folder / "README.md").write_text("not a problem")
    level1 = bridge.load_level(1, dataset=str(tmp_path))  # the checkout's root, or its KernelBench/ folder
    assert [(p.problem_id, p.name, p.level) for p in level1] == [(1, "1_Square", 1), (2, "2_Sum", 1),
                                                                  (10, "10_ReLU", 1)]
    assert level1[2].source == _problem_file("10_ReLU")
    assert [p.key for p in bridge.resolve_problems(["L2/1"], dataset=str(tmp_path / "KernelBench"))] == ["L2/1"]
    (tmp_path / "KernelBench" / "level1" / "10_Other.py").write_text(_problem_file("other"))
    with pytest.raises(ProblemError, match=r"problem id\(s\) \[10\] named by more than one file"):
        bridge.load_level(1, dataset=str(tmp_path))


def test_pages_name_a_local_dataset_folder_without_its_path():
    from kb.bridge import dataset_label

    assert dataset_label("ScalingIntelligence/KernelBench") == "ScalingIntelligence/KernelBench"
    for path in ("/work/main/.gpu/kb", ".gpu/kb", "../shared/kb"):
        assert dataset_label(path) == "a local KernelBench copy, kb"
