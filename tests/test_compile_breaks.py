"""A candidate's Triton compiles run outside the judge's shared hold on the device, so a neighbour's timed loop need
not wait for seconds of CPU work; the compile is the candidate's time, less the time that timing kept it stopped."""

from __future__ import annotations

import json
import sys
import textwrap
import threading
import time

import pytest

from autokernel.evaluate import transport


class _FakeChannel:
    def __init__(self, reply: dict):
        self.sent: list[dict] = []
        self.reply = reply
        self.rx = self

    def send(self, **msg) -> None:
        self.sent.append(msg)

    def recv_bytes(self) -> bytes:
        self.sent.append({"read": True})
        return transport.dumps_for_candidate(self.reply)


class _Kernel:
    def __init__(self, log: list):
        self.log = log

    def _do_compile(self, key, **kw):
        self.log.append(("compile", key))
        if key == "nested":
            self._do_compile("inner")
        if key == "broken":
            raise RuntimeError("no such layout")
        return key


def _breaks(reply=None):
    from autokernel.evaluate._child import _CompileBreaks

    log: list = []
    ch = _FakeChannel(reply or {"cmd": "go"})
    breaks = _CompileBreaks(ch, sync=lambda: log.append("sync"))
    breaks.wrap(_Kernel)
    return breaks, ch, log


def test_a_compile_is_bracketed_only_while_a_command_allows_it():
    breaks, ch, log = _breaks()
    assert _Kernel(log)._do_compile("k0") == "k0"  # inactive: no messages
    assert ch.sent == [] and log == [("compile", "k0")]
    breaks.active = True
    assert _Kernel(log)._do_compile("nested") == "nested"
    # queued GPU work finished first, one bracket around the nested compiles, then the judge's "go" is read
    assert log[1:] == ["sync", ("compile", "nested"), ("compile", "inner")]
    assert ch.sent == [{"event": "compiling"}, {"event": "compiled"}, {"read": True}]


def test_a_failed_compile_still_closes_its_bracket():
    breaks, ch, log = _breaks()
    breaks.active = True
    with pytest.raises(RuntimeError, match="no such layout"):
        _Kernel(log)._do_compile("broken")
    assert ch.sent == [{"event": "compiling"}, {"event": "compiled"}, {"read": True}]
    assert breaks.depth == 0


# A "compile" standing in for Triton's (the CPU interpreter compiles nothing): a second of CPU work in ModelNew's
# constructor, inside the child's bracket. (The static gate would refuse this source; the test talks to the
# process directly.)
SOLUTION = textwrap.dedent(
    """
    import sys, time
    import torch.nn as nn

    class ModelNew(nn.Module):
        def __init__(self):
            super().__init__()
            with sys.modules["__main__"]._BREAKS.section():
                end = time.process_time() + 1.0
                while time.process_time() < end:  # a second of CPU work, as a compile is
                    pass

        def forward(self, x):
            return x
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="flock and /proc")
def test_a_neighbours_timing_runs_while_the_candidate_compiles(tmp_path):
    from autokernel.evaluate.gate import FileGate
    from autokernel.evaluate.sandbox import CandidateProcess

    gate = FileGate(tmp_path / "gate")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "solution.py").write_text(SOLUTION)
    cp = CandidateProcess(str(scratch), device="cpu", deadline=time.monotonic() + 120, confine=False, gate=gate)
    timed: dict[str, float] = {}

    def neighbour():
        time.sleep(0.3)  # the load has begun: its shared hold keeps this timing out until the compile starts
        with gate.exclusive():  # stops the candidate meanwhile (it is registered in the gate's directory)
            timed["start"] = time.monotonic()
            time.sleep(2.0)
        timed["end"] = time.monotonic()

    try:
        cp.wait_warm(timeout=120)
        cp.send_json({"gpu_memory_fraction": None, "precision_flags": "fp32"})
        assert cp.recv()["event"] == "ready"
        cp.deadline = time.monotonic() + 60
        before = cp.budget_s
        t = threading.Thread(target=neighbour)
        t0 = time.monotonic()
        t.start()
        reply = cp.request({"cmd": "load", "path": str(scratch / "solution.py"), "init_seed": 0, "init_args": []})
        t1 = time.monotonic()
        t.join(10)
        assert reply.get("ok"), json.dumps(reply)[:2000]
        # the neighbour timed while the load was still under way, and the load waited for the candidate it stopped
        assert timed["start"] < t1 - 1.5 and timed["end"] <= t1
        assert cp.compile_s >= 2.5  # a second of its own work plus the two it was kept stopped
        # ...but only its own work is charged: not the two seconds it was stopped
        assert before - cp.budget_s < (t1 - t0) - 1.5
    finally:
        cp.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="flock and /proc")
def test_a_neighbours_timing_runs_while_a_candidate_interpreter_imports(tmp_path):
    """The wait for a fresh interpreter's imports holds no share of the device: a neighbour's timed loop gets it
    meanwhile (stopping the interpreter), and the stopped time is not charged to the candidate."""
    from autokernel.evaluate.gate import FileGate
    from autokernel.evaluate.sandbox import CandidateProcess

    gate = FileGate(tmp_path / "gate")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    timed: dict[str, float] = {}

    def neighbour():
        time.sleep(0.2)  # the wait has begun: the interpreter is still importing torch
        with gate.exclusive():
            timed["start"] = time.monotonic()
            time.sleep(1.0)

    cp = CandidateProcess(str(scratch), device="cpu", deadline=time.monotonic() + 120, confine=False, gate=gate)
    try:
        cp.deadline = time.monotonic() + 60
        before = cp.budget_s
        t = threading.Thread(target=neighbour)
        t0 = time.monotonic()
        t.start()
        cp.wait_warm(timeout=120)
        warm = time.monotonic()
        t.join(10)
        assert timed["start"] < warm  # it did not wait for the imports
        assert before - cp.budget_s < (warm - t0) - 0.8  # the second it kept the interpreter stopped is not charged
    finally:
        cp.close()
