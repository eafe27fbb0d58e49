"""The built-in tuner: starter in round 0, one idea per tunable and direction, branches, no repeats."""

from __future__ import annotations

import dataclasses

import pytest

from autokernel.problem import Problem
from autokernel.propose import tuner
from autokernel.propose.base import Attempt, History
from autokernel.propose.tuner import TunerProposer, read_tunables, set_tunables
from autokernel.records import Candidate, TimingStats, Verdict

SRC = """
import torch
import torch.nn as nn

batch_size = 4
dim = 32


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1.0


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
"""


def _verdict(kind: str, speedup: float | None) -> Verdict:
    t = TimingStats(
        median_ms=1.0,
        mean_ms=1.0,
        min_ms=1.0,
        max_ms=1.0,
        std_ms=0.0,
        ci95_low_ms=1.0,
        ci95_high_ms=1.0,
        num_trials=3,
        method="perf_counter(cpu)",
    )
    return Verdict(verdict=kind, reason=kind, speedup=speedup, kernel=t if kind == "correct" else None)


def test_tunable_lines_read_and_set():
    src = "X = 1\nBLOCK_SIZE = 1024  # tunable\nNUM_WARPS = 4\n"
    assert read_tunables(src, ["BLOCK_SIZE", "NUM_WARPS", "MISSING"]) == {"BLOCK_SIZE": 1024, "NUM_WARPS": 4}
    assert read_tunables(set_tunables(src, {"NUM_WARPS": 8}), ["NUM_WARPS"]) == {"NUM_WARPS": 8}
    with pytest.raises(ValueError, match="MISSING"):
        set_tunables(src, {"MISSING": 1})


def test_rounds_vary_tunables_around_the_seed_and_never_repeat():
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 3, 2)
    assert starter.idea.startswith("generated starter") and starter.round == 0
    space = {"EW_STREAM": None, "BLOCK_SIZE": None, "NUM_WARPS": None}
    base = read_tunables(starter.source, space)
    assert set(base) == set(space)

    seed = Attempt(candidate=starter, verdict=_verdict("correct", 0.5))
    history = History(attempts=[seed], seeds=[seed], round=1)
    r1 = tuner.propose(problem, history, 3, 2)
    # 3 ideas: the two-valued EW_STREAM has one branch up, the others two each
    assert len(r1) == 5 and len({c.digest for c in r1}) == 5
    assert all(c.parent == starter.digest and c.round == 1 for c in r1)
    assert r1[0].idea == "set EW_STREAM False -> True"
    assert r1[1].idea == f"double BLOCK_SIZE {base['BLOCK_SIZE']} -> {2 * base['BLOCK_SIZE']}"
    assert any(c.idea.startswith("double NUM_WARPS") for c in r1)
    # each candidate changes exactly one tunable of the seed
    for c in r1:
        vals = read_tunables(c.source, space)
        assert sum(vals[k] != base[k] for k in space) == 1

    # round 1's configs failed: they count as tried, so round 2 moves on instead of retrying them
    failed = [Attempt(candidate=c, verdict=_verdict("incorrect", None)) for c in r1]
    history = History(attempts=[seed, *failed], seeds=[seed], round=2)
    r2 = tuner.propose(problem, history, 3, 2)
    tried = {c.digest for c in r1} | {starter.digest}
    assert r2 and not tried & {c.digest for c in r2}


def test_a_line_behind_a_foreign_leader_moves_on_from_its_best_kernel_in_todays_code():
    """The seeds are the problem's best kernels; where none of them is tunable (another proposer's kernel leads, the
    tuner's earlier seeds are in an earlier generator's code), the tuner's moves start from its best correct kernel
    in today's code instead of stopping with no new ideas (the H200 panel's L2/10, L2/50 and L2/90 did, the round
    after they judged today's starter behind inductor's seed)."""
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    leader = Attempt(candidate=Candidate(source=SRC.replace("class Model", "class ModelNew"), proposer="inductor"),
                     verdict=_verdict("correct", 2.0))
    older = Attempt(candidate=Candidate(source=starter.source.replace("BLOCK_SIZE =", "OLD_BLOCK =") + "# older\n",
                                        proposer="tuner"), verdict=_verdict("correct", 1.5))
    today = Attempt(candidate=starter, verdict=_verdict("correct", 1.2))
    history = History(attempts=[leader, older, today], seeds=[leader, older], round=5)
    variants = tuner.propose_wide(problem, history, 8)
    assert variants and all(c.parent in (starter.digest, leader.candidate.digest) for c in variants)
    assert any(c.parent == starter.digest for c in variants)
    lineage = tuner.lineage(problem, history)
    assert lineage is not None and lineage.best.digest == starter.digest
    # with a tunable seed, moves start from the seeds alone, as before
    history = History(attempts=[leader, today], seeds=[leader, today], round=5)
    assert {c.parent for c in tuner.propose(problem, history, 3, 1)} == {starter.digest}


