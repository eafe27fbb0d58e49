"""A big problem's device memory (`autokernel.evaluate.memory`): heavy slots sized from measured peaks once it has
been judged, from shapes before."""

from autokernel.evaluate import memory

GIB = 2**30


def test_the_largest_peaks_are_kept_per_key(tmp_path):
    at = memory.key("d1", "kernelbench", "NVIDIA H200", first=True)
    assert memory.footprint_bytes(tmp_path, at, 8 * GIB) is None  # nothing measured: shapes decide
    memory.record(tmp_path, at, judge_mb=30 * 1024, candidate_mb=9 * 1024)
    memory.record(tmp_path, at, judge_mb=20 * 1024, candidate_mb=12 * 1024)  # a smaller judge, a larger candidate
    memory.record(tmp_path, at, judge_mb=None, candidate_mb=50 * 1024)  # no judge figure (a CPU run): skipped
    expected = int(memory.MARGIN * (30 + 12) * GIB) + memory.PROCESS_BYTES
    assert memory.footprint_bytes(tmp_path, at, 8 * GIB) == expected
    later = memory.key("d1", "kernelbench", "NVIDIA H200", first=False)
    assert later != at and memory.footprint_bytes(tmp_path, later, 8 * GIB) is None


def test_a_candidate_cannot_shrink_its_slots_below_its_inputs(tmp_path):
    # the candidate's peak comes from its own process (hostile code): its part is at least the inputs it copies
    at = memory.key("d2", "strict", "NVIDIA H200", first=False)
    memory.record(tmp_path, at, judge_mb=10 * 1024, candidate_mb=0.001)
    assert memory.footprint_bytes(tmp_path, at, 17 * GIB) == int(memory.MARGIN * 27 * GIB) + \
        memory.PROCESS_BYTES


def test_a_judge_sizes_a_measured_problem_from_its_peaks_on_a_gpu(cpu_config, tmp_path, monkeypatch):
    # level 1's max over a dimension (8.6 GB in, 2 MB out) is sized from shapes as a 17 GB trial: three of the
    # H200's four slots for a first evaluation; measured at 30 + 8.6 GB, it takes two
    from dataclasses import replace

    from autokernel.evaluate import EvalConfig, judge
    from autokernel.evaluate.gate import NullGate
    from autokernel.records import Verdict
    from tests.test_evaluate_cpu import PROBLEM

    h200 = 143 * GIB
    monkeypatch.setattr(memory, "device_memory_bytes", lambda device: h200)
    ev = judge.Evaluator(replace(cpu_config, cache_dir=str(tmp_path)), gate=NullGate(), prespawn=False)
    verdict = Verdict(verdict="correct", reason="", environment={"gpu": "NVIDIA H200"})
    state = judge._ProblemState(input_bytes=128 * 4096 * 4095 * 4)
    assert ev._slots(PROBLEM, state, verdict, first=True) == 3  # a CPU config: shapes only
    memory.record(tmp_path, ev._footprint_key(PROBLEM, verdict, True), judge_mb=30 * 1024, candidate_mb=8446)
    assert ev._slots(PROBLEM, state, verdict, first=True) == 3  # still a CPU config: nothing measured is read
    monkeypatch.setattr(EvalConfig, "is_cuda", property(lambda self: True))
    assert ev._slots(PROBLEM, state, verdict, first=True) == 2
    assert verdict.policy["heavy_slots"].startswith("2 of 4, first evaluation, sized from measured peaks (49.8 GiB)")
    assert ev._slots(PROBLEM, state, verdict, first=False) == 2  # later ones: not measured yet, shapes (2 x 17 GB)
    assert verdict.policy["heavy_slots"] == "2 of 4, later evaluation, sized from shapes"


def test_the_stages_say_where_the_judges_peak_grew():
    """Each stage's end reads the peaks so far (reserved, allocated); a step is kept only where the reserved one
    grew, so the last names the stage that set the verdict's `judge_peak_memory_mb`."""
    from autokernel.evaluate.judge import _Stages
    from autokernel.records import Verdict

    readings = iter([(1024.0, 900.0), (1024.0, 1000.0), (4096.0, 2048.0), (4096.0, 4000.0), (9000.0, 6000.0)])
    stages = _Stages(peak=lambda: next(readings))
    for name in ("spawn", "reference", "correctness", "timing", "baselines"):
        with stages(name):
            pass
    assert stages.peak_steps == [["spawn", 1024.0, 900.0], ["correctness", 4096.0, 2048.0],
                                 ["baselines", 9000.0, 6000.0]]
    assert _Stages().peak_steps == [] and set(stages.seconds) == {"spawn", "reference", "correctness", "timing",
                                                                  "baselines"}
    v = Verdict(verdict="correct", reason="", judge_peak_steps_mb=stages.peak_steps)
    assert Verdict.from_dict(v.to_dict()).judge_peak_steps_mb == stages.peak_steps
    old = {k: x for k, x in v.to_dict().items() if k != "judge_peak_steps_mb"}  # records made before it
    assert Verdict.from_dict(old).judge_peak_steps_mb == []


