"""autokernel.propose.seeded: round 0 carries an earlier run's best kernel, judged again."""

import json

import pytest

from autokernel.ledger.ledger import slug
from autokernel.problem import Problem
from autokernel.propose.base import Attempt, History
from autokernel.propose.seeded import SeededProposer
from autokernel.records import Candidate, Verdict

SRC = "import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n"
SRC += "def get_inputs():\n    return [torch.rand(4)]\ndef get_init_inputs():\n    return []\n"
PROBLEM = Problem.from_source(SRC, name="1_AddOne", level=1, problem_id=1)


class Inner:
    name = "tuner"
    notes = {"L1/1": "a note"}

    def propose(self, problem, history, n_ideas, n_branches):
        return [Candidate(source="# starter", proposer=self.name)]


def _run_dir(tmp_path, best="# best of the old run", digest=PROBLEM.digest):
    folder = tmp_path / "old" / "problems" / slug(PROBLEM)
    folder.mkdir(parents=True)
    (folder / "best.py").write_text(best)
    (folder / "best.json").write_text(json.dumps({"problem_digest": digest}))
    return tmp_path / "old"


def test_round_zero_adds_the_old_best_after_the_inner_proposals(tmp_path):
    proposer = SeededProposer(Inner(), [_run_dir(tmp_path)])
    out = proposer.propose(PROBLEM, History(), 2, 1)
    assert [c.source for c in out] == ["# starter", "# best of the old run"]
    assert "judged again" in out[1].idea and out[1].proposer == "tuner"
    assert proposer.notes == {"L1/1": "a note"}  # the inner proposer's records stay visible to the run


def test_later_rounds_and_other_problem_versions_get_no_seed(tmp_path):
    attempt = Attempt(candidate=Candidate(source="# starter"), verdict=Verdict(verdict="correct", reason=""))
    proposer = SeededProposer(Inner(), [_run_dir(tmp_path)])
    assert [c.source for c in proposer.propose(PROBLEM, History(attempts=[attempt]), 2, 1)] == ["# starter"]
    stale = SeededProposer(Inner(), [_run_dir(tmp_path / "b", digest="0" * 16)])
    assert [c.source for c in stale.propose(PROBLEM, History(), 2, 1)] == ["# starter"]


def test_a_seed_equal_to_a_proposal_is_not_judged_twice(tmp_path):
    proposer = SeededProposer(Inner(), [_run_dir(tmp_path, best="# starter")])
    assert len(proposer.propose(PROBLEM, History(), 2, 1)) == 1


def test_not_a_run_directory_is_refused_with_the_path(tmp_path):
    with pytest.raises(ValueError, match="not a run directory"):
        SeededProposer(Inner(), [tmp_path / "nowhere"])