def test_the_tuner_writes_again_the_kernels_a_thin_copy_kept_without_their_source():
    """`TunerProposer.rewrite`: from the lineage alone (parent, idea) it gives back today's starter, a move of it, a
    move of that move, a carried seed's settings and a move of the kept best; never a source whose digest is not
    the recorded one (an older generator's starter, an idea that does not name what it changed)."""
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    one = set_tunables(starter.source, {"BLOCK_SIZE": 2048})
    two = set_tunables(one, {"NUM_WARPS": 8})
    carried = set_tunables(starter.source, {"NUM_WARPS": 2, "BLOCK_SIZE": 512})
    kept = Attempt(candidate=Candidate(source=set_tunables(starter.source, {"NUM_WARPS": 1}), proposer="tuner"),
                   verdict=_verdict("correct", 2.0))
    of_kept = set_tunables(kept.candidate.source, {"BLOCK_SIZE": 256})
    d = {name: Candidate(source=src).digest for name, src in
         (("starter", starter.source), ("one", one), ("two", two), ("carried", carried), ("of_kept", of_kept))}
    older = "0" * 16  # an earlier generator's starter: today's is another kernel
    vague = "1" * 16
    lineage = {
        d["starter"]: (None, "generated starter (fused elementwise: relu)"),
        older: (None, "generated starter (fused elementwise: relu)"),
        d["one"]: (d["starter"], "double BLOCK_SIZE 1024 -> 2048"),
        d["two"]: (d["one"], "double NUM_WARPS 4 -> 8"),
        d["carried"]: (kept.candidate.digest, "today's generator with seed 12345678's settings: NUM_WARPS = 2, "
                                              "BLOCK_SIZE = 512"),
        d["of_kept"]: (kept.candidate.digest, "step together: BLOCK_SIZE 1024 -> 256"),
        vague: (d["starter"], "an LLM's rewrite of the loop"),
    }
    history = History(attempts=[kept], lineage=lineage)
    out = tuner.rewrite(problem, history, list(lineage))
    assert out == {d["starter"]: starter.source, d["one"]: one, d["two"]: two, d["carried"]: carried,
                   d["of_kept"]: of_kept}


def test_a_final_stop_is_keyed_by_the_moves_code_so_a_change_without_a_raised_revision_asks_again(tmp_path,
                                                                                                   monkeypatch):
    # SCAN_STREAM and CONV_FUSE came without a raised revision: the H200 panel's L1/90, stopped with no new ideas
    # under revision 6, would have stayed stopped on resume with 80 variants the moves replay finds
    from autokernel.search.loop import _history_key

    for name, text in {"propose/a.py": "A = 1\n", "starters/_templates/conv.py": "BLOCK = 16\n",
                       "starters/notes.txt": "not code\n", "other/b.py": "B = 1\n"}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    before = tuner.code_digest(tmp_path, tuner.MOVES_CODE)
    (tmp_path / "starters/notes.txt").write_text("edited\n")
    (tmp_path / "other/b.py").write_text("B = 2\n")
    assert tuner.code_digest(tmp_path, tuner.MOVES_CODE) == before  # neither is move code
    (tmp_path / "starters/_templates/conv.py").write_text("BLOCK = 32\n")
    changed = tuner.code_digest(tmp_path, tuner.MOVES_CODE)
    assert changed != before and len(changed) == 12

    history = History(attempts=[])
    key = _history_key(history, TunerProposer())
    assert key.endswith(f"moves revision {TunerProposer.moves_revision} (code {tuner.moves_code_digest()})")
    monkeypatch.setattr(tuner, "moves_code_digest", lambda: changed)
    assert _history_key(history, TunerProposer()) != key  # same revision number, other code: asked again


def test_history_finds_an_attempt_by_digest_as_attempts_grow_or_are_replaced():
    """`History.attempt` answers from an index; it must see attempts added after its first use and a new list."""
    a, b = (Attempt(candidate=Candidate(source=f"x = {i}\n", proposer="t"), verdict=_verdict("correct", 1.0))
            for i in range(2))
    history = History(attempts=[a])
    assert history.attempt(a.candidate.digest) is a and history.attempt(b.candidate.digest) is None
    history.attempts.append(b)
    assert history.attempt(b.candidate.digest) is b
    history.attempts = [b]
    assert history.attempt(a.candidate.digest) is None and history.attempt(b.candidate.digest) is b
    again = dataclasses.replace(history, attempts=[a])
    assert again.attempt(a.candidate.digest) is a and again.attempt(b.candidate.digest) is None


def test_problem_without_starter_gives_no_ideas():
    src = SRC.replace("torch.relu(x) + 1.0", "torch.linalg.svdvals(x)")
    problem = Problem.from_source(src, name="svd")
    tuner = TunerProposer()
    assert tuner.propose(problem, History(), 2, 2) == []
    assert tuner.notes["svd"].startswith("no starter")


def _row(problem, digest, ms, parent=None, idea="generated starter", verdict="correct"):
    kernel = {"median_ms": ms} if verdict == "correct" else None
    return {"problem": problem, "candidate_digest": digest, "parent": parent, "idea": idea,
            "verdict": {"verdict": verdict, "kernel": kernel}}


