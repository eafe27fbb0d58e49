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
