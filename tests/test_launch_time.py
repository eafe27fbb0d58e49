"""A timing's host launch time: measured per call, kept as the median of the calls a statistic reads, and named in a
verdict's reason where a loop without a GPU lead (KernelBench's) times it."""

import json
from dataclasses import asdict

import pytest

from autokernel.evaluate.judge import launch_note
from autokernel.evaluate.timing import reported_launch_ms, summarize
from autokernel.records import LAUNCH_SHARE, TimingStats, Verdict

KB_LOOP = "cuda_event+l2_flush_kernelbench_overlapping_launch+reused_inputs+autograd+discard_first_1"
STRICT_LOOP = "cuda_event+l2_flush+placed+gpu_lead_1ms_max_host"


def test_summarize_keeps_the_median_launch_and_none_where_it_was_not_measured():
    got = summarize([1.0, 1.2, 1.1], "m", launch_ms=[0.1, 0.3, 0.2])
    assert got.median_ms == pytest.approx(1.1) and got.launch_ms == pytest.approx(0.2)
    assert summarize([1.0, 1.2], "m").launch_ms is None  # the CPU's loop measures none


def test_reported_launch_times_are_the_counted_calls_and_only_well_formed_ones():
    reply = {"event_ms": [1.0, 1.0, 2.0, 2.0], "host_ms": [0.1, 0.2, 0.9, 0.8], "fresh": [False, False, True, True]}
    assert reported_launch_ms(reply, reuse_inputs=True) == [0.1, 0.2]  # KernelBench's loop: not the replay block
    assert reported_launch_ms(reply, reuse_inputs=False) == [0.1, 0.2, 0.9, 0.8]
    # From the candidate's process: anything malformed is dropped whole, never fails the verdict
    for bad in ([0.1, 0.2], [0.1, float("nan"), 0.1, 0.1], [0.1, -1.0, 0.1, 0.1], [0.1, "x", 0.1, 0.1], None):
        assert reported_launch_ms({**reply, "host_ms": bad}, reuse_inputs=False) == []


def _stats(median_ms: float, launch_ms: float | None, method: str = KB_LOOP) -> TimingStats:
    return TimingStats(median_ms=median_ms, mean_ms=median_ms, min_ms=median_ms, max_ms=median_ms, std_ms=0.0,
                       ci95_low_ms=median_ms, ci95_high_ms=median_ms, num_trials=10, method=method,
                       launch_ms=launch_ms)


def test_a_reading_holds_the_launch_without_a_lead_or_where_the_call_is_host_bound():
    assert _stats(1.46, 0.177).launch_counted  # L1/100's figures under KernelBench's loop
    assert "0.177 ms of host time a call, which this loop (no GPU lead) times" in launch_note(_stats(1.46, 0.177))
    assert not _stats(1.0, 0.99 * LAUNCH_SHARE).launch_counted and launch_note(_stats(1.0, 0.09)) == ""
    assert not _stats(1.46, 0.177, STRICT_LOOP).launch_counted  # a lead hides it ...
    assert _stats(0.05, 0.05, STRICT_LOOP).launch_counted  # ... unless the host's time is the call's
    assert launch_note(_stats(0.05, 0.05, STRICT_LOOP)).startswith("; host-bound")
    assert not _stats(1.0, None).launch_counted  # not measured
    assert not _stats(1.0, 0.5, "perf_counter(cpu, triton interpreter)").launch_counted


def test_a_record_without_a_launch_time_still_loads():
    v = Verdict(verdict="correct", reason="r", problem="p", problem_digest="d", candidate_digest="c", backend="triton",
                device="cuda:0", kernel=_stats(1.0, 0.2))
    data = json.loads(json.dumps(asdict(v)))
    assert Verdict.from_dict(data).kernel.launch_ms == 0.2
    del data["kernel"]["launch_ms"]  # written before the field
    old = Verdict.from_dict(data)
    assert old.kernel.launch_ms is None
    assert old.to_dict() == data  # and written back as it was read: no null field added to older records


def test_a_timing_without_a_launch_time_is_written_without_one():
    # the baselines cache and the export round trip write bare timings: an unmeasured launch is left out there too
    assert "launch_ms" not in _stats(1.0, None).to_dict()
    assert _stats(1.0, 0.2).to_dict()["launch_ms"] == 0.2
    assert TimingStats(**_stats(1.0, None).to_dict()) == _stats(1.0, None)