def test_move_prior_counts_what_helped_against_the_parent():
    from autokernel.propose.prior import MovePrior, parse_move

    assert parse_move("double BLOCK_SIZE 1024 -> 2048") == ("BLOCK_SIZE", 1024, 2048)
    assert parse_move("set CONV_PRECISION ieee -> tf32x3") == ("CONV_PRECISION", "ieee", "tf32x3")
    assert parse_move("set EW_STREAM False -> True") == ("EW_STREAM", False, True)
    assert parse_move("generated starter (fused elementwise: relu)") is None
    rows = [
        _row("L1/1", "a", 1.0), _row("L1/1", "b", 1.2, "a", "double BLOCK_SIZE 1024 -> 2048"),
        _row("L1/2", "c", 2.0), _row("L1/2", "d", 2.5, "c", "double BLOCK_SIZE 512 -> 1024"),
        _row("L1/2", "e", 1.5, "c", "double NUM_WARPS 4 -> 8"),
        _row("L1/3", "f", 1.0), _row("L1/3", "g", None, "f", "double NUM_WARPS 4 -> 8", verdict="incorrect"),
        _row("L1/4", "h", 0.5, "zz", "double NUM_WARPS 4 -> 8"),  # parent unknown: not counted
    ]
    prior = MovePrior.from_rows(rows)
    assert len(prior) == 4
    sizes, warps = [128, 256, 512, 1024, 2048], [1, 2, 4, 8, 16]
    assert prior.score("BLOCK_SIZE", +1, sizes) == pytest.approx(1 / 4)  # 0 of 2 helped
    assert prior.score("BLOCK_SIZE", -1, sizes) == 0.5  # never tried: no opinion
    assert prior.score("NUM_WARPS", +1, warps) == pytest.approx(2 / 4)  # 1 of 2 (a failure counts as tried)
    assert prior.score("NUM_WARPS", +1, [4, 16]) == 0.5  # 8 is not an allowed value here


def test_tuner_tries_moves_that_paid_off_elsewhere_first():
    from autokernel.propose.prior import MovePrior

    problem = Problem.from_source(SRC, name="relu_add")
    rows = [_row("L1/9", "p", 1.0)]
    rows += [_row("L1/9", f"b{i}", 1.1, "p", "double BLOCK_SIZE 1024 -> 2048") for i in range(4)]
    rows += [_row("L1/9", f"w{i}", 0.8, "p", "halve NUM_WARPS 4 -> 2") for i in range(4)]
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=_verdict("correct", 0.5))
    history = History(attempts=[seed], seeds=[seed], round=1)
    plain = TunerProposer().propose(problem, history, 3, 1)
    led = TunerProposer(prior=MovePrior.from_rows(rows)).propose(problem, history, 3, 1)
    assert [c.idea for c in plain][:2] == ["set EW_STREAM False -> True", "double BLOCK_SIZE 1024 -> 2048"]
    assert led[0].idea == "halve NUM_WARPS 4 -> 2"  # helped 4 of 4 elsewhere
    assert "double BLOCK_SIZE 1024 -> 2048" not in [c.idea for c in led]  # helped 0 of 4: behind the rest


def test_ledger_rows_are_the_recorded_rows(tmp_path):
    from autokernel.ledger import Ledger

    ledger = Ledger(tmp_path / "run", device="cpu", policy={}, use_git=False)
    assert ledger.rows() == []
    problem = Problem.from_source(SRC, name="relu_add")
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)
    ledger.record(problem, Attempt(candidate=starter, verdict=_verdict("correct", 0.5)))
    (row,) = Ledger(tmp_path / "run", device="cpu", policy={}, use_git=False).rows()  # reloaded from disk
    assert row["candidate_digest"] == starter.digest and row["verdict"]["kernel"]["median_ms"] == 1.0


GEMM_SRC = """
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 8)

    def forward(self, x):
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(4, 16)]


def get_init_inputs():
    return []
"""


def test_presets_come_first_and_knobs_of_a_library_engine_are_left_alone():
    """A GEMM with an elementwise tail: the matmul is a cuBLAS call by default, so moving its tile sizes would
    change nothing; the tuner tries the tensor-core presets (engine, precision, tiles and warps at once) first,
    then moves only tunables that act."""
    problem = Problem.from_source(GEMM_SRC, name="gemm_relu")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))
    history = History(attempts=[seed], seeds=[seed], round=1)
    ideas = [c.idea for c in tuner.propose(problem, history, 8, 1)]
    assert ideas[0].startswith("preset 3xTF32 tensor cores (operands split once)") and "MM_ENGINE library -> triton" in ideas[0]
    assert ideas[1].startswith("preset 3xTF32 tensor cores (split in the loop)")
    moved = {i.split()[1] for i in ideas[2:]}
    assert moved and not any(name.startswith("MM_") and name != "MM_ENGINE" for name in moved), ideas
    preset = tuner.propose(problem, history, 1, 1)  # the presets are tried: the next proposals are moves
    assert not preset[0].idea.startswith("preset")

    # from the preset's kernel (engine "triton") the matmul's knobs act, and are moved
    first = TunerProposer()
    (st,) = first.propose(problem, History(), 1, 1)
    s0 = Attempt(candidate=st, verdict=_verdict("correct", 1.0))
    (p1,) = first.propose(problem, History(attempts=[s0], seeds=[s0], round=1), 1, 1)
    s1 = Attempt(candidate=p1, verdict=_verdict("correct", 2.0))
    nxt = first.propose(problem, History(attempts=[s0, s1], seeds=[s1], round=2), 8, 1)
    assert any(c.idea.split()[1].startswith("MM_BLOCK") for c in nxt if not c.idea.startswith("preset")), [
        c.idea for c in nxt]


