"""The device gate: timing runs alone on the device, other candidates are stopped meanwhile."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from autokernel.evaluate.gate import FileGate


def _state(pid: int) -> str:
    """The process state letter from /proc (T = stopped)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rindex(")") + 2]


def test_exclusive_waits_for_shared_and_blocks_new_readers(tmp_path):
    gate = FileGate(tmp_path)
    events: list[str] = []
    reader_in = threading.Event()
    release_reader = threading.Event()

    def reader():
        with gate.shared():
            events.append("reader in")
            reader_in.set()
            release_reader.wait(5)
            events.append("reader out")

    def writer():
        reader_in.wait(5)
        with gate.exclusive():
            events.append("writer in")
            time.sleep(0.2)
            events.append("writer out")

    def late_reader():
        time.sleep(0.3)  # arrives while the writer waits: it must not jump the queue
        with gate.shared():
            events.append("late reader in")

    threads = [threading.Thread(target=f) for f in (reader, writer, late_reader)]
    for t in threads:
        t.start()
    time.sleep(0.6)
    assert events == ["reader in"]  # the writer waits for the reader, the late reader for the writer
    release_reader.set()
    for t in threads:
        t.join(5)
    assert events == ["reader in", "reader out", "writer in", "writer out", "late reader in"]


def test_sections_nest(tmp_path):
    gate = FileGate(tmp_path)
    with gate.shared():
        with gate.exclusive(), gate.shared():  # exclusive gives up the shared hold, takes it back after
            pass
        with gate.shared():
            pass
    other = []
    t = threading.Thread(target=lambda: other.append(gate.exclusive().__enter__() is None))
    t.start()
    t.join(5)
    assert other == [True]  # nothing was left held


# looks like a candidate interpreter to the gate (its command line names the child module)
CANDIDATE_LIKE = [sys.executable, "-c", "import time; time.sleep(30)", "autokernel.evaluate._child"]


def test_exclusive_stops_other_candidates_and_resumes_them(tmp_path):
    gate = FileGate(tmp_path)
    neighbour = subprocess.Popen(CANDIDATE_LIKE, start_new_session=True)
    mine = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        registered = threading.Event()
        threading.Thread(target=lambda: (gate.register(neighbour.pid), registered.set())).start()
        registered.wait(5)
        gate.register(mine.pid)
        with gate.exclusive():
            time.sleep(0.1)
            assert _state(neighbour.pid) == "T"  # a neighbour's candidate is stopped while this one is timed
            assert _state(mine.pid) != "T"
        time.sleep(0.1)
        assert _state(neighbour.pid) != "T"
    finally:
        for p in (neighbour, mine):
            p.kill()
            p.wait()


def test_an_orphaned_candidate_is_killed_not_stopped(tmp_path):
    """A candidate whose judge was killed outright (here: stopped, so its own watchdog cannot run) is killed by
    the next timing on the machine instead of being stopped and resumed forever."""
    gate = FileGate(tmp_path)
    # a short-lived "judge" starts the candidate-like process, registers it through the gate, stops it, and dies
    judge = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(f"""
            import os, signal, subprocess
            from autokernel.evaluate.gate import FileGate
            p = subprocess.Popen({CANDIDATE_LIKE!r}, start_new_session=True, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            FileGate({str(tmp_path)!r}).register(p.pid)
            os.killpg(p.pid, signal.SIGSTOP)
            print(p.pid)
        """)],
        capture_output=True, text=True, timeout=60,
    )
    orphan = int(judge.stdout.split()[0])
    try:
        assert _state(orphan) == "T"
        with gate.exclusive():
            pass
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and Path(f"/proc/{orphan}").exists() and _state(orphan) != "Z":
            time.sleep(0.05)
        assert not Path(f"/proc/{orphan}").exists() or _state(orphan) == "Z"
        assert not (tmp_path / "pids" / str(orphan)).exists()
    finally:
        subprocess.run(["kill", "-9", str(orphan)], capture_output=True)


