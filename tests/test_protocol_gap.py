"""benchmarks/protocol_gap.py: where two protocols' scores of the same kernels part, from the published pages."""

from __future__ import annotations

import pandas as pd
import pytest
from benchmark_scripts import load

gap = load("protocol_gap")


def _page(board, protocol, rows):
    folder = board / protocol
    folder.mkdir(parents=True)
    pd.DataFrame.from_records(rows).to_csv(folder / "problems.csv", index=False)


def _row(pid, name, verdict, eager, kernel):
    return {"level": 2, "problem_id": pid, "name": name, "verdict": verdict, "speedup": eager / kernel,
            "speedup_median": eager / kernel, "eager_median_ms": eager, "kernel_median_ms": kernel}


def test_the_gap_is_split_by_operation_and_read_from_the_timings(tmp_path, capsys):
    """A convolution whose kernel gains 2x from one protocol and its eager 1.25x: its speedup rises by 1.6x; a
    problem wrong under either protocol is left out; kinds come from the problem's name."""
    _page(tmp_path, "kernelbench", [_row(1, "1_Conv2d_ReLU", "correct", 8.0, 2.0),
                                    _row(2, "2_Gemm_Add", "correct", 4.0, 2.0),
                                    _row(3, "3_Conv3d_Min", "correct", 1.0, 1.0)])
    _page(tmp_path, "strict", [_row(1, "1_Conv2d_ReLU", "correct", 10.0, 4.0),
                               _row(2, "2_Gemm_Add", "correct", 4.0, 2.0),
                               _row(3, "3_Conv3d_Min", "incorrect", 1.0, 1.0)])
    table = gap.gap_table(tmp_path, 2).set_index("kind")
    assert table.loc["convolution", "kernels"] == 1
    assert table.loc["convolution", "kernelbench speedup"] == pytest.approx(4.0)
    assert table.loc["convolution", "strict speedup"] == pytest.approx(2.5)
    assert table.loc["convolution", "eager time ratio"] == pytest.approx(0.8)
    assert table.loc["convolution", "kernel time ratio"] == pytest.approx(0.5)
    assert table.loc["matmul", "kernel time ratio"] == pytest.approx(1.0)
    assert table.loc["all", "kernels"] == 2
    assert gap.main([str(tmp_path), "--level", "2"]) == 0
    assert "| convolution | 1 | 4.00 | 4.00 | 2.50 | 0.80 | 0.50 |" in capsys.readouterr().out
    assert gap.main([str(tmp_path), "--level", "1"]) == 2
    assert "no level-1 problem has a correct kernel under both" in capsys.readouterr().err