def _seed(tuner, problem, values: dict, speedup: float):
    """A correct attempt of the tuner's starter with ``values`` set (a tunable descendant)."""
    from autokernel.records import Candidate

    st = tuner._starter(problem)
    return Attempt(candidate=Candidate(source=set_tunables(st.source, values), proposer="tuner", idea="x"),
                   verdict=_verdict("correct", speedup))


def test_seeds_cross_over_knob_by_knob_and_deterministically():
    """Two tunable descendants of one starter: children take each knob from one parent (never a parent itself),
    the better seed is the parent of record, the same round offers the same children, and a seed that is not the
    starter with only tunable lines changed (an LLM's rewrite) is never crossed."""
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    space = {k: v for k, v in tuner._starter(problem).space.items() if len(v) > 1}
    a = _seed(tuner, problem, {"BLOCK_SIZE": 256, "NUM_WARPS": 8, "EW_STREAM": True}, 2.0)
    b = _seed(tuner, problem, {"BLOCK_SIZE": 2048, "NUM_WARPS": 1, "EW_STREAM": False}, 1.5)
    history = History(attempts=[a, b], seeds=[a, b], round=3)

    def crosses(t):
        return [c for c in t.propose_wide(problem, history, 40) if c.idea.startswith("cross with ")]

    kids = crosses(tuner)
    va, vb = read_tunables(a.candidate.source, space), read_tunables(b.candidate.source, space)
    assert kids and len({c.digest for c in kids}) == len(kids)
    for c in kids:
        v = read_tunables(c.source, space)
        assert all(v[k] in (va[k], vb[k]) for k in space) and v not in (va, vb), c.idea
        assert c.parent == a.candidate.digest and c.idea.startswith(f"cross with {b.candidate.digest[:8]}: ")
        assert c.source == set_tunables(a.candidate.source, v)
    assert [c.digest for c in crosses(TunerProposer())] == [c.digest for c in kids]  # a resumed run: the same

    from autokernel.records import Candidate

    rewritten = Attempt(candidate=Candidate(source=b.candidate.source + "\n# rewritten\n", proposer="llm"),
                        verdict=_verdict("correct", 1.5))
    history = History(attempts=[a, rewritten], seeds=[a, rewritten], round=3)
    assert not [c for c in TunerProposer().propose_wide(problem, history, 40) if c.idea.startswith("cross with ")]


def test_steps_together_come_in_the_order_the_prior_gives():
    from autokernel.propose.prior import MovePrior

    problem = Problem.from_source(SRC, name="relu_add")
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))
    history = History(attempts=[seed], seeds=[seed], round=1)

    def together(prior=None):
        return [c.idea for c in TunerProposer(prior=prior).propose_wide(problem, history, 40)
                if c.idea.startswith("step together: ")]

    plain = together()
    assert plain and all(len(i.split(", ")) in (2, 3) for i in plain)
    rows = [_row("L1/9", "p", 1.0)]
    rows += [_row("L1/9", f"w{i}", 0.5, "p", "step together: NUM_WARPS 2 -> 1, BLOCK_SIZE 512 -> 256")
             for i in range(6)]
    led = together(MovePrior.from_rows(rows))
    assert led[0] == "step together: BLOCK_SIZE 1024 -> 512, NUM_WARPS 4 -> 2", led  # both steps paid elsewhere
    assert sorted(led) == sorted(plain)  # the same neighbourhood, ordered differently


def _screen_row(kind, digest, ms, rnd=1, parent=None, idea="", ok=True, problem="L1/1"):
    return {"kind": kind, "problem": problem, "problem_digest": "pd-" + problem, "candidate_digest": digest,
            "round": rnd, "ok": ok, "median_ms": ms if ok else None, "idea": idea, "parent": parent, "device": "cuda"}