def test_a_waiting_worker_first_hands_back_what_it_can(tmp_path):
    calls = []
    gate = FileGate(tmp_path, on_wait=lambda: calls.append("freed"))
    with gate.shared():
        pass
    assert calls == []  # nobody in the way: no waiting, no hook
    held = threading.Event()
    release = threading.Event()

    def timer():
        with gate.exclusive():
            held.set()
            release.wait(5)

    t = threading.Thread(target=timer)
    t.start()
    held.wait(5)
    threading.Timer(0.2, release.set).start()
    with gate.shared():
        pass
    t.join(5)
    # once per lock it blocked on (the timer's announcement as a writer, the device), which depends on when the
    # waiter arrives: twice in one CI run, once here
    assert calls in (["freed"], ["freed", "freed"])


def test_a_stale_entry_for_another_process_is_dropped_not_stopped(tmp_path):
    # The gate directory is the machine's and outlives crashed runs: a recorded number may name an
    # unrelated process by now, which must never be stopped.
    gate = FileGate(tmp_path)
    stranger = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        (tmp_path / "pids" / str(stranger.pid)).touch()
        with gate.exclusive():
            time.sleep(0.1)
            assert _state(stranger.pid) != "T"
        assert not (tmp_path / "pids" / str(stranger.pid)).exists()
    finally:
        stranger.kill()
        stranger.wait()


def test_machine_gate_dir_names_the_physical_gpu(monkeypatch):
    import torch

    from autokernel.evaluate.gate import machine_gate_dir

    class Props:
        uuid = "GPU-1234"

    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda index: Props)
    a = machine_gate_dir("cuda:0")
    assert a.name == "gpu-GPU-1234" and a == machine_gate_dir("cuda:1")  # same GPU, whatever its index here

    def no_props(index):
        raise RuntimeError("no uuid")

    monkeypatch.setattr(torch.cuda, "get_device_properties", no_props)
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3")
    assert machine_gate_dir("cuda:0").name == "gpu-index-3"


def test_time_blocked_on_the_gate_is_counted_per_thread(tmp_path):
    gate = FileGate(tmp_path)
    held = threading.Event()
    waited, holds = [], []

    def holder():
        with gate.exclusive():
            held.set()
            with gate.exclusive():  # nested: counted once
                time.sleep(0.3)
        holds.append(gate.held_s())

    def waiter():
        held.wait(5)
        with gate.shared():
            waited.append(gate.waited_s())

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert waited and waited[0] >= 0.2
    assert gate.waited_s() == 0.0  # this thread never waited
    assert holds and 0.3 <= holds[0] < 0.6 and gate.held_s() == 0.0  # held alone: by the holder only


@pytest.mark.parametrize("slots", [None, 3])
def test_heavy_evaluations_take_slots_and_stop_no_one(tmp_path, slots):
    from autokernel.evaluate.gate import HEAVY_SLOTS

    gate = FileGate(tmp_path) if slots is None else FileGate(tmp_path, heavy_slots=slots)
    allowed = slots or HEAVY_SLOTS  # evaluations this gate lets in at once
    neighbour = subprocess.Popen(CANDIDATE_LIKE, start_new_session=True)
    inside, release = threading.Semaphore(0), threading.Event()
    peak = {"now": 0, "max": 0}
    lock = threading.Lock()

    def heavy_one():
        with gate.heavy(), gate.heavy():  # nested: one slot
            with lock:
                peak["now"] += 1
                peak["max"] = max(peak["max"], peak["now"])
            inside.release()
            release.wait(5)
            with lock:
                peak["now"] -= 1

    try:
        registered = threading.Event()
        threading.Thread(target=lambda: (gate.register(neighbour.pid), registered.set())).start()
        registered.wait(5)
        threads = [threading.Thread(target=heavy_one) for _ in range(allowed + 1)]
        for t in threads:
            t.start()
        for _ in range(allowed):
            assert inside.acquire(timeout=5)
        assert not inside.acquire(timeout=0.3)  # the extra one waits for a slot
        assert _state(neighbour.pid) != "T"  # a heavy evaluation stops nobody
        with gate.shared():  # and the device stays shared meanwhile
            pass
        release.set()
        for t in threads:
            t.join(5)
        assert peak["max"] == allowed
    finally:
        neighbour.kill()
        neighbour.wait()


