"""benchmarks/timing_disturbance.py (a GPU diagnostic of slowed timed loops), end to end on CPU."""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import timing_disturbance as td  # noqa: E402


def test_loads_parse_or_say_what_a_load_is():
    assert td.parse_load("none") == ("none", 0)
    assert td.parse_load("spin:3") == ("spin", 3)
    assert td.parse_load("draw:1") == ("draw", 1) and td.parse_load("draw1:4") == ("draw1", 4)
    for bad in ("spin", "spin:0", "burn:2", "draw:x"):
        with pytest.raises(argparse.ArgumentTypeError, match="KIND:N"):
            td.parse_load(bad)


def test_a_loop_is_disturbed_when_its_median_sits_ten_percent_above_its_fastest_call():
    steady = td.loop_figures([1.0, 1.01, 1.02, 1.0, 1.03])
    assert steady["above_fastest"] == pytest.approx(0.01) and steady["slowed_calls"] == 0
    slowed = td.loop_figures([1.0, 1.2, 1.3, 1.0, 1.25])  # three of five calls slowed: the median reads them
    assert slowed["above_fastest"] == pytest.approx(0.2) and slowed["slowed_calls"] == 3
    summary = td.summarize_loops([steady, slowed])
    assert summary["loops"] == 2 and summary["disturbed"] == 1
    assert summary["medians_spread_pct"] == pytest.approx(100 * (1.2 / 1.01 - 1), abs=0.01)  # medians 1.01 and 1.2
    assert summary["max_above_fastest"] == pytest.approx(0.2)


def test_clocks_read_after_loops_are_summarized_for_disturbed_and_steady_loops():
    slowed = {**td.loop_figures([1.0, 1.2, 1.3, 1.0, 1.25]), "gpu": {"clocks.sm": "1755", "power.draw": "300"}}
    steady = {**td.loop_figures([1.0, 1.01, 1.0, 1.0, 1.0]), "gpu": {"clocks.sm": "1980"}}
    unread = {**td.loop_figures([1.0, 1.0, 1.0]), "gpu": {"clocks.sm": "[N/A]"}}
    summary = td.summarize_loops([slowed, steady, unread])
    assert summary["sm_mhz_disturbed"] == 1755 and summary["sm_mhz_steady"] == 1980  # "[N/A]" left out
    assert "sm_mhz_steady" not in td.summarize_loops([td.loop_figures([1.0, 1.0])])  # no clocks read: none told
    text = td.table({"summary": {"kernelbench kernel none": summary,
                                 "strict kernel none": td.summarize_loops([steady])}})
    assert "SM MHz disturbed | SM MHz steady |" in text
    assert text.splitlines()[2].endswith("| 1755 | 1980 |") and text.splitlines()[3].endswith("| - | 1980 |")
    assert all(line.count("|") == 13 for line in text.splitlines())  # 12 columns on every line
    assert "SM MHz" not in td.table({"summary": {"strict kernel none": td.summarize_loops([td.loop_figures([1.0])])}})


def test_host_launch_times_are_told_for_slowed_calls_and_the_rest():
    # two calls slowed, their launches 40 and 50 us against 10-12 us for the rest
    slowed = td.loop_figures([1.0, 1.2, 1.0, 1.25, 1.0], host_ms=[0.010, 0.040, 0.012, 0.050, 0.011])
    assert slowed["host_us"] == 12.0
    assert slowed["host_us_slowed"] == 45.0 and slowed["host_us_other"] == 11.0
    steady = td.loop_figures([1.0, 1.0, 1.01], host_ms=[0.010, 0.010, 0.012])
    assert "host_us_slowed" not in steady and steady["host_us_other"] == 10.0
    assert "host_us" not in td.loop_figures([1.0, 1.1], host_ms=[0.01])  # not one time a call: none told
    summary = td.summarize_loops([slowed, steady])
    # two slowed calls of five leave the median at the fastest: both loops steady, their host medians 12 and 10
    assert summary["host_us_steady"] == 11.0 and "host_us_disturbed" not in summary
    assert summary["host_us_slowed_calls"] == 45.0  # call by call the slowed ones still tell
    assert summary["host_us_other_calls"] == 10.5
    text = td.table({"summary": {"kernelbench kernel none": summary}})
    assert "| host us slowed calls | host us other calls |" in text and text.splitlines()[2].endswith("| 45 | 10.5 |")