def test_move_prior_learns_from_screens_at_a_lower_weight():
    """A screened variant counts SCREEN_WEIGHT against its round's control when that is its parent; one judged is
    counted by its verdict alone; a variant of k knobs credits each step 1/k."""
    from autokernel.propose.prior import SCREEN_WEIGHT, MovePrior, parse_moves

    assert parse_moves("step together: NUM_WARPS 4 -> 8, BLOCK_SIZE 1024 -> 512") == [
        ("NUM_WARPS", 4, 8), ("BLOCK_SIZE", 1024, 512)]
    assert parse_moves("combine NUM_WARPS 4 -> 8, EW_STREAM False -> True") == [("NUM_WARPS", 4, 8),
                                                                                   ("EW_STREAM", False, True)]
    assert parse_moves("cross with 0123abcd: CONV_PRECISION ieee -> tf32x3") == [("CONV_PRECISION", "ieee", "tf32x3")]
    assert parse_moves("preset 3xTF32 tensor cores, 128x128 tiles: MM_BLOCK_M 64 -> 128") == []
    assert parse_moves("generated starter (fused elementwise: relu)") == []
    screens = [
        _screen_row("control", "best", 1.0),
        _screen_row("variant", "v1", 0.5, parent="best", idea="double NUM_WARPS 4 -> 8"),  # helped
        _screen_row("variant", "v2", None, parent="best", idea="double NUM_WARPS 4 -> 8", ok=False),  # failed: tried
        _screen_row("variant", "v3", 0.5, parent="best", idea="step together: NUM_WARPS 4 -> 8, BLOCK_SIZE 1 -> 2"),
        _screen_row("variant", "v4", 0.5, parent="other", idea="double NUM_WARPS 4 -> 8"),  # not the control
        _screen_row("variant", "v5", 0.5, rnd=2, parent="best", idea="double NUM_WARPS 4 -> 8"),  # no control then
        _screen_row("variant", "j1", 0.5, parent="best", idea="double NUM_WARPS 4 -> 8"),  # judged: the verdict counts
    ]
    judged = [_row("L1/1", "best", 1.0), _row("L1/1", "j1", 1.2, "best", "double NUM_WARPS 4 -> 8")]
    prior = MovePrior.from_rows(judged, screens)
    assert (prior.judged, prior.screened, len(prior)) == (1, 3, 4)
    helped, tried = prior.counts[("NUM_WARPS", "4", "8")]
    assert tried == pytest.approx(1 + 2.5 * SCREEN_WEIGHT) and helped == pytest.approx(1.5 * SCREEN_WEIGHT)
    assert prior.counts[("BLOCK_SIZE", "1", "2")] == pytest.approx([0.5 * SCREEN_WEIGHT, 0.5 * SCREEN_WEIGHT])
    assert prior.score("NUM_WARPS", +1, [1, 2, 4, 8]) == pytest.approx((1 + 1.5 * SCREEN_WEIGHT) / (3 + 2.5 * SCREEN_WEIGHT))


CONV_SRC = """
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(1, 3, 8, 8)]


def get_init_inputs():
    return []
"""


def test_plain_tf32_convolutions_are_offered_only_under_the_kernelbench_protocol():
    """The kernelbench protocol's reference runs cuDNN convolutions in TF32, so a TF32 path is admissible there;
    under strict (or an unknown protocol) the tuner never offers it, in any kind of move."""
    problem = Problem.from_source(CONV_SRC, name="conv")
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))

    def offered(protocol):
        tuner = TunerProposer()
        history = History(attempts=[seed], seeds=[seed], round=1, protocol=protocol)
        cands = tuner.propose_wide(problem, history, 200) + tuner.propose(problem, history, 50, 3)
        return {read_tunables(c.source, ["CONV_PRECISION"])["CONV_PRECISION"] for c in cands}, cands

    for protocol in ("strict", ""):
        values, cands = offered(protocol)
        assert "tf32" not in values and {"tf32x3", "tf32x3s"} <= values and len(cands) > 50, protocol
    values, cands = offered("kernelbench")
    assert "tf32" in values
    assert any(c.idea.startswith("preset TF32 tensor cores") for c in cands)


def test_the_run_gives_the_tuner_its_screen_log(tmp_path):
    """screen.jsonl as `ScreenLog` writes it reaches the tuner's prior through `make_proposer`."""
    from autokernel.evaluate.screen import ScreenResult
    from autokernel.ledger.screens import ScreenLog, screen_rows
    from autokernel.records import Candidate
    from autokernel.search.session import ProposerConfig, make_proposer

    problem = Problem.from_source(SRC, name="relu_add")
    log = ScreenLog(tmp_path, device="cuda", policy={})
    best = Candidate(source="best", proposer="tuner")
    child = Candidate(source="child", proposer="tuner", parent=best.digest, idea="halve NUM_WARPS 4 -> 2")
    log.record(problem, 2, ScreenResult(digest=best.digest, ok=True, reason="", median_ms=1.0), candidate=best,
               control=True)
    log.record(problem, 2, ScreenResult(digest=child.digest, ok=True, reason="", median_ms=0.8), candidate=child)
    prior = make_proposer(ProposerConfig(kind="tuner"), [], screen_rows(tmp_path)).prior
    assert (prior.judged, prior.screened) == (0, 1) and prior.score("NUM_WARPS", -1, [1, 2, 4]) > 0.5


def test_a_resumed_run_after_the_generator_changed_judges_todays_starter_and_tries_its_configs_anew():
    """A run resumed with a fixed template: its attempts are in earlier code, so today's starter is offered once,
    and a configuration tried in the earlier code is not a configuration tried in today's."""
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    from autokernel.records import Candidate

    old = starter.source.replace("import math\n", "import math  # an earlier generator's code\n", 1)
    assert old != starter.source
    old_seed = Attempt(candidate=Candidate(source=old, proposer="tuner", idea="generated starter"),
                       verdict=_verdict("correct", 1.0))
    flipped = Attempt(candidate=Candidate(source=set_tunables(old, {"EW_STREAM": True}), proposer="tuner"),
                      verdict=_verdict("correct", 0.9))
    history = History(attempts=[old_seed, flipped], seeds=[old_seed], round=3, device="cuda:0")
    tuner = TunerProposer()
    out = tuner.propose(problem, history, 8, 1)
    assert out[0].source == starter.source and out[0].idea.startswith("generated starter, today's generator")
    assert tuner.judge_when_passed == {out[0].digest}  # a screened round judges it if it passes: a seed to build on
    assert not [c for c in out if c.idea.startswith("CUDA graphs around")]  # its own lineage is not foreign
    moves = [c for c in out[1:] if c.parent == old_seed.candidate.digest]
    assert moves and all(c.source.startswith(old[:40]) for c in moves)  # children keep their seed's code
    # once today's starter is judged, its own moves include the config the earlier code tried
    today = Attempt(candidate=out[0], verdict=_verdict("correct", 1.1))
    history = History(attempts=[old_seed, flipped, today], seeds=[today, old_seed], round=4)
    nxt = TunerProposer().propose(problem, history, 8, 1)
    assert not [c for c in nxt if c.idea.startswith("generated starter")]
    assert "set EW_STREAM False -> True" in [c.idea for c in nxt if c.parent == today.candidate.digest]


