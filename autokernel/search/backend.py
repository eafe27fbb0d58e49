"""`Backend`: where candidates are evaluated. `LocalBackend` runs one worker thread per device,
each owning an `Evaluator` (so each GPU judges one candidate at a time; the CPU counts as one)."""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from dataclasses import replace
from typing import Protocol

from autokernel.problem import Problem
from autokernel.records import Candidate, Verdict


class Backend(Protocol):
    """Evaluates candidates asynchronously; ``device`` names the device kind (part of the cache key)."""

    device: str

    def submit(self, problem: Problem, candidate: Candidate) -> Future[Verdict]: ...

    def close(self) -> None: ...


def local_devices(device: str) -> list[str]:
    """``cuda`` -> every visible GPU (``cuda:0`` ...); ``cuda:N`` and ``cpu`` -> themselves."""
    if device == "cuda":
        import torch

        n = torch.cuda.device_count()
        if n == 0:
            raise ValueError("--device cuda but no CUDA GPU is visible; use --device cpu")
        return [f"cuda:{i}" for i in range(n)]
    return [device]


class LocalBackend:
    """One worker per local device pulling from a shared queue; results come back as futures."""

    def __init__(self, config, *, devices: list[str] | None = None):
        from autokernel.evaluate import Evaluator

        self.config = config
        self.device = "cuda" if config.device.startswith("cuda") else "cpu"
        self.devices = devices or local_devices(config.device)
        self._queue: queue.Queue = queue.Queue()
        self._threads = []
        for dev in self.devices:
            evaluator = Evaluator(replace(config, device=dev))
            t = threading.Thread(
                target=self._work, args=(evaluator,), name=f"autokernel-eval-{dev}", daemon=True
            )
            t.start()
            self._threads.append(t)

    @property
    def workers(self) -> int:
        return len(self.devices)

    def _work(self, evaluator) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            problem, candidate, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(evaluator.evaluate(problem, candidate))
            except BaseException as exc:  # the future carries it to the search (e.g. EvaluationError)
                fut.set_exception(exc)

    def submit(self, problem: Problem, candidate: Candidate) -> Future[Verdict]:
        fut: Future[Verdict] = Future()
        self._queue.put((problem, candidate, fut))
        return fut

    def close(self) -> None:
        for _ in self._threads:
            self._queue.put(None)
        for t in self._threads:
            t.join(timeout=5)