def test_an_evaluation_that_ran_out_beside_neighbours_takes_every_slot_from_then_on(tmp_path):
    # on an H100 L1/30's evaluations (slots sized from shapes) ran out of memory in three judges within a minute
    from autokernel.evaluate.gate import heavy_units

    at = memory.key("digest", "kernelbench", "NVIDIA H100 80GB HBM3", first=False)
    device = 80 * 2**30
    memory.record(tmp_path, at, judge_mb=8 * 1024, candidate_mb=6 * 1024)
    measured = memory.footprint_bytes(tmp_path, at, input_bytes=6 * 2**30)
    assert heavy_units(measured, device, 4) < 4
    memory.record_out_of_memory(tmp_path, at, device)
    assert heavy_units(memory.footprint_bytes(tmp_path, at, input_bytes=6 * 2**30), device, 4) == 4
    memory.record(tmp_path, at, judge_mb=8 * 1024, candidate_mb=6 * 1024)  # a later correct one: still every slot
    assert heavy_units(memory.footprint_bytes(tmp_path, at, input_bytes=6 * 2**30), device, 4) == 4
    memory.record_out_of_memory(tmp_path, memory.key("other", "kernelbench", "cpu", first=False), 0)
    assert memory.footprint_bytes(tmp_path, memory.key("other", "kernelbench", "cpu", first=False), 0) is None


def test_the_allocator_summary_names_the_pool_and_what_pins_its_segments():
    # reserved far above allocated is either whole free segments of a live pool (which out-of-memory does not give
    # back) or segments a small tensor pins; the summary tells which, by pool, largest pool first
    gib = 2**30

    def seg(pool, total, *allocated):
        blocks = [{"size": a, "state": "active_allocated"} for a in allocated]
        free = total - sum(allocated)
        return {"device": 0, "segment_pool_id": pool, "total_size": total, "allocated_size": sum(allocated),
                "blocks": [*blocks, *([{"size": free, "state": "inactive"}] if free else [])]}

    segments = [seg((0, 0), 6 * gib, 6 * gib), seg((0, 0), 6 * gib, 2 * 2**20), seg((0, 0), 6 * gib, 2 * 2**20),
                seg((0, 0), 2 * 2**20), seg((1, 3), 6 * gib), seg((1, 3), 6 * gib), seg((1, 3), 6 * gib),
                seg((1, 3), 6 * gib, 6 * gib)]
    assert memory.summarize_segments(segments) == (
        "pool 1.3: 4 segments, 24.00 GiB reserved, 6.00 GiB in tensors; 3 whole free (18.00 GiB); "
        "default pool: 4 segments, 18.00 GiB reserved, 6.00 GiB in tensors; 1 whole free (2.0 MiB); "
        "2 pinned with 12.00 GiB free (6.00 GiB by 2.0 MiB, 6.00 GiB by 2.0 MiB)")
    assert memory.summarize_segments([]) == "no segments"
    many = [seg((1, n), (n + 1) * 2**30) for n in range(6)]  # the four largest pools by name, the rest summed
    assert memory.summarize_segments(many).endswith("; 2 more pools: 2 segments, 3.00 GiB reserved")
    assert memory.summarize_segments(many).startswith("pool 1.5: 1 segment, 6.00 GiB reserved")


def test_an_evaluation_first_gives_back_what_an_earlier_ones_error_left_cached(cpu_config, monkeypatch):
    # an evaluation that raised kept its tensors alive in the traceback past its release: on an H100 a judge began
    # its next evaluation holding 12 GiB of L1/30's cache (reserved, nothing allocated), memory its neighbours lacked
    import pytest

    from autokernel import environment
    from autokernel.evaluate import EvalConfig, judge
    from autokernel.evaluate.gate import NullGate
    from autokernel.records import Candidate
    from tests.test_evaluate_cpu import PROBLEM, kernel

    class Reached(Exception):
        pass

    def fingerprint(device):
        raise Reached

    released = []
    cached = iter([12 * GIB, memory.IDLE_CACHE_BYTES])
    monkeypatch.setattr(EvalConfig, "is_cuda", property(lambda self: True))
    monkeypatch.setattr(memory, "cached_bytes", lambda device: next(cached))
    monkeypatch.setattr(memory, "reset_peak", lambda device: released.append("peak reset"))
    monkeypatch.setattr(environment, "fingerprint", fingerprint)
    monkeypatch.setattr(judge.Evaluator, "_require_device", lambda self: None)
    monkeypatch.setattr(judge.Evaluator, "_release", lambda self, empty_cache=True: released.append("released"))
    ev = judge.Evaluator(cpu_config, gate=NullGate(), prespawn=False)
    for _ in range(2):
        with pytest.raises(Reached):
            ev._evaluate(PROBLEM, Candidate(source=kernel()))
    assert released == ["released", "peak reset", "peak reset"]  # 1 GiB or less cached: kept, as before