def test_with_no_correct_kernel_the_starter_wrong_only_in_its_values_is_repaired_from():
    """A starter the judge found wrong in its values (an fp32 convolution against KernelBench's TF32 reference) is a
    base for the tuner's moves until a kernel is correct; a rejected one, or another proposer's wrong kernel, never."""
    problem = Problem.from_source(SRC, name="relu_add")
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)

    def attempt(verdict, check, proposer="tuner", err=1e-3):
        return Attempt(candidate=dataclasses.replace(starter, proposer=proposer),
                       verdict=Verdict(verdict=verdict, reason=verdict, failed_check=check, max_abs_error=err))

    wrong = attempt("incorrect", "values")
    moves = TunerProposer().propose(problem, History(attempts=[wrong], seeds=[], round=1), 3, 1)
    assert moves and all(c.parent == starter.digest for c in moves)
    for bad in (attempt("rejected", "own_kernels"), attempt("incorrect", "values", proposer="llm"),
                attempt("runtime_error", "")):
        assert TunerProposer().propose(problem, History(attempts=[bad], seeds=[], round=1), 3, 1) == []
    # once a kernel of its own is correct, that is the seed again
    right = Attempt(candidate=moves[0], verdict=_verdict("correct", 1.2))
    nxt = TunerProposer().propose(problem, History(attempts=[wrong, right], seeds=[right], round=2), 3, 1)
    assert nxt and all(c.parent == moves[0].digest for c in nxt)


def test_a_setting_screened_often_and_never_near_the_best_is_not_offered_again():
    """L2/90 on the H200: 15 rounds of screens went to the Triton convolution, 3.7x the best kernel at its fastest.
    A knob setting screened in `DEAD_AFTER` variants, none within `DEAD_RATIO` x the round's best, is dead on that
    problem; one variant near the best keeps it alive."""
    import math

    from autokernel.propose.tuner import DEAD_AFTER, DEAD_RATIO, dead_moves

    slow = [(f"step together: BLOCK_SIZE 1024 -> 2048, NUM_WARPS 4 -> {w}", 2.0) for w in (1, 2, 8, 16)]
    slow += [("double BLOCK_SIZE 1024 -> 2048", math.inf)] * (DEAD_AFTER - len(slow))  # failed screens count too
    assert dead_moves(slow) == {("BLOCK_SIZE", "2048", None)}  # NUM_WARPS: 1 variant per value, too few to tell
    failing = [(f"combine EW_STREAM False -> True, NUM_WARPS 4 -> {w}", math.inf) for w in (1, 2, 8)]
    assert dead_moves(failing) == {("EW_STREAM", "True", None)}  # every variant failed, three of them
    assert dead_moves([*failing, ("set EW_STREAM False -> True", 4.0)]) == set()  # one passed: the slow rule
    assert dead_moves(slow[:-1]) == set()  # one short of DEAD_AFTER
    assert dead_moves([*slow, ("combine BLOCK_SIZE 1024 -> 2048, EW_STREAM False -> True", DEAD_RATIO * 0.99)]) == set()
    assert dead_moves([("preset tensor cores: BLOCK_SIZE 1024 -> 2048", 9.0)] * 20) == set()  # presets: not moves

    problem = Problem.from_source(SRC, name="relu_add")
    (starter,) = TunerProposer().propose(problem, History(), 1, 1)
    seed = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))
    alive = History(attempts=[seed], seeds=[seed], round=4)
    dead = dataclasses.replace(alive, screen_ratios=slow)

    def sets(history):
        return {read_tunables(c.source, ["BLOCK_SIZE"])["BLOCK_SIZE"]
                for c in TunerProposer().propose_wide(problem, history, 64)}

    assert 2048 in sets(alive) and 2048 not in sets(dead)
    assert {c.idea for c in TunerProposer().propose(problem, dead, 8, 2)}.isdisjoint(
        {"double BLOCK_SIZE 1024 -> 2048"})