def test_readings_that_follow_the_launch_are_told_by_rank_and_slope():
    """A loop that times its launch (KernelBench's) reads it: medians ordered as the loops' launch times, a
    microsecond of median for each of launch; a loop that hides it (a GPU lead) does not."""
    def loop(median_ms: float, host_us: float) -> dict:  # every call alike: its GPU time and its launch
        return {**td.loop_figures([median_ms] * 4, host_ms=[host_us / 1e3] * 4),
                "samples_ms": [median_ms] * 4, "host_ms": [host_us / 1e3] * 4}

    timed = td.summarize_loops([loop(1.40, 100), loop(1.50, 200), loop(1.45, 150), loop(1.55, 250)])
    assert timed["launch_rank_corr"] == 1.0 and timed["launch_slope_us_per_us"] == 1.0
    assert timed["calls_rank_corr"] == 1.0
    hidden = td.summarize_loops([loop(1.39, 100), loop(1.39, 300), loop(1.39, 200)])
    assert "launch_rank_corr" not in hidden  # constant medians: no correlation to tell
    mixed = td.summarize_loops([loop(1.40, 300), loop(1.50, 100), loop(1.45, 200)])
    assert mixed["launch_rank_corr"] == -1.0 and mixed["launch_slope_us_per_us"] == -0.5
    assert td.rank_corr([1, 2, 2, 3], [1, 2, 2, 3]) == pytest.approx(1.0)  # ties share their rank
    assert td.rank_corr([1, 2], [1, 2]) is None  # too few to tell
    text = td.table({"summary": {"kernelbench kernel none": timed}})
    assert text.splitlines()[2].endswith("| 1 | 1 | 1 |") and "loops' rank corr. with launch" in text


def test_the_host_clock_is_read_for_the_core_the_process_last_ran_on(tmp_path):
    (tmp_path / "self").mkdir()
    fields = ["S"] + ["0"] * 35 + ["1", "0"]  # the 39th field (the 37th after the name) is the CPU: 1
    (tmp_path / "self" / "stat").write_text("123 (py (x)) " + " ".join(fields) + "\n")
    (tmp_path / "cpuinfo").write_text("processor\t: 0\ncpu MHz\t\t: 3000.0\n\n"
                                      "processor\t: 1\ncpu MHz\t\t: 1500.5\n")
    assert td.host_clock(tmp_path) == {"cpu": 1, "cpu_mhz": 1500.5}
    (tmp_path / "cpuinfo").write_text("processor\t: 0\n")  # no clock told (some virtual machines): the core only
    assert td.host_clock(tmp_path) == {"cpu": 1}
    assert td.host_clock(tmp_path / "missing") == {}


def test_the_script_times_kernel_and_eager_per_protocol_and_load(tmp_path):
    out = tmp_path / "disturbance.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "timing_disturbance.py"), "--problem",
         str(ROOT / "tests" / "fixtures" / "problems" / "relu.py"),
         "--solution", str(ROOT / "benchmarks" / "kernels" / "level1" / "19_ReLU.py"), "--device", "cpu",
         "--load", "none,spin:1", "--loops", "2", "--cycles", "1", "--calls", "3", "--budget-s", "1",
         "--clocks", "--per-call", "--out", str(out)],
        capture_output=True, text=True, env={**os.environ, "TRITON_INTERPRET": "1"}, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(out.read_text())
    assert set(result["summary"]) == {f"{p} {f} {load}" for p in ("kernelbench", "strict")
                                      for f in ("kernel", "eager") for load in ("none", "spin:1")}
    assert all(s["loops"] == 2 and s["median_of_medians_ms"] > 0 for s in result["summary"].values())
    assert "| kernelbench | kernel | none | 2 |" in proc.stdout  # the table
    assert "cycle 0, load spin:1, strict: kernel" in proc.stdout
    loops = [row for rows in result["rows"].values() for row in rows]
    starts = [x["at_s"] for x in loops]  # one cycle: the conditions' rows in the order they ran
    assert len(loops) == 16 and starts == sorted(starts) and starts[0] >= 0
    assert all("gpu" not in x for x in loops)  # --clocks reads nothing off a GPU
    assert all(len(x["samples_ms"]) == x["calls"] and x["host_ms"] == [] for x in loops)  # no launch times on CPU


def test_bad_arguments_are_refused_before_any_work(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "timing_disturbance.py"), "--problem", "x",
                           "--solution", "y", "--load", "spin", "--out", str(tmp_path / "o.json")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--load" in proc.stderr and "KIND:N" in proc.stderr
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "timing_disturbance.py"), "--problem", "x",
                           "--solution", "y", "--out", str(tmp_path / "missing" / "o.json")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "does not exist" in proc.stderr
