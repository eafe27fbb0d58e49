"""benchmarks/timing_gap.py's process-spread summary (the script itself needs a GPU and KernelBench's source)."""

from benchmark_scripts import load


def test_process_spread_separates_the_ratio_within_a_process_from_one_across_processes():
    # Two processes, one twice as slow on the host: each time doubles, the ratio inside each process does not.
    got = load("timing_gap").process_spread([{"kb": 2.0, "eager_kb": 1.5}, {"kb": 4.0, "eager_kb": 3.0},
                                  {"error": "a worker that failed is left out"}])
    assert got["processes"] == 2
    assert got["kernel_ms"]["min"] == 2.0 and got["kernel_ms"]["max"] == 4.0
    assert got["speedup_within_process"]["cv_pct"] == 0.0 and got["speedup_within_process"]["median"] == 0.75
    assert got["speedup_across_processes"]["min"] == 0.375 and got["speedup_across_processes"]["max"] == 1.5
    assert load("timing_gap").process_spread([])["processes"] == 0