def test_the_screen_log_gives_each_variants_time_over_its_rounds_best(tmp_path):
    """`ScreenLog.ratios`: what a resumed search's history starts from (the live rounds add to it in the loop)."""
    import math

    from autokernel.evaluate.screen import ScreenResult
    from autokernel.ledger.screens import ScreenLog
    from autokernel.records import Candidate

    problem = Problem.from_source(SRC, name="relu_add")
    log = ScreenLog(tmp_path, device="cuda", policy={})
    best = Candidate(source="best", proposer="tuner")
    fast = Candidate(source="a", proposer="tuner", parent=best.digest, idea="halve NUM_WARPS 4 -> 2")
    broken = Candidate(source="b", proposer="tuner", parent=best.digest, idea="double NUM_WARPS 4 -> 8")
    log.record(problem, 2, ScreenResult(digest=best.digest, ok=True, reason="", median_ms=2.0), candidate=best,
               control=True)
    log.record(problem, 2, ScreenResult(digest=fast.digest, ok=True, reason="", median_ms=1.0), candidate=fast)
    log.record(problem, 2, ScreenResult(digest=broken.digest, ok=False, reason="wrong"), candidate=broken)
    log.record_round(problem, 2, screened=2, control=best.digest, control_ms=2.0)
    log.record(problem, 3, ScreenResult(digest="c", ok=True, reason="", median_ms=1.0), candidate=fast)  # no round
    again = ScreenLog(tmp_path, device="cuda", policy={})
    assert again.ratios(problem) == [("halve NUM_WARPS 4 -> 2", 0.5, best.digest),
                                     ("double NUM_WARPS 4 -> 8", math.inf, best.digest)]
    other = Problem.from_source(SRC + "\n# another\n", name="other")
    assert again.ratios(other) == []


def test_a_setting_dead_on_one_path_is_alive_on_another():
    """Dead settings are kept per regime (`Starter.regime`: the categorical knobs of the setting's family): a block
    size that never came near the best with streamed loads (``EW_STREAM`` True) is still offered from a seed with
    cached ones, and the other way round; evidence whose regime is unknown (no parent to trace) counts everywhere.
    A variant's settings are traced through its parents' ideas where their sources are gone (a thinned run)."""
    from autokernel.propose.tuner import DEAD_AFTER, dead_moves

    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    streamed = tuner._child(History(round=1), Attempt(candidate=starter, verdict=_verdict("correct", 1.0)),
                            {"EW_STREAM": True}, lambda ch: "set EW_STREAM False -> True")
    streamed = dataclasses.replace(streamed, idea="set EW_STREAM False -> True")
    seed = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))
    other = Attempt(candidate=streamed, verdict=_verdict("correct", 0.9))
    slow = [(f"step together: BLOCK_SIZE 1024 -> 2048, NUM_WARPS 4 -> {w}", 2.0, streamed.digest)
            for w in (1, 2, 8, 16)] * 2
    assert len(slow) >= DEAD_AFTER

    def sizes(history):  # block sizes offered from the seed, its loads as they were
        parent = history.seeds[0].candidate
        return {read_tunables(c.source, ["BLOCK_SIZE"])["BLOCK_SIZE"]
                for c in TunerProposer().propose_wide(problem, history, 64)
                if c.parent == parent.digest and read_tunables(c.source, ["EW_STREAM"]) == read_tunables(
                    parent.source, ["EW_STREAM"])}

    from_cached = History(attempts=[seed, other], seeds=[seed], round=4, screen_ratios=slow)
    from_streamed = History(attempts=[seed, other], seeds=[other], round=4, screen_ratios=slow)
    assert 2048 in sizes(from_cached) and 2048 not in sizes(from_streamed)
    # the same evidence with its parent's source gone: traced through the lineage the run directory keeps
    thinned = History(attempts=[seed], seeds=[seed], round=4, screen_ratios=slow,
                      lineage={streamed.digest: (starter.digest, streamed.idea)})
    regimes = {where for *_, where in TunerProposer()._dead_moves(problem, thinned)}
    assert regimes == {(("EW_STREAM", True),)}
    # no parent to trace: dead everywhere, as before regimes
    blind = [row[:2] for row in slow]
    assert dead_moves(blind) == {("BLOCK_SIZE", "2048", None)}
    assert 2048 not in sizes(dataclasses.replace(from_cached, screen_ratios=blind))


def test_evidence_screened_around_an_earlier_generators_code_kills_nothing_in_todays():
    """L2/50 on the H200: the Triton convolution's variants screened 42-400 ms around the round-0 starter; the
    generator then fused the pool into the convolution's store, and that old evidence kept today's fused kernel from
    being screened at all. Evidence around a parent in earlier code (the tuner's, not today's starter with tunables
    changed; traced through the lineage where a thin copy dropped the parent's source) is its own regime."""
    from autokernel.propose.tuner import DEAD_AFTER, EARLIER_CODE

    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    old = dataclasses.replace(starter, source=starter.source + "\n# the generator before a fix\n")
    today = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))
    earlier = Attempt(candidate=old, verdict=_verdict("correct", 1.0))
    slow = [(f"step together: BLOCK_SIZE 1024 -> 2048, NUM_WARPS 4 -> {w}", 2.0, old.digest)
            for w in (1, 2, 8, 16)] * 2
    assert len(slow) >= DEAD_AFTER

    def sizes(history):  # block sizes offered from today's starter, its loads as they are (the regime's knob)
        return {read_tunables(c.source, ["BLOCK_SIZE"])["BLOCK_SIZE"]
                for c in TunerProposer().propose_wide(problem, history, 64) if c.parent == starter.digest
                and read_tunables(c.source, ["EW_STREAM"]) == read_tunables(starter.source, ["EW_STREAM"])}

    around_old = History(attempts=[earlier, today], seeds=[today], round=4, screen_ratios=slow)
    assert {where for *_, where in TunerProposer()._dead_moves(problem, around_old)} == {EARLIER_CODE}
    assert 2048 in sizes(around_old)
    # a child of the earlier code whose source a thin copy dropped: traced to its kept parent
    child = "c" * 16
    thinned = History(attempts=[earlier, today], seeds=[today], round=4,
                      screen_ratios=[(idea, ratio, child) for idea, ratio, _ in slow],
                      lineage={child: (old.digest, "halve NUM_WARPS 4 -> 2")})
    assert 2048 in sizes(thinned)
    # the same evidence around today's starter kills the setting, as before
    around_today = dataclasses.replace(around_old, screen_ratios=[(i, r, starter.digest) for i, r, _ in slow])
    assert 2048 not in sizes(around_today)