def test_idle_gives_up_a_shared_hold_for_cpu_work(tmp_path):
    """A judge drawing inputs on the CPU inside a shared section lets a neighbour's timing in meanwhile, and
    holds the device shared again after."""
    gate = FileGate(tmp_path)
    events: list[str] = []
    in_idle, timed, back = threading.Event(), threading.Event(), threading.Event()

    def judge():
        with gate.shared():
            with gate.idle():
                events.append("idle")
                in_idle.set()
                assert timed.wait(5)  # the neighbour's timing got in while this thread was idle
            events.append("shared again")
            back.set()
            time.sleep(0.3)
            events.append("judge out")

    def neighbour():
        assert in_idle.wait(5)
        with gate.exclusive():
            events.append("timed")
        timed.set()
        assert back.wait(5)  # the judge holds the device again: a second timing waits for its section to end
        with gate.exclusive():
            events.append("timed again")

    threads = [threading.Thread(target=judge), threading.Thread(target=neighbour)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert events == ["idle", "timed", "shared again", "judge out", "timed again"]
    with gate.idle(), gate.exclusive(), gate.idle():  # outside any section: nothing to give up; inside an
        pass  # exclusive one: kept


def test_alone_takes_the_slots_before_the_device_so_heavy_neighbours_finish(tmp_path):
    """The stall seen on an H200: a judge retrying a problem alone held the device exclusively, then waited for a
    heavy slot whose holders waited for the device. `alone` takes every slot first: the holders finish, then it
    runs with the device to itself, and `heavy` inside it is free."""
    from autokernel.evaluate.gate import HEAVY_SLOTS

    gate = FileGate(tmp_path)
    events: list[str] = []
    holding, go = threading.Semaphore(0), threading.Event()

    def heavy_neighbour(i):
        with gate.heavy():
            holding.release()
            assert go.wait(5)
            with gate.shared():  # a correctness trial after the slot: needs the device
                time.sleep(0.05)
            events.append(f"neighbour {i} done")

    def retry_alone():
        with gate.alone(), gate.heavy():  # the judge's inner heavy section: free here
            events.append("alone")

    neighbours = [threading.Thread(target=heavy_neighbour, args=(i,)) for i in range(HEAVY_SLOTS)]
    for t in neighbours:
        t.start()
    for _ in range(HEAVY_SLOTS):
        assert holding.acquire(timeout=5)
    lone = threading.Thread(target=retry_alone)
    lone.start()
    time.sleep(0.2)
    assert "alone" not in events  # waits for the slots, holding no device section
    go.set()
    for t in [*neighbours, lone]:
        t.join(10)
    assert not any(t.is_alive() for t in [*neighbours, lone]), "the gate deadlocked"
    assert events[-1] == "alone" and len(events) == HEAVY_SLOTS + 1


def test_a_slot_asked_for_inside_a_device_section_is_refused(tmp_path):
    gate = FileGate(tmp_path)
    with gate.shared():
        with pytest.raises(RuntimeError, match="lock order"), gate.heavy():
            pass
        with gate.idle(), gate.heavy():  # idle gave the device up: a slot may be waited for there
            pass
    with gate.exclusive(), pytest.raises(RuntimeError, match="lock order"), gate.alone():
        pass


def test_heavy_slots_flag_sets_the_config_and_refuses_zero():
    import argparse

    import pytest

    from autokernel.evaluate import EvalConfig
    from autokernel.evaluate.gate import HEAVY_SLOTS
    from kb.cli._common import add_eval_policy, eval_options_from_args

    parser = argparse.ArgumentParser()
    add_eval_policy(parser)
    assert eval_options_from_args(parser.parse_args(["--heavy-slots", "3"]))["heavy_slots"] == 3
    assert EvalConfig().heavy_slots == HEAVY_SLOTS == 4
    with pytest.raises(ValueError, match="1 or more"):
        eval_options_from_args(parser.parse_args(["--heavy-slots", "0"]))
    with pytest.raises(ValueError, match="heavy_slots"):
        EvalConfig(heavy_slots=0)


def test_queued_timings_run_back_to_back_before_a_waiting_reader(tmp_path):
    gate = FileGate(tmp_path)
    events: list[str] = []
    first_in, release_first = threading.Event(), threading.Event()

    def first_writer():
        with gate.exclusive():
            events.append("w1 in")
            first_in.set()
            release_first.wait(5)
            events.append("w1 out")

    def reader():  # queued before the second timing, yet the timings go first: one drain for both
        first_in.wait(5)
        with gate.shared():
            events.append("reader in")

    def second_writer():
        first_in.wait(5)
        time.sleep(0.3)
        with gate.exclusive():
            events.append("w2 in")
            time.sleep(0.1)
            events.append("w2 out")

    threads = [threading.Thread(target=f) for f in (first_writer, reader, second_writer)]
    for t in threads:
        t.start()
    time.sleep(0.6)
    release_first.set()
    for t in threads:
        t.join(5)
    assert events == ["w1 in", "w1 out", "w2 in", "w2 out", "reader in"]


def test_profile_splits_waits_and_accounts_shared_holds_where_taken(tmp_path):
    gate = FileGate(tmp_path)
    reader_in, writer_waiting = threading.Event(), threading.Event()
    profiles: dict[str, dict] = {}

    def reader():
        with gate.shared():
            reader_in.set()
            writer_waiting.wait(5)
            time.sleep(0.3)  # the writer drains this hold
            with gate.idle():
                time.sleep(0.3)  # CPU work: not a hold
        profiles["reader"] = gate.profile()

    def writer():
        reader_in.wait(5)
        writer_waiting.set()
        with gate.exclusive():
            pass
        profiles["writer"] = gate.profile()

    threads = [threading.Thread(target=f) for f in (reader, writer)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    w, r = profiles["writer"], profiles["reader"]
    assert w["wait/exclusive"] >= 0.25 and w["wait/shared"] == 0.0
    holds = {k: v for k, v in r.items() if k.startswith("hold/")}
    assert list(holds) == [k for k in holds if k.startswith("hold/reader:")] and len(holds) == 1
    (at,) = holds
    assert 0.25 <= holds[at] < 0.55  # the idle 0.3 s is not held
    assert r["holds/" + at[5:]] == 2.0  # held before idle, and again after it


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc")
def test_proc_stat_reads_past_a_command_name_with_spaces_and_parentheses(tmp_path):
    """A stopped child whose name holds ") x (" still reads as stopped, with this process as its parent."""
    import os
    import signal

    from autokernel.evaluate.gate import _parent, proc_stat

    odd = tmp_path / "a) b ("
    odd.symlink_to(sys.executable)
    child = subprocess.Popen([str(odd), "-c", "import time; time.sleep(30)"])
    try:
        os.kill(child.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while (proc_stat(child.pid) or ["?"])[0] not in ("T", "t") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert proc_stat(child.pid)[0] in ("T", "t")
        assert _parent(child.pid) == os.getpid()
    finally:
        child.kill()
        child.wait()
    assert proc_stat(child.pid) is None and _parent(child.pid) is None



def test_a_heavy_waiter_takes_whichever_slot_frees_first(tmp_path):
    """Two slots, both held: the waiter gets the one freed first, not one chosen by its process id (it used to wait
    on slot pid % 2, which could stay held for minutes while the other stood free)."""
    import os

    gate = FileGate(tmp_path, heavy_slots=2)
    entered = [threading.Event(), threading.Event()]
    release = [threading.Event(), threading.Event()]
    got: list[float] = []

    def holder(i):
        with gate.heavy():
            entered[i].set()
            release[i].wait(10)

    holders = []
    for i in range(2):  # holder i takes slot i (the first free one)
        holders.append(threading.Thread(target=holder, args=(i,)))
        holders[-1].start()
        assert entered[i].wait(5)
    old_choice = os.getpid() % 2  # the slot the old wait blocked on: its holder keeps it

    def waiter():
        with gate.heavy():
            got.append(gate.waited_s())

    w = threading.Thread(target=waiter)
    w.start()
    try:
        time.sleep(0.2)
        assert not got  # both slots held
        release[1 - old_choice].set()
        w.join(3)
        assert got and got[0] >= 0.15  # in while the other holder keeps its slot, the wait recorded
    finally:
        for r in release:
            r.set()
        for t in [*holders, w]:
            t.join(5)


def test_heavy_units_size_an_evaluation_by_its_footprint():
    from autokernel.evaluate.gate import heavy_units

    gib = 2**30
    h200, h100 = 140 * gib, 80 * gib  # slots of 28 GiB and 16 GiB
    assert heavy_units(24 * gib, h200, 4) == 1  # an elementwise level-1 problem, 6.4 GB in and out
    assert heavy_units(40 * gib, h200, 4) == 2  # a 40 GiB footprint: two 28 GiB slots
    assert (heavy_units(24 * gib, h100, 4), heavy_units(40 * gib, h100, 4)) == (2, 3)
    assert heavy_units(10**15, h200, 4) == 4 and heavy_units(1, h200, 4) == 1  # from 1 to every slot
    assert heavy_units(40 * gib, 0, 4) == 1  # no device memory known (CPU)


def test_an_evaluation_of_several_slots_waits_for_them_and_holds_them_all(tmp_path):
    """Three slots: a two-slot evaluation waits while a one-slot one holds one of the two it takes, then holds both,
    so only one single-slot evaluation fits beside it; nested heavy sections inside it are free."""
    gate = FileGate(tmp_path, heavy_slots=3)
    events = {k: threading.Event() for k in ("a_in", "a_go", "big_in", "big_go", "c_in", "c_go", "d_in", "d_go")}

    def single(name):
        with gate.heavy():
            events[f"{name}_in"].set()
            events[f"{name}_go"].wait(10)

    def big():
        with gate.heavy(2), gate.heavy(3):  # the inner one is free
            events["big_in"].set()
            events["big_go"].wait(10)

    threads = [threading.Thread(target=single, args=("a",))]
    threads[0].start()
    assert events["a_in"].wait(5)  # slot 0
    threads.append(threading.Thread(target=single, args=("c",)))
    threads[-1].start()
    assert events["c_in"].wait(5)  # slot 1
    threads.append(threading.Thread(target=big))  # takes slots 1 and 2: waits for c
    threads[-1].start()
    try:
        assert not events["big_in"].wait(0.3)
        events["c_go"].set()
        assert events["big_in"].wait(5)
        threads.append(threading.Thread(target=single, args=("d",)))  # a holds 0, big holds 1 and 2
        threads[-1].start()
        assert not events["d_in"].wait(0.3)
        events["big_go"].set()
        assert events["d_in"].wait(5)
    finally:
        for e in events.values():
            e.set()
        for t in threads:
            t.join(5)


def test_a_wait_for_heavy_slots_gives_up_when_asked_and_keeps_no_slot(tmp_path):
    """A bench past its --stop-after drops its queue; an evaluation still waiting for heavy slots gives up too
    (`GaveUp`, nothing judged), whether it polls for one slot or blocks on the higher of two, and lets go of the
    slot it had already taken (on the H200's level 1 such waits ran to 285 s, past a call's deadline)."""
    import fcntl
    import os

    from autokernel.evaluate.gate import GaveUp

    gate = FileGate(tmp_path, heavy_slots=3)
    held = [os.open(tmp_path / f"heavy.{i}.lock", os.O_RDWR | os.O_CREAT) for i in (0, 2)]
    for fd in held:  # another evaluation's slots: 0 and 2; slot 1 free
        fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        started = time.monotonic()
        gate.give_up = lambda: time.monotonic() - started > 0.3
        with pytest.raises(GaveUp), gate.heavy(2):  # slots 1 and 2: takes 1, blocks on 2 until it gives up
            pass
        assert 0.3 <= time.monotonic() - started < 5
        probe = os.open(tmp_path / "heavy.1.lock", os.O_RDWR)
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)  # slot 1 let go again
        finally:
            os.close(probe)
        held.append(os.open(tmp_path / "heavy.1.lock", os.O_RDWR))
        fcntl.flock(held[-1], fcntl.LOCK_EX)
        started = time.monotonic()
        with pytest.raises(GaveUp), gate.heavy(1):  # every slot held: polls, then gives up
            pass
        assert time.monotonic() - started < 5
        gate.give_up = None
        fcntl.flock(held[0], fcntl.LOCK_UN)
        with gate.heavy(1):  # nothing left behind by the waits given up: a freed slot is taken as before
            pass
    finally:
        for fd in held:
            os.close(fd)


class _Outbox:
    """A worker's pipe to its parent, kept as a list."""

    def __init__(self):
        self.sent = []

    def send(self, item):
        self.sent.append(item)


def _worker_queues(monkeypatch) -> tuple:
    """(inbox, outbox) for a worker run in this process (`backend._worker_main`)."""
    import queue

    monkeypatch.setenv("TORCHINDUCTOR_COMPILE_THREADS", "1")  # what the worker sets for itself, restored after
    return queue.Queue(), _Outbox()


def test_a_worker_whose_job_was_dropped_while_waiting_for_slots_reports_it_unjudged(tmp_path, monkeypatch):
    """A worker process's evaluation blocked on heavy slots when the bench drops its queue ends as ``gave_up``
    (not an error), and the pool hands its caller `GaveUp`: the bench leaves it for a rerun."""
    import fcntl
    import multiprocessing
    import os
    import types
    from concurrent.futures import Future

    from autokernel.evaluate import EvalConfig, Evaluator
    from autokernel.evaluate.gate import GaveUp
    from autokernel.search import backend

    held = [os.open(tmp_path / f"heavy.{i}.lock", os.O_RDWR | os.O_CREAT) for i in range(4)]
    for fd in held:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def evaluate(self, problem, candidate):  # a big problem's judge, its slots held elsewhere
        dropped.value = 7  # the bench drops its queue meanwhile (its deadline passed)
        with self.gate.heavy(1):
            raise AssertionError("no slot was free")

    monkeypatch.setattr(Evaluator, "evaluate", evaluate)
    inbox, outbox = _worker_queues(monkeypatch)
    inbox.put((7, "judge", None, None))
    inbox.put(None)
    dropped = multiprocessing.get_context("spawn").Value("q", -1)
    try:
        backend._worker_main(EvalConfig.for_device("cpu"), str(tmp_path), 2, inbox, outbox, dropped=dropped)
    finally:
        for fd in held:
            os.close(fd)
    assert [kind for _, kind, _ in outbox.sent] == ["started", "gave_up"]
    pool = types.SimpleNamespace(_lock=threading.Lock(), _running={123: 7}, _futures={7: (Future(), "judge")})
    fut = pool._futures[7][0]
    fut.set_running_or_notify_cancel()
    backend._ProcessPool._receive(pool, 7, "gave_up", outbox.sent[1][2])
    with pytest.raises(GaveUp, match="given up before any judging"):
        fut.result(0)


def test_a_worker_gives_back_a_failed_jobs_memory_once_its_error_is_dropped(tmp_path, monkeypatch):
    # an error's frames hold the job's tensors past the evaluation's own release: an idle judge on an H100 kept
    # 12 GiB of L1/30's so; the worker releases again once the error is reported and dropped
    import weakref

    from autokernel.evaluate import EvalConfig, Evaluator
    from autokernel.search import backend

    class Tensor:  # stands for a trial's device tensors
        pass

    held: list = []

    def evaluate(self, problem, candidate):
        trial = Tensor()
        held.append(weakref.ref(trial))
        raise RuntimeError("CUDA out of memory. Tried to allocate 6.00 GiB.")

    released: list = []
    monkeypatch.setattr(Evaluator, "evaluate", evaluate)
    monkeypatch.setattr(Evaluator, "_release", lambda self, empty_cache=True: released.append(held[-1]() is None))
    inbox, outbox = _worker_queues(monkeypatch)
    inbox.put((1, "judge", None, None))
    inbox.put(None)
    backend._worker_main(EvalConfig.for_device("cpu"), str(tmp_path), 2, inbox, outbox)
    assert [kind for _, kind, _ in outbox.sent] == ["started", "error"]
    assert outbox.sent[1][2] == "RuntimeError: CUDA out of memory. Tried to allocate 6.00 GiB."
    assert released == [True]  # released once, after the error (and the tensors it held) had gone


def test_a_ray_judge_gives_back_a_failed_jobs_memory_once_its_error_is_dropped():
    # as a local worker: the error is reported with its notes, then the judge's memory is released
    import types

    from autokernel.search.ray_backend import RayJudge

    released: list = []

    def fails():
        exc = RuntimeError("CUDA out of memory. Tried to allocate 6.00 GiB.")
        exc.add_note("the judge's allocator at the error: default pool: 1 segment")
        raise exc

    judge = types.SimpleNamespace(evaluator=types.SimpleNamespace(release=lambda: released.append(True)),
                                  config=types.SimpleNamespace(device="cpu"))
    assert RayJudge._outcome(judge, lambda: {"verdict": "correct"}) == ("done", {"verdict": "correct"}, False)
    assert released == []
    assert RayJudge._outcome(judge, fails) == (
        "error", "RuntimeError: CUDA out of memory. Tried to allocate 6.00 GiB.\n"
                 "the judge's allocator at the error: default pool: 1 segment", False)
    assert released == [True]