def test_the_best_seeds_settings_are_carried_into_todays_generator_code():
    """A template change leaves every older seed untunable (its source is not today's starter with tunables
    changed): today's starter is judged again, and so is today's code with the settings of the best seeds the tuner
    wrote in the earlier code (settings today's space or the protocol does not allow left at their defaults), each
    judged when it passes the screen, once."""
    from autokernel.propose.tuner import CARRIED

    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    gen = tuner._starter(problem)

    def earlier(values, speedup):  # the tuner's kernel in the code of an earlier generator
        src = set_tunables(starter.source, values) + "\n# the generator before a fix\n"
        return Attempt(candidate=dataclasses.replace(starter, source=src), verdict=_verdict("correct", speedup))

    best = earlier({"BLOCK_SIZE": 2048, "NUM_WARPS": 8}, 2.0)
    second = earlier({"BLOCK_SIZE": 4096}, 1.5)
    third = earlier({"BLOCK_SIZE": 512}, 1.2)
    plain = earlier({}, 1.1)  # the defaults: today's starter itself
    history = History(attempts=[best, second, third, plain], seeds=[best, second, third, plain], round=3)
    tuner = TunerProposer()
    out = tuner.propose_wide(problem, history, 16)
    carried = [c for c in out if c.idea.startswith("today's generator with seed")]
    assert [c.parent for c in carried] == [best.candidate.digest, second.candidate.digest][:CARRIED]
    assert carried[0].source == set_tunables(gen.source, {"BLOCK_SIZE": 2048, "NUM_WARPS": 8})
    assert tuner._own(problem, carried[0].source) and {c.digest for c in carried} <= tuner.judge_when_passed
    assert any(c.source == gen.source for c in out)  # today's starter, as before
    again = dataclasses.replace(history, screened={c.digest for c in out})
    assert not [c for c in TunerProposer().propose_wide(problem, again, 16) if c.idea.startswith("today's")]


def test_the_tuners_line_is_its_best_own_seed_where_a_foreign_kernel_leads():
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)
    mine = Attempt(candidate=starter, verdict=_verdict("correct", 1.0))
    foreign = Attempt(candidate=Candidate(source="class ModelNew:  # inductor's, no tunables\n", proposer="inductor"),
                      verdict=_verdict("correct", 2.0))
    line = tuner.lineage(problem, History(attempts=[foreign, mine], seeds=[foreign, mine], round=2))
    assert line.best.digest == starter.digest and line.seeds == {starter.digest}
    assert tuner.lineage(problem, History(attempts=[foreign], seeds=[foreign], round=2)) is None


def test_the_tuners_line_times_every_verdict_of_its_own_code_in_judged_order():
    """`Lineage.times`: the verdicts of kernels tunable in today's code (not the foreign leader's), failures as None,
    in the order judged, so `Lineage.stale` counts the line's latest verdicts without a step."""
    problem = Problem.from_source(SRC, name="relu_add")
    tuner = TunerProposer()
    (starter,) = tuner.propose(problem, History(), 1, 1)

    def timed(source, ms, kind="correct"):
        v = _verdict(kind, 1.0)
        kernel = dataclasses.replace(v.kernel, median_ms=ms) if v.kernel else None
        return Attempt(candidate=Candidate(source=source, proposer=tuner.name),
                       verdict=dataclasses.replace(v, kernel=kernel))

    mine = timed(starter.source, 8.71)
    foreign = Attempt(candidate=Candidate(source="class ModelNew:  # inductor's, no tunables\n", proposer="inductor"),
                      verdict=dataclasses.replace(_verdict("correct", 1.4), kernel=dataclasses.replace(
                          _verdict("correct", 1.4).kernel, median_ms=6.4)))
    steps = [timed(set_tunables(starter.source, {"BLOCK_SIZE": b}), ms)
             for b, ms in ((512, 8.68), (2048, 8.70), (4096, 8.60))]
    broken = timed(set_tunables(starter.source, {"NUM_WARPS": 8}), 0.0, kind="incorrect")
    attempts = [mine, foreign, *steps, broken]
    line = tuner.lineage(problem, History(attempts=attempts, seeds=[foreign, mine], round=5))
    assert line.times == (8.71, 8.68, 8.70, 8.60, None)
    assert line.stale(0.01) == 4  # 8.68 and 8.60 are under 1 % steps; the failure counts too
    assert line.stale(0.001) == 1  # at 0.1 % 8.60 was a step
